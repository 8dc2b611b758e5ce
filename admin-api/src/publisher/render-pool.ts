import { Worker } from 'node:worker_threads';
import type { PageJob, PageOutcome } from './page-job.ts';
import type { SiteSettings } from './renderer.ts';

export interface RenderPoolOptions {
  size: number;
  serverEntry: string;
  databasePath: string;
  site: SiteSettings;
  siteDir: string;
}

/** Page jobs laid out in shared memory: each as JSON, one after another, and where each ends. */
export interface SharedJobs {
  bytes: Uint8Array;
  ends: Int32Array;
}

/**
 * Page jobs shared by every thread that renders them. Each thread takes the next job itself,
 * through a counter in shared memory: a worker never waits for the main thread (busy recording
 * pages, or building the site search) to hand it one, as it did when jobs were handed out by
 * message.
 */
export class JobQueue {
  readonly jobs: readonly PageJob[];
  readonly next: Int32Array;
  #shared: SharedJobs | undefined;

  constructor(jobs: readonly PageJob[], next: Int32Array = new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT))) {
    this.jobs = jobs;
    this.next = next;
  }

  take(): PageJob | undefined {
    return this.jobs[Atomics.add(this.next, 0, 1)];
  }

  /**
   * The jobs in shared memory, for worker threads: each reads the one it takes where it lies. A copy
   * of the list for each worker was 111,000 objects and their routes in each at 100,000 posts.
   */
  shared(): SharedJobs {
    if (!this.#shared) {
      const texts = this.jobs.map((job) => JSON.stringify(job));
      const ends = new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT * texts.length));
      let length = 0;
      for (const [i, text] of texts.entries()) {
        length += Buffer.byteLength(text);
        ends[i] = length;
      }
      const bytes = Buffer.from(new SharedArrayBuffer(length));
      let at = 0;
      for (const text of texts) at += bytes.write(text, at);
      this.#shared = { bytes, ends };
    }
    return this.#shared;
  }
}

/** A worker thread's side of a JobQueue: takes from the same counter, reads the jobs in shared memory. */
export class SharedJobQueue {
  readonly #text: Buffer;
  readonly #ends: Int32Array;
  readonly #next: Int32Array;

  constructor({ bytes, ends }: SharedJobs, next: Int32Array) {
    this.#text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.#ends = ends;
    this.#next = next;
  }

  take(): PageJob | undefined {
    const i = Atomics.add(this.#next, 0, 1);
    if (i >= this.#ends.length) return undefined;
    return JSON.parse(this.#text.toString('utf8', i === 0 ? 0 : this.#ends[i - 1], this.#ends[i])) as PageJob;
  }
}

/** What a worker thread is started with: where the site is, and the queue it takes jobs from. */
export interface WorkerData extends Omit<RenderPoolOptions, 'size'> {
  jobs: SharedJobs;
  next: Int32Array;
}

/** What the route-listing worker is started with. */
export type RouteListData = Pick<RenderPoolOptions, 'serverEntry' | 'databasePath' | 'site'>;

/**
 * The site's routes, listed on a worker thread of their own that ends once it has sent them. A full
 * build's main thread renders no page; had it listed them itself, it would keep the built site and
 * every post's link for the whole build, beside the render workers' own copies.
 */
export function listRoutesOnWorker({ serverEntry, databasePath, site }: RouteListData): Promise<string[]> {
  const workerData: RouteListData = { serverEntry, databasePath, site };
  const worker = new Worker(new URL('./route-list-worker.ts', import.meta.url), { workerData });
  return new Promise((resolve, reject) => {
    let routes: string[] | undefined;
    worker.on('message', (listed: string[]) => {
      routes = listed;
    });
    worker.on('error', reject);
    worker.on('exit', (code) => (routes ? resolve(routes) : reject(new Error(`The route-listing worker stopped (exit code ${code})`))));
  });
}

type Reply = { outcome: PageOutcome } | { done: true };

/**
 * Runs page jobs from `queue` on `size` worker threads until it is empty: each renders, compresses
 * and writes its pages itself. Outcomes are handed to `onOutcome` one at a time on the calling
 * thread, which keeps the books. Rejects only if a worker itself dies (it could not load the built
 * site, or ran out of memory); a page that fails is an outcome like any other.
 */
export async function runWithPool(
  options: RenderPoolOptions,
  queue: JobQueue,
  onOutcome: (outcome: PageOutcome) => void | Promise<void>,
): Promise<void> {
  const workerUrl = new URL('./render-worker.ts', import.meta.url);
  const { size, ...settings } = options;
  const workerData: WorkerData = { ...settings, jobs: queue.shared(), next: queue.next };
  const workers = Array.from({ length: Math.max(1, size) }, () => new Worker(workerUrl, { workerData }));
  let handled: Promise<void> = Promise.resolve();
  try {
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve, reject) => {
            worker.on('error', reject);
            worker.on('exit', (code) => reject(new Error(`A render worker stopped (exit code ${code})`)));
            // A worker's outcomes arrive before its `done`: messages on one port keep their order.
            worker.on('message', (reply: Reply) => {
              if ('done' in reply) return resolve();
              handled = handled.then(() => onOutcome(reply.outcome));
              handled.catch(reject);
            });
          }),
      ),
    );
    await handled;
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
}
