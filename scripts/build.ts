/** `make build`: renders every page of the compiled site from the database into dist/client. */
import { distPaths, ensureFullRender, openContentDb } from '@forkcast/admin-api';
import { configOrExit, progressLine } from './lib.ts';

const config = configOrExit();
const { db } = await openContentDb(config.databasePath);
const result = await ensureFullRender({
  db,
  dist: distPaths('dist'),
  site: { siteName: config.siteName, publicHost: config.publicHost },
  force: true,
  onPage: progressLine('Rendering pages'),
});
await db.destroy();
console.log(`Rendered ${result?.pages} pages into dist/client in ${result?.ms} ms (${result?.removed} stale removed).`);
