/**
 * `npm run start:api`: the REST API alone on @hono/node-server, for running it apart from the
 * static files (e.g. several stateless replicas on PostgreSQL behind a load balancer).
 */
import { serve } from '@hono/node-server';
import { processApi } from './runtime.ts';
import { loadDotEnv, loadSettingsOrExit } from './settings.ts';

loadDotEnv();
const settings = loadSettingsOrExit();
const { app } = await processApi();
serve(
  {
    fetch: (request, env) =>
      app.fetch(request, { clientAddress: 'incoming' in env ? env.incoming.socket.remoteAddress : undefined }),
    hostname: settings.host,
    port: settings.port,
  },
  (info) => console.log(`HWDS API listening on http://${settings.host}:${info.port}/api`),
);
