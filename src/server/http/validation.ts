/** Reading request input at the boundary: JSON bodies through valibot schemas, ids from paths. */
import type { Context } from 'hono';
import * as v from 'valibot';
import type { ApiEnv } from '../context.ts';
import { ApiError, MESSAGES } from './errors.ts';
import type { FieldError } from './errors.views.ts';

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

/** `application/json` or a JSON-based type such as `application/merge-patch+json`, any charset. */
const JSON_CONTENT_TYPE = /^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i;

/** No body of ours nests deeper; a deeper one only costs stack and time to look at. */
const MAX_JSON_DEPTH = 16;

/**
 * Refuses a parsed body nested deeper than MAX_JSON_DEPTH, or with a string holding a NUL (which
 * PostgreSQL text cannot store) or half a surrogate pair (no character at all, stored as U+FFFD).
 * Walks without recursion, so no body can exhaust the stack.
 */
function checkJsonValues(body: unknown): void {
  const pending: { value: unknown; depth: number }[] = [{ value: body, depth: 0 }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value, depth } = next;
    if (typeof value === 'string' && (value.includes('\u0000') || !value.isWellFormed())) {
      throw new ApiError(400, MESSAGES.forbiddenCharacter);
    }
    if (typeof value !== 'object' || value === null) continue;
    if (depth >= MAX_JSON_DEPTH) throw new ApiError(400, MESSAGES.tooDeep);
    for (const child of Object.values(value)) pending.push({ value: child, depth: depth + 1 });
  }
}

/**
 * Parses the JSON body with the schema; unknown fields are dropped, never used. A body must be
 * declared as JSON: a web page can send `text/plain` or a form across origins without a CORS
 * preflight, JSON not (docs/product.md#h9-hardening).
 */
export async function readJson<TSchema extends v.GenericSchema>(
  c: Context,
  schema: TSchema,
): Promise<v.InferOutput<TSchema>> {
  const text = await c.req.text();
  if (text.trim() !== '' && !JSON_CONTENT_TYPE.test(c.req.header('Content-Type') ?? '')) {
    throw new ApiError(415, MESSAGES.jsonRequired);
  }
  let body: unknown;
  try {
    body = text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    throw new ApiError(400, MESSAGES.badJson);
  }
  checkJsonValues(body);
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
