/**
 * The payments' mails: the order's confirmation, a failed payment, a payment to refund, disputes,
 * refunds made and failed.
 */
import { formatReceiptTime } from '../../../lib/declarations.ts';
import { EARLY_START_CONSENT } from '../../../lib/withdrawal-period.ts';
import { compose } from '../../mail/letter.ts';
import type { Mail } from '../../mail/mailer.ts';

export interface BookingConfirmation {
  bookingNumber: string;
  /** When the contract was concluded (the payment completed), ISO timestamp. */
  concludedAt: string;
  /** One line per item, e.g. "Online-Shop mit CMS (Artikel 3), Termin 01.12.2026 – 03.12.2026: 3.500,00 €". */
  items: string[];
  /** "4.700,00 €" */
  total: string;
  vatNote: string;
  /** "Kreditkarte (Stripe)" or "PayPal" */
  paymentMethod: string;
  /** The seller as the contract names it: name, address, contact (content/site.yaml). */
  seller: string;
  agencyEmail: string;
  bookingsUrl: string;
  /** The order's materials page, where the next steps hand things over (docs/product.md#d36-next-steps). */
  materialsUrl: string;
  /** The withdrawal function, with this order filled in. */
  withdrawalUrl: string;
  /** When the customer asked for a start within the withdrawal period, ISO timestamp; null if not. */
  earlyStartConsentAt: string | null;
  /** What the customer does next, for each kind of thing ordered (docs/product.md#d36-next-steps). */
  nextSteps: string[];
  /** The terms and the withdrawal notice, as the pages show them (§ 312f BGB). */
  legalTexts: { title: string; paragraphs: string[] }[];
  /** Paid in a provider's test mode: the mail must not read like a receipt for real money. */
  testMode: boolean;
  /** The invoice attached to the mail. */
  invoiceNumber: string;
}

/**
 * The contract confirmation on a durable medium (docs/product.md#d31-consumer-law): the seller,
 * the order with prices and VAT note, the early-start request if given, the way to withdraw, and
 * the terms and the withdrawal notice in full.
 */
export function bookingConfirmationMail(to: string, firstName: string, booking: BookingConfirmation): Mail {
  return compose({
    to,
    subject: `Ihre Bestellung ${booking.bookingNumber} bei HWDS`,
    greetingName: firstName,
    paragraphs: [
      `vielen Dank für Ihre Bestellung. Ihre Zahlung ist bei uns eingegangen; damit ist der Vertrag am ${formatReceiptTime(booking.concludedAt)} geschlossen.`,
      ...(booking.testMode ? [TEST_PAYMENT_NOTE] : []),
      `Ihr Vertragspartner: ${booking.seller}`,
      `Bestellnummer: ${booking.bookingNumber}`,
      'Sie haben bestellt:',
    ],
    list: booking.items,
    afterList: [
      `Gesamtbetrag: ${booking.total}. ${booking.vatNote}`,
      `Zahlungsart: ${booking.paymentMethod}`,
      `Ihre Rechnung ${booking.invoiceNumber} liegt dieser E-Mail als PDF bei. Sie enthält die Rechnungsdaten auch maschinenlesbar (E-Rechnung nach EN 16931, ZUGFeRD/Factur-X), sodass Ihre Buchhaltung sie direkt übernehmen kann.`,
      ...(booking.earlyStartConsentAt
        ? [
            `Sie haben am ${formatReceiptTime(booking.earlyStartConsentAt)} verlangt, dass wir schon vor Ablauf der Widerrufsfrist mit der Leistung beginnen, und bestätigt: „${EARLY_START_CONSENT}“`,
          ]
        : []),
      `Widerrufsrecht: Als Verbraucherin oder Verbraucher können Sie diesen Vertrag binnen 14 Tagen ohne Angabe von Gründen widerrufen, am einfachsten hier: ${booking.withdrawalUrl}. Einzelheiten stehen in der Widerrufsbelehrung am Ende dieser E-Mail.`,
      `So geht es weiter (Ihre Bestellnummer: ${booking.bookingNumber}):`,
      ...booking.nextSteps,
      `Wie weit Ihre Bestellung ist, sehen Sie jederzeit in Ihrem Profil: ${booking.bookingsUrl}`,
    ],
    action: { label: 'Unterlagen abgeben', url: booking.materialsUrl },
    closing: `Bei Fragen erreichen Sie uns unter ${booking.agencyEmail}.`,
    appendix: booking.legalTexts,
    invoiceNumber: booking.invoiceNumber,
  });
}

const TEST_PAYMENT_NOTE =
  'Hinweis: Dies war eine Testzahlung im Testmodus des Shops. Es wurde kein echtes Geld bewegt, und die Bestellung wird nicht ausgeführt.';

export interface RefundDuePayment {
  /** A second payment of a paid order, or one whose amount or currency does not fit the order. */
  reason: 'surplus' | 'mismatch';
  bookingNumber: string;
  /** "Kreditkarte (Stripe)" or "PayPal" */
  paymentMethod: string;
  providerRef: string;
  /** What the provider took, e.g. "1.200,00 €" or "12,00 USD". */
  amount: string;
  /** The order's total. */
  total: string;
  customerEmail: string;
  testMode: boolean;
  overviewUrl: string;
}

