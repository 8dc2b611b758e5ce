/**
 * A worker thread of the render pool: opens its own connection to the database and its own copy
 * of the built site, then renders the routes it is sent and posts back the HTML and tags.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createDb } from '@forkcast/content-db';
import { loadRenderer, type SiteSettings } from './renderer.ts';

interface WorkerData {
  serverEntry: string;
  databasePath: string;
  site: SiteSettings;
}

const port = parentPort!;
const { serverEntry, databasePath, site } = workerData as WorkerData;
const renderer = await loadRenderer(serverEntry, createDb(databasePath), site);

port.on('message', async ({ id, route }: { id: number; route: string }) => {
  try {
    const page = await renderer.render(route);
    port.postMessage({ id, page }, [page.body.buffer as ArrayBuffer]);
  } catch (error) {
    port.postMessage({ id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
});
port.postMessage({ ready: true });
