/**
 * The server's metrics for an operator (docs/product.md#operations), in Prometheus' text format at
 * `/api/metrics`: requests by route pattern and status with their latency, the mail queue, the
 * payment attempts still open, the reconciliation, the served release, and Node's own (memory,
 * CPU, event loop delay). Each replica counts its own requests; what is read from the database
 * at a scrape is the same on every replica.
 */
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

export interface Metrics {
  registry: Registry;
  /** The bearer token that reads them (METRICS_TOKEN); without one they are not served. */
  token: string | undefined;
  /** One answered request: `route` is the API's route pattern, or what else answered (`static`, `page`, …). */
  observeRequest(method: string, route: string, status: number, seconds: number): void;
  reconciliationRuns: Counter;
  reconciliationFailures: Counter;
  /** Set at each scrape from the database and the served release (metrics.routes.ts). */
  databaseUp: Gauge;
  mailQueued: Gauge;
  mailOldestSeconds: Gauge;
  paymentAttempts: Gauge<'status'>;
  release: Gauge<'release'>;
}

/** Latency buckets in seconds: a static file takes a millisecond, a payment start with its provider a second. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The metrics of one API; `processMetrics` adds Node's own (once per process: the server's, not each test's). */
export function createMetrics(options: { token: string | undefined; processMetrics: boolean }): Metrics {
  const registry = new Registry();
  if (options.processMetrics) collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const requests = new Counter({
    name: 'hwds_http_requests_total',
    help: 'Answered HTTP requests by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'],
    registers,
  });
  const latency = new Histogram({
    name: 'hwds_http_request_duration_seconds',
    help: 'Time from a request to the end of its answer, by method and route pattern.',
    labelNames: ['method', 'route'],
    buckets: LATENCY_BUCKETS,
    registers,
  });
  return {
    registry,
    token: options.token,
    observeRequest(method, route, status, seconds) {
      requests.inc({ method, route, status });
      latency.observe({ method, route }, seconds);
    },
    reconciliationRuns: new Counter({
      name: 'hwds_reconciliation_runs_total',
      help: 'Runs of the payment reconciliation started by this process.',
      registers,
    }),
    reconciliationFailures: new Counter({
      name: 'hwds_reconciliation_failures_total',
      help: 'Runs of the payment reconciliation that failed (e.g. the database away).',
      registers,
    }),
    databaseUp: new Gauge({
      name: 'hwds_database_up',
      help: 'Whether the database answered at the scrape (1) or not (0); the gauges read from it are left out then.',
      registers,
    }),
    mailQueued: new Gauge({ name: 'hwds_mail_queue_depth', help: 'Mails queued and not yet sent.', registers }),
    mailOldestSeconds: new Gauge({
      name: 'hwds_mail_queue_oldest_age_seconds',
      help: 'Age of the oldest mail not yet sent; 0 when none waits.',
      registers,
    }),
    paymentAttempts: new Gauge({
      name: 'hwds_payment_attempts',
      help: 'Payment attempts without a final outcome, by status (open: the customer has not paid; pending: the provider has not decided).',
      labelNames: ['status'],
      registers,
    }),
    release: new Gauge({
      name: 'hwds_release_info',
      help: 'The release of the content editor this server serves (1); "build" when it serves the project’s own build.',
      labelNames: ['release'],
      registers,
    }),
  };
}
