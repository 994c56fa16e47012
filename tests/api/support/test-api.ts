/**
 * The API as the tests use it: the real app on a real database (in-memory PGlite, or a fresh
 * database on the PostgreSQL server named by DATABASE_URL), the real outbox mailer writing .eml
 * files, and real image storage in a temporary folder.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import type * as v from 'valibot';
import { afterAll, beforeAll, inject } from 'vitest';
import { siteSchema } from '../../../src/content-schemas/site.ts';
import type { ArticleSchema } from '../../../src/lib/catalogue.ts';
import { createApp } from '../../../src/server/app.ts';
import { type Company, companyOf, readContentFile } from '../../../src/server/content-files.ts';
import type { ApiDependencies } from '../../../src/server/context.ts';
import { catalogueRevisionOf } from '../../../src/server/db/catalogue-revision.ts';
import { type DatabaseHandle, openDatabase } from '../../../src/server/db/database.ts';
import * as schema from '../../../src/server/db/schema.ts';
import { userRoles, users } from '../../../src/server/db/schema.ts';
import { accessTokenKeys } from '../../../src/server/features/accounts/access-tokens.ts';
import { deviceCookies } from '../../../src/server/features/accounts/device-cookies.ts';
import { mailPasswordResets } from '../../../src/server/features/accounts/password-reset.ts';
import type { BookingView } from '../../../src/server/features/bookings/bookings.views.ts';
import type { ArticleView } from '../../../src/server/features/catalogue/catalogue.views.ts';
import { staffCookies } from '../../../src/server/features/editor/staff-cookies.ts';
import { imageStore } from '../../../src/server/features/images/image-store.ts';
import { invoiceFiles } from '../../../src/server/features/invoices/invoices.service.ts';
import { materialStore } from '../../../src/server/features/materials/material-store.ts';
import { paymentConfig as paymentSettings } from '../../../src/server/features/payments/payment-config.ts';
import type { errorBody } from '../../../src/server/http/errors.ts';
import type { FieldError } from '../../../src/server/http/errors.views.ts';
import { createMetrics } from '../../../src/server/http/metrics.ts';
import { DEFAULT_RATE_LIMITS, type RateLimits } from '../../../src/server/http/rate-limit-defaults.ts';
import { setLogLevel } from '../../../src/server/log.ts';
import { createMailer } from '../../../src/server/mail/mailer.ts';
import { startMailSender } from '../../../src/server/mail/queue.ts';
import { loadSettings } from '../../../src/server/settings.ts';
import { openBlobStore } from '../../../src/server/storage/open-blob-store.ts';
import type { ReceivedMail } from '../../support/eml.ts';
import { allMailsIn } from '../../support/outbox.ts';
import type { Send } from '../../support/realistic-shop.ts';
import { startS3Emulator } from '../../support/s3-emulator.ts';
import { databaseUrl, onPostgresServer } from './database-template.ts';

export const SITE_URL = 'http://localhost:4321';

// The suites assert behaviour, not log lines; LOG_LEVEL=info shows the server's log while debugging.
setLogLevel(loadSettings({ LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent' }).logLevel);

export { inDays } from '../../support/realistic-shop.ts';
export const STRONG_PASSWORD = 'Sommer-2026!A';

/** A business customer's billing address, as the payment page asks for it. */
export const BILLING_ADDRESS = {
  name: 'Anna Müller',
  company: 'Müller & Söhne Gebäudereinigung GmbH',
  street: 'Wilhelmstraße 12',
  postalCode: '65183',
  city: 'Wiesbaden',
  country: 'DE',
  vatId: 'DE136695976',
} as const;

