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

type Reply = { ready: true } | { id: number; outcome: PageOutcome };

/**
 * Runs page jobs on `size` worker threads (one per core uses the whole machine): each renders,
 * compresses and writes its pages itself. Outcomes are handed to `onOutcome` one at a time on the
 * calling thread, which keeps the books. Rejects only if a worker itself dies (it could not load the
 * built site, or ran out of memory); a page that fails is an outcome like any other.
 */
export async function runWithPool(
  options: RenderPoolOptions,
  jobs: readonly PageJob[],
  onOutcome: (outcome: PageOutcome) => void | Promise<void>,
): Promise<void> {
  if (jobs.length === 0) return;
  const workerUrl = new URL('./render-worker.ts', import.meta.url);
  const { size, ...workerData } = options;
  const workers = Array.from({ length: Math.max(1, Math.min(size, jobs.length)) }, () => new Worker(workerUrl, { workerData }));
  let next = 0;
  let handled: Promise<void> = Promise.resolve();
  try {
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve, reject) => {
            const send = () => {
              if (next >= jobs.length) return resolve();
              const id = next++;
              worker.postMessage({ id, job: jobs[id] });
            };
            worker.on('error', reject);
            worker.on('exit', (code) => reject(new Error(`A render worker stopped (exit code ${code})`)));
            worker.on('message', (reply: Reply) => {
              if ('ready' in reply) return send();
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
