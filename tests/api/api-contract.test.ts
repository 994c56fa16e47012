/**
 * The OpenAPI document cannot promise what the API does not do (docs/product.md#api-reference):
 * for every documented route, real requests bring about its success answer and each documented
 * error, and every answer must be one the document lists for that route, with a body its schema
 * accepts. Objects may not carry fields the document does not name. The checks that follow from
 * the document itself (no token, a customer's token on a staff route, malformed JSON, a body too
 * large, an id that is not one) are generated from it; the rest are written out per route.
 */

import { Ajv2020 } from 'ajv/dist/2020.js';
import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, paymentAttempts, payments, withdrawals } from '../../src/server/db/schema.ts';
import type { ApiDocument } from '../../src/server/features/api-docs/api-document.ts';
import type { ArticleView } from '../../src/server/features/catalogue/catalogue.views.ts';
import type { ImageView } from '../../src/server/features/images/images.views.ts';
import type { MaterialFileView, UploadView } from '../../src/server/features/materials/materials.views.ts';
import type { CheckoutSessionView, PayPalOrderView } from '../../src/server/features/payments/payments.views.ts';
import { DEFAULT_RATE_LIMITS } from '../../src/server/http/rate-limit-defaults.ts';
import { certUrl, signTransmission } from '../../src/server/payment-sandbox/paypal/webhooks.ts';
import { CORRUPT_PNG, rasterFile } from '../support/print-files.ts';
import { addToCart, payCartByCard, uploadMaterial } from '../support/realistic-shop.ts';
import {
  answer,
  BILLING_ADDRESS,
  createTestApi,
  type RequestOptions,
  SITE_URL,
  type TestApi,
  type TestUser,
} from './support/test-api.ts';

type Operation = NonNullable<ApiDocument['paths'][string]['get']>;
type Schema = Record<string, unknown>;

/** One request meant to bring about `status` on the route `key` ("POST /auth/login"). */
interface Check {
  key: string;
  status: number;
  send: () => Promise<Response>;
}

const METRICS_TOKEN = 'messwerte-token-2026';
let api: TestApi;
let document: ApiDocument;
let customer: TestUser;
let admin: TestUser;
const covered = new Set<string>();

beforeAll(async () => {
  // The real limits, so that the documented 429s can be reached from addresses of their own.
  api = await createTestApi({ rateLimits: DEFAULT_RATE_LIMITS, metricsToken: METRICS_TOKEN });
  document = (await answer<ApiDocument>(api.request('GET', '/openapi.json'))).body;
  [customer, admin] = [await api.user(), await api.admin()];
});

afterAll(() => api.close());

const operations = () =>
  Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({
      key: `${method.toUpperCase()} ${path}`,
      method: method.toUpperCase(),
      path,
      operation: operation as Operation,
    })),
  );

// ── What the document says ──────────────────────────────────────────────────────────────────

/** The document's objects closed: an answer may not carry a field the document does not name. */
function closed(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(closed);
  if (schema === null || typeof schema !== 'object') return schema;
  const copy = Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, closed(value)]));
  return 'properties' in copy && !('additionalProperties' in copy) ? { ...copy, additionalProperties: false } : copy;
}

const ERROR_SCHEMA = '#/components/schemas/Error';
const ajv = new Ajv2020({ allErrors: true });
const validators = new Map<string, ReturnType<typeof ajv.compile>>();

/** The validator of a documented JSON body, with the document's named schemas as `$defs`. */
function validatorOf(schema: Schema) {
  const text = JSON.stringify(schema);
  const known = validators.get(text);
  if (known) return known;
  const local = (value: unknown) => JSON.parse(JSON.stringify(value).replaceAll('#/components/schemas/', '#/$defs/'));
  const validate = ajv.compile(closed({ ...local(schema), $defs: local(document.components.schemas ?? {}) }) as Schema);
  validators.set(text, validate);
  return validate;
}

function documentedResponse(operation: Operation, status: number) {
  const response = operation.responses[String(status)];
  if (!response || !('$ref' in response)) return response;
  return document.components.responses?.[response.$ref.split('/').pop() ?? ''] as Exclude<
    typeof response,
    { $ref: string }
  >;
}

async function expectDocumented(key: string, response: Response, status: number): Promise<void> {
  const text = await response.text();
  expect(response.status, `${key}: ${text.slice(0, 300)}`).toBe(status);
  const operation = operations().find((candidate) => candidate.key === key)?.operation;
  expect(operation, `${key} is not in the document`).toBeDefined();
  const documented = documentedResponse(operation as Operation, status);
  expect(documented, `${key} answered ${status}, which the document does not list`).toBeDefined();
  const content = documented?.content;
  if (!content) {
    expect(text, `${key} ${status} has a body the document does not describe`).toBe('');
  } else {
    const type = response.headers.get('Content-Type')?.split(';')[0] ?? '';
    expect(Object.keys(content), `${key} ${status} answered ${type}`).toContain(type);
    if (type === 'application/json') {
      const validate = validatorOf(content[type]?.schema as Schema);
      const body: unknown = JSON.parse(text);
      expect(validate(body) ? [] : validate.errors, `${key} ${status}: the body does not fit the document`).toEqual([]);
      if (JSON.stringify(content[type]).includes(ERROR_SCHEMA)) expect(body).toMatchObject({ statusCode: status });
    }
  }
  covered.add(`${key} ${status}`);
}

async function run(checks: Check[]): Promise<void> {
  for (const check of checks) await expectDocumented(check.key, await check.send(), check.status);
}

// ── Requests ─────────────────────────────────────────────────────────────────────────────────

const request = (key: string, options: RequestOptions = {}) => {
  const [method = '', path = ''] = key.split(' ');
  return api.request(method, path, options);
};

/** Sends until the API answers 429 (at most `attempts` times). */
async function untilLimited(attempts: number, send: () => Promise<Response>): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    const response = await send();
    if (response.status === 429 || attempt === attempts) return response;
    await response.body?.cancel();
  }
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const dates = { entryDate: inDays(10), departureDate: inDays(11) };
const picture = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 18, g: 53, b: 91 } } })
    .png()
    .toBuffer();
function fileForm(data: Uint8Array | string, type: string, field = 'file'): FormData {
  const form = new FormData();
  form.append(field, new Blob([typeof data === 'string' ? data : new Uint8Array(data)], { type }), 'upload');
  return form;
}

