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
  article: 'Artikel',
  price: 'Preis',
  total: 'Gesamtbetrag',
  terms: 'Es gelten unsere',
  privacy: 'Datenschutzerklärung',
  refunds: 'Reklamations- und Erstattungsbedingungen',
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
  confirming: 'Ihre Zahlung wird bestätigt …',
  confirmed: 'Zahlung erfolgreich bestätigt und gespeichert!',
  failed: PAYMENT_MESSAGES.confirmFailed,
  details: 'Bestellinformationen',
} as const;

/** Where the PayPal flow leaves the payer's name for the success page (sessionStorage). */
export const PAYER_NAME_KEY = 'paypalPayerName';
