/**
 * What the payment routes answer when they refuse, in German for the customer
 * (docs/product.md#payments); the texts both the API and the payment pages use are in src/lib/payments.ts.
 */
import { PAYMENT_MESSAGES } from '../../../lib/payments.ts';

export const PAYMENT_API_MESSAGES = {
  ...PAYMENT_MESSAGES,
  amountChanged:
    'Der Betrag hat sich inzwischen geändert. Bitte prüfen Sie Ihren Warenkorb auf der Zahlungsseite und bezahlen Sie erneut.',
  returnUrl: 'Die Rücksprungadresse muss auf dieser Website liegen.',
  paymentNotFound: 'Diese Zahlung ist uns nicht bekannt.',
  notPaid: 'Die Zahlung ist beim Zahlungsanbieter nicht abgeschlossen.',
  refused: 'Die Zahlung passt nicht zu Ihrer Bestellung und wurde nicht verbucht. Bitte schreiben Sie uns.',
  replaced:
    'Diese Zahlung gehört zu einer älteren Bestellung. Bitte starten Sie die Zahlung auf der Zahlungsseite neu.',
  paypalUnderWay: 'Eine PayPal-Zahlung für diese Bestellung wird gerade abgeschlossen. Bitte warten Sie einen Moment.',
  alreadyPaid: 'Diese Bestellung ist bereits bezahlt. Sie finden sie unter „Mein Profil“.',
  refunded: 'Diese Bestellung wurde erstattet und kann nicht mehr bezahlt werden.',
  cartChanged:
    'Eine frühere Zahlung ist inzwischen eingegangen, und Ihr Warenkorb hat sich dadurch geändert. Bitte prüfen Sie ihn und bezahlen Sie erneut.',
  belowCardMinimum:
    'Kartenzahlungen sind erst ab 0,50 € möglich. Bitte bezahlen Sie diesen Betrag mit PayPal oder ergänzen Sie Ihren Warenkorb.',
  instrumentDeclined:
    'PayPal hat die gewählte Zahlungsquelle abgelehnt. Es wurde nichts abgebucht. Bitte wählen Sie in PayPal eine andere Zahlungsquelle.',
  paypalDeclined:
    'PayPal hat die Zahlung abgelehnt. Es wurde nichts abgebucht. Bitte versuchen Sie es erneut oder wählen Sie eine andere Zahlungsart.',
} as const;