const json = async <T>(response: Promise<Response>) => (await answer<T>(response)).body;
/** Where the invoice routes' customers register from. */
const INVOICE_CUSTOMERS = '198.51.100.36';
let sequence = 0;
const unique = (prefix: string) => `${prefix}${Date.now() % 100_000}${++sequence}`;

/** `address`: where the customer registers from (the real limits count registrations per address). */
async function customerWithCart(address?: string): Promise<TestUser> {
  const user = await api.user({}, { address });
  expect((await api.request('POST', '/cart/article/1', { token: user.token, body: dates })).status).toBe(201);
  return user;
}

const sandbox = (path: string, body: unknown = {}) => api.request('POST', `/sandbox${path}`, { body });

/**
 * The payer approves the PayPal order, whose capture then reports 1.00 € instead of its total (its
 * webhook kept back, so that it meets no later check's provoked failure).
 */
async function approveWithWrongAmount(orderId: string): Promise<void> {
  await sandbox(`/paypal/test/orders/${orderId}/webhook`, { mode: 'never' });
  await sandbox(`/paypal/test/orders/${orderId}/capture-amount`, { value: '1.00' });
  await sandbox(`/paypal/v2/checkout/orders/${orderId}/approve`);
}

/** A customer whose booking is paid by card (the hosted page's button, then the success page). */
async function paidBooking(address?: string): Promise<number> {
  const payer = await customerWithCart(address);
  const session = await json<CheckoutSessionView>(
    request('POST /payment/stripe/checkout-session', { token: payer.token, body: { earlyStart: true } }),
  );
  await api.request('POST', `/sandbox/stripe/checkout/${session.sessionId}`, {
    rawBody: new URLSearchParams({ action: 'pay' }),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  });
  await request('POST /payments/confirm-payment', {
    token: payer.token,
    body: { bookingId: session.bookingId, sessionId: session.sessionId },
  });
  return session.bookingId;
}

/** Where the materials routes' customer registers from. */
const MATERIAL_CUSTOMERS = '198.51.100.39';

/** A paid order of one seeded article (by its name) and its item, for the materials routes. */
async function paidOrderOf(owner: TestUser, type: string): Promise<{ id: number; itemId: number }> {
  const articles = await json<ArticleView[]>(api.request('GET', '/articles'));
  await addToCart(
    api.send,
    owner.token,
    articles.filter((candidate) => candidate.type === type),
  );
  const booking = await payCartByCard(api.send, owner.token);
  return { id: booking.id, itemId: booking.items[0]?.id as number };
}

interface MaterialOrders {
  owner: TestUser;
  /** A banner at 100 × 70 cm with a print file. */
  print: { id: number; itemId: number; fileId: number };
  /** A photo print with a file but no format yet. */
  bare: { id: number; itemId: number; fileId: number };
  /** Business cards without a file, marked so: complete. */
  complete: { id: number; itemId: number };
  /** Withdrawn: takes nothing. */
  closed: { id: number; itemId: number };
  /** A banner the upload parts are sent to: a completed upload replaces the position's print file, so not `print`'s. */
  uploads: { id: number; itemId: number };
}

let materialOrders: Promise<MaterialOrders> | undefined;

/** The orders every materials route is checked with, made once. */
function materialOrdersOnce(): Promise<MaterialOrders> {
  materialOrders ??= (async () => {
    const owner = await api.user({}, { address: MATERIAL_CUSTOMERS });
    const png = await rasterFile({ width: 600, height: 420, type: 'png' });
    const withFile = async (type: string, format?: object) => {
      const order = await paidOrderOf(owner, type);
      if (format) {
        await api.request('PUT', `/booking/${order.id}/materials/items/${order.itemId}`, {
          token: owner.token,
          body: { kind: 'print', ...format },
        });
      }
      const target = { bookingId: order.id, itemId: order.itemId, slot: 'print' };
      const file = await json<MaterialFileView>(uploadMaterial(api.send, owner.token, target, 'druck.png', png));
      return { ...order, fileId: file.id };
    };
    const print = await withFile('Banner', { widthCm: 100, heightCm: 70 });
    const bare = await withFile('Fotodruck');
    const complete = await paidOrderOf(owner, 'Visitenkarten');
    await api.request('PUT', `/booking/${complete.id}/materials/items/${complete.itemId}`, {
      token: owner.token,
      body: { kind: 'print', noFile: true, note: 'Gestaltung durch HWDS' },
    });
    const closed = await paidOrderOf(owner, 'Plan- und technischer Zeichnungsdruck');
    await api.db.insert(withdrawals).values({
      name: 'Anna Müller',
      email: owner.userEmail,
      orderNumber: '',
      bookingId: closed.id,
      reason: '',
    });
    const uploads = await paidOrderOf(owner, 'Banner');
    return { owner, print, bare, complete, closed, uploads };
  })();
  return materialOrders;
}

/** Announces a file of `size` bytes to the print slot of `order`. */
const announce = (owner: TestUser, order: { id: number; itemId: number }, size: number) =>
  json<UploadView>(
    api.request('POST', `/booking/${order.id}/materials/uploads`, {
      token: owner.token,
      body: { itemId: order.itemId, slot: 'print', fileName: 'druck.png', size },
    }),
  );

/** Sends a part of an upload. */
const part = (
  owner: TestUser,
  bookingId: number,
  uploadId: string,
  offset: number | undefined,
  data: Uint8Array,
  type = 'application/octet-stream',
) =>
  api.request(
    'PUT',
    `/booking/${bookingId}/materials/uploads/${uploadId}${offset === undefined ? '' : `?offset=${offset}`}`,
    {
      token: owner.token,
      rawBody: new Uint8Array(data),
      headers: { 'Content-Type': type },
    },
  );

/** Starting a payment: started, an empty cart, a client amount that is not the total, the provider failing. */
async function paymentStartChecks(key: string, provider: 'stripe' | 'paypal', started: number): Promise<Check[]> {
  const [payer, empty, failing] = [await customerWithCart(), await api.user(), await customerWithCart()];
  // The carts' appointments begin within the withdrawal period: the customer asks for the early start.
  const start = (user: TestUser, body: object = {}) =>
    request(key, { token: user.token, body: { earlyStart: true, ...body } });
  return [
    { key, status: started, send: () => start(payer) },
    { key, status: 400, send: () => start(empty) },
    { key, status: 409, send: () => start(payer, { amount: 1 }) },
    {
      key,
      status: 502,
      send: async () => {
        await sandbox(`/${provider}/test/fail-next`, { status: 400 });
        return start(failing);
      },
    },
  ];
}

