/**
 * The API reference is generated from the routes (docs/product.md#api-reference): a route states
 * what it answers with `operation(…)`, and the middlewares that check its input state what they
 * accept, from the very valibot schemas they validate with. hono-openapi collects both.
 */
import type { ConversionConfig, OverrideSchemaContext } from '@valibot/to-json-schema';
import type { Context, Handler, MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import {
  type DescribeRouteOptions,
  describeRoute,
  type ResponsesWithResolver,
  resolver,
  uniqueSymbol,
} from 'hono-openapi';
import * as v from 'valibot';
import type { ApiEnv } from '../context.ts';
import { ErrorBodySchema } from './errors.views.ts';
import { ID_PATTERN, invalidInput, parseId, readJson } from './validation.ts';

type AnySchema = v.GenericSchema;

/**
 * An optional field whose default its own rules reject must in effect be sent: such defaults only
 * turn a missing field into the field's own German message (src/lib/schema-fields.ts).
 */
function mustBeSent(entry: AnySchema): boolean {
  if (entry.type !== 'optional' || !('wrapped' in entry) || !('default' in entry)) return false;
  const fallback = typeof entry.default === 'function' ? entry.default() : entry.default;
  return fallback !== undefined && !v.is(entry.wrapped as AnySchema, fallback);
}

function requireFieldsThatMustBeSent({ valibotSchema, jsonSchema }: OverrideSchemaContext) {
  if (!('entries' in valibotSchema) || jsonSchema.type !== 'object') return undefined;
  const entries = valibotSchema.entries as Record<string, AnySchema>;
  const names = Object.keys(entries).filter((name) => mustBeSent(entries[name] as AnySchema));
  if (names.length === 0) return undefined;
  const properties = { ...jsonSchema.properties };
  for (const name of names) {
    const { default: _rejected, ...property } = properties[name] as Record<string, unknown>;
    properties[name] = property;
  }
  return { ...jsonSchema, properties, required: [...(jsonSchema.required ?? []), ...names] };
}

/**
 * valibot to JSON Schema 2020-12 (OpenAPI 3.1's dialect). Rules JSON Schema cannot say (checks,
 * trimming, transformations) are left out: the document says less than the API checks, never more.
 */
const conversion = (typeMode: 'input' | 'output'): { options: ConversionConfig } => ({
  options: { target: 'draft-2020-12', typeMode, errorMode: 'ignore', overrideSchema: requireFieldsThatMustBeSent },
});

/** A request body or parameters: what the API accepts before its transformations. */
const requestSchema = (schema: AnySchema) => resolver(schema, conversion('input'));

/** An answer: what the API sends. */
const responseSchema = (schema: AnySchema) => resolver(schema, conversion('output'));

/** A success answer with a JSON body. */
export const json = (description: string, schema: AnySchema) => ({
  description,
  content: { 'application/json': { schema: responseSchema(schema) } },
});

/** An error answer, `{ message, statusCode }` with a German message. */
export const failure = (description: string) => json(description, ErrorBodySchema);

/** An answer without a body (204). */
export const noContent = (description: string) => ({ description });

/** Errors many routes share, described once in the document's components. */
export const COMMON_ERRORS = {
  BadRequest: failure(
    'Malformed JSON, JSON nested too deeply or with a NUL character, an invalid id, or input that breaks a rule: `errors` then lists the first unmet rule of each field, and `message` is the first of them.',
  ),
  Unauthorized: failure('No bearer token, or one that is invalid, expired or of an ended session.'),
  Forbidden: failure('The token is not an administrator’s.'),
  TooLarge: failure(
    'The body is larger than the route takes: 64 KB of JSON, 256 KB for Stripe events, 5 MB for images.',
  ),
  UnsupportedMediaType: failure('The body is not declared as JSON (`Content-Type: application/json`).'),
  TooManyRequests: {
    ...failure('Too many attempts from this address or for this account; `Retry-After` says how many seconds to wait.'),
    headers: { 'Retry-After': { description: 'Seconds until the next attempt counts.', schema: { type: 'integer' } } },
  },
} satisfies ResponsesWithResolver;

export const common = (name: keyof typeof COMMON_ERRORS) => ({ $ref: `#/components/responses/${name}` });

/** Attaches the documentation hono-openapi collects to a middleware. */
export const documented = <T extends MiddlewareHandler | Handler>(handler: T, spec: DescribeRouteOptions): T =>
  Object.assign(handler, { [uniqueSymbol]: { spec } });

interface Operation extends Pick<DescribeRouteOptions, 'description' | 'parameters' | 'requestBody' | 'security'> {
  summary: string;
  /** Path parameters that are database ids: an invalid one is answered with 400. */
  ids?: string[];
  responses: ResponsesWithResolver;
}

/** Documents a route of a feature: its tag (the feature), what it does and what it answers. */
export const operation = (tag: string, { ids = [], parameters = [], responses, ...rest }: Operation) =>
  describeRoute({
    tags: [tag],
    ...rest,
    parameters: [
      ...ids.map((name) => ({
        in: 'path',
        name,
        required: true,
        schema: { type: 'string' as const, pattern: ID_PATTERN.source },
      })),
      ...parameters,
    ],
    responses: { ...(ids.length > 0 && { 400: common('BadRequest') }), ...responses },
  });

/** Documents `schema` as the JSON body of a route whose handler reads it with readJson. */
export const requestBody = (schema: AnySchema): DescribeRouteOptions => ({
  requestBody: { required: true, content: { 'application/json': { schema: requestSchema(schema) } } },
  responses: { 415: common('UnsupportedMediaType') },
});

type ObjectSchema = v.GenericSchema<unknown, object>;

/**
 * Reads the JSON body with `schema` (docs/product.md#h7-validation-errors) for `c.req.valid('json')`
 * and documents it as the route's request body.
 */
export function jsonBody<TSchema extends ObjectSchema>(schema: TSchema) {
  type Input = { in: { json: v.InferInput<TSchema> }; out: { json: v.InferOutput<TSchema> } };
  const middleware = createMiddleware<ApiEnv, string, Input>(async (c, next) => {
    c.req.addValidatedData('json', await readJson(c, schema));
    await next();
  });
  return documented(middleware, requestBody(schema));
}

/** The handler of a create route: the body read with `schema`, `create` run with it, 201 with the result. */
export const createFrom = <TSchema extends ObjectSchema, TResult>(
  schema: TSchema,
  create: (input: v.InferOutput<TSchema>) => Promise<TResult>,
) => documented(async (c: Context) => c.json(await create(await readJson(c, schema)), 201), requestBody(schema));

/** The handler of `PATCH …/:id`: the id checked first, then the change read with `schema`; 200 with the result. */
export const changeById = <TSchema extends ObjectSchema, TResult>(
  schema: TSchema,
  change: (id: number, input: v.InferOutput<TSchema>) => Promise<TResult>,
) =>
  documented(async (c: Context<ApiEnv>) => {
    const id = parseId(c.req.param('id'));
    return c.json(await change(id, await readJson(c, schema)));
  }, requestBody(schema));

/**
 * Reads the query string with `schema` for `c.req.valid('query')` (400 with field errors) and
 * documents each of its fields as a query parameter.
 */
export function queryParameters<TSchema extends v.GenericSchema<Record<string, string>, object>>(schema: TSchema) {
  type Input = { in: { query: v.InferInput<TSchema> }; out: { query: v.InferOutput<TSchema> } };
  const middleware = createMiddleware<ApiEnv, string, Input>(async (c, next) => {
    const parsed = v.safeParse(schema, c.req.query(), { abortPipeEarly: true });
    if (!parsed.success) throw invalidInput(parsed.issues);
    c.req.addValidatedData('query', parsed.output);
    await next();
  });
  // hono-openapi's form for validators: it turns the schema's properties into parameters.
  return Object.assign(middleware, { [uniqueSymbol]: { target: 'query', ...requestSchema(schema) } });
}
