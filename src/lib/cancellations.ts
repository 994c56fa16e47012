/**
 * A consumer's cancellation of a continuing contract through the cancellation button (§ 312k BGB,
 * docs/product.md#d35-maintenance-terms): the same rules for the form and POST /cancellations, the
 * views of a received one, and the day it ends a maintenance term.
 */
import * as v from 'valibot';
import { addYears, isIsoDate, todayInGermany } from './dates.ts';
import { adminDeclarationEntries, declarantEntries, declarationViewEntries, reasonText } from './declarations.ts';

/** Ordinary (at the end of the term), or extraordinary for an important reason (§ 314 BGB). */
export const CANCELLATION_KINDS = ['ordinary', 'extraordinary'] as const;
export type CancellationKind = (typeof CANCELLATION_KINDS)[number];

export const CANCELLATION_KIND_NAMES: Record<CancellationKind, string> = {
  ordinary: 'Ordentliche Kündigung',
  extraordinary: 'Außerordentliche Kündigung aus wichtigem Grund',
};

export const CANCELLATION_MESSAGES = {
  kindRequired: 'Bitte wählen Sie, ob Sie ordentlich oder außerordentlich kündigen.',
  reasonRequired: 'Bitte nennen Sie den wichtigen Grund für die außerordentliche Kündigung.',
  endDateInvalid: 'Bitte geben Sie das gewünschte Vertragsende als Datum an (TT.MM.JJJJ).',
  endDatePast: 'Das gewünschte Vertragsende darf nicht vor dem heutigen Tag liegen.',
  endDateTooLate: 'Das gewünschte Vertragsende darf höchstens zehn Jahre in der Zukunft liegen.',
} as const;

const m = CANCELLATION_MESSAGES;

/** Empty, or a day from today (in Germany) up to ten years ahead. */
const endDate = v.optional(
  v.pipe(
    v.string(m.endDateInvalid),
    v.trim(),
    v.check((day) => day === '' || isIsoDate(day), m.endDateInvalid),
    v.check((day) => day === '' || day >= todayInGermany(), m.endDatePast),
    v.check((day) => day === '' || day <= addYears(todayInGermany(), 10), m.endDateTooLate),
  ),
  '',
);

export const CancellationSchema = v.pipe(
  v.object({
    ...declarantEntries,
    kind: v.picklist(CANCELLATION_KINDS, m.kindRequired),
    /** Asked for an extraordinary cancellation only (§ 312k Abs. 2 S. 3 Nr. 1 a BGB). */
    reason: reasonText(),
    /** The day the contract should end; empty: the earliest possible (§ 312k Abs. 5 BGB). */
    endDate,
  }),
  v.forward(
    v.check((declaration) => declaration.kind === 'ordinary' || declaration.reason !== '', m.reasonRequired),
    ['reason'],
  ),
  // An ordinary cancellation needs no reason; one typed before switching is not sent on.
  v.transform((declaration) => (declaration.kind === 'ordinary' ? { ...declaration, reason: '' } : declaration)),
);
export type CancellationDeclaration = v.InferOutput<typeof CancellationSchema>;

/** A received cancellation, as POST /cancellations answers it and the confirmation page shows it. */
export const CancellationViewSchema = v.pipe(
  v.object({
    ...declarationViewEntries,
    kind: v.picklist(CANCELLATION_KINDS),
    reason: v.string(),
    /** The day the sender wished the contract to end (YYYY-MM-DD); empty: the earliest possible. */
    endDate: v.string(),
  }),
  v.metadata({ ref: 'Cancellation' }),
);
export type CancellationView = v.InferOutput<typeof CancellationViewSchema>;

/** A cancellation as staff see it. */
export const AdminCancellationViewSchema = v.pipe(
  v.object({
    ...CancellationViewSchema.entries,
    ...adminDeclarationEntries,
    /**
     * The day the matched maintenance contract ends by this cancellation (YYYY-MM-DD), as the
     * receipt stated it; null when it matched no order with a maintenance term.
     */
    contractEndsOn: v.nullable(v.string()),
  }),
  v.metadata({ ref: 'AdminCancellation' }),
);
export type AdminCancellationView = v.InferOutput<typeof AdminCancellationViewSchema>;

/**
 * The day a cancellation received on `receivedOn` ends a maintenance term whose last day is
 * `termEnd` (all YYYY-MM-DD). A term ends by itself (AGB § 9), so an ordinary cancellation ends it
 * on its last day, the earliest possible; an extraordinary one on the wished day, at once without
 * one, and never later than the term would have.
 */
export function contractEndsOn(
  { kind, endDate: wished }: Pick<CancellationDeclaration, 'kind' | 'endDate'>,
  termEnd: string,
  receivedOn: string,
): string {
  if (kind === 'ordinary') return termEnd;
  const day = wished || receivedOn;
  return day < termEnd ? day : termEnd;
}
