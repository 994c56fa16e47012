/**
 * All runtime settings of the product, read once from environment variables (docs/operations.md#settings).
 * Every value is validated here so that a typo stops the start with one line naming the
 * variable instead of failing later somewhere deep in the server.
 */
import path from 'node:path';
import proxyAddr from 'proxy-addr';
import * as v from 'valibot';
import { LOG_LEVELS, type LogLevel } from './log.ts';
import { projectRoot } from './project-root.ts';

export interface Settings {
  host: string;
  port: number;
  /** Public origin of the site, used for canonical URLs and links in e-mails. No trailing slash. */
  siteUrl: string;
  /** Base of the REST API as the browser sees it: a path ("/api") or an absolute URL. */
  publicApiBase: string;
  dataDir: string;
  /** The editors' content files (`content/` of the project); the build, the seed and the editor read them here. */
  contentDir: string;
  /** The site's published releases (`$DATA_DIR/releases`): each publish builds into a folder of its own there. */
  releasesDir: string;
  /** Unset: the embedded PGlite database in `$DATA_DIR/db`. */
  databaseUrl: string | undefined;
  /** Unset: a secret is generated once and kept in `$DATA_DIR`. */
  jwtSecret: string | undefined;
  /** Unset: mails are written as `.eml` files to `mailOutboxDir`. */
  smtpUrl: string | undefined;
  mailFrom: string;
  mailOutboxDir: string;
  /** Unset: uploads live in `uploadDir` on this machine. */
  s3: S3Settings | undefined;
  uploadDir: string;
  stripeSecretKey: string | undefined;
  stripeWebhookSecret: string | undefined;
  paypalClientId: string | undefined;
  paypalClientSecret: string | undefined;
  /** The id PayPal gave the webhook; its events are verified with it (docs/product.md#d21-paypal). */
  paypalWebhookId: string | undefined;
  paypalApiBase: string;
  /** A public site (SITE_URL not on this machine's loopback) may run without payment keys only when this says so. */
  paymentSandbox: boolean;
  /** The payment sandbox's test controls (webhook timing, failures) are served: for tests only. */
  sandboxTestControls: boolean;
  /**
   * Which proxies in front of the server may name the client in `X-Forwarded-For`: a number of
   * hops, or addresses and CIDR ranges (proxy-addr's keywords `loopback`, `linklocal`,
   * `uniquelocal` included). Unset: none; the client is the connection's peer.
   */
  trustProxy: number | string[];
  logLevel: LogLevel;
  /** The interactive API reference at /api/docs is served (the OpenAPI document always is). */
  apiDocs: boolean;
}

/** An S3-compatible bucket for uploads, shared by every replica. */
export interface S3Settings {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Bucket in the path (`endpoint/bucket/key`) rather than the host name, as MinIO and most emulators need. */
  forcePathStyle: boolean;
}

export type Environment = Readonly<Record<string, string | undefined>>;

export class SettingsError extends Error {
  override name = 'SettingsError';
}

const nonEmpty = v.pipe(v.string(), v.trim(), v.nonEmpty('must not be empty'));

const port = v.pipe(
  v.string(),
  v.regex(/^\d+$/, 'must be a whole number from 1 to 65535'),
  v.transform(Number),
  v.minValue(1, 'must be a whole number from 1 to 65535'),
  v.maxValue(65535, 'must be a whole number from 1 to 65535'),
);