/** To the agency: a provider took money that no order takes; it must be refunded. */
export function refundDuePaymentMail(to: string, payment: RefundDuePayment): Mail {
  const surplus = payment.reason === 'surplus';
  return compose({
    to,
    subject: surplus
      ? `Doppelte Zahlung zur Bestellung ${payment.bookingNumber}: bitte erstatten`
      : `Zahlung passt nicht zur Bestellung ${payment.bookingNumber}: bitte erstatten`,
    greetingName: 'HWDS-Team',
    paragraphs: [
      surplus
        ? `zur Bestellung ${payment.bookingNumber} (${payment.customerEmail}) ist eine zweite Zahlung eingegangen, obwohl die Bestellung schon bezahlt war.`
        : `zur Bestellung ${payment.bookingNumber} (${payment.customerEmail}) ist eine Zahlung eingegangen, deren Betrag oder Währung nicht zur Bestellung passt: ${payment.amount} statt ${payment.total}. Die Bestellung gilt deshalb nicht als bezahlt.`,
      `Zahlungsart: ${payment.paymentMethod}, Referenz ${payment.providerRef}, Betrag ${payment.amount}.`,
      ...(payment.testMode ? [TEST_PAYMENT_NOTE] : []),
      'Bitte erstatten Sie diesen Betrag im Konto des Zahlungsanbieters und informieren Sie die Kundin oder den Kunden.',
    ],
    action: { label: 'Zur Bestellübersicht', url: payment.overviewUrl },
    closing: 'Diese Nachricht hat der Shop automatisch geschickt.',
  });
}

export interface DisputeNotice {
  /** Opened by the payer; decided for the agency (won) or for the payer (lost: the money went back). */
  stage: 'opened' | 'won' | 'lost';
  bookingNumber: string;
  customerEmail: string;
  /** "Kreditkarte (Stripe)" or "PayPal" */
  paymentMethod: string;
  amount: string;
  /** The provider's reason, in German, with its code: "Leistung nicht erhalten (product_not_received)". */
  reason: string;
  /** The last day to answer at the provider, "24.06.2026"; null when the provider names none. */
  respondBy: string | null;
  /** The correcting invoice issued for a lost dispute, attached to the mail. */
  creditNoteNumber?: string | undefined;
  testMode: boolean;
  overviewUrl: string;
}

const DISPUTE_SUBJECTS: Record<DisputeNotice['stage'], (number: string) => string> = {
  opened: (number) => `Zahlung angefochten: Bestellung ${number}`,
  won: (number) => `Anfechtung abgewehrt: Bestellung ${number}`,
  lost: (number) => `Rückbuchung: Bestellung ${number}`,
};

/** To the agency, at once: a payer disputes a payment (a chargeback), and how it ended. */
export function disputeMail(to: string, dispute: DisputeNotice): Mail {
  const order = `der Bestellung ${dispute.bookingNumber} (${dispute.customerEmail}) über ${dispute.amount} per ${dispute.paymentMethod}`;
  const paragraphs = {
    opened: [
      `die Zahlung ${order} wird beim Zahlungsanbieter angefochten (Rückbuchung). Bis zur Entscheidung behält der Zahlungsanbieter den Betrag ein.`,
      `Grund laut Zahlungsanbieter: ${dispute.reason}.`,
      dispute.respondBy
        ? `Ihre Frist für eine Stellungnahme beim Zahlungsanbieter: ${dispute.respondBy}. Antworten Sie dort mit Belegen über die erbrachte Leistung, sonst geht der Betrag zurück.`
        : 'Der Zahlungsanbieter nennt keine Frist für eine Stellungnahme; bitte sehen Sie dort nach.',
      'Die Bestellung steht in der Bestellübersicht als „Zahlung angefochten“ und kann bis zur Entscheidung nicht erstattet werden.',
    ],
    won: [
      `die Anfechtung der Zahlung ${order} ist zu Ihren Gunsten entschieden: Der Betrag bleibt bei Ihnen, die Bestellung ist wieder bezahlt.`,
      `Grund der Anfechtung war: ${dispute.reason}.`,
    ],
    lost: [
      `die Anfechtung der Zahlung ${order} ist zugunsten des Kunden entschieden: Der Betrag ist zurückgebucht. Die Bestellung steht in der Bestellübersicht als „Rückbuchung“.`,
      `Grund der Anfechtung war: ${dispute.reason}.`,
      ...(dispute.creditNoteNumber
        ? [
            `Die Rechnungskorrektur ${dispute.creditNoteNumber}, die die Rechnung storniert, liegt dieser E-Mail als PDF bei. Der Kunde hat keine E-Mail über eine Erstattung bekommen.`,
          ]
        : []),
    ],
  }[dispute.stage];
  return compose({
    to,
    subject: DISPUTE_SUBJECTS[dispute.stage](dispute.bookingNumber),
    greetingName: 'HWDS-Team',
    paragraphs: [...paragraphs, ...(dispute.testMode ? [TEST_PAYMENT_NOTE] : [])],
    action: { label: 'Zur Bestellübersicht', url: dispute.overviewUrl },
    closing: 'Diese Nachricht hat der Shop automatisch geschickt.',
    invoiceNumber: dispute.stage === 'lost' ? dispute.creditNoteNumber : undefined,
  });
}