// ── Checks that follow from the document ──────────────────────────────────────────────────

/** `path` with its parameters filled in. */
const fill = (path: string, value = '1') => path.replace(/\{\w+\}/g, value);

/** The generated checks come from an address of their own, so that they use up no one's rate limit. */
const GENERATED_FROM = '198.51.100.20';

function generatedChecks(key: string, path: string, operation: Operation): Check[] {
  const method = key.split(' ')[0] ?? '';
  const security = JSON.stringify(operation.security ?? []);
  const staff = security.includes('ROLE_ADMIN');
  const token = security.includes('bearer') ? (staff ? admin.token : customer.token) : undefined;
  const idParameters = (operation.parameters ?? []).filter(
    (parameter) => 'in' in parameter && parameter.in === 'path' && 'pattern' in (parameter.schema ?? {}),
  );
  const readsJson = Boolean(
    operation.requestBody && 'content' in operation.requestBody && operation.requestBody.content['application/json'],
  );
  const send =
    (options: RequestOptions, target = fill(path)) =>
    () =>
      api.request(method, target, { ...options, address: GENERATED_FROM });
  const jsonHeaders = { 'Content-Type': 'application/json' };
  return [
    ...(token ? [{ key, status: 401, send: send({}) }] : []),
    ...(staff ? [{ key, status: 403, send: send({ token: customer.token }) }] : []),
    ...(idParameters.length > 0 ? [{ key, status: 400, send: send({ token }, fill(path, 'abc')) }] : []),
    ...(readsJson
      ? [
          { key, status: 400, send: send({ token, rawBody: '{"broken":', headers: jsonHeaders }) },
          ...('415' in operation.responses
            ? [{ key, status: 415, send: send({ token, rawBody: '{}', headers: { 'Content-Type': 'text/plain' } }) }]
            : []),
          {
            key,
            status: 413,
            send: send({ token, rawBody: JSON.stringify({ padding: 'x'.repeat(300_000) }), headers: jsonHeaders }),
          },
        ]
      : []),
  ];
}

// ── Checks written out per route ───────────────────────────────────────────────────────────

