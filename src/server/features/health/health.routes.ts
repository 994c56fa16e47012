/** `GET /health`: whether the API can reach its database, for load balancers and `npm start`. */
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { ApiDependencies, ApiEnv } from '../../context.ts';
import { json, operation } from '../../http/openapi.ts';
import { log } from '../../log.ts';
import { type Health, HealthSchema, type Sickness, SicknessSchema } from './health.views.ts';

export function healthRoutes(deps: ApiDependencies) {
  return new Hono<ApiEnv>().get(
    '/',
    operation('Health', {
      summary: 'Health check',
      responses: {
        200: json('The API and its database work.', HealthSchema),
        503: json('The database cannot be reached.', SicknessSchema),
      },
    }),
    async (c) => {
      try {
        await deps.db.execute(sql`select 1`);
        return c.json({ status: 'ok', database: 'ok' } satisfies Health);
      } catch (error) {
        log.error({ err: error }, 'health check: database unreachable');
        return c.json({ status: 'error', database: 'unreachable' } satisfies Sickness, 503);
      }
    },
  );
}
