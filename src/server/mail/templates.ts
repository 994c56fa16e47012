/** The German e-mails the API sends, each as plain text and HTML. */

import { CANCELLATION_KIND_NAMES, type CancellationView } from '../../lib/cancellations.ts';
import { formatGermanDate, todayInGermany } from '../../lib/dates.ts';
import { formatReceiptTime } from '../../lib/declarations.ts';
import { PROGRESS_STEP_NAMES, type ProgressStep } from '../../lib/materials.ts';
import type { ProductKind } from '../../lib/product-kinds.ts';
import { EARLY_START_CONSENT } from '../../lib/withdrawal-period.ts';
import type { WithdrawalView } from '../../lib/withdrawals.ts';
import type { ProgressView } from '../features/materials/materials.views.ts';
import type { Mail } from './mailer.ts';

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] as string,
  );

interface Letter {
  to: string;
  subject: string;
  greetingName: string;
  paragraphs: string[];
  /** A list after the paragraphs (e.g. the items of an order), then `afterList`. */
  list?: string[];
  afterList?: string[];
  action: { label: string; url: string };
  closing: string;
  /** Texts after the signature, each under its title (the terms of an order). */
  appendix?: { title: string; paragraphs: string[] }[];
  /** The invoice whose PDF is attached. */
  invoiceNumber?: string | undefined;
}

/** One layout for every mail: greeting, text, one button with the link also written out. */
function compose({
  to,
  subject,
  greetingName,
  paragraphs,
  list = [],
  afterList = [],
  action,
  closing,
  appendix = [],
  invoiceNumber,
}: Letter): Mail {
  const greeting = `Hallo ${greetingName},`;
  const text = [
    greeting,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...(list.length > 0 ? [...list.map((item) => `- ${item}`), ''] : []),
    ...afterList.flatMap((p) => [p, '']),
    `${action.label}:`,
    action.url,
    '',
    closing,
    '',
    'Ihr HWDS-Team',
    ...appendix.flatMap(({ title, paragraphs: texts }) => [
      '',
      '',
      `— ${title} —`,
      '',
      ...texts.flatMap((p) => [p, '']),
    ]),
  ].join('\n');
  const html = `<!doctype html><html lang="de"><body style="font-family:Arial,sans-serif;color:#1b2430;line-height:1.5">
<p>${escapeHtml(greeting)}</p>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${list.length > 0 ? `<ul>${list.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>` : ''}
${afterList.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
<p><a href="${escapeHtml(action.url)}" style="display:inline-block;padding:10px 18px;background:#12355b;color:#ffffff;text-decoration:none;border-radius:6px">${escapeHtml(action.label)}</a></p>
<p style="font-size:14px;color:#4b5563">Falls die Schaltfläche nicht funktioniert, kopieren Sie diesen Link in Ihren Browser:<br>${escapeHtml(action.url)}</p>
<p>${escapeHtml(closing)}</p>
<p>Ihr HWDS-Team</p>
${appendix.map(({ title, paragraphs: texts }) => `<hr><h2 style="font-size:18px">${escapeHtml(title)}</h2>\n${texts.map((p) => `<p style="font-size:14px">${escapeHtml(p)}</p>`).join('\n')}`).join('\n')}
</body></html>`;
  return { to, subject, text, html, invoiceNumber };
}

export function confirmationMail(to: string, firstName: string, link: string): Mail {
  return compose({
    to,
    subject: 'Bitte bestätigen Sie Ihre E-Mail-Adresse',
    greetingName: firstName,
    paragraphs: [
      'vielen Dank für Ihre Registrierung bei HWDS.',
      'Bitte bestätigen Sie Ihre E-Mail-Adresse mit dem folgenden Link. Der Link ist zwei Tage gültig und funktioniert einmal.',
    ],
    action: { label: 'E-Mail-Adresse bestätigen', url: link },
    closing: 'Wenn Sie sich nicht registriert haben, können Sie diese E-Mail ignorieren.',
  });
}

export function passwordResetMail(to: string, firstName: string, link: string): Mail {
  return compose({
    to,
    subject: 'Ihr Link zum Zurücksetzen des Passworts',
    greetingName: firstName,
    paragraphs: [
      'Sie haben angefordert, Ihr Passwort bei HWDS zurückzusetzen.',
      'Mit dem folgenden Link vergeben Sie ein neues Passwort. Der Link ist eine Stunde gültig und funktioniert einmal. Danach werden Sie auf allen Geräten abgemeldet.',
    ],
    action: { label: 'Passwort zurücksetzen', url: link },
    closing:
      'Wenn Sie das nicht angefordert haben, können Sie diese E-Mail ignorieren; Ihr Passwort bleibt unverändert.',
  });
}

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
    ],
    action: { label: 'Ihre Bestellungen ansehen', url: booking.bookingsUrl },
    closing: `Bei Fragen erreichen Sie uns unter ${booking.agencyEmail}.`,
    appendix: booking.legalTexts,
    invoiceNumber: booking.invoiceNumber,
  });
}

