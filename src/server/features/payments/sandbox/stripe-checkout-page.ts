/**
 * The emulator's stand-in for Stripe's hosted checkout page: the order, its total and three
 * buttons (pay, simulate a declined card, cancel) posting back to the page
 * (docs/product.md#d19-provider-emulators).
 */
import { escapeHtml, formatMinorUnits, sandboxPage, TEST_PAYMENT_NOTE } from './sandbox-html.ts';
import { type StoredSession, successRedirect } from './stripe-checkout-sessions.ts';

export const MERCHANT_NAME = 'HWDS';
export const DECLINED_MESSAGE = 'Ihre Karte wurde abgelehnt. Es wurde nichts abgebucht.';

const money = (amount: number, currency: string) => escapeHtml(formatMinorUnits(amount, currency));

function orderTable(stored: StoredSession): string {
  const currency = stored.session.currency ?? 'eur';
  const rows = stored.lineItems
    .map(
      (item) =>
        `<tr><td>${escapeHtml(item.name)}</td><td>${item.quantity}</td>` +
        `<td class="amount">${money(item.unitAmount * item.quantity, item.currency)}</td></tr>`,
    )
    .join('\n');
  return `<table>
<caption class="visually-hidden">Ihre Bestellung</caption>
<thead><tr><th scope="col">Artikel</th><th scope="col">Menge</th><th scope="col" class="amount">Betrag</th></tr></thead>
<tbody>
${rows}
</tbody>
<tfoot><tr><th scope="row" colspan="2">Gesamt</th><td class="amount">${money(stored.session.amount_total ?? 0, currency)}</td></tr></tfoot>
</table>`;
}

/** The payment page of an open session; after a simulated decline with the alert on top. */
export function checkoutPage(stored: StoredSession, options: { declined?: boolean } = {}): string {
  const total = formatMinorUnits(stored.session.amount_total ?? 0, stored.session.currency ?? 'eur');
  // As on Stripe's page, the way back exists only when the shop named one.
  const cancel = stored.session.cancel_url
    ? '<button type="submit" name="action" value="cancel" class="secondary">Abbrechen und zurück zum Shop</button>\n'
    : '';
  const alert = options.declined ? `<p class="alert" role="alert">${escapeHtml(DECLINED_MESSAGE)}</p>\n` : '';
  return sandboxPage(
    `Bezahlen an ${MERCHANT_NAME}: ${total}`,
    `<p>Zahlung an</p>
<h1>${MERCHANT_NAME}</h1>
<p class="test-note">${escapeHtml(TEST_PAYMENT_NOTE)}</p>
${alert}${orderTable(stored)}
<form method="post" action="${escapeHtml(stored.session.id)}">
<div class="actions">
<button type="submit" name="action" value="pay" class="primary">${escapeHtml(total)} bezahlen</button>
<button type="submit" name="action" value="decline" class="danger">Kartenablehnung simulieren</button>
${cancel}</div>
</form>`,
  );
}

/** For a session that can no longer be paid: never a second payment. */
export function notOpenPage(stored: StoredSession): string {
  const paid = stored.session.status === 'complete';
  const message = paid
    ? 'Diese Zahlung wurde bereits abgeschlossen. Es wird nichts ein zweites Mal abgebucht.'
    : 'Diese Bezahlseite ist abgelaufen. Bitte starten Sie die Zahlung im Shop erneut.';
  const target = paid ? successRedirect(stored) : stored.session.cancel_url;
  return sandboxPage(
    paid ? 'Zahlung bereits abgeschlossen' : 'Bezahlseite abgelaufen',
    `<h1>${paid ? 'Zahlung bereits abgeschlossen' : 'Bezahlseite abgelaufen'}</h1>
<p class="test-note">${escapeHtml(TEST_PAYMENT_NOTE)}</p>
<p>${message}</p>
${target ? `<p><a class="link-button secondary" href="${escapeHtml(target)}">Zurück zum Shop</a></p>` : ''}`,
  );
}

/** After the payment, for a session without a success URL. */
export function paidPage(stored: StoredSession): string {
  const total = money(stored.session.amount_total ?? 0, stored.session.currency ?? 'eur');
  return sandboxPage(
    'Zahlung erfolgreich',
    `<h1>Zahlung erfolgreich</h1>
<p class="test-note">${escapeHtml(TEST_PAYMENT_NOTE)}</p>
<p>Ihre Testzahlung über ${total} an ${MERCHANT_NAME} ist abgeschlossen. Sie können dieses Fenster schließen.</p>`,
  );
}

export function unknownSessionPage(): string {
  return sandboxPage(
    'Bezahlseite nicht gefunden',
    `<h1>Bezahlseite nicht gefunden</h1>
<p class="test-note">${escapeHtml(TEST_PAYMENT_NOTE)}</p>
<p>Diese Bezahlseite gibt es nicht. Bitte starten Sie die Zahlung im Shop erneut.</p>`,
  );
}
