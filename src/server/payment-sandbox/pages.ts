/**
 * The frame of the emulators' hosted pages (Stripe's checkout, PayPal's approval): small German
 * pages without scripts or external resources, clearly marked as test payments
 * (docs/product.md#d19-provider-emulators). Pages are built from elements (hono/jsx, which escapes
 * every text), their styles come from assets/sandbox.css as one style element, allowed by its hash
 * in the page's own Content-Security-Policy.
 */
import { createHash } from 'node:crypto';
import { raw } from 'hono/html';
import { type Child, type JSX, jsx } from 'hono/jsx';

/** An element whose attributes are typed as HTML defines them. */
export const el = <K extends keyof JSX.IntrinsicElements>(
  tag: K,
  props: JSX.IntrinsicElements[K] | null,
  ...children: Child[]
) => jsx(tag, props ?? {}, ...children);

export const TEST_PAYMENT_NOTE = 'Testzahlung – es wird kein echtes Geld bewegt';

export const testNote = () => el('p', { class: 'test-note' }, TEST_PAYMENT_NOTE);

export interface SandboxPages {
  /** A whole page: `<!doctype html>` and the page's elements. */
  page(title: string, ...body: Child[]): string;
  /** For the page's answer: nothing but the page's own style, forms posting back and links. */
  headers: Record<string, string>;
}

export function sandboxPages(styles: string): SandboxPages {
  const styleHash = createHash('sha256').update(styles).digest('base64');
  return {
    page: (title, ...body) =>
      `<!doctype html>${el(
        'html',
        { lang: 'de' },
        el(
          'head',
          null,
          el('meta', { charset: 'utf-8' }),
          el('meta', { name: 'viewport', content: 'width=device-width, initial-scale=1' }),
          el('meta', { name: 'robots', content: 'noindex' }),
          el('title', null, title),
          el('style', null, raw(styles)),
        ),
        el('body', null, el('main', null, ...body)),
      )}`,
    headers: {
      'Content-Security-Policy': `default-src 'none'; style-src 'sha256-${styleHash}'; base-uri 'none'; frame-ancestors 'none'`,
      'Cache-Control': 'no-store',
      'Referrer-Policy': 'no-referrer',
    },
  };
}

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
