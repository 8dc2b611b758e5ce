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

/**
 * Page jobs shared by every thread that renders them. Each thread takes the next job itself,
 * through a counter in shared memory: a worker never waits for the main thread (busy recording
 * pages, or building the site search) to hand it one, as it did when jobs were handed out by
 * message.
 */
export class JobQueue {
  readonly jobs: readonly PageJob[];
  readonly next: Int32Array;

  constructor(jobs: readonly PageJob[], next: Int32Array = new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT))) {
    this.jobs = jobs;
    this.next = next;
  }

  take(): PageJob | undefined {
    return this.jobs[Atomics.add(this.next, 0, 1)];
  }
}

/** What a worker thread is started with: where the site is, and the queue it takes jobs from. */
export interface WorkerData extends Omit<RenderPoolOptions, 'size'> {
  jobs: readonly PageJob[];
  next: Int32Array;
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
  const workerData: WorkerData = { ...settings, jobs: queue.jobs, next: queue.next };
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
