import type { Logger } from 'pino';
import type { PublishReport } from '../context.ts';

export interface PurgeWebhookOptions {
  url: string;
  publicHost: string;
  logger: Logger;
  /** Delays before each retry; the default tries four times over about 15 seconds. */
  retryDelaysMs?: number[];
  timeoutMs?: number;
}

/**
 * Tells a CDN (or anything listening at PURGE_WEBHOOK_URL) which URLs a publish changed: a JSON
 * POST `{ "urls": [absolute URLs], "publishedAt": ISO time }`. It runs in the background, so a slow
 * or failing receiver never delays the admin; failures are retried with growing waits, then logged.
 */
export function purgeWebhook(options: PurgeWebhookOptions): (report: PublishReport) => Promise<boolean> {
  const delays = options.retryDelaysMs ?? [1_000, 4_000, 10_000];
  const timeoutMs = options.timeoutMs ?? 5_000;
  return async (report) => {
    const body = JSON.stringify({
      urls: report.urls.map((path) => new URL(path, `${options.publicHost}/`).href),
      publishedAt: new Date().toISOString(),
    });
    for (let attempt = 0; ; attempt++) {
      try {
        const response = await fetch(options.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (response.ok) return true;
        throw new Error(`the receiver answered ${response.status}`);
      } catch (error) {
        const delay = delays[attempt];
        if (delay === undefined) {
          options.logger.error({ err: error, urls: report.urls.length }, 'purge webhook failed; giving up');
          return false;
        }
        options.logger.warn({ err: String(error), attempt: attempt + 1 }, 'purge webhook failed; retrying');
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  };
}