/**
 * A database of its own for one test file, migrated and seeded as the server's is at start-up:
 * a copy of the run's template (database-template.ts), in memory or on the PostgreSQL server.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const template = inject('databaseTemplate');
  if (template.kind === 'pglite') {
    const client = new PGlite({ loadDataDir: new Blob([readFileSync(template.dumpFile)]) });
    return { db: drizzle(client, { schema }), kind: 'pglite', client, close: () => client.close() };
  }
  const created = await createPostgresDatabase(process.env.DATABASE_URL as string, template.name);
  const handle = await openDatabase({ kind: 'postgres', url: created.url });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await created.drop();
    },
  };
}

/** A new database on the PostgreSQL server of `serverUrl` (empty, or a copy of `template`): its URL, and how to drop it. */
export async function createPostgresDatabase(
  serverUrl: string,
  template?: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `hwds_test_${randomBytes(6).toString('hex')}`;
  await onPostgresServer(serverUrl, `create database ${name}${template ? ` template ${template}` : ''}`);
  return {
    url: databaseUrl(serverUrl, name),
    drop: () => onPostgresServer(serverUrl, `drop database if exists ${name} with (force)`),
  };
}

/** Where a test API keeps uploads, and a second handle on the same place, as another replica has. */
async function testUploadStorage(kind: 'disk' | 's3') {
  const emulator = kind === 's3' ? await startS3Emulator() : undefined;
  const settings = loadSettings({ UPLOAD_DIR: mkdtempSync(path.join(tmpdir(), 'hwds-uploads-')), ...emulator?.env });
  return {
    store: await openBlobStore(settings),
    elsewhere: await openBlobStore(settings),
    close: async () => emulator?.close(),
  };
}

export interface RequestOptions {
  body?: unknown;
  /** Raw body, sent as is (for malformed JSON and multipart). */
  rawBody?: BodyInit;
  token?: string;
  headers?: Record<string, string>;
  /** The caller's IP address as the server would see it. */
  address?: string;
}

/** A registered, confirmed and logged-in user of the test API. */
export interface TestUser {
  id: number;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  userEmail: string;
  password: string;
  accessToken: string;
  refreshToken: string;
  /** The access token, for `request(..., { token })`. */
  token: string;
}

/** Limits high enough that only tests about rate limits meet them. */
const GENEROUS_LIMITS = Object.fromEntries(
  Object.entries(DEFAULT_RATE_LIMITS).map(([name, limit]) => [name, { ...limit, limit: 10_000 }]),
) as RateLimits;

export interface TestApiOptions {
  rateLimits?: Partial<RateLimits>;
  /** Changes to the agency's data of content/site.yaml (e.g. the small-business VAT rule). */
  company?: Partial<Company>;
  /** Send mail over SMTP instead of writing the outbox. */
  smtpUrl?: string;
  /** Payment keys as the environment would set them (default: none, both providers in the sandbox). */
  paymentEnvironment?: Record<string, string>;
  /** Where uploads go: a temporary folder (the default) or the bucket of a local S3 emulator. */
  storage?: 'disk' | 's3';
  /** Serve the interactive API reference (default: on, as in development). */
  apiDocs?: boolean;
  /** The API's address as the browser calls it (default `/api`, on the site's origin). */
  publicApiBase?: string;
  /** METRICS_TOKEN: the bearer token of `/metrics` (default: none, the route answers 404). */
  metricsToken?: string;
}

