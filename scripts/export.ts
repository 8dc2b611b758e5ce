/**
 * `make export TO=<folder>`: the published site as one self-contained folder (pages, feeds, the
 * redirects file, assets and uploads) that any static host or object store can serve.
 */
import { distPaths, exportSite, ExportRefused } from '@forkcast/admin-api/offline';
import { existsSync } from 'node:fs';
import { createDb } from '@forkcast/content-db';
import { configOrExit } from './lib.ts';

const to = process.argv[2] || 'dist/export';
const config = configOrExit();
if (!existsSync(config.databasePath)) {
  console.error(`DATABASE_PATH=${config.databasePath} does not exist.`);
  process.exit(1);
}
const db = createDb(config.databasePath);
try {
  const { files } = await exportSite({
    db,
    dist: distPaths('dist'),
    uploadDir: config.uploadDir,
    databasePath: config.databasePath,
    to,
  });
  console.log(`Exported the site, ${files} files, into ${to}.`);
} catch (error) {
  if (!(error instanceof ExportRefused)) throw error;
  console.error(`Export refused: ${error.message}.`);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
