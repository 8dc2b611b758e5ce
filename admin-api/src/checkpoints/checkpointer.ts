import { Worker } from 'node:worker_threads';
import type { Logger } from 'pino';
import { deferCheckpoints, type Db } from '@forkcast/content-db';

/** What the thread is started with: the database file, how often to checkpoint, and a stop flag it waits on. */
export interface CheckpointerData {
  databasePath: string;
  intervalMs: number;
  control: SharedArrayBuffer;
}

export type CheckpointerReply = { kind: 'failed'; message: string } | { kind: 'recovered' };

const INTERVAL_MS = 200;
const THREAD_URL = new URL('./checkpoint-thread.ts', import.meta.url);

/**
 * Keeps the write-ahead log's checkpoints off the writes. SQLite's own checkpoint runs in the
 * commit of whichever write takes the log past 1,000 pages: that write waits while pages are copied
 * into the database file and the file is synced, and at 100,000 posts, where a post's search entry
 * rewrites many pages, one block edit in several paid for it (docs/performance.md). Here a thread
 * of its own checkpoints every INTERVAL_MS, in PASSIVE checkpoints that wait for no one, and the
 * server's connection checkpoints itself only past DEFERRED_CHECKPOINT_PAGES, should the thread
 * fall behind. If the thread cannot start or dies, the connection goes back to SQLite's own
 * checkpoints, so the log never grows without bound, and the operator is told.
 */
export class WalCheckpointer {
  readonly #db: Db;
  readonly #databasePath: string;
  readonly #logger: Logger;
  readonly #intervalMs: number;
  readonly #threadUrl: URL;
  // The thread while it runs, with the flag it waits on.
  #thread: { worker: Worker; control: SharedArrayBuffer } | undefined;

  /** `threadUrl` is for tests: a thread that fails. */
  constructor(options: { db: Db; databasePath: string; logger: Logger; intervalMs?: number; threadUrl?: URL }) {
    this.#db = options.db;
    this.#databasePath = options.databasePath;
    this.#logger = options.logger;
    this.#intervalMs = options.intervalMs ?? INTERVAL_MS;
    this.#threadUrl = options.threadUrl ?? THREAD_URL;
  }

  async start(): Promise<void> {
    if (this.#thread) return;
    const control = new SharedArrayBuffer(4);
    const workerData: CheckpointerData = { databasePath: this.#databasePath, intervalMs: this.#intervalMs, control };
    const worker = new Worker(this.#threadUrl, { workerData });
    const thread = { worker, control };
    this.#thread = thread;
    // It never keeps the process alive.
    worker.unref();
    worker.on('message', (reply: CheckpointerReply) => {
      if (reply.kind === 'failed')
        this.#logger.warn({ reason: reply.message }, "could not checkpoint the database's write-ahead log; trying again");
      else this.#logger.info("checkpointing the database's write-ahead log again");
    });
    worker.on('error', (error) =>
      this.#logger.error({ err: error }, "the checkpoint thread stopped; the server's writes checkpoint the database again"),
    );
    worker.on('exit', () => {
      if (this.#thread !== thread) return;
      this.#thread = undefined;
      void this.#giveBack();
    });
    await deferCheckpoints(this.#db, true);
  }

  /** Stops the thread, after its checkpoint under way, and gives checkpoints back to the server's connection. */
  async stop(): Promise<void> {
    const thread = this.#thread;
    if (!thread) return;
    this.#thread = undefined;
    const { worker, control } = thread;
    // Waited for: a stopping process may have nothing else left to keep it alive.
    worker.ref();
    const stop = new Int32Array(control);
    Atomics.store(stop, 0, 1);
    Atomics.notify(stop, 0);
    await new Promise<void>((resolve) => {
      worker.once('exit', () => resolve());
    });
    await this.#giveBack();
  }

  /** Whether a thread is checkpointing. */
  get running(): boolean {
    return this.#thread !== undefined;
  }

  async #giveBack(): Promise<void> {
    await deferCheckpoints(this.#db, false).catch((error: unknown) =>
      this.#logger.error({ err: error }, "could not give the database's checkpoints back to the server's connection"),
    );
  }
}
