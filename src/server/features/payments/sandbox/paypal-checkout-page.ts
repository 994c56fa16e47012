/**
 * The emulator's stand-in for PayPal's approval page (the order's `approve` link), for clients
 * that redirect the buyer instead of using the SDK's dialog (docs/product.md#d19-provider-emulators).
 */
import type { PayPalOrder } from './paypal-orders.ts';
import { escapeHtml, formatDecimal, sandboxPage, TEST_PAYMENT_NOTE } from './sandbox-html.ts';

const note = `<p class="test-note">${escapeHtml(TEST_PAYMENT_NOTE)}</p>`;

export function approvalPage(order: PayPalOrder): string {
  const [unit] = order.purchase_units;
  const amount = unit ? formatDecimal(unit.amount.value, unit.amount.currency_code) : '';
  return sandboxPage(
    'PayPal – Testzahlung',
    `<h1>PayPal – Testzahlung</h1>
${note}
<p>Zahlung an HWDS: <strong>${escapeHtml(amount)}</strong></p>
${unit?.description ? `<p>${escapeHtml(unit.description)}</p>` : ''}
<p>PayPal-Vorgangsnummer: ${escapeHtml(order.id)}</p>
<form method="post" action="${escapeHtml(order.id)}">
<div class="actions">
<button type="submit" name="action" value="approve" class="primary">Zahlung genehmigen</button>
<button type="submit" name="action" value="cancel" class="secondary">Abbrechen</button>
</div>
</form>`,
  );
}

/** After the buyer's choice, when the order names no page to return to; or for an order past approval. */
export function approvalResultPage(outcome: 'approved' | 'canceled' | 'not-approvable' | 'unknown'): string {
  const texts = {
    approved: ['Zahlung genehmigt', 'Sie haben die Zahlung genehmigt. Sie können dieses Fenster schließen.'],
    canceled: ['Zahlung abgebrochen', 'Sie haben die Zahlung abgebrochen. Es wurde nichts abgebucht.'],
    'not-approvable': ['Zahlung nicht mehr möglich', 'Diese Bestellung wurde bereits genehmigt oder bezahlt.'],
    unknown: [
      'Bestellung nicht gefunden',
      'Diese Bestellung gibt es nicht. Bitte starten Sie die Zahlung im Shop erneut.',
    ],
  } as const;
  const [title, message] = texts[outcome];
  return sandboxPage(title, `<h1>${title}</h1>\n${note}\n<p>${message}</p>`);
}
