import { Worker } from 'node:worker_threads';
import { writeSiteFile, type WriteOptions } from './site-folder.ts';

export type WriterMessage =
  | { kind: 'write'; id: number; siteDir: string; file: string; data: Uint8Array; durable: boolean }
  | { kind: 'collect' };

export type WriterReply = { kind: 'written'; id: number; error?: { message: string; code?: string } } | { kind: 'collected'; ran: boolean };

interface Waiting {
  done: Promise<void>;
  resolve: () => void;
  reject: (error: Error) => void;
}

// Pages written between the thread's garbage collections (see SiteWriter).
const COLLECT_AFTER = 32;
// After the thread dies, writes run on the calling thread for this long before another is tried.
const FALLBACK_MS = 60_000;
const THREAD_URL = new URL('./site-writer-thread.ts', import.meta.url);

/**
 * Writes the server's page files on a thread of its own. A publish renders each page on the
 * server's thread and hands the bytes over; compressing them and the system calls of an atomic,
 * durable write (a temporary file, fsync, rename, the folder's fsync) then run beside the next
 * page's render instead of between its steps, which makes a publish of a dozen pages live sooner
 * (docs/performance.md has the figures). Writes resolve, or reject with the error the write met, once the
 * file and its copies are in place, as writeSiteFile's do.
 *
 * The thread starts with the first write and stays until close(), but never keeps the process
 * alive; most of what it holds is its own V8 heap and Node's start-up. A thread stopped when idle
 * and started again for the next publish cost more peak memory than one kept. If it dies, the writes it held fail (their
 * pages are retried like any page that failed). For a minute after that, writes run on the calling
 * thread (writeSiteFile), so a thread that cannot start (a process out of threads, say) never stops
 * publishing; then the next write tries a new thread.
 *
 * Once idle after COLLECT_AFTER pages or more, the thread is asked for a full garbage collection.
 * Its own heap stays small, so V8 seldom collects it, but each page leaves buffers behind (zlib's
 * output, the page itself when it could not be moved) whose memory outside the heap is given back
 * only when the objects holding them are collected, so without these collections the server's peak
 * memory grows by tens of MB. A minor collection frees none of it. `gc` exists only when
 * the server runs with `--expose-gc`, as `make start` and the unit start it; without it the thread
 * skips the collection.
 */
export class SiteWriter {
  #worker: Worker | undefined;
  #waiting = new Map<number, Waiting>();
  #nextId = 0;
  #sinceCollect = 0;
  #collections = 0;
  #fallbackUntil = 0;
  readonly #threadUrl: URL;
  readonly #fallbackMs: number;

  /** `threadUrl` and `fallbackMs` are for tests: a thread that fails, and a shorter wait after it. */
  constructor({ threadUrl = THREAD_URL, fallbackMs = FALLBACK_MS }: { threadUrl?: URL; fallbackMs?: number } = {}) {
    this.#threadUrl = threadUrl;
    this.#fallbackMs = fallbackMs;
  }

  /** The id of the writer thread while one runs. */
  get threadId(): number | undefined {
    return this.#worker?.threadId;
  }

  /** How many full garbage collections the thread has run (see above). */
  get collections(): number {
    return this.#collections;
  }

  /** Writes `file` of the site folder with its compressed copies; `data` is handed over, unusable after. */
  write(siteDir: string, file: string, data: Uint8Array, { durable }: WriteOptions): Promise<void> {
    const worker = this.#start();
    if (!worker) return writeSiteFile(siteDir, file, data, { durable });
    const id = this.#nextId++;
    const request: WriterMessage = { kind: 'write', id, siteDir, file, data, durable };
    const { promise: done, resolve, reject } = Promise.withResolvers<void>();
    this.#waiting.set(id, { done, resolve, reject });
    // A page that owns its whole buffer moves to the thread without a copy.
    const owned = data.byteOffset === 0 && data.byteLength === data.buffer.byteLength && data.buffer instanceof ArrayBuffer;
    worker.postMessage(request, owned ? [data.buffer] : []);
    worker.ref();
    return done;
  }

  /** Waits for the writes under way (those asked for meanwhile too), then stops the thread. */
  async close(): Promise<void> {
    while (this.#waiting.size > 0) await Promise.allSettled([...this.#waiting.values()].map(({ done }) => done));
    const worker = this.#worker;
    this.#worker = undefined;
    await worker?.terminate();
  }

  /** The thread, started when there is none; none while writes fall back to the calling thread. */
  #start(): Worker | undefined {
    if (this.#worker) return this.#worker;
    if (performance.now() < this.#fallbackUntil) return undefined;
    let worker: Worker;
    try {
      worker = new Worker(this.#threadUrl);
    } catch {
      this.#fallBack();
      return undefined;
    }
    worker.on('message', (reply: WriterReply) => {
      if (reply.kind === 'written') this.#settle(reply);
      else if (reply.ran) this.#collections++;
    });
    worker.on('error', (error) => this.#lost(worker, error));
    worker.on('exit', (code) => this.#lost(worker, new Error(`The page writer thread stopped (exit code ${code})`)));
    this.#worker = worker;
    return worker;
  }

  #settle({ id, error }: Extract<WriterReply, { kind: 'written' }>): void {
    const waiting = this.#waiting.get(id);
    this.#waiting.delete(id);
    this.#sinceCollect++;
    if (error) waiting?.reject(Object.assign(new Error(error.message), error.code === undefined ? {} : { code: error.code }));
    else waiting?.resolve();
    if (this.#waiting.size > 0) return;
    if (this.#sinceCollect >= COLLECT_AFTER) {
      this.#sinceCollect = 0;
      this.#worker?.postMessage({ kind: 'collect' } satisfies WriterMessage);
    }
    // Idle, the thread must not keep the process alive.
    this.#worker?.unref();
  }

  /** Writes run on the calling thread for a while, as no thread could be kept. */
  #fallBack(): void {
    this.#fallbackUntil = performance.now() + this.#fallbackMs;
  }

  /** The thread died (or was stopped): what it held fails, and the next write starts another. */
  #lost(worker: Worker, error: Error): void {
    if (this.#worker !== worker) return;
    this.#worker = undefined;
    this.#fallBack();
    const waiting = [...this.#waiting.values()];
    this.#waiting.clear();
    for (const { reject } of waiting) reject(error);
  }
}
