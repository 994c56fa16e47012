/**
 * The frame of the emulators' hosted pages (Stripe's checkout, PayPal's approval): small German
 * pages without scripts or external resources, clearly marked as test payments
 * (docs/product.md#d19-provider-emulators). Their only styles are one style element, allowed by
 * its hash in the page's own Content-Security-Policy.
 */
import { createHash } from 'node:crypto';

export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character] ?? character,
  );
}

/** Contrast of at least 4.5:1 for every text, 3:1 for the focus ring; focus always visible. */
const STYLES = `
*{box-sizing:border-box}
body{margin:0;font:1rem/1.5 system-ui,sans-serif;color:#1a1a1a;background:#f4f5f7}
main{max-width:32rem;margin:2rem auto;padding:1.5rem;background:#fff;border:1px solid #8a8f98;border-radius:.5rem}
h1{font-size:1.5rem;margin:0 0 1rem}
.test-note{margin:0 0 1rem;padding:.75rem;background:#fff4ce;border:2px solid #7a5b00;border-radius:.25rem;font-weight:600}
.alert{margin:0 0 1rem;padding:.75rem;background:#fde7e9;border:2px solid #a4161a;border-radius:.25rem;color:#6e0b0e;font-weight:600}
table{width:100%;border-collapse:collapse;margin:0 0 1rem}
th,td{padding:.375rem 0;text-align:left;border-bottom:1px solid #c7cbd1}
td.amount,th.amount{text-align:right}
tfoot th,tfoot td{font-weight:700;border-bottom:0}
.actions{display:flex;flex-wrap:wrap;gap:.75rem}
button,.link-button{font:inherit;padding:.625rem 1rem;border-radius:.25rem;border:2px solid #1a1a1a;cursor:pointer;text-decoration:none;display:inline-block}
.primary{background:#0b5cad;border-color:#0b5cad;color:#fff}
.danger{background:#a4161a;border-color:#a4161a;color:#fff}
.secondary{background:#fff;color:#1a1a1a}
button:focus-visible,.link-button:focus-visible,a:focus-visible{outline:3px solid #1a1a1a;outline-offset:3px}
a{color:#0b5cad}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
`;

const STYLE_HASH = createHash('sha256').update(STYLES).digest('base64');

/** For the page's answer: nothing but the page's own style, forms posting back and links. */
export const PAGE_SECURITY_HEADERS = {
  'Content-Security-Policy': `default-src 'none'; style-src 'sha256-${STYLE_HASH}'; base-uri 'none'; frame-ancestors 'none'`,
  'Cache-Control': 'no-store',
  'Referrer-Policy': 'no-referrer',
} as const;

/** A whole page; `body` is HTML that the caller has escaped. */
export function sandboxPage(title: string, body: string): string {
  return `<!doctype html>
<html lang="de">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLES}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

export const TEST_PAYMENT_NOTE = 'Testzahlung – es wird kein echtes Geld bewegt';

/** "1.200,00 €" from an amount in the currency's smallest unit (cents for EUR, yen for JPY). */
export function formatMinorUnits(amount: number, currency: string): string {
  const format = new Intl.NumberFormat('de-DE', { style: 'currency', currency: currency.toUpperCase() });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amount / 10 ** digits);
}

/** "1.200,00 €" from a decimal string such as PayPal's "1200.00". */
export function formatDecimal(value: string, currency: string): string {
  return new Intl.NumberFormat('de-DE', { style: 'currency', currency: currency.toUpperCase() }).format(Number(value));
}
