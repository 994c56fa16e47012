/**
 * `npm run content:export` writes the database's content tree into the content folder (for a
 * commit); `npm run content:import` makes the database's tree the folder's, each changed file a
 * new revision by 'content:import' (docs/product.md#d38-content-editor). Both change only what
 * differs: run twice, the second run changes nothing. The embedded database is locked while a
 * server holds it: then the command refuses instead of touching it.
 */
import { IMPORT_AUTHOR } from '../lib/content-authors.ts';
import { exportContent, importContent } from '../server/features/editor/content-store.ts';
import { loadDotEnv, loadSettingsOrExit } from '../server/settings.ts';
import { openCommandDatabase } from './command-database.ts';

const direction = process.argv[2];
if (direction !== 'export' && direction !== 'import') {
  console.error('Usage: node src/cli/content.ts export|import');
  process.exit(1);
}

loadDotEnv();
const settings = loadSettingsOrExit();
const database = await openCommandDatabase(settings);
try {
  if (direction === 'export') {
    const files = await exportContent(database.db, settings.contentDir);
    console.log(`${files} file(s) in ${settings.contentDir} written or removed to match the database's content.`);
  } else {
    const revisions = await importContent(database.db, settings.contentDir, IMPORT_AUTHOR);
    console.log(`${revisions} file(s) of the database's content changed to match ${settings.contentDir}.`);
  }
} finally {
  await database.close();
}
