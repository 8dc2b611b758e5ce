/**
 * `make build`: renders every page of the compiled site from the database into dist/client, on one
 * worker thread per core. Needs no running server; progress shows on a terminal only.
 */
import { availableParallelism } from 'node:os';
import { distPaths, ensureFullRender, ensureLibraryCards } from '@forkcast/admin-api/offline';
import { openContentDb } from '@forkcast/content-db/open';
import { configOrExit, progressLine, runOrExit } from './lib.ts';

const config = configOrExit();
const { db } = await runOrExit(() => openContentDb(config.databasePath, { searchIndex: false }));
const workers = availableParallelism();
// The social cards pages name are made first: a build after a restore remakes any the uploads lack.
const cards = await ensureLibraryCards(db, config.uploadDir);
if (cards.length > 0) console.log(`Made ${cards.length} social cards the uploads folder lacked.`);
const result = await ensureFullRender({
  db,
  dist: distPaths('dist'),
  site: { siteName: config.siteName, publicHost: config.publicHost },
  force: true,
  workers,
  databasePath: config.databasePath,
  onPage: progressLine('Rendering pages'),
});
await db.destroy();
// maxRSS counts the worker threads too: they share the process. The benchmark reads this line.
console.log(
  `Rendered ${result?.pages} pages into dist/client in ${result?.ms} ms on ${workers} threads (${result?.removed} stale files removed); peak memory ${Math.round(process.resourceUsage().maxRSS / 1024)} MB.`,
);
// A build is an artefact to ship: one with a page missing is a failed build.
for (const { route, error } of result?.failed ?? []) console.error(`${route} could not be rendered: ${error}`);
if (result && result.failed.length > 0) process.exit(1);