export async function createTestApi(options: TestApiOptions = {}) {
  const database = await openTestDatabase();
  const outboxDir = mkdtempSync(path.join(tmpdir(), 'hwds-outbox-'));
  const uploads = await testUploadStorage(options.storage ?? 'disk');
  const secret = randomBytes(32).toString('hex');
  // The real queue and sender, polling often so that tests see their mail at once.
  // Both providers in the sandbox, with its test controls, as the e2e server runs them.
  const paymentConfig = paymentSettings(
    loadSettings({ SANDBOX_TEST_CONTROLS: 'true', ...options.paymentEnvironment }),
    secret,
  );
  const mailer = createMailer({ from: 'HWDS <no-reply@hwds-agentur.de>', outboxDir, smtpUrl: options.smtpUrl });
  const rateLimits = { ...GENEROUS_LIMITS, ...options.rateLimits };
  const invoices = invoiceFiles(database.db, uploads.store);
  const mailSender = startMailSender(database.db, mailer, {
    pollMs: 50,
    producers: [(db) => mailPasswordResets(db, SITE_URL, rateLimits.resetMailsPerAccount)],
    invoiceAttachment: invoices.attachment,
  });
  const deps: ApiDependencies = {
    db: database.db,
    catalogueRevision: await catalogueRevisionOf(database),
    mailSender,
    images: imageStore(uploads.store),
    invoices,
    materials: materialStore(uploads.store, secret, mkdtempSync(path.join(tmpdir(), 'hwds-work-'))),
    tokens: accessTokenKeys(secret),
    deviceCookies: deviceCookies(secret),
    staffCookies: staffCookies(secret),
    siteUrl: SITE_URL,
    publicApiBase: options.publicApiBase ?? '/api',
    rateLimits,
    payments: paymentConfig,
    company: { ...companyOf(readContentFile('site.yaml', siteSchema)), ...options.company },
    apiDocs: options.apiDocs ?? true,
    server: { stopping: false, checkStorage: () => uploads.store.check() },
    metrics: createMetrics({ token: options.metricsToken, processMetrics: false }),
  };
  const { app, providers } = createApp(deps);

  async function request(method: string, url: string, options: RequestOptions = {}): Promise<Response> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.Authorization = `Bearer ${options.token}`;
    let body = options.rawBody;
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['Content-Type'] = 'application/json';
    }
    return app.request(`/api${url}`, { method, headers, body }, { clientAddress: options.address ?? '203.0.113.1' });
  }

  /** The `Send` of the realistic shop (tests/support/realistic-shop.ts): a request below the API base. */
  const send: Send = async (apiPath, init) => app.request(`/api${apiPath}`, init, { clientAddress: '203.0.113.9' });

  /** Mails written to the outbox so far, oldest first. */
  const mails = (): ReceivedMail[] => allMailsIn(outboxDir);

  /** The newest mail to `to` (with that subject); waits briefly, since the queue sends mail after the answer. */
  async function lastMailTo(to: string, subject?: string): Promise<ReceivedMail> {
    for (let attempt = 0; attempt < 100; attempt++) {
      const mail = mails()
        .filter((candidate) => candidate.to.includes(to) && (subject === undefined || candidate.subject === subject))
        .at(-1);
      if (mail) return mail;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`No mail to ${to} in the outbox`);
  }

  const mailCountTo = (to: string) => mails().filter((mail) => mail.to.includes(to)).length;

  let userCount = 0;

  /** Registers a new user through the API; returns the payload used. */
  async function register(overrides: Record<string, unknown> = {}, address?: string) {
    userCount += 1;
    const payload = {
      firstName: 'Anna',
      lastName: 'Müller',
      phoneNumber: '0611123456',
      userEmail: `kunde${userCount}-${randomBytes(3).toString('hex')}@example.de`,
      password: STRONG_PASSWORD,
      ...overrides,
    };
    const response = await request('POST', '/auth/register', { body: payload, address });
    if (response.status !== 201) throw new Error(`register failed: ${response.status} ${await response.text()}`);
    return payload as typeof payload & { userEmail: string; password: string };
  }

  /** The link of a mail, e.g. `/auth/confirm?code=` → the code. */
  function linkParameter(mail: ReceivedMail, name: 'code' | 'token'): string {
    const match = new RegExp(`${SITE_URL.replace(/[.:/]/g, '\\$&')}/[\\w/-]+\\?${name}=([\\w-]+)`).exec(mail.text);
    if (!match?.[1]) throw new Error(`No ${name} link in mail "${mail.subject}"`);
    return match[1];
  }

  async function login(userEmail: string, password: string) {
    const response = await request('POST', '/auth/login', { body: { userEmail, password } });
    if (response.status !== 200) throw new Error(`login failed: ${response.status} ${await response.text()}`);
    return (await response.json()) as { accessToken: string; refreshToken: string };
  }

  /** A registered, confirmed and logged-in user. */
  async function user(
    overrides: Record<string, unknown> = {},
    { billingAddress = true, address }: { billingAddress?: boolean; address?: string } = {},
  ): Promise<TestUser> {
    const payload = await register(overrides, address);
    const code = linkParameter(await lastMailTo(payload.userEmail), 'code');
    const confirmed = await request('GET', `/auth/confirm?code=${code}`);
    if (confirmed.status !== 200) throw new Error(`confirm failed: ${confirmed.status}`);
    const tokens = await login(payload.userEmail, payload.password);
    const [row] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, payload.userEmail));
    // Customers who pay have a billing address (docs/product.md#d37-invoices).
    if (billingAddress) {
      const address = await request('PUT', '/users/me/billing-address', {
        token: tokens.accessToken,
        body: BILLING_ADDRESS,
      });
      if (address.status !== 200) throw new Error(`billing address failed: ${address.status} ${await address.text()}`);
    }
    return { ...payload, ...tokens, token: tokens.accessToken, id: row?.id as number };
  }

  /** A logged-in administrator (promoted the way `npm run create-admin` does). */
  async function admin(): Promise<TestUser> {
    const created = await user({ firstName: 'Ada' });
    await database.db.insert(userRoles).values({ userId: created.id, name: 'ROLE_ADMIN' });
    return created;
  }

  /** An article made through the API by an administrator, for tests that need one to book or show. */
  async function createArticle(adminToken: string, article: v.InferInput<typeof ArticleSchema>): Promise<ArticleView> {
    const response = await request('POST', '/articles', { token: adminToken, body: article });
    if (response.status !== 201) throw new Error(`createArticle failed: ${response.status} ${await response.text()}`);
    return (await response.json()) as ArticleView;
  }

  /**
   * Orders the user's cart the way the product does: starting a (card) payment turns it into a
   * booking awaiting payment. Returns the booking as the user's list shows it.
   */
  async function placeBooking(token: string): Promise<BookingView> {
    const started = await request('POST', '/payment/stripe/checkout-session', { token, body: { earlyStart: true } });
    if (started.status !== 200) throw new Error(`placeBooking failed: ${started.status} ${await started.text()}`);
    const { bookingId } = (await started.json()) as { bookingId: number };
    const list = (await (await request('GET', '/booking/get', { token })).json()) as BookingView[];
    const placed = list.find((booking) => booking.id === bookingId);
    if (!placed) throw new Error(`booking ${bookingId} is not in the user's list`);
    return placed;
  }

  return {
    app,
    /** The payment providers' clients of the app (the reconciliation takes them). */
    providers,
    /** What the app is made of, for tests that call a service directly. */
    deps,
    db: database.db,
    secret,
    /** The names of the stored uploads, as another replica sees them. */
    storedFiles: () => uploads.elsewhere.list(''),
    /** Removes a stored upload behind the API's back. */
    removeStoredFile: (name: string) => uploads.elsewhere.delete([name]),
    request,
    send,
    mails,
    lastMailTo,
    mailCountTo,
    linkParameter,
    register,
    login,
    user,
    admin,
    createArticle,
    placeBooking,
    mailSender,
    paymentConfig,
    close: async () => {
      await mailSender.stop();
      await database.close();
      await uploads.close();
    },
  };
}

export type TestApi = Awaited<ReturnType<typeof createTestApi>>;

/** What files about the catalogue share: one API with an administrator and a customer. */
export interface StaffSetup {
  api: TestApi;
  admin: TestUser;
  customer: TestUser;
}

/** Sets up (beforeAll) and closes (afterAll) a StaffSetup for the calling test file. */
export function setUpApiWithStaff(options: TestApiOptions = {}): StaffSetup {
  const setup = {} as StaffSetup;
  beforeAll(async () => {
    setup.api = await createTestApi(options);
    setup.admin = await setup.api.admin();
    setup.customer = await setup.api.user();
  });
  afterAll(() => setup.api.close());
  return setup;
}

/** The API's error answer (src/server/http/errors.ts). */
export type ErrorBody = ReturnType<typeof errorBody> & { errors?: FieldError[] };

/** Reads a JSON answer with its status, for compact assertions. */
export async function answer<T = Record<string, unknown>>(
  response: Response | Promise<Response>,
): Promise<{ status: number; body: T }> {
  const resolved = await response;
  const text = await resolved.text();
  return { status: resolved.status, body: (text ? JSON.parse(text) : null) as T };
}