export interface RenewalReminder {
  bookingNumber: string;
  article: string;
  /** "12 Monate" */
  term: string;
  /** "30.06.2027" */
  lastDay: string;
  /** Where the next term is booked: the maintenance category. */
  renewUrl: string;
  agencyEmail: string;
}

/** 30 days before a maintenance term ends (docs/product.md#d35-maintenance-terms): it ends unless renewed. */
export function renewalReminderMail(to: string, firstName: string, reminder: RenewalReminder): Mail {
  return compose({
    to,
    subject: `Ihre Wartung endet am ${reminder.lastDay}`,
    greetingName: firstName,
    paragraphs: [
      `Ihre Wartung „${reminder.article}“ aus der Bestellung ${reminder.bookingNumber} läuft ${reminder.term} und endet am ${reminder.lastDay}.`,
      'Sie endet von selbst: Wir verlängern nichts automatisch und buchen nichts ab. Möchten Sie, dass wir Ihre Website weiter betreuen, buchen Sie bitte die nächste Laufzeit von 6 oder 12 Monaten ab dem Tag danach.',
    ],
    action: { label: 'Nächste Laufzeit buchen', url: reminder.renewUrl },
    closing: `Bei Fragen erreichen Sie uns unter ${reminder.agencyEmail}.`,
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

/** Who sent a declaration, and when it came in (docs/product.md#d31-consumer-law). */
interface Declaration {
  receivedAt: string;
  name: string;
  email: string;
  orderNumber: string;
}

/**
 * Text a sender typed, as a mail to an address they may not own repeats it: nothing in it reads as
 * a link or an address to a mail program (docs/product.md#d31-consumer-law). A dot between letters or
 * digits (also the full-width ones URLs accept) becomes "[.]", a scheme's "://" becomes "[:]//", "@" "[at]".
 */
export const unlinked = (text: string): string =>
  text
    .replace(/:\/\//g, '[:]//')
    .replace(/(?<=[\p{L}\p{N}])[.\u3002\uFF0E\uFF61](?=[\p{L}\p{N}])/gu, '[.]')
    .replace(/@/g, '[at]');

/** A declaration's name and order number as its receipt shows them: as typed to the sender's own account, else unlinked. */
function asShownTo<T extends Declaration>(declaration: T, senderConfirmed: boolean): T {
  if (senderConfirmed) return declaration;
  return { ...declaration, name: unlinked(declaration.name), orderNumber: unlinked(declaration.orderNumber) };
}

/** Staff's note when a receipt was not mailed (docs/product.md#d31-consumer-law). */
const RECEIPT_NOT_MAILED = (email: string) =>
  `Die Eingangsbestätigung an ${email} wurde nicht verschickt: An diese Adresse gingen heute schon mehrere Bestätigungen zu Erklärungen ohne Anmeldung (Schutz vor Massen-E-Mails). Ist die Erklärung echt, bestätigen Sie den Eingang bitte selbst.`;

/** A declaration as its receipt and staff's notice repeat it: the sender, its own `content`, the time of receipt. */
const declarationLines = (declaration: Declaration, content: string[]) => [
  `Name: ${declaration.name}`,
  `E-Mail-Adresse: ${declaration.email}`,
  `Bestellnummer: ${declaration.orderNumber || 'nicht angegeben'}`,
  ...content,
  `Eingegangen am ${formatReceiptTime(declaration.receivedAt)}`,
];

const withdrawalLines = (withdrawal: WithdrawalView) =>
  declarationLines(withdrawal, [`Grund: ${withdrawal.reason || 'keiner angegeben'}`]);

/** The reason of a withdrawal (no part of the declaration the law asks to confirm) in a receipt to an address not proven. */
const REASON_NOT_REPEATED = 'angegeben; hier nicht wiederholt, da die Erklärung ohne Anmeldung einging';

/**
 * The receipt of a withdrawal declaration, on a durable medium, with its content and the date and
 * time it was received (docs/product.md#d31-consumer-law). To an address the sender has not proven
 * by logging in, the name and order number are unlinked and the free reason is not repeated.
 */
export function withdrawalReceiptMail(received: WithdrawalView, noticeUrl: string, senderConfirmed: boolean): Mail {
  const declaration = asShownTo(received, senderConfirmed);
  if (!senderConfirmed && declaration.reason) declaration.reason = REASON_NOT_REPEATED;
  return compose({
    to: declaration.email,
    subject: 'Eingangsbestätigung Ihres Widerrufs',
    greetingName: declaration.name,
    paragraphs: [
      `wir haben Ihren Widerruf am ${formatReceiptTime(declaration.receivedAt)} erhalten.`,
      declaration.orderNumber
        ? `Sie haben erklärt, den Vertrag zur Bestellung ${declaration.orderNumber} zu widerrufen. Ihre Erklärung:`
        : 'Sie haben erklärt, Ihren Vertrag mit uns zu widerrufen. Ihre Erklärung:',
    ],
    list: withdrawalLines(declaration),
    afterList: [
      'Wir prüfen Ihren Widerruf und erstatten Ihnen, was Sie gezahlt haben, spätestens binnen 14 Tagen nach Eingang über das Zahlungsmittel, mit dem Sie bezahlt haben. Haben Sie verlangt, dass wir mit der Leistung schon während der Widerrufsfrist beginnen, behalten wir den Anteil für die bis zum Widerruf erbrachten Leistungen ein.',
      'Haben Sie diesen Widerruf nicht erklärt, antworten Sie bitte auf diese E-Mail.',
    ],
    action: { label: 'Widerrufsbelehrung lesen', url: noticeUrl },
    closing: 'Mit freundlichen Grüßen',
  });
}

/** To the agency: a withdrawal came in; staff refund the matched order, or find the one meant. */
export function withdrawalNoticeMail(
  to: string,
  declaration: WithdrawalView,
  { matched, receiptMailed, overviewUrl }: { matched: boolean; receiptMailed: boolean; overviewUrl: string },
): Mail {
  return compose({
    to,
    subject: `Widerruf eingegangen${declaration.orderNumber ? `: ${declaration.orderNumber}` : ''}`,
    greetingName: 'HWDS-Team',
    paragraphs: ['über die Widerrufsfunktion der Website ist ein Widerruf eingegangen:'],
    list: withdrawalLines(declaration),
    afterList: [
      matched
        ? 'Die Bestellung gehört zum Konto mit dieser E-Mail-Adresse und ist in der Bestellübersicht als widerrufen markiert. Bitte prüfen Sie die Frist und erstatten Sie den Betrag innerhalb von 14 Tagen.'
        : 'Der Widerruf passt zu keiner Bestellung des Kontos mit dieser E-Mail-Adresse. Bitte ordnen Sie ihn zu und antworten Sie der Absenderin oder dem Absender.',
      ...(receiptMailed ? [] : [RECEIPT_NOT_MAILED(declaration.email)]),
    ],
    action: { label: 'Zur Bestellübersicht', url: overviewUrl },
    closing: 'Diese Nachricht hat der Shop automatisch geschickt.',
  });
}

const cancellationLines = (cancellation: CancellationView) =>
  declarationLines(cancellation, [
    `Art der Kündigung: ${CANCELLATION_KIND_NAMES[cancellation.kind]}`,
    ...(cancellation.kind === 'extraordinary' ? [`Grund: ${cancellation.reason}`] : []),
    `Gewünschtes Vertragsende: ${cancellation.endDate ? formatGermanDate(cancellation.endDate) : 'zum frühestmöglichen Zeitpunkt'}`,
  ]);

/**
 * When the contract ends (§ 312k Abs. 4 BGB): the day computed for a matched maintenance term
 * (`endsOn`), else the rule that decides it (docs/product.md#d35-maintenance-terms).
 */
function contractEnd(cancellation: CancellationView, endsOn: string | null): string {
  if (endsOn) {
    const day = formatGermanDate(endsOn);
    if (endsOn < todayInGermany(new Date(cancellation.receivedAt)))
      return `Ihr Vertrag zur Bestellung ${cancellation.orderNumber} ist bereits mit dem ${day} geendet.`;
    return cancellation.kind === 'ordinary'
      ? `Ihr Vertrag zur Bestellung ${cancellation.orderNumber} endet durch Ihre Kündigung am ${day}, dem letzten Tag der gebuchten Laufzeit (frühestmöglicher Zeitpunkt).`
      : `Ihr Vertrag zur Bestellung ${cancellation.orderNumber} endet durch Ihre Kündigung am ${day}.`;
  }
  if (cancellation.kind === 'ordinary')
    return 'Ihr Vertrag endet mit dem letzten Tag der gebuchten Laufzeit, dem frühestmöglichen Zeitpunkt einer ordentlichen Kündigung.';
  return cancellation.endDate
    ? `Ihr Vertrag endet am ${formatGermanDate(cancellation.endDate)}, spätestens mit dem letzten Tag der gebuchten Laufzeit.`
    : 'Ihr Vertrag endet mit dem Eingang dieser Kündigung.';
}

/**
 * The confirmation of a cancellation, on a durable medium, at once: its content, the date and
 * time it was received and when the contract ends (§ 312k Abs. 4 BGB, docs/product.md#d35-maintenance-terms).
 * The reason of an extraordinary one is part of its content: to an address the sender has not
 * proven by logging in, it is repeated unlinked, as the name and the order number.
 */
export function cancellationReceiptMail(
  received: CancellationView,
  endsOn: string | null,
  termsUrl: string,
  senderConfirmed: boolean,
): Mail {
  const cancellation = asShownTo(received, senderConfirmed);
  if (!senderConfirmed) cancellation.reason = unlinked(cancellation.reason);
  return compose({
    to: cancellation.email,
    subject: 'Bestätigung Ihrer Kündigung',
    greetingName: cancellation.name,
    paragraphs: [
      `wir haben Ihre Kündigung am ${formatReceiptTime(cancellation.receivedAt)} erhalten. Sie haben sie über die Schaltfläche „Jetzt kündigen“ auf unserer Website abgegeben. Ihre Kündigung:`,
    ],
    list: cancellationLines(cancellation),
    afterList: [
      contractEnd(cancellation, endsOn),
      ...(endsOn
        ? []
        : ['Wir ordnen Ihre Kündigung Ihrem Vertrag zu und melden uns, falls wir dazu noch etwas von Ihnen brauchen.']),
      'Haben Sie diese Kündigung nicht erklärt, antworten Sie bitte auf diese E-Mail.',
    ],
    action: { label: 'Laufzeit und Kündigung in den AGB (§ 9)', url: termsUrl },
    closing: 'Mit freundlichen Grüßen',
  });
}

/** To the agency: a cancellation came in; staff find the contract meant when it matched none. */
export function cancellationNoticeMail(
  to: string,
  cancellation: CancellationView,
  {
    matched,
    endsOn,
    receiptMailed,
    overviewUrl,
  }: { matched: boolean; endsOn: string | null; receiptMailed: boolean; overviewUrl: string },
): Mail {
  return compose({
    to,
    subject: `Kündigung eingegangen${cancellation.orderNumber ? `: ${cancellation.orderNumber}` : ''}`,
    greetingName: 'HWDS-Team',
    paragraphs: ['über die Schaltfläche „Verträge hier kündigen“ der Website ist eine Kündigung eingegangen:'],
    list: cancellationLines(cancellation),
    afterList: [
      endsOn
        ? `Die Bestellung gehört zum Konto mit dieser E-Mail-Adresse; der Wartungsvertrag endet am ${formatGermanDate(endsOn)}, wie die Bestätigung an den Kunden sagt. In der Bestellübersicht ist die Kündigung vermerkt.`
        : matched
          ? 'Die Bestellung gehört zum Konto mit dieser E-Mail-Adresse, enthält aber keine Wartung mit Laufzeit. Bitte klären Sie, welcher Vertrag gemeint ist, und antworten Sie der Absenderin oder dem Absender.'
          : 'Die Kündigung passt zu keiner Bestellung des Kontos mit dieser E-Mail-Adresse. Bitte ordnen Sie sie zu und teilen Sie der Absenderin oder dem Absender mit, wann der Vertrag endet.',
      ...(receiptMailed ? [] : [RECEIPT_NOT_MAILED(cancellation.email)]),
    ],
    action: { label: 'Zur Bestellübersicht', url: overviewUrl },
    closing: 'Diese Nachricht hat der Shop automatisch geschickt.',
  });
}

export interface MaterialsLink {
  bookingNumber: string;
  /** The order's materials page (/unterlagen?bestellung=…). */
  url: string;
  agencyEmail: string;
}

/** The customer handed the materials over (docs/product.md#d36-next-steps). */
export function materialsHandedOverMail(to: string, firstName: string, order: MaterialsLink): Mail {
  return compose({
    to,
    subject: `Ihre Unterlagen zur Bestellung ${order.bookingNumber} sind vollständig`,
    greetingName: firstName,
    paragraphs: [
      `vielen Dank: Ihre Unterlagen zur Bestellung ${order.bookingNumber} sind bei uns vollständig angekommen.`,
      'Wir sehen sie uns an und melden uns, wenn wir noch etwas brauchen. Sobald wir mit der Arbeit beginnen und wenn Ihre Bestellung geliefert ist, schreiben wir Ihnen wieder.',
    ],
    action: { label: 'Ihre Unterlagen ansehen', url: order.url },
    closing: `Bei Fragen erreichen Sie uns unter ${order.agencyEmail}.`,
  });
}

/** To the agency: a customer handed the materials over; staff find them in the booking overview. */
export function materialsReceivedNoticeMail(
  to: string,
  { bookingNumber, customerEmail, overviewUrl }: { bookingNumber: string; customerEmail: string; overviewUrl: string },
): Mail {
  return compose({
    to,
    subject: `Unterlagen vollständig: Bestellung ${bookingNumber}`,
    greetingName: 'HWDS-Team',
    paragraphs: [
      `${customerEmail} hat die Unterlagen zur Bestellung ${bookingNumber} übergeben. Sie stehen mit den Prüfergebnissen der Druckdateien in der Bestellübersicht, alle Dateien auch als ein ZIP.`,
    ],
    action: { label: 'Zur Bestellübersicht', url: overviewUrl },
    closing: 'Diese Nachricht hat der Shop automatisch geschickt.',
  });
}

/** One mail per reminder: materials still missing 3 days after the payment (docs/product.md#d36-next-steps). */
export function materialsReminderMail(
  to: string,
  firstName: string,
  order: MaterialsLink & { missing: string[] },
): Mail {
  return compose({
    to,
    subject: `Ihre Unterlagen zur Bestellung ${order.bookingNumber} fehlen noch`,
    greetingName: firstName,
    paragraphs: [
      `damit wir mit Ihrer Bestellung ${order.bookingNumber} beginnen können, brauchen wir noch Ihre Unterlagen. Es fehlt:`,
    ],
    list: order.missing,
    afterList: [
      'Sie geben alles auf der Seite zu Ihrer Bestellung ab: Texte tippen Sie dort ein oder laden sie als Datei hoch, Druckdateien prüfen wir gleich beim Hochladen. Sind Sie fertig, klicken Sie auf „Unterlagen übergeben“.',
      `Wenn Sie lieber mailen: Schicken Sie uns Ihre Unterlagen an ${order.agencyEmail} mit der Bestellnummer.`,
    ],
    action: { label: 'Unterlagen abgeben', url: order.url },
    closing: 'Wir erinnern Sie nur dieses eine Mal.',
  });
}

export interface ProgressNotice extends MaterialsLink {
  progress: ProgressView;
  /** The kinds of the ordered items: what 'delivered' means for them. */
  kinds: ProductKind[];
}

/** What 'delivered' means for each kind ordered, with what staff entered. */
function deliveredLines({ progress, kinds }: ProgressNotice): string[] {
  const lines = [
    ...(progress.trackingNumber
      ? [
          `Ihre Drucke sind unterwegs: Sendungsnummer ${progress.trackingNumber} (${progress.carrier}). Damit verfolgen Sie die Sendung auf der Website des Versanddienstes.`,
        ]
      : []),
    ...(progress.siteUrl ? [`Ihre Website ist online: ${progress.siteUrl}`] : []),
    ...(progress.startedOn ? [`Ihre Wartung hat am ${formatGermanDate(progress.startedOn)} begonnen.`] : []),
  ];
  return lines.length > 0 || !kinds.includes('service') ? lines : ['Ihre Beratung oder Dienstleistung ist erbracht.'];
}

/** Staff moved the order on: the customer reads where it stands (docs/product.md#d36-next-steps). */
export function progressMail(to: string, firstName: string, notice: ProgressNotice): Mail {
  const { bookingNumber, progress } = notice;
  const texts: Record<ProgressStep, { subject: string; paragraphs: string[] }> = {
    materials_missing: {
      subject: `Bitte ergänzen Sie Ihre Unterlagen zur Bestellung ${bookingNumber}`,
      paragraphs: [
        `für Ihre Bestellung ${bookingNumber} brauchen wir noch etwas von Ihnen:`,
        progress.note,
        'Sie können Ihre Unterlagen auf der Seite zu Ihrer Bestellung wieder ändern und ergänzen; übergeben Sie sie danach bitte noch einmal.',
      ],
    },
    materials_complete: {
      subject: `Ihre Unterlagen zur Bestellung ${bookingNumber} sind vollständig`,
      paragraphs: [
        `Ihre Unterlagen zur Bestellung ${bookingNumber} sind vollständig. Als Nächstes beginnen wir mit der Arbeit.`,
      ],
    },
    in_progress: {
      subject: `Wir arbeiten an Ihrer Bestellung ${bookingNumber}`,
      paragraphs: [
        `wir haben mit Ihrer Bestellung ${bookingNumber} begonnen. Sobald sie geliefert ist, schreiben wir Ihnen wieder.`,
      ],
    },
    delivered: {
      subject: `Ihre Bestellung ${bookingNumber} ist geliefert`,
      paragraphs: [`Ihre Bestellung ${bookingNumber} ist geliefert.`, ...deliveredLines(notice)],
    },
  };
  const { subject, paragraphs } = texts[progress.step];
  return compose({
    to,
    subject,
    greetingName: firstName,
    paragraphs: [...paragraphs, `Stand: ${PROGRESS_STEP_NAMES[progress.step]}`],
    action: { label: 'Zu Ihrer Bestellung', url: notice.url },
    closing: `Bei Fragen erreichen Sie uns unter ${notice.agencyEmail}.`,
  });
}
