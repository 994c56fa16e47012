/** Reading request input at the boundary: JSON bodies through valibot schemas, ids from paths. */
import type { Context } from 'hono';
import * as v from 'valibot';
import type { ApiEnv } from '../context.ts';
import { ApiError, type FieldError, MESSAGES } from './errors.ts';

/** One entry per failed rule, named by the field's dotted path ("" for the body itself). */
export function fieldErrors(issues: readonly v.BaseIssue<unknown>[]): FieldError[] {
  return issues.map((issue) => ({ fieldName: v.getDotPath(issue) ?? '', message: issue.message }));
}

/**
 * 400 with every field's first unmet rule in `errors`; the `message` is the first of them, so a
 * client that reads only `message` still shows what to fix (docs/product.md#h7-validation-errors).
 */
export function invalidInput(issues: readonly v.BaseIssue<unknown>[]): ApiError {
  const errors = fieldErrors(issues);
  return new ApiError(400, errors[0]?.message ?? MESSAGES.invalidInput, { errors });
}

/** Parses the JSON body with the schema; unknown fields are dropped, never used. */
export async function readJson<TSchema extends v.GenericSchema>(
  c: Context,
  schema: TSchema,
): Promise<v.InferOutput<TSchema>> {
  const text = await c.req.text();
  let body: unknown;
  try {
    body = text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    throw new ApiError(400, MESSAGES.badJson);
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new ApiError(400, MESSAGES.jsonObjectExpected, {
      errors: [{ fieldName: '', message: MESSAGES.jsonObjectExpected }],
    });
  }
  // The first unmet rule per field is what a person fixes first.
  const result = v.safeParse(schema, body, { abortPipeEarly: true });
  if (!result.success) throw invalidInput(result.issues);
  return result.output;
}

/** A database id: a positive whole number that fits an integer column. */
export const ID_PATTERN = /^[1-9]\d{0,8}$/;

export const isId = (value: string | undefined): value is string => value !== undefined && ID_PATTERN.test(value);

/** A database id from the path, else 400. */
export function parseId(value: string | undefined): number {
  if (!isId(value)) throw new ApiError(400, MESSAGES.invalidId);
  return Number(value);
}

/** The handler of `DELETE …/:id`: runs `remove` with the parsed id and answers 204. */
export const deleteById = (remove: (id: number, c: Context<ApiEnv>) => Promise<void>) => async (c: Context<ApiEnv>) => {
  await remove(parseId(c.req.param('id')), c);
  return c.body(null, 204);
};
