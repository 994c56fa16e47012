/**
 * The API of this server process, built from the settings: database, mail, image storage and
 * token keys. One per process (the embedded database admits one opener), kept across module
 * reloads of the dev server, stopped gracefully on SIGINT/SIGTERM (docs/product.md#operations).
 */
import path from 'node:path';
import { siteSchema } from '../content-schemas/site.ts';
import { type ApiApp, createApp } from './app.ts';
import { serveBackupRequests } from './backup/backup-socket.ts';
import { createBackup } from './backup/backups.ts';
import { companyOf, readContentFile } from './content-files.ts';
import type { ApiDependencies } from './context.ts';
import { makePrivate, protectDataDir } from './data-dir.ts';
import { catalogueRevisionOf } from './db/catalogue-revision.ts';
import { type DatabaseLocation, openDatabase } from './db/database.ts';
import { seedCatalogue } from './db/seed.ts';
import { accessTokenKeys } from './features/accounts/access-tokens.ts';
import { deviceCookies } from './features/accounts/device-cookies.ts';
import { mailPasswordResets } from './features/accounts/password-reset.ts';
import { jwtSecret } from './features/accounts/secrets.ts';
import { staffCookies } from './features/editor/staff-cookies.ts';
import { imageStore } from './features/images/image-store.ts';
import { seedCataloguePhotos } from './features/images/seed-photos.ts';
import { invoiceFiles } from './features/invoices/invoices.service.ts';
import { startRenewalReminders } from './features/maintenance/renewal-reminders.ts';
import { materialStore } from './features/materials/material-store.ts';
import { startMaterialsSchedule } from './features/materials/schedule.ts';
import { describePayments, paymentConfig } from './features/payments/payment-config.ts';
import { startReconciliation } from './features/payments/reconciliation.ts';
import type { HttpServer } from './http/http-server.ts';
import { createMetrics } from './http/metrics.ts';
import { DEFAULT_RATE_LIMITS } from './http/rate-limit-defaults.ts';
import { log } from './log.ts';
import { createMailer } from './mail/mailer.ts';
import { releaseMailClaims, startMailSender } from './mail/queue.ts';
import { loadSettings, requireLivePayments, type Settings } from './settings.ts';
import { pausableWrites } from './storage/blob-store.ts';
import { openBlobStore } from './storage/open-blob-store.ts';

export interface ApiRuntime {
  app: ApiApp;
  /** What the app is built from; the pages read through it (page-data.ts). */
  deps: ApiDependencies;
  close(): Promise<void>;
}

export function databaseLocation(settings: Settings): DatabaseLocation {
  return settings.databaseUrl
    ? { kind: 'postgres', url: settings.databaseUrl }
    : { kind: 'pglite', dir: path.join(settings.dataDir, 'db') };
}

export async function startApi(settings: Settings): Promise<ApiRuntime> {
  requireLivePayments(settings);
  protectDataDir(settings.dataDir);
  const blobs = pausableWrites(await openBlobStore(settings));
  const location = databaseLocation(settings);
  const database = await openDatabase(location);
  const closeDatabaseFiles = () => location.kind === 'pglite' && makePrivate(location.dir);
  closeDatabaseFiles();
  const seededNow = await seedCatalogue(database.db);
  const mailer = createMailer({
    from: settings.mailFrom,
    smtpUrl: settings.smtpUrl,
    outboxDir: settings.mailOutboxDir,
  });
  if (database.kind === 'pglite') await releaseMailClaims(database.db);
  const invoices = invoiceFiles(database.db, blobs);
  const mailSender = startMailSender(database.db, mailer, {
    producers: [(db) => mailPasswordResets(db, settings.siteUrl, DEFAULT_RATE_LIMITS.resetMailsPerAccount)],
    invoiceAttachment: invoices.attachment,
  });
  const secret = jwtSecret(settings.jwtSecret, settings.dataDir);
  const payments = paymentConfig(settings, secret);
  log.info(describePayments(payments));
  const deps: ApiDependencies = {
    db: database.db,
    catalogueRevision: await catalogueRevisionOf(database),
    mailSender,
    images: imageStore(blobs),
    invoices,
    materials: materialStore(blobs, secret, path.join(settings.dataDir, 'work')),
    tokens: accessTokenKeys(secret),
    deviceCookies: deviceCookies(secret),
    staffCookies: staffCookies(secret),
    siteUrl: settings.siteUrl,
    publicApiBase: settings.publicApiBase,
    rateLimits: DEFAULT_RATE_LIMITS,
    payments,
    company: companyOf(readContentFile('site.yaml', siteSchema)),
    apiDocs: settings.apiDocs,
    server: { stopping: false, checkStorage: () => blobs.check() },
    metrics: createMetrics({ token: settings.metricsToken, processMetrics: true }),
  };
  if (seededNow) await seedCataloguePhotos(deps);
  // The embedded database admits this process only: `npm run backup` asks it for backups.
  const stopBackups =
    database.kind === 'pglite'
      ? await serveBackupRequests(settings.dataDir, () =>
          createBackup({ client: database.client, blobs, dataDir: settings.dataDir }),
        )
      : undefined;
  warnAboutLocalState(settings);
  const { app, providers } = createApp(deps);
  const stopReconciliation = startReconciliation(deps, providers, settings.reconcileAfterMs);
  const stopRenewalReminders = startRenewalReminders(deps);
  const stopMaterialsSchedule = startMaterialsSchedule(deps);
  return {
    app,
    deps,
    close: async () => {
      await stopReconciliation();
      await stopRenewalReminders();
      await stopMaterialsSchedule();
      await stopBackups?.();
      await mailSender.stop();
      await database.close();
      closeDatabaseFiles();
    },
  };
}

