/**
 * A consumer's withdrawal declaration (docs/product.md#d31-consumer-law): the same rules for the
 * form and POST /withdrawals, and the views of a received one. What all declarations share:
 * declarations.ts; the period: withdrawal-period.ts.
 */
import * as v from 'valibot';
import { adminDeclarationEntries, declarantEntries, declarationViewEntries, reasonText } from './declarations.ts';

export const WithdrawalSchema = v.object({ ...declarantEntries, reason: reasonText() });
export type WithdrawalDeclaration = v.InferOutput<typeof WithdrawalSchema>;

/** A received declaration, as POST /withdrawals answers it and the confirmation page shows it. */
export const WithdrawalViewSchema = v.pipe(
  v.object({ ...declarationViewEntries, reason: v.string() }),
  v.metadata({ ref: 'Withdrawal' }),
);
export type WithdrawalView = v.InferOutput<typeof WithdrawalViewSchema>;

/** A declaration as staff see it. */
export const AdminWithdrawalViewSchema = v.pipe(
  v.object({
    ...WithdrawalViewSchema.entries,
    ...adminDeclarationEntries,
    /** Whether it was sent within the matched order's withdrawal period; null without an order. */
    inPeriod: v.nullable(v.boolean()),
  }),
  v.metadata({ ref: 'AdminWithdrawal' }),
);
export type AdminWithdrawalView = v.InferOutput<typeof AdminWithdrawalViewSchema>;
