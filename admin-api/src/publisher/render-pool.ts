import { Worker } from 'node:worker_threads';
import type { RenderedRoute, SiteSettings } from './renderer.ts';

export interface RenderPoolOptions {
  size: number;
  serverEntry: string;
  databasePath: string;
  site: SiteSettings;
}

type Reply = { ready: true } | { id: number; page: RenderedRoute } | { id: number; error: string };

/**
 * Renders routes on `size` worker threads (one per core makes a full build use the whole machine).
 * Results are handed to `onPage` one at a time on the calling thread, which does all the writing.
 */
export async function renderWithPool(
  options: RenderPoolOptions,
  routes: string[],
  onPage: (route: string, page: RenderedRoute) => Promise<void>,
): Promise<void> {
  const workerUrl = new URL('./render-worker.ts', import.meta.url);
  const workers = Array.from(
    { length: Math.max(1, Math.min(options.size, routes.length)) },
    () =>
      new Worker(workerUrl, { workerData: { serverEntry: options.serverEntry, databasePath: options.databasePath, site: options.site } }),
  );
  let next = 0;
  let writing = Promise.resolve();
  try {
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve, reject) => {
            const send = () => {
              if (next >= routes.length) {
                resolve();
                return;
              }
              const id = next++;
              worker.postMessage({ id, route: routes[id] });
            };
            worker.on('error', reject);
            worker.on('message', (reply: Reply) => {
              if ('ready' in reply) return send();
              if ('error' in reply) return reject(new Error(`Rendering ${routes[reply.id]} failed: ${reply.error}`));
              const route = routes[reply.id]!;
              writing = writing.then(() => onPage(route, { ...reply.page, body: new Uint8Array(reply.page.body) }));
              writing.catch(reject);
              send();
            });
          }),
      ),
    );
    await writing;
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
}
