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

type Reply = { ready: true } | { outcome: PageOutcome };

/** Page jobs handed out one at a time, to workers and to whoever else renders beside them. */
export type JobQueue = () => PageJob | undefined;

export function jobQueue(jobs: readonly PageJob[]): JobQueue {
  let next = 0;
  return () => jobs[next++];
}

/**
 * Runs page jobs from `take` on `size` worker threads until it is empty: each renders, compresses
 * and writes its pages itself. Outcomes are handed to `onOutcome` one at a time on the calling
 * thread, which keeps the books. Rejects only if a worker itself dies (it could not load the built
 * site, or ran out of memory); a page that fails is an outcome like any other.
 */
export async function runWithPool(
  options: RenderPoolOptions,
  take: JobQueue,
  onOutcome: (outcome: PageOutcome) => void | Promise<void>,
): Promise<void> {
  const workerUrl = new URL('./render-worker.ts', import.meta.url);
  const { size, ...workerData } = options;
  const workers = Array.from({ length: Math.max(1, size) }, () => new Worker(workerUrl, { workerData }));
  let handled: Promise<void> = Promise.resolve();
  try {
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve, reject) => {
            let inFlight = 0;
            const send = () => {
              const job = take();
              if (job) {
                inFlight++;
                worker.postMessage({ job });
              } else if (inFlight === 0) resolve();
            };
            worker.on('error', reject);
            worker.on('exit', (code) => reject(new Error(`A render worker stopped (exit code ${code})`)));
            worker.on('message', (reply: Reply) => {
              // Two jobs in hand: a worker that has sent an outcome starts its next page at once,
              // instead of waiting for this thread (busy recording pages) to hand it one.
              if ('ready' in reply) {
                send();
                return send();
              }
              inFlight--;
              const { outcome } = reply;
              handled = handled.then(() => onOutcome(outcome));
              handled.catch(reject);
              send();
            });
          }),
      ),
    );
    await handled;
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
}
