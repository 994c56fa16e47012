/**
 * The emulator's stand-in for PayPal's approval page (the order's `approve` link), for clients
 * that redirect the buyer instead of using the SDK's window: every outcome the buyer can cause is
 * a button (docs/product.md#d19-provider-emulators). The SDK stand-in (assets/paypal-sdk.js)
 * offers the same choices.
 */
import type { Child } from 'hono/jsx';
import { el, formatDecimal, type SandboxPages, testNote } from '../pages.ts';
import type { BuyerOutcome, PayPalOrder } from './orders.ts';

/** The buyer's choices, worded for a tester ('ausstehend': PayPal holds the payment for review). */
export const OUTCOME_LABELS: Record<BuyerOutcome, string> = {
  completed: 'Zahlung genehmigen',
  'pending-then-completed': 'Genehmigen: Zahlung ausstehend, dann abgeschlossen',
  'pending-then-denied': 'Genehmigen: Zahlung ausstehend, dann abgelehnt',
  'instrument-declined': 'Genehmigen: Zahlungsquelle wird abgelehnt',
};

const outcomeButton = (outcome: BuyerOutcome) =>
  el(
    'button',
    {
      type: 'submit',
      name: 'outcome',
      value: outcome,
      class: outcome === 'completed' ? 'primary' : 'secondary',
    },
    OUTCOME_LABELS[outcome],
  );

export function approvalPage(pages: SandboxPages, order: PayPalOrder, declinedBefore: boolean): string {
  const [unit] = order.purchase_units;
  const amount = unit ? formatDecimal(unit.amount.value, unit.amount.currency_code) : '';
  const details: Child[] = [
    el('p', null, 'Zahlung an HWDS: ', el('strong', null, amount)),
    unit?.description ? el('p', null, unit.description) : null,
    el('p', null, `PayPal-Vorgangsnummer: ${order.id}`),
  ];
  return pages.page(
    'PayPal – Testzahlung',
    el('h1', null, 'PayPal – Testzahlung'),
    testNote(),
    declinedBefore
      ? el('p', { class: 'alert', role: 'alert' }, 'Ihre Zahlungsquelle wurde abgelehnt. Bitte wählen Sie eine andere.')
      : null,
    ...details,
    el(
      'form',
      { method: 'post', action: order.id },
      el(
        'div',
        { class: 'actions' },
        outcomeButton('completed'),
        el('button', { type: 'submit', name: 'action', value: 'cancel', class: 'secondary' }, 'Abbrechen'),
      ),
      el(
        'fieldset',
        null,
        el('legend', null, 'Andere Ergebnisse testen'),
        el(
          'div',
          { class: 'actions' },
          outcomeButton('pending-then-completed'),
          outcomeButton('pending-then-denied'),
          outcomeButton('instrument-declined'),
        ),
      ),
    ),
  );
}

/** After the buyer's choice, when the order names no page to return to; or for an order past approval. */
export function approvalResultPage(
  pages: SandboxPages,
  outcome: 'approved' | 'canceled' | 'not-approvable' | 'unknown',
): string {
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
  return pages.page(title, el('h1', null, title), testNote(), el('p', null, message));
}
