/** Every text of the payment pages in one place (the failures the API words alike: src/lib/payments.ts). */
import { PAYMENT_MESSAGES } from '../../lib/payments.ts';

export const PAYMENT_TEXTS = {
  loginRequired: 'Sie müssen angemeldet sein, um zu bezahlen.',
  login: 'Zum Login',
  loading: 'Ihre Bestellung wird geladen …',
  cartFailed: 'Fehler beim Laden des Warenkorbs. Bitte versuchen Sie es später erneut.',
  retry: 'Erneut versuchen',
  cartEmpty: PAYMENT_MESSAGES.cartEmpty,
  toCart: 'Zum Warenkorb',
  testMode: 'Testmodus: Zahlungen laufen über eine lokale Sandbox. Es wird kein echtes Geld bewegt.',
  summaryTitle: 'Ihre Bestellung',
  summaryCaption: 'Bestellte Termine mit Preis',
  appointment: 'Termin',
  quantity: 'Menge',
  article: 'Artikel',
  price: 'Preis',
  total: 'Gesamtbetrag',
  /** Before the links to the terms, the withdrawal notice and the privacy policy. */
  terms: 'Es gelten unsere',
  agb: 'Allgemeinen Geschäftsbedingungen',
  withdrawalRight: 'Ihr Widerrufsrecht erklärt die',
  withdrawalNotice: 'Widerrufsbelehrung',
  privacyLead: 'den Umgang mit Ihren Daten die',
  privacy: 'Datenschutzerklärung',
  billingFirst: 'Sobald Ihre Rechnungsadresse gespeichert ist, wählen Sie hier die Zahlungsart.',
  methodTitle: 'Zahlungsart',
  card: 'Kreditkarte (Stripe)',
  paypal: 'PayPal',
  pay: 'Jetzt zahlungspflichtig bezahlen',
  paying: 'Sie werden zur Zahlung weitergeleitet …',
  payWithPayPal: 'Zahlungspflichtig mit PayPal bezahlen',
  paypalLoading: 'PayPal wird geladen …',
  noMethod: 'Bitte wählen Sie eine Zahlungsmethode',
  stripeFailed: PAYMENT_MESSAGES.stripeFailed,
  paypalCaptureFailed: PAYMENT_MESSAGES.paypalFailed,
  paypalError: 'Fehler bei der Zahlung. Bitte versuchen Sie es später noch einmal.',
  paypalPaid: (name: string) => `Zahlung erfolgreich abgeschlossen von ${name}`,
  payerFallback: 'Kunde',
} as const;

export const SUCCESS_TEXTS = {
  title: 'Ihre Zahlung',
  nothingToConfirm:
    'Hier sehen Sie nach einer Zahlung, ob sie bei uns eingegangen ist. Ihre Bestellungen und ihren Stand finden Sie unter „Bestellinformationen“.',
  confirming: 'Ihre Zahlung wird geprüft …',
  paidTitle: 'Zahlung erfolgreich!',
  confirmed: 'Zahlung erfolgreich bestätigt und gespeichert!',
  processingTitle: 'Ihre Zahlung wird noch bearbeitet …',
  processing:
    'Der Zahlungsanbieter prüft Ihre Zahlung noch. Sobald er sie abschließt, erhalten Sie eine Bestätigung per E-Mail; diese Seite sieht inzwischen regelmäßig nach. Bis dahin kann die Bestellung nicht noch einmal bezahlt werden.',
  processingLater:
    'Das dauert länger als gewöhnlich. Sie können diese Seite schließen: Den Stand sehen Sie jederzeit unter „Bestellinformationen“.',
  refunded: 'Diese Bestellung wurde erstattet.',
  declinedTitle: 'Ihre Zahlung wurde nicht ausgeführt',
  declined:
    'Der Zahlungsanbieter hat die Zahlung abgelehnt oder nicht abgeschlossen. Es wurde nichts abgebucht, und Ihre Bestellung ist nicht bezahlt.',
  declinedNext:
    'Ihr Warenkorb ist unverändert: Sie können die Bestellung erneut bezahlen, gern auch mit einer anderen Zahlungsart.',
  payAgain: 'Erneut bezahlen',
  toCart: 'Zum Warenkorb',
  failed: PAYMENT_MESSAGES.confirmFailed,
  details: 'Bestellinformationen',
} as const;

/** Where the PayPal flow leaves the payer's name for the success page (sessionStorage). */
export const PAYER_NAME_KEY = 'paypalPayerName';
