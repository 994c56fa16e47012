/**
 * The withdrawal period (docs/product.md#d31-consumer-law), counted alike by the profile, the
 * payment page, the payment start and staff's view; apart from the declaration's schema, so the
 * pages that only count pay for no more.
 */
import { todayInGermany } from './dates.ts';

/** The days of the withdrawal period, counted from the day after the contract was concluded. */
const WITHDRAWAL_PERIOD_DAYS = 14;

/**
 * The last day (YYYY-MM-DD, in Germany) a consumer can withdraw from a contract concluded at
 * `concludedAt`: the period starts the next day and ends with its 14th (§ 187 Abs. 1, § 188 Abs. 1 BGB).
 */
export function lastDayToWithdraw(concludedAt: string): string {
  const day = todayInGermany(new Date(concludedAt));
  const last = new Date(`${day}T12:00:00Z`);
  last.setUTCDate(last.getUTCDate() + WITHDRAWAL_PERIOD_DAYS);
  return last.toISOString().slice(0, 10);
}

/** Whether a declaration sent at `sentAt` is within the period of a contract concluded at `concludedAt`. */
export const withinWithdrawalPeriod = (concludedAt: string, sentAt: Date = new Date()): boolean =>
  todayInGermany(sentAt) <= lastDayToWithdraw(concludedAt);

/**
 * Whether an appointment starting on `entryDate` (YYYY-MM-DD) would begin within the withdrawal
 * period of a contract concluded `now`: then the consumer must ask for the early start
 * (§ 356 Abs. 4, § 357a Abs. 2 BGB).
 */
export const startsWithinWithdrawalPeriod = (entryDate: string, now: Date = new Date()): boolean =>
  entryDate <= lastDayToWithdraw(now.toISOString());

/** The express request and acknowledgement the payment page asks for, as the consumer ticks it. */
export const EARLY_START_CONSENT =
  'Ich verlange ausdrücklich, dass HWDS schon vor Ablauf der 14-tägigen Widerrufsfrist mit der Leistung beginnt. Mir ist bekannt, dass ich mein Widerrufsrecht verliere, sobald der Vertrag vollständig erfüllt ist, und dass ich bei einem Widerruf einen angemessenen Betrag für die bis dahin erbrachten Leistungen zahle.';

export const EARLY_START_REQUIRED =
  'Ein Termin beginnt innerhalb der 14-tägigen Widerrufsfrist. Bitte bestätigen Sie, dass wir schon vorher beginnen sollen, oder wählen Sie einen späteren Termin.';
