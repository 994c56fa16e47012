/**
 * The malformed-input sweep (docs/product.md#h9-hardening): every route of the app, as the app
 * itself lists them, called with broken JSON, wrong types, NUL, lone surrogates, huge numbers,
 * 60 KB strings, deep nesting, wrong content types, bad ids and odd methods. Whatever is sent,
 * the answer is never a 5xx, our routes answer with the JSON error shape, and no stored row changes.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer, createTestApi, type TestApi, type TestUser } from './support/test-api.ts';

let api: TestApi;
let admin: TestUser;

/** Field names the API's bodies use, so that wrong values meet the real rules. */
const FIELDS = [
  'number',
  'type',
  'description',
  'price',
  'departamentId',
  'firstName',
  'lastName',
  'phoneNumber',
  'userEmail',
  'password',
  'refreshToken',
  'resetToken',
  'newPassword',
  'entryDate',
  'departureDate',
  'amount',
  'successUrl',
  'cancelUrl',
  'bookingId',
  'sessionId',
  'paymentMethod',
  'paidAmount',
];

const everyField = (value: unknown) => Object.fromEntries(FIELDS.map((field) => [field, value]));
const nested = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

interface Variant {
  name: string;
  body?: string;
  contentType?: string;
}

const JSON_TYPE = 'application/json';

const BODY_VARIANTS: Variant[] = [
  { name: 'broken JSON', body: '{"userEmail": "a@b.de", ', contentType: JSON_TYPE },
  { name: 'JSON array', body: '[1, 2, 3]', contentType: JSON_TYPE },
  { name: 'JSON string', body: '"text"', contentType: JSON_TYPE },
  { name: 'wrong types', body: JSON.stringify(everyField({ a: [1] })), contentType: JSON_TYPE },
  { name: 'booleans', body: JSON.stringify(everyField(true)), contentType: JSON_TYPE },
  { name: 'NUL', body: JSON.stringify(everyField('a\u0000b@example.de')), contentType: JSON_TYPE },
  { name: 'lone surrogate', body: JSON.stringify(everyField('a\ud800b')), contentType: JSON_TYPE },
  { name: 'huge number', body: JSON.stringify(everyField(1e308)), contentType: JSON_TYPE },
  { name: 'negative huge number', body: JSON.stringify(everyField(-1e308)), contentType: JSON_TYPE },
  { name: 'unsafe integer', body: JSON.stringify(everyField(2 ** 53 + 2)), contentType: JSON_TYPE },
  { name: '60 KB strings', body: JSON.stringify({ userEmail: 'x'.repeat(60_000) }), contentType: JSON_TYPE },
  { name: 'deep nesting', body: nested(5_000), contentType: JSON_TYPE },
  { name: 'JSON as text/plain', body: JSON.stringify(everyField('x')), contentType: 'text/plain' },
  { name: 'form', body: 'userEmail=a%40b.de&password=x', contentType: 'application/x-www-form-urlencoded' },
  {
    name: 'multipart without file',
    body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n',
    contentType: 'multipart/form-data; boundary=x',
  },
  { name: 'binary', body: '\u0000\u0001\u0002\u00ff', contentType: 'application/octet-stream' },
];

/** Ids that cannot name a row: out of range, not numbers, NUL, traversal. */
const BAD_IDS = ['0', '-1', '1e308', '99999999999', '2147483648', 'abc', '%00', '..%2F..%2Fetc', 'x'.repeat(300)];

/** Query strings of the routes that read one, broken. */
const BAD_QUERIES = [
  '?departamentId=abc',
  '?departamentId=1e308',
  '?code=%00',
  '?q=%00',
  '?status=unbekannt',
  '?page=1e308',
  '?page=-1',
];

/** State that may change on refused requests too: attempt counters, and the sessions the sweep logs out. */
const BOOKKEEPING = new Set(['rate_limit_hits', 'sessions', 'retired_refresh_tokens', '__drizzle_migrations']);

