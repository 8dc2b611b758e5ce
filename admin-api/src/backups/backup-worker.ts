/**
 * Takes one backup on a worker thread, so the server's event loop goes on answering while VACUUM
 * INTO reads the whole database and the uploads are copied. Posts back the result or the error.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { takeBackup, type TakeBackupOptions } from './backups.ts';

const options = workerData as Omit<TakeBackupOptions, 'now'> & { now: string };
try {
  const { path, manifest } = await takeBackup({ ...options, now: new Date(options.now) });
  parentPort!.postMessage({ path, manifest });
} catch (error) {
  parentPort!.postMessage({ error: error instanceof Error ? error.message : String(error) });
}
