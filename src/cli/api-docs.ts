/**
 * `npm run docs:api`: writes the endpoint table of docs/api.md from the OpenAPI document, as the API
 * builds it, in a throwaway data folder (the database and settings of this machine are untouched).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ApiDocument } from '../server/features/api-docs/api-document.ts';
import { endpointTable, withEndpointTable } from '../server/features/api-docs/endpoint-table.ts';
import { setLogLevel } from '../server/log.ts';
import { projectRoot } from '../server/project-root.ts';
import { startApi } from '../server/runtime.ts';
import { loadSettings } from '../server/settings.ts';

setLogLevel('warn'); // the API's start-up lines are not this command's output
const dataDir = mkdtempSync(path.join(tmpdir(), 'hwds-api-docs-'));
const runtime = await startApi(loadSettings({ DATA_DIR: dataDir }));
try {
  const document = (await (await runtime.app.request('/api/openapi.json')).json()) as ApiDocument;
  const reference = path.join(projectRoot(), 'docs/api.md');
  writeFileSync(reference, withEndpointTable(readFileSync(reference, 'utf8'), endpointTable(document)));
  console.log(`docs/api.md: ${Object.keys(document.paths).length} paths written to the endpoint table.`);
} finally {
  await runtime.close();
  rmSync(dataDir, { recursive: true, force: true });
}
