/**
 * The checkpointer's thread (see checkpointer.ts): every `intervalMs` until told to stop, copies the
 * committed pages of the database's write-ahead log into the database file. A checkpoint that fails
 * is reported, and tried again at the next turn; the first that works after it is reported too.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openCheckpointer } from '@forkcast/content-db/checkpointer';
import type { CheckpointerData, CheckpointerReply } from './checkpointer.ts';

const { databasePath, intervalMs, control } = workerData as CheckpointerData;
const stop = new Int32Array(control);
const checkpointer = openCheckpointer(databasePath);
const port = parentPort!;
let failing = false;
while (Atomics.load(stop, 0) === 0) {
  try {
    checkpointer.checkpoint();
    if (failing) port.postMessage({ kind: 'recovered' } satisfies CheckpointerReply);
    failing = false;
  } catch (error) {
    port.postMessage({ kind: 'failed', message: error instanceof Error ? error.message : String(error) } satisfies CheckpointerReply);
    failing = true;
  }
  Atomics.wait(stop, 0, 0, intervalMs);
}
checkpointer.close();
