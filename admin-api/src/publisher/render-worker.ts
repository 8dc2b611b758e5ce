/**
 * A worker thread of the render pool: opens its own connection to the database and its own copy
 * of the built site, then takes page jobs from the shared queue (render, compress, write) until it
 * is empty, posting back each outcome with what the page read.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createDb, keepLinkOrderOnly } from '@forkcast/content-db';
import { runPageJob } from './page-job.ts';
import { SharedJobQueue, type WorkerData } from './render-pool.ts';
import { loadRenderer } from './renderer.ts';

const port = parentPort!;
const { serverEntry, databasePath, site, siteDir, jobs, next } = workerData as WorkerData;
const db = createDb(databasePath);
// Each page is rendered once here: the archives' order is kept, not every post's link.
keepLinkOrderOnly(db);
const renderer = await loadRenderer(serverEntry, db, site);
const queue = new SharedJobQueue(jobs, next);
for (let job = queue.take(); job; job = queue.take()) port.postMessage({ outcome: await runPageJob(renderer, siteDir, job) });
port.postMessage({ done: true });
