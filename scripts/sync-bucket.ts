/**
 * `make sync-bucket`: makes SITE_BUCKET equal the site folder and UPLOADS_BUCKET hold every upload:
 * lists each bucket, compares checksums, puts and deletes the difference, and reports what it
 * changed. Safe beside a running server, which then puts the objects itself.
 */
import { distPaths, SyncRefused, syncBuckets } from '@forkcast/admin-api/offline';
import { existsSync } from 'node:fs';
import { pino } from 'pino';
import { createDb } from '@forkcast/content-db';
import { configOrExit } from './lib.ts';

const config = configOrExit();
if (!existsSync(config.databasePath)) {
  console.error(`DATABASE_PATH=${config.databasePath} does not exist.`);
  process.exit(1);
}
const db = createDb(config.databasePath);
try {
  const reports = await syncBuckets({ db, config, dist: distPaths('dist'), logger: pino({ level: 'warn' }, process.stderr) });
  for (const { url, put, deleted, failed, by } of reports) {
    for (const key of put) console.log(`put     ${url}/${key}`);
    for (const key of deleted) console.log(`deleted ${url}/${key}`);
    for (const { key, error } of failed) console.error(`failed  ${url}/${key}: ${error}`);
    console.log(`${url}: ${put.length} put, ${deleted.length} deleted, ${failed.length} failed (by ${by}).`);
    if (failed.length > 0) process.exitCode = 1;
  }
} catch (error) {
  if (!(error instanceof SyncRefused)) throw error;
  console.error(`sync-bucket refused: ${error.message}. Nothing was changed.`);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