export interface FailedRefund {
  bookingNumber: string;
  customerEmail: string;
  amount: string;
  paymentMethod: string;
  /** A correcting invoice issued before the provider gave the refund up; it stays. */
  creditNoteNumber: string | undefined;
  testMode: boolean;
  overviewUrl: string;
}

/** To the agency: a refund the provider had accepted failed; the money stayed with the agency. */
export function refundFailedMail(to: string, refund: FailedRefund): Mail {
  return compose({
    to,
    subject: `Erstattung fehlgeschlagen: Bestellung ${refund.bookingNumber}`,
    greetingName: 'HWDS-Team',
    paragraphs: [
      `die Erstattung der Bestellung ${refund.bookingNumber} (${refund.customerEmail}) über ${refund.amount} per ${refund.paymentMethod} ist beim Zahlungsanbieter gescheitert: Das Geld ist nicht beim Kunden angekommen.`,
      'Die Bestellung ist wieder „Bezahlt“. Bitte klären Sie mit dem Kunden, wie er das Geld erhalten kann, und erstatten Sie die Bestellung dann in der Bestellübersicht erneut.',
      ...(refund.creditNoteNumber
        ? [
            `Die Rechnungskorrektur ${refund.creditNoteNumber} war schon ausgestellt und bleibt bestehen (Rechnungen werden nie gelöscht); sie gilt mit der nächsten Erstattung.`,
          ]
        : []),
      ...(refund.testMode ? [TEST_PAYMENT_NOTE] : []),
    ],
    action: { label: 'Zur Bestellübersicht', url: refund.overviewUrl },
    closing: 'Diese Nachricht hat der Shop automatisch geschickt.',
  });
}

export interface FailedPayment {
  bookingNumber: string;
  paymentMethod: string;
  cartUrl: string;
}

/** To a customer who was told the payment was being processed, when the provider declined it after all. */
export function paymentFailedMail(to: string, firstName: string, payment: FailedPayment): Mail {
  return compose({
    to,
    subject: `Ihre Zahlung zur Bestellung ${payment.bookingNumber} wurde nicht ausgeführt`,
    greetingName: firstName,
    paragraphs: [
      `Ihre Zahlung per ${payment.paymentMethod} zur Bestellung ${payment.bookingNumber} war noch in Bearbeitung und wurde inzwischen abgelehnt. Es wurde nichts abgebucht.`,
      'Ihre Bestellung ist damit nicht bezahlt. Ihr Warenkorb ist unverändert: Sie können sie erneut bezahlen, gern auch mit einer anderen Zahlungsart.',
    ],
    action: { label: 'Zum Warenkorb', url: payment.cartUrl },
    closing: 'Bei Fragen antworten Sie einfach auf diese E-Mail.',
  });
}

export interface RefundNotice {
  bookingNumber: string;
  /** "1.200,00 €" */
  amount: string;
  /** "Kreditkarte (Stripe)" or "PayPal" */
  paymentMethod: string;
  bookingsUrl: string;
  agencyEmail: string;
  testMode: boolean;
  /** The correcting invoice attached to the mail; none for orders paid before invoices existed. */
  creditNoteNumber: string | undefined;
}

/** To the customer: the order was refunded in full (by staff, or at the provider). */
export function refundMail(to: string, firstName: string, refund: RefundNotice): Mail {
  return compose({
    to,
    subject: `Erstattung Ihrer Bestellung ${refund.bookingNumber}`,
    greetingName: firstName,
    paragraphs: [
      `wir haben Ihnen den Betrag Ihrer Bestellung ${refund.bookingNumber} erstattet: ${refund.amount}.`,
      `Das Geld geht auf demselben Weg zurück, auf dem Sie bezahlt haben (${refund.paymentMethod}). Je nach Bank oder Kartenanbieter kann es einige Werktage dauern, bis Sie es sehen.`,
      ...(refund.creditNoteNumber
        ? [
            `Die Rechnungskorrektur ${refund.creditNoteNumber}, die Ihre Rechnung storniert, liegt dieser E-Mail als PDF bei.`,
          ]
        : []),
      ...(refund.testMode ? [TEST_REFUND_NOTE] : []),
    ],
    action: { label: 'Ihre Bestellungen ansehen', url: refund.bookingsUrl },
    closing: `Bei Fragen erreichen Sie uns unter ${refund.agencyEmail}.`,
    invoiceNumber: refund.creditNoteNumber,
  });
}

const TEST_REFUND_NOTE =
  'Hinweis: Dies war eine Testzahlung im Testmodus des Shops. Es wurde kein echtes Geld bewegt und keines erstattet.';
