/** Mounts the REST API (src/server) at /api of the Astro server. */
import type { APIRoute } from 'astro';
import { processApi } from '../../server/runtime.ts';

export const prerender = false;

export const ALL: APIRoute = async ({ request, clientAddress }) =>
  (await processApi()).app.fetch(request, { clientAddress });