/** A checksum of every table's rows, bookkeeping aside. */
async function digest(): Promise<Map<string, string>> {
  const tables = await api.db
    .select({ name: sql<string>`table_name` })
    .from(sql`information_schema.tables`)
    .where(sql`table_schema = 'public' and table_type = 'BASE TABLE'`);
  const sums = new Map<string, string>();
  for (const { name } of tables) {
    if (BOOKKEEPING.has(name)) continue;
    const [row] = await api.db
      .select({ sum: sql<string>`md5(coalesce(string_agg(t::text, '|' order by t::text), ''))` })
      .from(sql`${sql.identifier(name)} t`);
    sums.set(name, row?.sum ?? '');
  }
  return sums;
}

interface Outcome {
  request: string;
  status: number;
}

beforeAll(async () => {
  api = await createTestApi();
  admin = await api.admin();
});

afterAll(() => api.close());

describe('malformed input', () => {
  it('never gets a 5xx, always the JSON error shape, and changes no stored row', async () => {
    const routes = [
      ...new Map(
        api.app.routes
          .filter((route) => route.method !== 'ALL' && !route.path.includes('/test/'))
          .map((route) => [`${route.method} ${route.path}`, route]),
      ).values(),
    ];
    const outcomes: Outcome[] = [];
    const problems: string[] = [];

    for (const route of routes) {
      const path = route.path.replace(/^\/api/, '');
      const ownRoute = !path.startsWith('/sandbox/');
      const before = await digest();
      // A route that reads no body acts on any request: logging out would end the admin's session.
      const token =
        path === '/auth/logout' ? (await api.login(admin.userEmail, admin.password)).accessToken : admin.token;

      const requests: { method: string; url: string; variant: Variant }[] = [];
      const withIds = (id: string) => path.replace(/:\w+/g, id);
      for (const id of path.includes(':') ? BAD_IDS : []) {
        requests.push({ method: route.method, url: withIds(id), variant: { name: `id ${id.slice(0, 20)}` } });
      }
      // The seeded category 1 and its first article exist: bodies meet the real rules behind the id.
      // A DELETE reads no body, so there the id names nothing: the request itself would be valid.
      const existing = withIds(route.method === 'DELETE' ? '999999' : '1');
      for (const variant of route.method === 'GET' ? [] : BODY_VARIANTS) {
        requests.push({ method: route.method, url: existing, variant });
      }
      if (route.method === 'GET') {
        for (const query of BAD_QUERIES)
          requests.push({ method: 'GET', url: `${existing}${query}`, variant: { name: query } });
      }
      for (const method of ['PUT', 'PROPFIND']) requests.push({ method, url: existing, variant: { name: method } });

      for (const { method, url, variant } of requests) {
        const headers = variant.contentType ? { 'Content-Type': variant.contentType } : undefined;
        const response = await api.request(method, url, { rawBody: variant.body, headers, token });
        const label = `${method} ${url.slice(0, 60)} (${variant.name})`;
        outcomes.push({ request: label, status: response.status });
        if (response.status >= 500) problems.push(`${label}: ${response.status} ${await response.text()}`);
        else if (ownRoute && response.status >= 400) {
          const { body } = await answer<{ message?: unknown; statusCode?: unknown }>(response);
          if (typeof body.message !== 'string' || body.statusCode !== response.status) {
            problems.push(`${label}: ${response.status} without the error shape`);
          }
        } else await response.body?.cancel();
      }

      const after = await digest();
      for (const [table, sum] of after) {
        if (before.get(table) !== sum) problems.push(`${route.method} ${path}: changed rows of ${table}`);
      }
    }

    expect(problems).toEqual([]);
    expect(outcomes.length).toBeGreaterThanOrEqual(300);
    const statuses = new Set(outcomes.map((outcome) => outcome.status));
    expect([...statuses].every((status) => status < 500)).toBe(true);
  });
});
