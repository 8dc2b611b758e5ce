import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { Logger } from 'pino';
import { useAgent } from 'request-filtering-agent';
import { Webhook } from 'standardwebhooks';
import {
  claimWebhookDeliveries,
  nextWebhookAttemptAt,
  nowIso,
  recordWebhookAttempt,
  releaseWebhookClaims,
  type Db,
  type DueWebhookDelivery,
  type WebhookAttempt,
} from '@forkcast/content-db';
import { DEFAULT_LEASE_TIMING } from '../lease/timing.ts';
import type { DeliveryClaimant } from '../sends/delivery.ts';

/**
 * The waits before each retry after a failed attempt: the schedule Standard Webhooks recommends
 * (5 seconds, 5 minutes, 30 minutes, 2, 5, 10 and 10 hours), so an endpoint may be down for a
 * day before an event is given up.
 */
const DEFAULT_WEBHOOK_RETRIES_MS = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000];

export interface WebhookDeliveryOptions {
  db: Db;
  logger: Logger;
  /** Absolute URLs in the payloads start with this (PUBLIC_HOST). */
  publicHost: string;
  /** Whether loopback and private addresses may be reached (WEBHOOK_ALLOW_PRIVATE). */
  allowPrivate: boolean;
  /** The waits before each retry; after the last one a delivery has failed for good. */
  retriesMs?: readonly number[];
  timeoutMs?: number;
  /** The server's lease: deliveries are claimed under its token, and none go out once it is lost. */
  claimant?: DeliveryClaimant;
  /** Even with nothing due, the worker looks again this often (events queued by sends, say). */
  pollMs?: number;
}

const BATCH = 20;
const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_POLL_MS = 15_000;
// What of a receiver's refusal is kept in the log.
const ERROR_LENGTH = 300;

// How request-filtering-agent refuses an address it will not connect to.
const REFUSED = /\bis not allowed\b/;
const PRIVATE_REFUSAL =
  'Refused: the address resolved to loopback, a private network or another non-public address (WEBHOOK_ALLOW_PRIVATE=1 allows it).';

interface Answer {
  status: number;
  body: string;
}

/** Adds the absolute `url` of each path a payload names (a post's page), from PUBLIC_HOST. */
function withUrls(payload: string, publicHost: string): string {
  const parsed = JSON.parse(payload) as { data?: { post?: { path?: string } } };
  const post = parsed.data?.post;
  if (post?.path) Object.assign(post, { url: new URL(post.path, `${publicHost}/`).href });
  return JSON.stringify(parsed);
}

/**
 * Delivers webhook events. Each is a row (queued in the transaction of the change behind it, see
 * queueWebhookEvent), sent once its change is published, as a JSON POST signed the Standard
 * Webhooks way (`webhook-id`, `webhook-timestamp`, `webhook-signature`). A 2xx answer delivers it;
 * anything else (an error, a timeout, another status) is tried again after the next wait of the
 * schedule, with the same id and body, until the schedule runs out and it has failed. A target on
 * a loopback or private network is refused at connection time (whatever its name resolves to
 * then), unless allowed. Rows are claimed under the server's lease, so two servers never send one
 * event, and a claim a dead server left is taken over on start; nothing lives only in memory.
 */
export class WebhookDelivery {
  readonly #options: WebhookDeliveryOptions;
  readonly #retries: readonly number[];
  readonly #claimant: DeliveryClaimant;
  #running: Promise<void> | undefined;
  #again = false;
  #stopped = true;
  #timer: NodeJS.Timeout | undefined;

  constructor(options: WebhookDeliveryOptions) {
    this.#options = options;
    this.#retries = options.retriesMs ?? DEFAULT_WEBHOOK_RETRIES_MS;
    this.#claimant = options.claimant ?? { token: randomUUID(), held: () => true, expiryMs: DEFAULT_LEASE_TIMING.expiryMs };
  }

