/**
 * The OpenAPI 3.1 document of the API (docs/product.md#api-reference), generated from the routes'
 * own declarations (src/server/http/openapi.ts). The payment sandbox's provider emulators under
 * /sandbox are left out: they imitate Stripe's and PayPal's APIs, which those document.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Hono, Schema } from 'hono';
import { generateSpecs } from 'hono-openapi';
import type { ApiEnv } from '../../context.ts';
import { COMMON_ERRORS, common } from '../../http/openapi.ts';
import { projectRoot } from '../../project-root.ts';

export type ApiDocument = Awaited<ReturnType<typeof generateSpecs>>;
type Operation = NonNullable<ApiDocument['paths'][string]['get']>;

const OVERVIEW = `The REST API of the HWDS website: accounts, the catalogue with its images, the cart, bookings and payments.

Bodies are JSON (image uploads: the multipart field \`file\`); money is in euros as numbers. Unknown fields in a body are ignored.

Every error is \`{ "message": string, "statusCode": number }\` with a German message a person can read; validation errors (400) add \`"errors": [{ "fieldName", "message" }]\` with the first unmet rule of each field.

Besides the answers listed per route, any path answers 404 when unknown, 405 (with \`Allow\`) for a method the API does not serve, and 400 when its address holds a NUL character. While the database cannot be reached, every route that needs it answers 503 with \`Retry-After\` (seconds); so do the image routes while the uploads' storage cannot be reached (\`GET /health/ready\` says which).

\`bearer\` is the \`accessToken\` of \`POST /auth/login\` (24 hours; renewed with \`POST /auth/refresh\`). Routes whose requirement names \`ROLE_ADMIN\` need an administrator's token; roles are read from the database on every request.`;

const TAGS = [
  { name: 'Health', description: 'Whether the server runs and can serve, and its metrics: for operators.' },
  { name: 'Accounts', description: 'Registration, login sessions, password reset, the logged-in user.' },
  {
    name: 'Catalogue',
    description: 'Categories and their articles: reading is public, changes are for staff.',
  },
  { name: 'Images', description: 'Images of categories and articles.' },
  { name: 'Cart', description: 'The caller’s cart: articles booked for dates.' },
  { name: 'Bookings', description: 'The caller’s orders.' },
  { name: 'Payments', description: 'Paying the cart by card (Stripe Checkout) or PayPal.' },
  { name: 'Withdrawals', description: 'A consumer’s withdrawal from a contract, without an account.' },
  {
    name: 'Cancellations',
    description: 'The cancellation button (§ 312k BGB): ending a continuing contract, without an account.',
  },
  { name: 'Admin', description: 'Staff’s views across all customers.' },
];

const version = (): string =>
  (JSON.parse(readFileSync(path.join(projectRoot(), 'package.json'), 'utf8')) as { version: string }).version;

/** Lower-camel id from the method and the path below the API base: `post /auth/login` → `postAuthLogin`. */
const operationId = (method: string, apiPath: string) =>
  method +
  apiPath
    .split(/[/_-]/)
    .filter(Boolean)
    .map((part) =>
      part.startsWith('{')
        ? `By${part.slice(1, 2).toUpperCase()}${part.slice(2, -1)}`
        : part[0]?.toUpperCase() + part.slice(1),
    )
    .join('');

/**
 * Completes an operation: hono-openapi repeats a guard's security requirement for every documented
 * handler of the route, and every JSON body can meet malformed JSON and a body too large.
 */
function completed(operation: Operation, operationId: string): Operation {
  const { parameters, security, ...rest } = operation;
  const readsJson =
    operation.requestBody && 'content' in operation.requestBody && 'application/json' in operation.requestBody.content;
  return {
    ...rest,
    operationId,
    ...(parameters?.length && { parameters }),
    ...(security && { security: [...new Map(security.map((item) => [JSON.stringify(item), item])).values()] }),
    responses: readsJson ? { 400: common('BadRequest'), 413: common('TooLarge'), ...rest.responses } : rest.responses,
  };
}

/** The document of `app`, whose routes live below `basePath`, as a client at `publicApiBase` sees it. */
export async function apiDocument(
  app: Hono<ApiEnv, Schema, string>,
  basePath: string,
  publicApiBase: string,
): Promise<ApiDocument> {
  const generated = await generateSpecs(app, {
    documentation: {
      info: { title: 'HWDS API', version: version(), description: OVERVIEW },
      servers: [{ url: publicApiBase }],
      tags: TAGS,
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: 'The access token of `POST /auth/login`.' },
          metricsToken: { type: 'http', scheme: 'bearer', description: 'The token of the `METRICS_TOKEN` setting.' },
          stripeSignature: {
            type: 'apiKey',
            in: 'header',
            name: 'Stripe-Signature',
            description: 'Stripe’s signature of the raw body with the webhook secret.',
          },
          paypalTransmission: {
            type: 'apiKey',
            in: 'header',
            name: 'PAYPAL-TRANSMISSION-SIG',
            description:
              'PayPal’s signature of the transmission, with `PAYPAL-TRANSMISSION-ID`, `PAYPAL-TRANSMISSION-TIME`, `PAYPAL-CERT-URL` and `PAYPAL-AUTH-ALGO`; verified by PayPal’s verify-webhook-signature API.',
          },
        },
        responses: COMMON_ERRORS,
      },
    },
    exclude: [new RegExp(`^${basePath}/sandbox(/|$)`)],
    defaultValidationErrorResponse: false,
  });
  const paths = Object.entries(generated.paths).map(([fullPath, item]) => {
    const apiPath = fullPath.slice(basePath.length);
    const operations = Object.entries(item).map(([method, operation]) => [
      method,
      completed(operation as Operation, operationId(method, apiPath)),
    ]);
    return [apiPath, Object.fromEntries(operations)];
  });
  return { ...generated, paths: Object.fromEntries(paths) };
}
