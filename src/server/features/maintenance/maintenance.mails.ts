/**
 * The maintenance's mail: a term's end 30 days ahead.
 */

import { compose } from '../../mail/letter.ts';
import type { Mail } from '../../mail/mailer.ts';

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
