/**
 * A withdrawal's receipt to its sender and notice to staff.
 */
import { formatReceiptTime } from '../../../lib/declarations.ts';
import type { WithdrawalView } from '../../../lib/withdrawals.ts';
import { compose } from '../../mail/letter.ts';
import type { Mail } from '../../mail/mailer.ts';
import { asShownTo, declarationLines, RECEIPT_NOT_MAILED } from '../declarations/declarations.mails.ts';

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
