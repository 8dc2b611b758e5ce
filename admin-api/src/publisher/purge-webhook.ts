import { createHmac, randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { PublishReport } from '../context.ts';

export interface PurgeWebhookOptions {
  url: string;
  publicHost: string;
  logger: Logger;
  /** Signs every POST with HMAC-SHA256 under this key (PURGE_WEBHOOK_SECRET). */
  secret?: string;
  /** Delays before each retry; the default tries four times over about 15 seconds. */
  retryDelaysMs?: number[];
  timeoutMs?: number;
  now?: () => number;
}

/** The header that carries a purge POST's signature when PURGE_WEBHOOK_SECRET is set. */
export const PURGE_SIGNATURE_HEADER = 'X-Forkcast-Signature';

/**
 * The signature header's value: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. The
 * time is signed with the body, so a receiver that refuses old times cannot be fed a replay.
 */
export function purgeSignature(secret: string, unixSeconds: number, body: string): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}

// A receiver that refuses the request itself (bad signature, unknown path) will refuse it again;
// only these client errors are worth another try.
const RETRYABLE_4XX = new Set([408, 429]);

class FinalAnswer extends Error {}

/**
 * Tells a CDN (or anything listening at PURGE_WEBHOOK_URL) which URLs a publish changed: a JSON
 * POST `{ "id": uuid, "urls": [absolute URLs], "publishedAt": ISO time }`. It runs in the
 * background, so a slow or failing receiver never delays the admin; a network error, a timeout, a
 * 5xx, 408 or 429 is retried with growing waits (the same id and body, signed anew), then logged.
 */
export function purgeWebhook(options: PurgeWebhookOptions): (report: PublishReport) => Promise<boolean> {
  const delays = options.retryDelaysMs ?? [1_000, 4_000, 10_000];
  const timeoutMs = options.timeoutMs ?? 5_000;
  const now = options.now ?? Date.now;
  return async (report) => {
    const body = JSON.stringify({
      id: randomUUID(),
      urls: report.urls.map((path) => new URL(path, `${options.publicHost}/`).href),
      publishedAt: new Date(now()).toISOString(),
    });
    for (let attempt = 0; ; attempt++) {
      try {
        const headers: Record<string, string> = { 'content-type': 'application/json' };
        if (options.secret) headers[PURGE_SIGNATURE_HEADER] = purgeSignature(options.secret, Math.floor(now() / 1000), body);
        const response = await fetch(options.url, { method: 'POST', headers, body, signal: AbortSignal.timeout(timeoutMs) });
        await response.body?.cancel();
        if (response.ok) return true;
        const problem = `the receiver answered ${response.status}`;
        if (response.status < 500 && !RETRYABLE_4XX.has(response.status)) throw new FinalAnswer(problem);
        throw new Error(problem);
      } catch (error) {
        const delay = error instanceof FinalAnswer ? undefined : delays[attempt];
        if (delay === undefined) {
          options.logger.error({ err: String(error), urls: report.urls.length, attempts: attempt + 1 }, 'purge webhook failed; giving up');
          return false;
        }
        options.logger.warn({ err: String(error), attempt: attempt + 1 }, 'purge webhook failed; retrying');
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  };
}