/** Replicas on PostgreSQL behave as one site only if nothing that matters stays on one machine. */
function warnAboutLocalState(settings: Settings): void {
  if (!settings.databaseUrl) return;
  const local = [
    settings.jwtSecret ? undefined : 'the token secret (JWT_SECRET unset)',
    settings.s3 ? undefined : 'uploads (S3_* unset)',
  ].filter((item) => item !== undefined);
  if (local.length === 0) return;
  log.warn(
    `Kept on this machine: ${local.join(', ')}. Replicas must share them (docs/operations.md, "Running several replicas").`,
  );
}

const PROCESS_API = Symbol.for('hwds.processApi');
type WithApi = typeof globalThis & { [PROCESS_API]?: Promise<ApiRuntime> };

/**
 * How long answers begun before a stop may take to finish; then they are cut. Below the 10 s
 * after which Docker (and, after 30 s, Kubernetes) kill a process that was asked to stop.
 */
export const ANSWERS_LIMIT_MS = 8_000;
/** How long the background work (mail, reconciliation) and the database may take to stop after that. */
const BACKGROUND_LIMIT_MS = 5_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The graceful stop (docs/product.md#operations): readiness says 503 at once and every answer
 * closes its connection; after SHUTDOWN_DELAY_SECONDS, for the load balancer to notice, the socket
 * stops accepting, answers begun finish (at most ANSWERS_LIMIT_MS), the mail queue and the
 * reconciliation finish their current step, the database is closed, and the process exits with 0.
 */
async function stopGracefully(runtime: ApiRuntime, settings: Settings | undefined, http?: HttpServer) {
  const started = Date.now();
  log.info({ delayMs: settings?.shutdownDelayMs ?? 0 }, 'stopping: not ready any more');
  runtime.deps.server.stopping = true;
  http?.drain();
  await sleep(settings?.shutdownDelayMs ?? 0);
  const cut = (await http?.close(ANSWERS_LIMIT_MS)) ?? 0;
  if (cut > 0) log.warn({ cut }, `stopping: ${cut} answers cut after ${ANSWERS_LIMIT_MS} ms`);
  const forced = setTimeout(() => {
    log.error(`stopping: the background work did not end within ${BACKGROUND_LIMIT_MS} ms`);
    process.exit(1);
  }, BACKGROUND_LIMIT_MS);
  await runtime.close();
  clearTimeout(forced);
  log.info({ durationMs: Date.now() - started }, 'stopped');
  process.exit(0);
}

/**
 * The process's API, started on first use (with the server's settings, or read from the
 * environment), stopped gracefully on SIGTERM or SIGINT together with `http`, the socket it is
 * served on. Without its database the server cannot start: it exits.
 */
export function processApi(settings?: Settings, http?: HttpServer): Promise<ApiRuntime> {
  const holder = globalThis as WithApi;
  holder[PROCESS_API] ??= startApi(settings ?? loadSettings()).then(
    (runtime) => {
      const stop = () => void stopGracefully(runtime, settings, http);
      // Once: a second signal ends the process at once, as a second Ctrl-C should.
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
      return runtime;
    },
    (error: unknown) => {
      // A start that fails is read by a person at a terminal: one plain line.
      console.error(`The API could not start: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
  return holder[PROCESS_API];
}
