/**
 * A worker thread of the render pool: opens its own connection to the database and its own copy
 * of the built site, then runs the page jobs it is sent (render, compress, write) and posts back
 * each outcome with what the page read.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createDb } from '@forkcast/content-db';
import { runPageJob, type PageJob } from './page-job.ts';
import { loadRenderer, type SiteSettings } from './renderer.ts';

interface WorkerData {
  serverEntry: string;
  databasePath: string;
  site: SiteSettings;
  siteDir: string;
}

const port = parentPort!;
const { serverEntry, databasePath, site, siteDir } = workerData as WorkerData;
const renderer = await loadRenderer(serverEntry, createDb(databasePath), site);

port.on('message', async ({ job }: { job: PageJob }) => {
  port.postMessage({ outcome: await runPageJob(renderer, siteDir, job) });
});
port.postMessage({ ready: true });
