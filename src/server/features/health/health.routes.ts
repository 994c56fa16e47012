/**
 * `GET /health` and `GET /health/ready` (docs/product.md#operations): liveness, which only says the
 * process answers (an orchestrator restarts a process that does not), and readiness, which says
 * whether it can serve now (a load balancer sends requests only to a ready one).
 */
import { Hono } from 'hono';
import type { ApiDependencies, ApiEnv } from '../../context.ts';
import { RETRY_AFTER_SECONDS } from '../../http/errors.ts';
import { json, operation } from '../../http/openapi.ts';
import { type Liveness, LivenessSchema, type Readiness, ReadinessSchema, UnreadinessSchema } from './health.views.ts';
import { unreadiness, unreadyReasons } from './readiness.ts';

export function healthRoutes(deps: ApiDependencies) {
  return new Hono<ApiEnv>()
    .get(
      '/',
      operation('Health', {
        summary: 'Liveness',
        description:
          'Answers while the process runs, whatever the database does: for an orchestrator that restarts a process that hangs. Sends no request to the database.',
        responses: { 200: json('The process answers.', LivenessSchema) },
      }),
      (c) => c.json({ status: 'ok' } satisfies Liveness),
    )
    .get(
      '/ready',
      operation('Health', {
        summary: 'Readiness',
        description:
          'Whether this server can serve now, for a load balancer: 503 while it starts (migrations, seed) or stops, and while the database or the uploads’ storage does not answer within 2 seconds.',
        responses: {
          200: json('The server can serve.', ReadinessSchema),
          503: {
            ...json('The server cannot serve now; `reasons` says why.', UnreadinessSchema),
            headers: {
              'Retry-After': { description: 'Seconds to wait before asking again.', schema: { type: 'integer' } },
            },
          },
        },
      }),
      async (c) => {
        const reasons = await unreadyReasons(deps);
        if (reasons.length === 0) {
          const release = deps.editor?.releases.servedId();
          return c.json({ status: 'ready', ...(deps.editor ? { release } : {}) } satisfies Readiness);
        }
        c.header('Retry-After', String(RETRY_AFTER_SECONDS));
        return c.json(unreadiness(reasons), 503);
      },
    );
}
