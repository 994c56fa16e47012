/**
 * `npm run start:api`: the REST API alone, for running it apart from the static files (e.g.
 * several stateless replicas on PostgreSQL behind a load balancer).
 */
import { listen } from './http/http-server.ts';
import { createRequestListener } from './http/node-server.ts';
import { log, setLogLevel } from './log.ts';
import { processApi } from './runtime.ts';
import { loadDotEnv, loadSettingsOrExit } from './settings.ts';

loadDotEnv();
const settings = loadSettingsOrExit(process.env, { server: true });
setLogLevel(settings.logLevel);
const http = await listen(settings);
const { app, deps } = await processApi(settings, http);
http.serve(createRequestListener(app, settings, deps.metrics));
log.info(`HWDS API listening on http://${settings.host}:${settings.port}/api`);
