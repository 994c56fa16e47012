/**
 * The contract of every error answer (docs/product.md#d26-code-layout, #h7-validation-errors):
 * `{ message, statusCode }` with a German message, and per-field errors for invalid input.
 */
import * as v from 'valibot';

const FieldErrorSchema = v.object({ fieldName: v.string(), message: v.string() });
export type FieldError = v.InferOutput<typeof FieldErrorSchema>;

/** The body of every error answer, as the API reference describes it. */
export const ErrorBodySchema = v.pipe(
  v.object({
    message: v.string(),
    statusCode: v.pipe(v.number(), v.integer()),
    errors: v.optional(v.array(FieldErrorSchema)),
  }),
  v.metadata({ ref: 'Error' }),
);
