/**
 * The materials' mails (docs/product.md#d36-next-steps): the hand-over to the customer and to the
 * agency, the one reminder, and each step staff move an order on.
 */
import { formatGermanDate } from '../../../lib/dates.ts';
import type { ProductKind } from '../../../lib/product-kinds.ts';
import { PROGRESS_STEP_NAMES, type ProgressStep } from '../../../lib/progress-steps.ts';
import { compose } from '../../mail/letter.ts';
import type { Mail } from '../../mail/mailer.ts';
import type { ProgressView } from './materials.views.ts';

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
