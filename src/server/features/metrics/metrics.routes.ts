/**
 * `GET /metrics` (docs/product.md#operations): the metrics in Prometheus' text format, for whoever
 * holds METRICS_TOKEN as a bearer token. Without the token, or on a server without one, the route
 * does not exist (404): it tells a stranger nothing, not even that it is there.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { count, isNull, min, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { ApiDependencies, ApiEnv } from '../../context.ts';
import { mailQueue, paymentAttempts } from '../../db/schema.ts';
import { ApiError, MESSAGES } from '../../http/errors.ts';
import { failure, operation } from '../../http/openapi.ts';
import { log } from '../../log.ts';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether the Authorization header carries `token`, compared in constant time. */
function carries(header: string | undefined, token: string): boolean {
  const given = /^Bearer (.+)$/.exec(header ?? '')?.[1];
  return given !== undefined && timingSafeEqual(digest(given), digest(token));
}

/** Reads what the gauges show from the database and the served release; a database that does not answer leaves them out. */
async function readGauges(deps: ApiDependencies): Promise<void> {
  const { metrics } = deps;
  for (const gauge of [metrics.mailQueued, metrics.mailOldestSeconds, metrics.paymentAttempts, metrics.release])
    gauge.reset();
  metrics.release.set({ release: deps.editor?.releases.servedId() ?? 'build' }, 1);
  try {
    const [queue] = await deps.db
      .select({ depth: count(), oldest: min(mailQueue.createdAt) })
      .from(mailQueue)
      .where(isNull(mailQueue.sentAt));
    const attempts = await deps.db
      .select({ status: paymentAttempts.status, count: count() })
      .from(paymentAttempts)
      .where(sql`${paymentAttempts.status} in ('open', 'pending')`)
      .groupBy(paymentAttempts.status);
    metrics.mailQueued.set(queue?.depth ?? 0);
    metrics.mailOldestSeconds.set(queue?.oldest ? (Date.now() - new Date(queue.oldest).getTime()) / 1000 : 0);
    for (const status of ['open', 'pending']) {
      metrics.paymentAttempts.set({ status }, attempts.find((row) => row.status === status)?.count ?? 0);
    }
    metrics.databaseUp.set(1);
  } catch (error) {
    log.warn({ err: error }, 'metrics: the database did not answer');
    metrics.databaseUp.set(0);
  }
}

export function metricsRoutes(deps: ApiDependencies) {
  return new Hono<ApiEnv>().get(
    '/',
    operation('Health', {
      summary: 'Metrics for Prometheus',
      description:
        'The server’s metrics in Prometheus’ text format, for the token of the `METRICS_TOKEN` setting. Without that token, or on a server without the setting, the route answers 404.',
      security: [{ metricsToken: [] }],
      responses: {
        200: {
          description: 'The metrics (README, "Metrics", lists them).',
          content: { 'text/plain': { schema: { type: 'string' as const } } },
        },
        404: failure('No METRICS_TOKEN on this server, or not its token.'),
      },
    }),
    async (c) => {
      const { token, registry } = deps.metrics;
      if (!token || !carries(c.req.header('Authorization'), token)) throw new ApiError(404, MESSAGES.notFound);
      await readGauges(deps);
      return c.body(await registry.metrics(), 200, { 'Content-Type': registry.contentType });
    },
  );
}
