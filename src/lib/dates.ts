/** Calendar dates as ISO strings (YYYY-MM-DD) in the agency's time zone. */
import { onFirstUse } from './on-first-use.ts';

export const AGENCY_TIME_ZONE = 'Europe/Berlin';

const isoDate = onFirstUse(
  () =>
    new Intl.DateTimeFormat('en-CA', { timeZone: AGENCY_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }),
);

/** Today's date in Germany, e.g. "2026-11-21". */
export function todayInGermany(now: Date = new Date()): string {
  return isoDate().format(now);
}

/** True for a real calendar date written YYYY-MM-DD (no 2026-02-30). */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** Adds whole years to an ISO date (Feb 29 becomes Mar 1 in other years). */
export function addYears(isoDateValue: string, years: number): string {
  const date = new Date(`${isoDateValue}T00:00:00Z`);
  date.setUTCFullYear(date.getUTCFullYear() + years);
  return date.toISOString().slice(0, 10);
}

/** The ISO date `days` after (or before, if negative) an ISO date. */
export function addDays(isoDateValue: string, days: number): string {
  const date = new Date(`${isoDateValue}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * The last day of a term of `months` that begins on `start` (both YYYY-MM-DD): the day before the
 * day of the same number `months` later, or the last day of that month when it has no such day
 * (§ 188 Abs. 2 and 3 BGB): 2027-01-01 + 6 → 2027-06-30, 2026-08-31 + 6 → 2027-02-28.
 */
export function lastDayOfTerm(start: string, months: number): string {
  const [year = 0, month = 1, day = 1] = start.split('-').map(Number);
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const daysInTarget = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  if (day > daysInTarget) {
    target.setUTCDate(daysInTarget);
    return target.toISOString().slice(0, 10);
  }
  target.setUTCDate(day);
  return addDays(target.toISOString().slice(0, 10), -1);
}

const germanDate = onFirstUse(
  () =>
    new Intl.DateTimeFormat('de-DE', { timeZone: AGENCY_TIME_ZONE, day: '2-digit', month: '2-digit', year: 'numeric' }),
);

/** "21.11.2026" for an ISO date or a timestamp. */
export function formatGermanDate(value: string): string {
  const date = isIsoDate(value) ? new Date(`${value}T12:00:00Z`) : new Date(value);
  return Number.isNaN(date.getTime()) ? '' : germanDate().format(date);
}

/** "01.12.2026 – 03.12.2026", or one date when the appointment lasts one day. */
export const formatAppointment = (from: string, to: string): string =>
  from === to ? formatGermanDate(from) : `${formatGermanDate(from)} – ${formatGermanDate(to)}`;