const written: Record<string, () => Promise<Check[]>> = {
  'GET /health': async () => [{ key: 'GET /health', status: 200, send: () => request('GET /health') }],

  'GET /health/ready': async () => {
    const stopped = await createTestApi();
    await stopped.close(); // its database is gone
    return [
      { key: 'GET /health/ready', status: 200, send: () => request('GET /health/ready') },
      { key: 'GET /health/ready', status: 503, send: () => stopped.request('GET', '/health/ready') },
    ];
  },

  'GET /metrics': async () => [
    {
      key: 'GET /metrics',
      status: 200,
      send: () => request('GET /metrics', { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } }),
    },
    { key: 'GET /metrics', status: 404, send: () => request('GET /metrics', { token: customer.token }) },
  ],

  'POST /auth/register': async () => {
    const key = 'POST /auth/register';
    const payload = { firstName: 'Lena', lastName: 'Berg', phoneNumber: '0611123456', password: 'Sommer-2026!A' };
    const userEmail = `${unique('vertrag')}@example.de`;
    const register = (body: unknown) => request(key, { body, address: '198.51.100.10' });
    return [
      { key, status: 201, send: () => register({ ...payload, userEmail }) },
      { key, status: 400, send: () => register({ ...payload, userEmail: 'keine-adresse' }) },
      { key, status: 409, send: () => register({ ...payload, userEmail }) },
      { key, status: 429, send: () => untilLimited(40, () => request(key, { body: {}, address: '198.51.100.1' })) },
    ];
  },

  'GET /auth/confirm': async () => {
    const registered = await api.register();
    const code = api.linkParameter(await api.lastMailTo(registered.userEmail), 'code');
    return [
      { key: 'GET /auth/confirm', status: 200, send: () => api.request('GET', `/auth/confirm?code=${code}`) },
      { key: 'GET /auth/confirm', status: 400, send: () => api.request('GET', `/auth/confirm?code=${code}`) },
    ];
  },

  'POST /auth/login': async () => {
    const key = 'POST /auth/login';
    const unconfirmed = await api.register();
    const login = (userEmail: string, password: string, address?: string) =>
      request(key, { body: { userEmail, password }, address });
    return [
      { key, status: 200, send: () => login(customer.userEmail, customer.password) },
      { key, status: 400, send: () => request(key, { body: { userEmail: customer.userEmail } }) },
      { key, status: 401, send: () => login(customer.userEmail, 'Falsch-2026!') },
      { key, status: 403, send: () => login(unconfirmed.userEmail, unconfirmed.password) },
      {
        key,
        status: 429,
        send: () => untilLimited(20, () => login('niemand@example.de', 'Falsch-2026!', '198.51.100.2')),
      },
    ];
  },

  'POST /auth/refresh': async () => {
    const { refreshToken } = await api.login(customer.userEmail, customer.password);
    const key = 'POST /auth/refresh';
    return [
      { key, status: 200, send: () => request(key, { body: { refreshToken } }) },
      { key, status: 401, send: () => request(key, { body: { refreshToken } }) }, // rotated away
    ];
  },

  'POST /auth/logout': async () => {
    const { accessToken } = await api.login(customer.userEmail, customer.password);
    return [
      { key: 'POST /auth/logout', status: 204, send: () => request('POST /auth/logout', { token: accessToken }) },
    ];
  },

  'POST /auth/forgot-password': async () => {
    const key = 'POST /auth/forgot-password';
    return [
      { key, status: 200, send: () => request(key, { body: { userEmail: 'unbekannt@example.de' } }) },
      { key, status: 429, send: () => untilLimited(30, () => request(key, { body: {}, address: '198.51.100.3' })) },
    ];
  },

  'POST /auth/reset-password': async () => {
    const key = 'POST /auth/reset-password';
    const forgetful = await api.user();
    await request('POST /auth/forgot-password', { body: { userEmail: forgetful.userEmail } });
    const resetToken = api.linkParameter(
      await api.lastMailTo(forgetful.userEmail, 'Ihr Link zum Zurücksetzen des Passworts'),
      'token',
    );
    return [
      { key, status: 200, send: () => request(key, { body: { resetToken, newPassword: 'Winter-2026!B' } }) },
      { key, status: 400, send: () => request(key, { body: { resetToken, newPassword: 'Winter-2026!B' } }) },
      { key, status: 429, send: () => untilLimited(30, () => request(key, { body: {}, address: '198.51.100.4' })) },
    ];
  },

  'GET /users/me': async () => [
    { key: 'GET /users/me', status: 200, send: () => request('GET /users/me', { token: customer.token }) },
  ],

  'GET /departaments': async () => [
    { key: 'GET /departaments', status: 200, send: () => request('GET /departaments') },
  ],

  'GET /departaments/{id}': async () => [
    { key: 'GET /departaments/{id}', status: 200, send: () => api.request('GET', '/departaments/12') },
    { key: 'GET /departaments/{id}', status: 404, send: () => api.request('GET', '/departaments/999999') },
  ],

  'POST /departaments': async () => {
    const key = 'POST /departaments';
    const body = { number: unique('V'), type: 'Vertragstest', description: 'Für den Vertragstest.' };
    return [
      { key, status: 201, send: () => request(key, { token: admin.token, body }) },
      { key, status: 409, send: () => request(key, { token: admin.token, body }) },
    ];
  },

  'PATCH /departaments/{id}': async () => {
    const key = 'PATCH /departaments/{id}';
    const patch = (id: number, body: unknown) =>
      api.request('PATCH', `/departaments/${id}`, { token: admin.token, body });
    return [
      { key, status: 200, send: () => patch(14, { type: 'Druck' }) },
      { key, status: 404, send: () => patch(999_999, { type: 'Druck' }) },
      { key, status: 409, send: () => patch(14, { number: '13' }) },
    ];
  },

  'DELETE /departaments/{id}': async () => {
    const created = await json<{ id: number }>(
      request('POST /departaments', {
        token: admin.token,
        body: { number: unique('D'), type: 'Weg', description: 'Wird gelöscht.' },
      }),
    );
    const remove = (id: number) => api.request('DELETE', `/departaments/${id}`, { token: admin.token });
    return [
      { key: 'DELETE /departaments/{id}', status: 204, send: () => remove(created.id) },
      { key: 'DELETE /departaments/{id}', status: 404, send: () => remove(created.id) },
    ];
  },

  'GET /articles': async () => [
    { key: 'GET /articles', status: 200, send: () => api.request('GET', '/articles?departamentId=12') },
    { key: 'GET /articles', status: 400, send: () => api.request('GET', '/articles?departamentId=abc') },
  ],

  'POST /articles': async () => {
    const key = 'POST /articles';
    const body = { number: unique('A'), type: 'Vertragsartikel', price: 99.5, departamentId: 13 };
    return [
      { key, status: 201, send: () => request(key, { token: admin.token, body }) },
      { key, status: 404, send: () => request(key, { token: admin.token, body: { ...body, departamentId: 999_999 } }) },
      { key, status: 409, send: () => request(key, { token: admin.token, body }) },
    ];
  },

  'PATCH /articles/{id}': async () => {
    const key = 'PATCH /articles/{id}';
    const article = (number: string) =>
      api.createArticle(admin.token, { number, type: 'Zum Ändern', price: 10, departamentId: 14 });
    const [first, second] = [await article(unique('P')), await article(unique('Q'))];
    const patch = (id: number, body: unknown) => api.request('PATCH', `/articles/${id}`, { token: admin.token, body });
    return [
      { key, status: 200, send: () => patch(first.id, { price: 12.5 }) },
      { key, status: 404, send: () => patch(999_999, { price: 12.5 }) },
      { key, status: 409, send: () => patch(first.id, { number: second.number }) },
    ];
  },

  'DELETE /articles/{id}': async () => {
    const article = await api.createArticle(admin.token, {
      number: unique('W'),
      type: 'Weg',
      price: 1,
      departamentId: 14,
    });
    const remove = () => api.request('DELETE', `/articles/${article.id}`, { token: admin.token });
    return [
      { key: 'DELETE /articles/{id}', status: 204, send: remove },
      { key: 'DELETE /articles/{id}', status: 404, send: remove },
    ];
  },

  ...Object.fromEntries(
    (['departament', 'article'] as const).map((owner) => {
      const key = `POST /images/upload/${owner}/{id}`;
      const upload =
        (rawBody: FormData, id = owner === 'departament' ? 13 : 1) =>
        () =>
          api.request('POST', `/images/upload/${owner}/${id}`, { token: admin.token, rawBody });
      const checks = async (): Promise<Check[]> => {
        const png = await picture();
        return [
          { key, status: 201, send: upload(fileForm(png, 'image/png')) },
          { key, status: 400, send: upload(fileForm(png, 'image/png', 'bild')) },
          { key, status: 404, send: upload(fileForm(png, 'image/png'), 999_999) },
          { key, status: 413, send: upload(fileForm(new Uint8Array(5 * 1024 * 1024 + 1), 'image/png')) },
          { key, status: 415, send: upload(fileForm('kein Bild', 'text/plain')) },
        ];
      };
      return [key, checks];
    }),
  ),

  'GET /images/file/{name}': async () => {
    const image = await json<ImageView>(
      api.request('POST', '/images/upload/departament/14', {
        token: admin.token,
        rawBody: fileForm(await picture(), 'image/png'),
      }),
    );
    const key = 'GET /images/file/{name}';
    return [
      { key, status: 200, send: () => api.request('GET', image.url.replace(/^\/api/, '')) },
      { key, status: 200, send: () => api.request('GET', image.variants[0]?.url.replace(/^\/api/, '') ?? '') },
      { key, status: 404, send: () => api.request('GET', '/images/file/unbekannt.png') },
    ];
  },

  'DELETE /images/{id}': async () => {
    const image = await json<ImageView>(
      api.request('POST', '/images/upload/article/2', {
        token: admin.token,
        rawBody: fileForm(await picture(), 'image/png'),
      }),
    );
    const remove = () => api.request('DELETE', `/images/${image.id}`, { token: admin.token });
    return [
      { key: 'DELETE /images/{id}', status: 204, send: remove },
      { key: 'DELETE /images/{id}', status: 404, send: remove },
    ];
  },

  'GET /cart': async () => {
    const user = await customerWithCart();
    return [{ key: 'GET /cart', status: 200, send: () => request('GET /cart', { token: user.token }) }];
  },

  'GET /cart/total_price': async () => [
    {
      key: 'GET /cart/total_price',
      status: 200,
      send: () => request('GET /cart/total_price', { token: customer.token }),
    },
  ],

  'POST /cart/article/{articleId}': async () => {
    const key = 'POST /cart/article/{articleId}';
    const add = (articleId: number, body: unknown) =>
      api.request('POST', `/cart/article/${articleId}`, { token: customer.token, body });
    return [
      { key, status: 201, send: () => add(2, dates) },
      { key, status: 400, send: () => add(2, dates) }, // the same article with the same dates
      { key, status: 400, send: () => add(2, { entryDate: '2020-01-01', departureDate: '2020-01-02' }) },
      { key, status: 404, send: () => add(999_999, dates) },
    ];
  },

  'DELETE /cart/remove_article/{id}': async () => {
    const user = await customerWithCart();
    const remove = () => api.request('DELETE', '/cart/remove_article/1', { token: user.token });
    return [
      { key: 'DELETE /cart/remove_article/{id}', status: 204, send: remove },
      { key: 'DELETE /cart/remove_article/{id}', status: 404, send: remove },
    ];
  },

  'DELETE /cart/entries/{id}': async () => {
    const user = await api.user();
    const entry = await json<{ id: number }>(
      api.request('POST', '/cart/article/3', { token: user.token, body: dates }),
    );
    const remove = () => api.request('DELETE', `/cart/entries/${entry.id}`, { token: user.token });
    return [
      { key: 'DELETE /cart/entries/{id}', status: 204, send: remove },
      { key: 'DELETE /cart/entries/{id}', status: 404, send: remove },
    ];
  },

  'PATCH /cart/entries/{id}': async () => {
    const key = 'PATCH /cart/entries/{id}';
    const user = await api.user();
    const entry = await json<{ id: number }>(
      api.request('POST', '/cart/article/3', { token: user.token, body: dates }),
    );
    const change = (id: number, quantity: unknown) =>
      api.request('PATCH', `/cart/entries/${id}`, { token: user.token, body: { quantity } });
    return [
      { key, status: 200, send: () => change(entry.id, 2) },
      { key, status: 400, send: () => change(entry.id, 2.5) }, // a website is booked in whole numbers
      { key, status: 404, send: () => change(999_999, 2) },
    ];
  },

  'DELETE /cart/clear': async () => [
    { key: 'DELETE /cart/clear', status: 204, send: () => request('DELETE /cart/clear', { token: customer.token }) },
  ],

  'POST /booking/confirm': async () => {
    const key = 'POST /booking/confirm';
    const user = await customerWithCart();
    return [{ key, status: 200, send: () => request(key, { token: user.token }) }];
  },

  'GET /booking/get': async () => [
    { key: 'GET /booking/get', status: 200, send: () => request('GET /booking/get', { token: customer.token }) },
  ],

  'POST /payment/stripe/checkout-session': async () => {
    const key = 'POST /payment/stripe/checkout-session';
    const foreignReturn = { successUrl: 'https://example.com/danke', earlyStart: true };
    return [
      ...(await paymentStartChecks(key, 'stripe', 200)),
      { key, status: 400, send: () => request(key, { token: customer.token, body: foreignReturn }) },
    ];
  },

  'POST /payment/paypal/orders': () => paymentStartChecks('POST /payment/paypal/orders', 'paypal', 201),

  'POST /payment/paypal/orders/{id}/capture': async () => {
    const key = 'POST /payment/paypal/orders/{id}/capture';
    const order = async (user: TestUser) =>
      json<PayPalOrderView>(request('POST /payment/paypal/orders', { token: user.token, body: { earlyStart: true } }));
    const [payer, mismatched, failing, waiting] = [
      await customerWithCart(),
      await customerWithCart(),
      await customerWithCart(),
      await customerWithCart(),
    ];
    const [paid, wrong, unreachable, pending] = [
      await order(payer),
      await order(mismatched),
      await order(failing),
      await order(waiting),
    ];
    const capture = (user: TestUser, id: string) =>
      api.request('POST', `/payment/paypal/orders/${id}/capture`, { token: user.token });
    return [
      { key, status: 402, send: () => capture(payer, paid.id) }, // not approved yet
      {
        key,
        status: 200, // PayPal holds the payment for review: `processing`
        send: async () => {
          await sandbox(`/paypal/v2/checkout/orders/${pending.id}/approve`, { outcome: 'pending-then-completed' });
          return capture(waiting, pending.id);
        },
      },
      {
        key,
        status: 200,
        send: async () => {
          await sandbox(`/paypal/v2/checkout/orders/${paid.id}/approve`);
          return capture(payer, paid.id);
        },
      },
      { key, status: 404, send: () => capture(customer, paid.id) },
      {
        key,
        status: 409,
        send: async () => {
          await approveWithWrongAmount(wrong.id);
          return capture(mismatched, wrong.id);
        },
      },
      {
        key,
        status: 502,
        send: async () => {
          await sandbox('/paypal/test/fail-next', { status: 400 });
          return capture(failing, unreachable.id);
        },
      },
    ];
  },

  'POST /payment/paypal/webhook': async () => {
    const key = 'POST /payment/paypal/webhook';
    const { sandboxSigningSecret, webhookId } = api.paymentConfig.paypal;
    const event = JSON.stringify({ id: 'WH-CONTRACT', event_type: 'CHECKOUT.ORDER.APPROVED', resource: { id: 'O' } });
    const transmission = (signature?: string) => {
      const [id, time] = ['69cd13f0-d67a-11e5-baa3-778b53f4ae55', new Date().toISOString()];
      return {
        'Content-Type': 'application/json',
        'PAYPAL-AUTH-ALGO': 'SHA256withRSA',
        'PAYPAL-CERT-URL': certUrl(`${SITE_URL}/api/sandbox/paypal`),
        'PAYPAL-TRANSMISSION-ID': id,
        'PAYPAL-TRANSMISSION-TIME': time,
        'PAYPAL-TRANSMISSION-SIG': signature ?? signTransmission(sandboxSigningSecret, id, time, webhookId, event),
      };
    };
    const deliver = (headers: Record<string, string>) => request(key, { rawBody: event, headers });
    return [
      { key, status: 200, send: () => deliver(transmission()) },
      { key, status: 400, send: () => deliver(transmission('Zm9yZ2Vk')) },
      {
        key,
        status: 502,
        send: async () => {
          await sandbox('/paypal/test/fail-next', { status: 500 });
          return deliver(transmission());
        },
      },
    ];
  },

  'POST /payment/stripe/webhook': async () => {
    const key = 'POST /payment/stripe/webhook';
    const payload = JSON.stringify({
      id: 'evt_contract',
      object: 'event',
      type: 'customer.created',
      data: { object: {} },
    });
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: api.paymentConfig.stripe.webhookSecret,
    });
    const deliver = (signed: string, body = payload) =>
      request(key, { rawBody: body, headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signed } });
    // An event naming a session, which the shop reads from Stripe.
    const payer = await customerWithCart();
    const session = await json<CheckoutSessionView>(
      request('POST /payment/stripe/checkout-session', { token: payer.token, body: { earlyStart: true } }),
    );
    const naming = JSON.stringify({
      id: 'evt_contract_session',
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: session.sessionId,
          status: 'complete',
          payment_status: 'paid',
          amount_total: 1,
          currency: 'eur',
          livemode: false,
          payment_intent: null,
        },
      },
    });
    const secret = api.paymentConfig.stripe.webhookSecret;
    return [
      { key, status: 200, send: () => deliver(signature) },
      { key, status: 400, send: () => deliver('t=1,v1=deadbeef') },
      {
        key,
        status: 502,
        send: async () => {
          await sandbox('/stripe/test/fail-next', { status: 503, times: 3 });
          return deliver(Stripe.webhooks.generateTestHeaderString({ payload: naming, secret }), naming);
        },
      },
    ];
  },

  'POST /payments/confirm-payment': async () => {
    const key = 'POST /payments/confirm-payment';
    const confirm = (user: TestUser, body: unknown) => request(key, { token: user.token, body });
    const payer = await customerWithCart();
    const session = await json<CheckoutSessionView>(
      request('POST /payment/stripe/checkout-session', { token: payer.token, body: { earlyStart: true } }),
    );
    const card = { bookingId: session.bookingId, sessionId: session.sessionId };
    // A PayPal order whose capture reports another amount: the payment is refused, not counted.
    const mismatched = await customerWithCart();
    const order = await json<PayPalOrderView>(
      request('POST /payment/paypal/orders', { token: mismatched.token, body: { earlyStart: true } }),
    );
    const wallet = { bookingId: order.bookingId, sessionId: order.id, paymentMethod: 'paypal' };
    return [
      { key, status: 402, send: () => confirm(payer, card) },
      { key, status: 404, send: () => confirm(customer, card) },
      {
        key,
        status: 502,
        send: async () => {
          await sandbox('/stripe/test/fail-next', { status: 400 });
          return confirm(payer, card);
        },
      },
      {
        key,
        status: 200,
        send: async () => {
          await sandbox(`/stripe/test/sessions/${session.sessionId}/webhook`, { mode: 'never' });
          await api.request('POST', `/sandbox/stripe/checkout/${session.sessionId}`, {
            rawBody: new URLSearchParams({ action: 'pay' }),
            headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          });
          return confirm(payer, card);
        },
      },
      {
        key,
        status: 409,
        send: async () => {
          await approveWithWrongAmount(order.id);
          await api.request('POST', `/payment/paypal/orders/${order.id}/capture`, { token: mismatched.token });
          return confirm(mismatched, wallet);
        },
      },
    ];
  },

  'POST /withdrawals': async () => {
    const key = 'POST /withdrawals';
    const body = { name: 'Erika Mustermann', email: 'erika@example.de', orderNumber: 'HWDS-ABCD2345' };
    return [
      { key, status: 201, send: () => request(key, { body }) },
      { key, status: 429, send: () => untilLimited(30, () => request(key, { body, address: '198.51.100.9' })) },
    ];
  },

  'POST /cancellations': async () => {
    const key = 'POST /cancellations';
    const body = { name: 'Erika Mustermann', email: 'erika@example.de', kind: 'ordinary' };
    return [
      { key, status: 201, send: () => request(key, { body }) },
      { key, status: 429, send: () => untilLimited(30, () => request(key, { body, address: '198.51.100.10' })) },
    ];
  },

  'GET /admin/cancellations': async () => [
    {
      key: 'GET /admin/cancellations',
      status: 200,
      send: () => request('GET /admin/cancellations', { token: admin.token }),
    },
  ],

  'GET /admin/withdrawals': async () => [
    {
      key: 'GET /admin/withdrawals',
      status: 200,
      send: () => request('GET /admin/withdrawals', { token: admin.token }),
    },
  ],

  'GET /admin/bookings': async () => [
    {
      key: 'GET /admin/bookings',
      status: 200,
      send: () => api.request('GET', '/admin/bookings?status=pending_payment', { token: admin.token }),
    },
    {
      key: 'GET /admin/bookings',
      status: 400,
      send: () => api.request('GET', '/admin/bookings?page=0', { token: admin.token }),
    },
  ],

  'POST /admin/bookings/{id}/refund': async () => {
    const key = 'POST /admin/bookings/{id}/refund';
    const [paid, unreachable] = [await paidBooking(), await paidBooking()];
    const unpaid = (await api.placeBooking((await customerWithCart()).token)).id;
    const refund = (id: number) => api.request('POST', `/admin/bookings/${id}/refund`, { token: admin.token });
    return [
      { key, status: 200, send: () => refund(paid) },
      { key, status: 404, send: () => refund(999_999) },
      { key, status: 409, send: () => refund(unpaid) },
      {
        key,
        status: 502,
        send: async () => {
          // A PaymentIntent Stripe does not know: Stripe refuses the refund.
          await api.db
            .update(payments)
            .set({ providerPaymentId: unique('pi_unknown') })
            .where(eq(payments.bookingId, unreachable));
          return refund(unreachable);
        },
      },
    ];
  },

  'GET /users/me/billing-address': async () => {
    const key = 'GET /users/me/billing-address';
    const newcomer = await api.user({}, { billingAddress: false, address: INVOICE_CUSTOMERS });
    return [
      { key, status: 200, send: () => request(key, { token: customer.token }) },
      { key, status: 404, send: () => request(key, { token: newcomer.token }) },
    ];
  },

  'PUT /users/me/billing-address': async () => {
    const key = 'PUT /users/me/billing-address';
    const abroad = { ...BILLING_ADDRESS, postalCode: '1060', city: 'Wien', country: 'AT', vatId: '' };
    return [{ key, status: 200, send: () => request(key, { token: customer.token, body: abroad }) }];
  },

  'GET /booking/{id}/invoice': async () => {
    const key = 'GET /booking/{id}/invoice';
    const [paid, unpaid] = [
      await paidBooking(INVOICE_CUSTOMERS),
      (await api.placeBooking((await customerWithCart(INVOICE_CUSTOMERS)).token)).id,
    ];
    const invoice = (id: number, token: string) => api.request('GET', `/booking/${id}/invoice`, { token });
    return [
      { key, status: 200, send: () => invoice(paid, admin.token) },
      { key, status: 404, send: () => invoice(paid, customer.token) },
      { key, status: 404, send: () => invoice(unpaid, admin.token) },
    ];
  },

  'GET /booking/{id}/credit-note': async () => {
    const key = 'GET /booking/{id}/credit-note';
    const [refunded, paid] = [await paidBooking(INVOICE_CUSTOMERS), await paidBooking(INVOICE_CUSTOMERS)];
    await api.request('POST', `/admin/bookings/${refunded}/refund`, { token: admin.token });
    const creditNote = (id: number) => api.request('GET', `/booking/${id}/credit-note`, { token: admin.token });
    return [
      { key, status: 200, send: () => creditNote(refunded) },
      { key, status: 404, send: () => creditNote(paid) },
    ];
  },

  'POST /admin/bookings/{id}/cancel': async () => {
    const key = 'POST /admin/bookings/{id}/cancel';
    const booked = async () => (await api.placeBooking((await customerWithCart()).token)).id;
    const [stale, fresh, unreachable] = [await booked(), await booked(), await booked()];
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    for (const id of [stale, unreachable]) {
      await api.db.update(bookings).set({ createdAt: twoDaysAgo }).where(eq(bookings.id, id));
      await api.db.update(paymentAttempts).set({ createdAt: twoDaysAgo }).where(eq(paymentAttempts.bookingId, id));
    }
    // Their sessions' expiry events stay away, so that nothing else reads Stripe while it is down.
    for (const attempt of await api.db
      .select()
      .from(paymentAttempts)
      .where(inArray(paymentAttempts.bookingId, [stale, unreachable]))) {
      await sandbox(`/stripe/test/sessions/${attempt.providerRef}/webhook`, { mode: 'never' });
    }
    const cancel = (id: number) => api.request('POST', `/admin/bookings/${id}/cancel`, { token: admin.token });
    return [
      { key, status: 204, send: () => cancel(stale) },
      { key, status: 404, send: () => cancel(999_999) },
      { key, status: 409, send: () => cancel(fresh) },
      {
        key,
        status: 502,
        send: async () => {
          // Stripe down for longer than the package's retries: the card session can be neither expired nor read.
          await sandbox('/stripe/test/fail-next', { status: 503, times: 6 });
          return cancel(unreachable);
        },
      },
    ];
  },

  'GET /booking/{id}/materials': async () => {
    const key = 'GET /booking/{id}/materials';
    const { owner, print } = await materialOrdersOnce();
    return [
      { key, status: 200, send: () => api.request('GET', `/booking/${print.id}/materials`, { token: owner.token }) },
      { key, status: 404, send: () => api.request('GET', `/booking/${print.id}/materials`, { token: customer.token }) },
    ];
  },

  'PUT /booking/{id}/materials/items/{itemId}': async () => {
    const key = 'PUT /booking/{id}/materials/items/{itemId}';
    const { owner, print, closed } = await materialOrdersOnce();
    const save = (order: { id: number; itemId: number }, token = owner.token) =>
      api.request('PUT', `/booking/${order.id}/materials/items/${order.itemId}`, {
        token,
        body: { kind: 'print', widthCm: 100, heightCm: 70 },
      });
    return [
      { key, status: 200, send: () => save(print) },
      { key, status: 404, send: () => save(print, customer.token) },
      { key, status: 409, send: () => save(closed) },
    ];
  },

  'POST /booking/{id}/materials/uploads': async () => {
    const key = 'POST /booking/{id}/materials/uploads';
    const { owner, print, closed } = await materialOrdersOnce();
    const start = (order: { id: number; itemId: number }, size: number, token = owner.token) =>
      api.request('POST', `/booking/${order.id}/materials/uploads`, {
        token,
        body: { itemId: order.itemId, slot: 'print', fileName: 'druck.pdf', size },
      });
    return [
      { key, status: 201, send: () => start(print, 1000) },
      { key, status: 404, send: () => start(print, 1000, customer.token) },
      { key, status: 409, send: () => start(closed, 1000) },
      { key, status: 413, send: () => start(print, 201 * 1024 * 1024) },
    ];
  },

  'GET /booking/{id}/materials/uploads/{uploadId}': async () => {
    const key = 'GET /booking/{id}/materials/uploads/{uploadId}';
    const { owner, print } = await materialOrdersOnce();
    const upload = await announce(owner, print, 1000);
    const status = (uploadId: string) =>
      api.request('GET', `/booking/${print.id}/materials/uploads/${uploadId}`, { token: owner.token });
    return [
      { key, status: 200, send: () => status(upload.id) },
      { key, status: 404, send: () => status('0'.repeat(32)) },
    ];
  },

  'PUT /booking/{id}/materials/uploads/{uploadId}': async () => {
    const key = 'PUT /booking/{id}/materials/uploads/{uploadId}';
    const { owner, uploads } = await materialOrdersOnce();
    const png = await rasterFile({ width: 300, height: 210, type: 'png' });
    const svgFile = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/> ');
    const [whole, inParts, corrupt, svg] = [
      await announce(owner, uploads, png.byteLength),
      await announce(owner, uploads, png.byteLength),
      await announce(owner, uploads, CORRUPT_PNG.byteLength),
      await announce(owner, uploads, svgFile.byteLength),
    ];
    const send = (uploadId: string, offset: number | undefined, data: Uint8Array, type?: string) =>
      part(owner, uploads.id, uploadId, offset, data, type);
    return [
      { key, status: 200, send: () => send(inParts.id, 0, png.subarray(0, 100)) },
      { key, status: 201, send: () => send(whole.id, 0, png) },
      { key, status: 400, send: () => send(inParts.id, undefined, png.subarray(100)) },
      { key, status: 404, send: () => send('f'.repeat(32), 0, png) },
      { key, status: 409, send: () => send(inParts.id, 0, png.subarray(0, 100)) },
      { key, status: 413, send: () => send(inParts.id, 100, new Uint8Array(png.byteLength)) },
      { key, status: 415, send: () => send(inParts.id, 100, png.subarray(100), 'image/png') },
      {
        key,
        status: 415,
        send: () => send(svg.id, 0, svgFile),
      },
      { key, status: 422, send: () => send(corrupt.id, 0, CORRUPT_PNG) },
    ];
  },

  'POST /booking/{id}/materials/files/{fileId}/accept': async () => {
    const key = 'POST /booking/{id}/materials/files/{fileId}/accept';
    const { owner, print, bare } = await materialOrdersOnce();
    const accept = (order: { id: number; fileId: number }, token = owner.token) =>
      api.request('POST', `/booking/${order.id}/materials/files/${order.fileId}/accept`, { token });
    return [
      { key, status: 200, send: () => accept(print) },
      { key, status: 404, send: () => accept(print, customer.token) },
      { key, status: 409, send: () => accept(bare) },
    ];
  },

  'DELETE /booking/{id}/materials/files/{fileId}': async () => {
    const key = 'DELETE /booking/{id}/materials/files/{fileId}';
    const { owner, bare } = await materialOrdersOnce();
    const closedFile = await materialOrdersOnce().then(async ({ closed }) => {
      // Uploaded before the withdrawal: the file stays, but can no longer be deleted.
      await api.db.delete(withdrawals).where(eq(withdrawals.bookingId, closed.id));
      const target = { bookingId: closed.id, itemId: closed.itemId, slot: 'print' };
      const png = await rasterFile({ width: 200, height: 140, type: 'png' });
      const file = await json<MaterialFileView>(uploadMaterial(api.send, owner.token, target, 'plan.png', png));
      await api.db.insert(withdrawals).values({
        name: 'Anna Müller',
        email: owner.userEmail,
        orderNumber: '',
        bookingId: closed.id,
        reason: '',
      });
      return { id: closed.id, fileId: file.id };
    });
    const remove = (order: { id: number; fileId: number }) =>
      api.request('DELETE', `/booking/${order.id}/materials/files/${order.fileId}`, { token: owner.token });
    return [
      { key, status: 204, send: () => remove(bare) },
      { key, status: 404, send: () => remove(bare) },
      { key, status: 409, send: () => remove(closedFile) },
    ];
  },

  'POST /booking/{id}/materials/links': async () => {
    const key = 'POST /booking/{id}/materials/links';
    const { owner, print } = await materialOrdersOnce();
    const link = (body: object) =>
      api.request('POST', `/booking/${print.id}/materials/links`, { token: owner.token, body });
    return [
      { key, status: 200, send: () => link({ fileId: print.fileId }) },
      { key, status: 404, send: () => link({ fileId: 999_999 }) },
    ];
  },

  'GET /booking/{id}/materials/files/{fileId}': async () => {
    const key = 'GET /booking/{id}/materials/files/{fileId}';
    const { owner, print } = await materialOrdersOnce();
    const link = await json<{ url: string }>(
      api.request('POST', `/booking/${print.id}/materials/links`, {
        token: owner.token,
        body: { fileId: print.fileId },
      }),
    );
    return [
      { key, status: 200, send: async () => api.app.request(link.url) },
      {
        key,
        status: 404,
        send: () =>
          api.request('GET', `/booking/${print.id}/materials/files/${print.fileId}`, { token: customer.token }),
      },
    ];
  },

  'GET /booking/{id}/materials/archive': async () => {
    const key = 'GET /booking/{id}/materials/archive';
    const { owner, print } = await materialOrdersOnce();
    return [
      {
        key,
        status: 200,
        send: () => api.request('GET', `/booking/${print.id}/materials/archive`, { token: admin.token }),
      },
      {
        key,
        status: 404,
        send: () => api.request('GET', `/booking/${print.id}/materials/archive?link=${owner.id}.1.x`),
      },
    ];
  },

  'POST /booking/{id}/materials/hand-over': async () => {
    const key = 'POST /booking/{id}/materials/hand-over';
    const { owner, bare, complete } = await materialOrdersOnce();
    const hand = (order: { id: number }, token = owner.token) =>
      api.request('POST', `/booking/${order.id}/materials/hand-over`, { token });
    return [
      { key, status: 200, send: () => hand(complete) },
      { key, status: 404, send: () => hand(complete, customer.token) },
      { key, status: 409, send: () => hand(complete) },
      { key, status: 409, send: () => hand(bare) },
    ];
  },

  'POST /admin/bookings/{id}/progress': async () => {
    const key = 'POST /admin/bookings/{id}/progress';
    const { print, closed } = await materialOrdersOnce();
    const move = (id: number) =>
      api.request('POST', `/admin/bookings/${id}/progress`, { token: admin.token, body: { step: 'in_progress' } });
    return [
      { key, status: 200, send: () => move(print.id) },
      { key, status: 404, send: () => move(999_999) },
      { key, status: 409, send: () => move(closed.id) },
    ];
  },
};

describe('every documented answer is a real answer of the API', () => {
  it('has checks for exactly the documented routes', () => {
    expect(Object.keys(written).sort()).toEqual(
      operations()
        .map(({ key }) => key)
        .sort(),
    );
  });

  it.each(Object.keys(written))('%s', async (key) => {
    const { path, operation } = operations().find((candidate) => candidate.key === key) ?? {};
    expect(operation, `${key} is not in the document`).toBeDefined();
    await run([
      ...(await (written[key] as () => Promise<Check[]>)()),
      ...generatedChecks(key, path ?? '', operation as Operation),
    ]);
  });

  it('left no documented answer unchecked', () => {
    const documented = operations().flatMap(({ key, operation }) =>
      Object.keys(operation.responses).map((status) => `${key} ${status}`),
    );
    expect([...covered].sort()).toEqual(documented.sort());
  });
});
