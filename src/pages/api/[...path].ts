/** Mounts the REST API (src/server) at /api of the Astro server. */
import type { APIRoute } from 'astro';
import { serveApi } from '../../server/page-data.ts';

export const prerender = false;

export const ALL: APIRoute = ({ request, clientAddress }) => serveApi(request, clientAddress);