  /** For the lease holder at start: takes back the claims a stopped or dead server left. */
  async takeOverClaims(): Promise<number> {
    return releaseWebhookClaims(this.#options.db, this.#claimant.token);
  }

  start(): void {
    this.#stopped = false;
    this.wake();
  }

  /** Looks for due deliveries now (after a publish, or an event that needs none). */
  wake(): void {
    if (this.#stopped) return;
    if (this.#running) {
      this.#again = true;
      return;
    }
    this.#running = this.#run()
      .catch((error: unknown) => {
        this.#options.logger.error({ err: error }, 'webhook delivery failed; trying again shortly');
        this.#arm(this.#options.pollMs ?? DEFAULT_POLL_MS);
      })
      .finally(() => {
        this.#running = undefined;
      });
  }

  /** Resolves once nothing is being sent. */
  async idle(): Promise<void> {
    while (this.#running) await this.#running;
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    await this.idle();
  }

  async #run(): Promise<void> {
    const { db } = this.#options;
    do {
      this.#again = false;
      for (;;) {
        if (this.#stopped || !this.#claimant.held()) break;
        const now = nowIso();
        // Woken after every write: a read says whether anything is due before a claim writes.
        const next = await nextWebhookAttemptAt(db);
        if (next === undefined || next > now) break;
        const due = await claimWebhookDeliveries(db, {
          token: this.#claimant.token,
          now,
          staleBefore: new Date(Date.now() - this.#claimant.expiryMs).toISOString(),
          limit: BATCH,
        });
        if (due.length === 0) break;
        await Promise.all(due.map((delivery) => this.#deliver(delivery)));
      }
    } while (this.#again && !this.#stopped);
    if (this.#stopped) return;
    const next = await nextWebhookAttemptAt(db);
    const poll = this.#options.pollMs ?? DEFAULT_POLL_MS;
    this.#arm(next === undefined ? poll : Math.min(poll, Math.max(0, Date.parse(next) - Date.now())));
  }

  #arm(delayMs: number): void {
    clearTimeout(this.#timer);
    if (this.#stopped) return;
    this.#timer = setTimeout(() => this.wake(), delayMs);
    this.#timer.unref();
  }

  async #deliver(delivery: DueWebhookDelivery): Promise<void> {
    const { db, logger } = this.#options;
    const body = withUrls(delivery.payload, this.#options.publicHost);
    let attempt: WebhookAttempt;
    try {
      const answer = await this.#post(delivery, body);
      attempt =
        answer.status >= 200 && answer.status < 300
          ? { outcome: 'delivered', responseStatus: answer.status }
          : this.#failure(delivery, answer.status, `the endpoint answered ${answer.status}${answer.body ? `: ${answer.body}` : ''}`);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      // A target refused as private stays refused: trying again cannot help.
      attempt = REFUSED.test(message)
        ? { outcome: 'failed', responseStatus: null, error: PRIVATE_REFUSAL }
        : this.#failure(delivery, null, message);
    }
    await recordWebhookAttempt(db, delivery.id, attempt, nowIso());
    if (attempt.outcome !== 'delivered')
      logger.warn(
        { delivery: delivery.id, event: delivery.event, error: attempt.error },
        `webhook ${attempt.outcome === 'failed' ? 'failed for good' : 'will be retried'}`,
      );
  }

  #failure(delivery: DueWebhookDelivery, status: number | null, error: string): WebhookAttempt {
    const wait = this.#retries[delivery.attempts];
    return wait === undefined
      ? { outcome: 'failed', responseStatus: status, error }
      : { outcome: 'retry', at: new Date(Date.now() + wait).toISOString(), responseStatus: status, error };
  }

  #post(delivery: DueWebhookDelivery, body: string): Promise<Answer> {
    const timestamp = new Date();
    const signature = new Webhook(delivery.secret).sign(delivery.messageId, timestamp, body);
    const url = new URL(delivery.url);
    const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const agent = useAgent(url.href, { allowPrivateIPAddress: this.#options.allowPrivate, keepAlive: false });
    const timeoutMs = this.#options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    return new Promise<Answer>((resolve, reject) => {
      const req = request(
        url,
        {
          method: 'POST',
          agent,
          timeout: timeoutMs,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            'user-agent': 'Forkcast-Webhooks/1',
            'webhook-id': delivery.messageId,
            'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
            'webhook-signature': signature,
          },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            if (text.length < ERROR_LENGTH) text += chunk;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text.replace(/\s+/g, ' ').trim().slice(0, ERROR_LENGTH) }));
          res.on('error', reject);
        },
      );
      req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs / 1000} seconds`)));
      req.on('error', reject);
      req.end(body);
    });
  }
}