const httpUrl = v.pipe(
  v.string(),
  v.url('must be an absolute http(s) URL'),
  v.check((value) => /^https?:\/\//.test(value), 'must be an absolute http(s) URL'),
  v.transform((value) => value.replace(/\/+$/, '')),
);

const apiBase = v.union(
  [
    v.pipe(
      v.string(),
      v.regex(/^\/[\w\-/]*$/, 'must be a path such as /api or an absolute http(s) URL'),
      v.transform((value) => value.replace(/\/+$/, '') || '/'),
    ),
    httpUrl,
  ],
  'must be a path such as /api or an absolute http(s) URL',
);

const databaseUrl = v.pipe(v.string(), v.regex(/^postgres(ql)?:\/\/.+/, 'must be a postgres:// or postgresql:// URL'));

const smtpUrl = v.pipe(v.string(), v.regex(/^smtps?:\/\/.+/, 'must be an smtp:// or smtps:// URL'));

const flag = v.pipe(
  v.picklist(['true', 'false', '1', '0'], 'must be true or false'),
  v.transform((value) => value === 'true' || value === '1'),
);

// A hop count, or what proxy-addr accepts as a trusted address list (it throws on anything else).
const trustProxy = v.pipe(
  v.string(),
  v.transform((value): number | string[] =>
    /^\d{1,2}$/.test(value) ? Number(value) : value.split(',').map((part) => part.trim()),
  ),
  v.check((trust) => {
    if (typeof trust === 'number') return true;
    try {
      proxyAddr.compile(trust);
      return true;
    } catch {
      return false;
    }
  }, 'must be a number of proxy hops or a comma-separated list of addresses and CIDR ranges'),
);

const logLevel = v.picklist(LOG_LEVELS, `must be one of ${LOG_LEVELS.join(', ')}`);

const jwtSecret = v.pipe(v.string(), v.minLength(32, 'must be at least 32 characters long'));

// S3's naming rules: 3 to 63 lower-case letters, digits, dots and hyphens, a letter or digit at each end.
const bucketName = v.pipe(
  v.string(),
  v.regex(
    /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
    'must be an S3 bucket name (lower-case letters, digits, dots, hyphens)',
  ),
);

const regionName = v.pipe(v.string(), v.regex(/^[a-z0-9-]+$/, 'must be a region name such as eu-central-1'));

const mailAddress = v.pipe(
  v.string(),
  v.regex(
    /^(?:[^<>]+<[^<>\s@]+@[^<>\s@]+>|[^<>\s@]+@[^<>\s@]+)$/,
    'must be an e-mail address, optionally with a name: "HWDS <info@example.de>"',
  ),
);

/** Settings whose value is a secret, or may carry one: an error about them does not repeat the value. */
const SECRET_SETTINGS = new Set([
  'DATABASE_URL',
  'JWT_SECRET',
  'SMTP_URL',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'PAYPAL_CLIENT_SECRET',
]);

/** Reads one variable: undefined or blank counts as unset. */
function read<T>(env: Environment, name: string, schema: v.GenericSchema<string, T>): T | undefined {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return undefined;
  const result = v.safeParse(schema, raw.trim());
  if (!result.success) {
    const reason = result.issues[0]?.message ?? 'is invalid';
    const shown = SECRET_SETTINGS.has(name) ? '' : ` (got "${raw}")`;
    throw new SettingsError(`Setting ${name} ${reason}${shown}.`);
  }
  return result.output;
}

export function loadSettings(env: Environment = process.env): Settings {
  const resolvedPort = read(env, 'PORT', port) ?? 4321;
  const dataDir = path.resolve(read(env, 'DATA_DIR', nonEmpty) ?? 'data');
  const dirIn = (name: string, fallback: string) =>
    path.resolve(read(env, name, nonEmpty) ?? path.join(dataDir, fallback));

  const settings: Settings = {
    host: read(env, 'HOST', nonEmpty) ?? 'localhost',
    port: resolvedPort,
    siteUrl: read(env, 'SITE_URL', httpUrl) ?? `http://localhost:${resolvedPort}`,
    publicApiBase: read(env, 'PUBLIC_API_BASE', apiBase) ?? '/api',
    dataDir,
    contentDir: path.resolve(read(env, 'CONTENT_DIR', nonEmpty) ?? path.join(projectRoot(), 'content')),
    releasesDir: dirIn('RELEASES_DIR', 'releases'),
    databaseUrl: read(env, 'DATABASE_URL', databaseUrl),
    jwtSecret: read(env, 'JWT_SECRET', jwtSecret),
    smtpUrl: read(env, 'SMTP_URL', smtpUrl),
    mailFrom: read(env, 'MAIL_FROM', mailAddress) ?? 'HWDS <no-reply@hwds-agentur.de>',
    mailOutboxDir: dirIn('MAIL_OUTBOX_DIR', 'outbox'),
    uploadDir: dirIn('UPLOAD_DIR', 'uploads'),
    s3: readS3(env),
    stripeSecretKey: read(env, 'STRIPE_SECRET_KEY', nonEmpty),
    stripeWebhookSecret: read(env, 'STRIPE_WEBHOOK_SECRET', nonEmpty),
    paypalClientId: read(env, 'PAYPAL_CLIENT_ID', nonEmpty),
    paypalClientSecret: read(env, 'PAYPAL_CLIENT_SECRET', nonEmpty),
    paypalWebhookId: read(env, 'PAYPAL_WEBHOOK_ID', nonEmpty),
    paypalApiBase: read(env, 'PAYPAL_API_BASE', httpUrl) ?? 'https://api-m.sandbox.paypal.com',
    paymentSandbox: read(env, 'PAYMENT_SANDBOX', flag) ?? false,
    sandboxTestControls: read(env, 'SANDBOX_TEST_CONTROLS', flag) ?? false,
    trustProxy: read(env, 'TRUST_PROXY', trustProxy) ?? 0,
    logLevel: read(env, 'LOG_LEVEL', logLevel) ?? 'info',
    // On for `npm run dev` (Vite sets NODE_ENV=development), off for `npm start` and `start:api`.
    apiDocs: read(env, 'API_DOCS', flag) ?? env.NODE_ENV === 'development',
  };
  const { stripe: stripeKeys, paypal: paypalKeys } = paymentKeys(settings);
  requireTogether(stripeKeys);
  requireTogether(paypalKeys);
  return settings;
}

const S3_SET = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/** The bucket's settings come as a set: all of them (uploads in S3) or none (uploads in UPLOAD_DIR). */
function readS3(env: Environment): S3Settings | undefined {
  const endpoint = read(env, 'S3_ENDPOINT', httpUrl);
  const bucket = read(env, 'S3_BUCKET', bucketName);
  const region = read(env, 'S3_REGION', regionName);
  const accessKeyId = read(env, 'S3_ACCESS_KEY_ID', nonEmpty);
  const secretAccessKey = read(env, 'S3_SECRET_ACCESS_KEY', nonEmpty);
  const forcePathStyle = read(env, 'S3_FORCE_PATH_STYLE', flag);
  if (endpoint && bucket && region && accessKeyId && secretAccessKey) {
    return { endpoint, bucket, region, accessKeyId, secretAccessKey, forcePathStyle: forcePathStyle ?? false };
  }
  const given = [endpoint, bucket, region, accessKeyId, secretAccessKey, forcePathStyle];
  if (given.every((value) => value === undefined)) return undefined;
  const missing = S3_SET.find((name) => !env[name]?.trim());
  throw new SettingsError(
    `Setting ${missing} is missing: set ${S3_SET.join(', ')} together, or none of them to keep uploads in UPLOAD_DIR.`,
  );
}

type Keys = Record<string, string | undefined>;

/** Each provider's live keys by the names of their variables. */
const paymentKeys = (settings: Settings) => ({
  stripe: { STRIPE_SECRET_KEY: settings.stripeSecretKey, STRIPE_WEBHOOK_SECRET: settings.stripeWebhookSecret },
  paypal: {
    PAYPAL_CLIENT_ID: settings.paypalClientId,
    PAYPAL_CLIENT_SECRET: settings.paypalClientSecret,
    PAYPAL_WEBHOOK_ID: settings.paypalWebhookId,
  },
});

const missingOf = (keys: Keys) => Object.keys(keys).filter((name) => keys[name] === undefined);

/** A provider's keys come as a set: all (live) or none (the sandbox). Part of a set is a mistake. */
function requireTogether(keys: Keys) {
  const missing = missingOf(keys);
  if (missing.length === 0 || missing.length === Object.keys(keys).length) return;
  const present = Object.keys(keys).filter((name) => !missing.includes(name));
  throw new SettingsError(
    `Setting ${missing.join(', ')} is missing: set it together with ${present.join(', ')}, or unset them all to use the payment sandbox.`,
  );
}

/**
 * Any address but this machine's loopback (`localhost`, `*.localhost`, 127.0.0.0/8, `[::1]`):
 * others may reach it, over http as well as https, so money must be real (or the sandbox chosen).
 */
function isPublicSite(siteUrl: string): boolean {
  const { hostname } = new URL(siteUrl);
  const loopback =
    hostname === 'localhost' ||
    hostname.endsWith('.localhost') ||
    hostname === '[::1]' ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
  return !loopback;
}

/**
 * Fail-closed (docs/product.md#d19-provider-emulators): on a public site the sandbox would let anyone
 * "pay" with its buttons, so the server refuses to start without every live key, unless
 * PAYMENT_SANDBOX=true says the sandbox is meant. Test controls are never served there. Checked when
 * a server starts, not when the site is built (a build needs no secrets).
 */
export function requireLivePayments(settings: Settings): void {
  if (!isPublicSite(settings.siteUrl)) return;
  if (settings.sandboxTestControls) {
    throw new SettingsError(
      `Setting SANDBOX_TEST_CONTROLS is for tests only and refused on the public site ${settings.siteUrl}.`,
    );
  }
  const { stripe, paypal } = paymentKeys(settings);
  const missing = missingOf({ ...stripe, ...paypal });
  if (missing.length === 0 || settings.paymentSandbox) return;
  throw new SettingsError(
    `SITE_URL ${settings.siteUrl} is a public site, but payments would run in the sandbox: set ${missing.join(', ')}, or PAYMENT_SANDBOX=true if the sandbox (no real money) is meant.`,
  );
}

/** Reads `.env` from the working directory, if there is one; real environment variables win. */
export function loadDotEnv(file = '.env'): void {
  try {
    process.loadEnvFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

/**
 * For command-line entry points: prints the one-line reason and exits instead of a stack trace. A
 * server (`npm start`, `start:api`) also checks that a public site takes real payments.
 */
export function loadSettingsOrExit(env: Environment = process.env, options: { server?: boolean } = {}): Settings {
  try {
    const settings = loadSettings(env);
    if (options.server) requireLivePayments(settings);
    return settings;
  } catch (error) {
    if (error instanceof SettingsError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
