/**
 * A cancellation's receipt to its sender and notice to staff.
 */
import { CANCELLATION_KIND_NAMES, type CancellationView } from '../../../lib/cancellations.ts';
import { formatGermanDate, todayInGermany } from '../../../lib/dates.ts';
import { formatReceiptTime } from '../../../lib/declarations.ts';
import { compose } from '../../mail/letter.ts';
import type { Mail } from '../../mail/mailer.ts';
import { asShownTo, declarationLines, RECEIPT_NOT_MAILED, unlinked } from '../declarations/declarations.mails.ts';

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
