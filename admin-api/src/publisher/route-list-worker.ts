/**
 * A worker thread that lists the site's routes and ends: the built site it loads to list them, and
 * every post's link the listing reads, go with it instead of staying on the thread that started it.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createDb } from '@forkcast/content-db';
import type { RouteListData } from './render-pool.ts';
import { loadRenderer } from './renderer.ts';

const { serverEntry, databasePath, site } = workerData as RouteListData;
const db = createDb(databasePath);
try {
  parentPort!.postMessage(await (await loadRenderer(serverEntry, db, site)).listRoutes());
} finally {
  await db.destroy();
}
