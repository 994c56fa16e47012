/**
 * The emulator's stand-in for Stripe's hosted checkout page: the order, its total, and a button
 * for every outcome a payment can have at Stripe (paid; declined; 3-D Secure asked, then passed
 * or failed; a delayed method such as SEPA Direct Debit, whose money arrives days later or not at
 * all; the session running out; cancelled), each posting back to the page
 * (docs/product.md#d19-provider-emulators).
 */
import { el, formatMinorUnits, type SandboxPages, testNote } from '../pages.ts';
import { type StoredSession, successRedirect } from './checkout-sessions.ts';

const MERCHANT_NAME = 'HWDS';

/** Why the page is shown again: the card was declined, or its 3-D Secure check failed. */
export type PaymentFailure = 'declined' | 'authentication-failed';

export const FAILURE_MESSAGES: Record<PaymentFailure, string> = {
  declined: 'Ihre Karte wurde abgelehnt. Es wurde nichts abgebucht.',
  'authentication-failed': 'Die 3-D-Secure-Bestätigung ist fehlgeschlagen. Es wurde nichts abgebucht.',
};

const money = (amount: number, currency: string) => formatMinorUnits(amount, currency);

function orderTable(stored: StoredSession) {
  const currency = stored.session.currency ?? 'eur';
  return el(
    'table',
    null,
    el('caption', { class: 'visually-hidden' }, 'Ihre Bestellung'),
    el(
      'thead',
      null,
      el(
        'tr',
        null,
        el('th', { scope: 'col' }, 'Artikel'),
        el('th', { scope: 'col' }, 'Menge'),
        el('th', { scope: 'col', class: 'amount' }, 'Betrag'),
      ),
    ),
    el(
      'tbody',
      null,
      ...stored.lineItems.map((item) =>
        el(
          'tr',
          null,
          el('td', null, item.name),
          el('td', null, String(item.quantity)),
          el('td', { class: 'amount' }, money(item.unitAmount * item.quantity, item.currency)),
        ),
      ),
    ),
    el(
      'tfoot',
      null,
      el(
        'tr',
        null,
        el('th', { scope: 'row', colspan: 2 }, 'Gesamt'),
        el('td', { class: 'amount' }, money(stored.session.amount_total ?? 0, currency)),
      ),
    ),
  );
}

const action = (value: string, label: string, kind: 'primary' | 'secondary' | 'danger') =>
  el('button', { type: 'submit', name: 'action', value, class: kind }, label);

/** The payment page of an open session; after a failed attempt with its alert on top. */
export function checkoutPage(pages: SandboxPages, stored: StoredSession, failure?: PaymentFailure): string {
  const total = money(stored.session.amount_total ?? 0, stored.session.currency ?? 'eur');
  return pages.page(
    `Bezahlen an ${MERCHANT_NAME}: ${total}`,
    el('p', null, 'Zahlung an'),
    el('h1', null, MERCHANT_NAME),
    testNote(),
    failure ? el('p', { class: 'alert', role: 'alert' }, FAILURE_MESSAGES[failure]) : null,
    orderTable(stored),
    el(
      'form',
      { method: 'post', action: stored.session.id },
      el(
        'div',
        { class: 'actions' },
        action('pay', `${total} bezahlen`, 'primary'),
        // As on Stripe's page, the way back exists only when the shop named one.
        stored.session.cancel_url ? action('cancel', 'Abbrechen und zurück zum Shop', 'secondary') : null,
      ),
      el(
        'fieldset',
        null,
        el('legend', null, 'Andere Ergebnisse testen'),
        el(
          'div',
          { class: 'actions' },
          action('decline', 'Karte wird abgelehnt', 'danger'),
          action('authenticate', '3-D Secure verlangen', 'secondary'),
          action('delayed-succeeds', 'Verzögert (Lastschrift): später bezahlt', 'secondary'),
          action('delayed-fails', 'Verzögert (Lastschrift): später gescheitert', 'secondary'),
          action('expire', 'Bezahlseite läuft ab', 'secondary'),
        ),
      ),
    ),
  );
}

/** The bank's 3-D Secure step: the tester decides whether the cardholder confirms. */
export function authenticationPage(pages: SandboxPages, stored: StoredSession): string {
  const total = money(stored.session.amount_total ?? 0, stored.session.currency ?? 'eur');
  return pages.page(
    '3-D Secure – Zahlung bestätigen',
    el('h1', null, '3-D Secure'),
    testNote(),
    el('p', null, `Ihre Bank bittet Sie, die Zahlung über ${total} an ${MERCHANT_NAME} zu bestätigen.`),
    el(
      'form',
      { method: 'post', action: stored.session.id },
      el(
        'div',
        { class: 'actions' },
        action('authentication-passed', 'Bestätigung erfolgreich', 'primary'),
        action('authentication-failed', 'Bestätigung fehlgeschlagen', 'danger'),
      ),
    ),
  );
}

/** For a session that can no longer be paid: never a second payment. */
export function notOpenPage(pages: SandboxPages, stored: StoredSession): string {
  const paid = stored.session.status === 'complete';
  const title = paid ? 'Zahlung bereits abgeschlossen' : 'Bezahlseite abgelaufen';
  const message = paid
    ? 'Diese Zahlung wurde bereits abgeschlossen. Es wird nichts ein zweites Mal abgebucht.'
    : 'Diese Bezahlseite ist abgelaufen. Es wurde nichts abgebucht. Bitte starten Sie die Zahlung im Shop erneut.';
  const target = paid ? successRedirect(stored) : stored.session.cancel_url;
  return pages.page(
    title,
    el('h1', null, title),
    testNote(),
    el('p', null, message),
    target ? el('p', null, el('a', { class: 'link-button secondary', href: target }, 'Zurück zum Shop')) : null,
  );
}

/** After the payment, for a session without a success URL. */
export function paidPage(pages: SandboxPages, stored: StoredSession): string {
  const total = money(stored.session.amount_total ?? 0, stored.session.currency ?? 'eur');
  return pages.page(
    'Zahlung erfolgreich',
    el('h1', null, 'Zahlung erfolgreich'),
    testNote(),
    el(
      'p',
      null,
      `Ihre Testzahlung über ${total} an ${MERCHANT_NAME} ist abgeschlossen. Sie können dieses Fenster schließen.`,
    ),
  );
}

export function unknownSessionPage(pages: SandboxPages): string {
  return pages.page(
    'Bezahlseite nicht gefunden',
    el('h1', null, 'Bezahlseite nicht gefunden'),
    testNote(),
    el('p', null, 'Diese Bezahlseite gibt es nicht. Bitte starten Sie die Zahlung im Shop erneut.'),
  );
}
