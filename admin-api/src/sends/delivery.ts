import { randomUUID } from 'node:crypto';
import PQueue from 'p-queue';
import type { Logger } from 'pino';
import {
  claimDeliveries,
  finishSends,
  markDelivered,
  markFailed,
  markSkipped,
  nextDeliveryAt,
  nowIso,
  recordHardBounce,
  releaseClaims,
  scheduleRetry,
  sendContent,
  type Db,
  type DueDelivery,
} from '@forkcast/content-db';
import { DEFAULT_LEASE_TIMING } from '../lease/timing.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { NewsletterLinks } from '../newsletter/links.ts';
import { addressLetter, type Letter } from './letter.ts';

/** How temporary failures are retried: the wait doubles from `baseMs` up to `maxMs`, for `attempts` tries in all. */
export interface RetryPolicy {
  baseMs: number;
  maxMs: number;
  attempts: number;
}

const DEFAULT_RETRY: RetryPolicy = { baseMs: 60_000, maxMs: 60 * 60_000, attempts: 8 };

/** Who takes the rows a worker sends: in the server, its database lease. */
export interface DeliveryClaimant {
  /** Marks the rows this worker claimed. */
  readonly token: string;
  /** Whether this worker may still send: false once its lease ran out or went to another server. */
  held(): boolean;
  /** Another claimant's claim older than this was left by a worker that stopped; its rows are taken again. */
  readonly expiryMs: number;
}

export interface DeliveryOptions {
  db: Db;
  /** A pooled mailer of its own (closed by `stop`): a send's messages share a few SMTP connections. */
  mailer: Mailer;
  /** The signer of unsubscribe links (its secret lives in the database, so it is read when needed). */
  links: () => Promise<NewsletterLinks>;
  /** The mailbox named in List-Unsubscribe besides the link; its domain ends every Message-ID. */
  from: string;
  logger: Logger;
  /** At most this many messages a second. */
  rate: number;
  /** Hard bounces in a row after which a subscriber is marked bounced. */
  bounceLimit: number;
  retry?: RetryPolicy;
  /** Messages handed to the mailer at once (the pool queues those its connections cannot take yet). */
  concurrency?: number;
  /** The server's lease; without one (a worker assembled outside the server) the worker claims under a token of its own. */
  claimant?: DeliveryClaimant;
}

/** What the worker is doing, for /admin: when the mail server cannot be reached, why and until when it waits. */
export interface DeliveryState {
  waitingUntil?: string;
  problem?: string;
}

// Deliveries read from the database at a time; the memory a send needs does not grow with its size.
const BATCH = 200;
// Accepted messages are recorded together: as soon as this many wait, or this long after the first.
const GROUP_SIZE = 32;
const GROUP_MS = 10;
// Progress is announced at most this often while messages go out.
const PROGRESS_EVERY_MS = 250;
// While the lease is not known to be held (a heartbeat is late), the worker looks again this often.
const UNHELD_RETRY_MS = 1000;

/** The SMTP reply code of a failed send (nodemailer's `responseCode`), if the server gave one. */
function replyCode(error: unknown): number | undefined {
  const code = (error as { responseCode?: unknown } | undefined)?.responseCode;
  return typeof code === 'number' ? code : undefined;
}

function describe(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/\s+/g, ' ').slice(0, 500);
}

/**
 * Delivers newsletter sends. Every recipient is a row in SQLite (see startSend); the worker walks the
 * queued rows in order, at most `rate` a second over a pooled SMTP connection, and records each
 * outcome as it comes: sent; refused for good (a 5xx: failed, and the subscriber's hard bounce is
 * counted); refused for now (a 4xx: tried again later, the wait doubling, until the attempts run
 * out); or not tried because the subscriber left meanwhile (skipped). A mail server that cannot be
 * reached at all is nobody's bounce: the whole worker waits and tries again, the wait doubling.
 *
 * Each row is claimed (marked with the server's lease token) before its message goes out, and no
 * message goes out once the lease is no longer held, so two workers on one database never send the
 * same row; a claim left by a worker that died is taken again once it is older than the lease's expiry.
 *
 * Nothing is kept only in memory, so a restart resumes where the rows say. A crash between the
 * server's acceptance of a message and the row's update sends that message again on restart, with
 * the same Message-ID (made of the send's random key and the row's id), which is how a receiving
 * system and the tests tell a repeat from a second email.
 */
export class NewsletterDelivery {
  readonly #options: DeliveryOptions;
  readonly #retry: RetryPolicy;
  readonly #domain: string;
  readonly #claimant: DeliveryClaimant;
  readonly #listeners = new Set<() => void>();
  readonly #letters = new Map<number, Letter & { messageKey: string }>();
  // Sends cancelled while some of their rows were already read: those rows are dropped, not sent.
  readonly #cancelled = new Set<number>();
  #running: Promise<void> | undefined;
  #again = false;
  #stopped = false;
  #timer: NodeJS.Timeout | undefined;
  #announce: NodeJS.Timeout | undefined;
  #outage = 0;
  #state: DeliveryState = {};
  #links: NewsletterLinks | undefined;
  #groupTimer: NodeJS.Timeout | undefined;
  // Messages the server accepted, waiting to be written together on the next turn of the event loop.
  #accepted: { row: DueDelivery; written: () => void; failed: (error: unknown) => void }[] = [];

  constructor(options: DeliveryOptions) {
    this.#options = options;
    this.#retry = options.retry ?? DEFAULT_RETRY;
    this.#domain = options.from.split('@').at(-1)!;
    this.#claimant = options.claimant ?? { token: randomUUID(), held: () => true, expiryMs: DEFAULT_LEASE_TIMING.expiryMs };
  }

  /**
   * For the lease holder, before it starts: gives back every claim another worker left on queued
   * rows. Whoever made them holds no lease any more (a server that died or was taken over), and
   * stops sending the moment it is not sure it holds one.
   */
  async takeOverClaims(): Promise<number> {
    return releaseClaims(this.#options.db, { except: this.#claimant.token });
  }

  /** Starts delivering whatever is queued (at start: what a stop or crash left). */
  start(): void {
    this.wake();
  }

  /** Looks for work now: after a send starts, or when a retry's time comes. */
  wake(): void {
    if (this.#stopped) return;
    if (this.#running) {
      this.#again = true;
      return;
    }
    this.#running = this.#run()
      .catch((error: unknown) => {
        this.#options.logger.error({ err: error }, 'newsletter delivery failed; trying again shortly');
        this.#arm(this.#retry.baseMs);
      })
      .finally(() => {
        this.#running = undefined;
      });
  }

  /** Stops taking new messages, waits for those in flight to be recorded, and closes the mailer. */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    clearTimeout(this.#announce);
    await this.#running;
    this.#options.mailer.close();
  }

  /** Resolves once nothing is being delivered (the work queued now is done, or waits for a retry). */
  async idle(): Promise<void> {
    while (this.#running) await this.#running;
  }

  /** Drops what is already read of a cancelled send (its queued rows are skipped in the database). */
  cancel(sendId: number): void {
    this.#cancelled.add(sendId);
  }

  get state(): DeliveryState {
    return this.#state;
  }

  /** Called (at most every 250 ms) while deliveries progress; returns the function that stops it. */
  onProgress(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Tells the listeners now (a send was started or cancelled). */
  announce(): void {
    clearTimeout(this.#announce);
    this.#announce = undefined;
    for (const listener of this.#listeners) listener();
  }

  #changed(): void {
    this.#announce ??= setTimeout(() => this.announce(), PROGRESS_EVERY_MS);
  }

  async #run(): Promise<void> {
    const { db } = this.#options;
    this.#links = await this.#options.links();
    do {
      this.#again = false;
      await this.#drain();
    } while (this.#again && !this.#stopped);
    if (this.#stopped) return;
    await db.transaction().execute((trx) => finishSends(trx, nowIso()));
    this.#letters.clear();
    this.#cancelled.clear();
    this.announce();
    if (!this.#claimant.held()) {
      this.#arm(UNHELD_RETRY_MS);
      return;
    }
    const waitingUntil = this.#state.waitingUntil;
    const next = waitingUntil ?? (await nextDeliveryAt(db));
    this.#arm(next === undefined ? undefined : Date.parse(next) - Date.now());
  }

  #arm(delayMs: number | undefined): void {
    clearTimeout(this.#timer);
    if (this.#stopped || delayMs === undefined) return;
    this.#timer = setTimeout(() => this.wake(), Math.min(Math.max(delayMs, 0), this.#retry.maxMs));
    this.#timer.unref();
  }

  /**
   * Claims and delivers every queued row whose time has come, in id order, until none is left, the
   * server is out of reach or the lease is not held. Rows claimed but not tried are given back.
   */
  async #drain(): Promise<void> {
    const { db, rate, concurrency = 16 } = this.#options;
    const queue = new PQueue({ concurrency, interval: 1000, intervalCap: rate, strict: true });
    const claiming = () => {
      const now = Date.now();
      return claimDeliveries(db, {
        claimant: this.#claimant.token,
        now: new Date(now).toISOString(),
        staleBefore: new Date(now - this.#claimant.expiryMs).toISOString(),
        limit: BATCH,
      });
    };
    try {
      while (this.#mayGoOn()) {
        const rows = await claiming();
        if (rows.length === 0) {
          if (queue.size === 0 && queue.pending === 0) return;
          // A row in flight may come back due at once (a retry): look again once all are recorded.
          await queue.onIdle();
          continue;
        }
        for (const row of rows) {
          if (!this.#mayGoOn()) break;
          if (queue.size >= concurrency) await queue.onSizeLessThan(concurrency);
          void queue.add(() => this.#deliver(row));
        }
      }
    } finally {
      await queue.onIdle();
      await releaseClaims(db, { claimant: this.#claimant.token }).catch((error: unknown) => {
        this.#options.logger.error({ err: error }, 'could not give back the newsletter deliveries this worker claimed');
      });
    }
  }

  #mayGoOn(): boolean {
    return !this.#stopped && !this.#waiting() && this.#claimant.held();
  }

  #waiting(): boolean {
    const until = this.#state.waitingUntil;
    if (until === undefined) return false;
    if (Date.parse(until) > Date.now()) return true;
    this.#state = {};
    return false;
  }

  async #letter(sendId: number): Promise<(Letter & { messageKey: string }) | undefined> {
    const cached = this.#letters.get(sendId);
    if (cached) return cached;
    const content = await sendContent(this.#options.db, sendId);
    if (!content) return undefined;
    const letter = { subject: content.subject, html: content.html, text: content.text, messageKey: content.messageKey };
    this.#letters.set(sendId, letter);
    return letter;
  }

  async #deliver(row: DueDelivery): Promise<void> {
    const { db, mailer, logger } = this.#options;
    if (this.#cancelled.has(row.sendId) || !this.#claimant.held()) return;
    try {
      const letter = await this.#letter(row.sendId);
      if (!letter || row.subscriberId === null || row.subscriberStatus !== 'confirmed' || this.#waiting()) {
        if (!this.#waiting()) await markSkipped(db, row.id);
        return;
      }
      const unsubscribeUrl = this.#links!.unsubscribeUrl({ id: row.subscriberId, email: row.email });
      const addressed = addressLetter(letter, unsubscribeUrl);
      try {
        await mailer.send({
          to: row.email,
          ...addressed,
          unsubscribe: { url: unsubscribeUrl, mailto: `mailto:${this.#options.from}?subject=unsubscribe` },
          messageId: `<${letter.messageKey}.${row.id}@${this.#domain}>`,
        });
      } catch (error) {
        await this.#failed(row, error);
        return;
      }
      await this.#recordDelivered(row);
      this.#outage = 0;
      if (this.#state.problem !== undefined && !this.#waiting()) this.#state = {};
    } catch (error) {
      logger.error({ err: error, delivery: row.id }, 'could not record a newsletter delivery');
    } finally {
      this.#changed();
    }
  }

  /**
   * Records an accepted message. Those accepted within GROUP_MS of each other are written in one
   * statement (a group commit): a few milliseconds later than alone, at a fraction of the cost per
   * message. The message counts as delivered only once written.
   */
  #recordDelivered(row: DueDelivery): Promise<void> {
    return new Promise((written, failed) => {
      this.#accepted.push({ row, written, failed });
      if (this.#accepted.length >= GROUP_SIZE) void this.#writeAccepted();
      else this.#groupTimer ??= setTimeout(() => void this.#writeAccepted(), GROUP_MS);
    });
  }

  async #writeAccepted(): Promise<void> {
    clearTimeout(this.#groupTimer);
    this.#groupTimer = undefined;
    const group = this.#accepted.splice(0);
    if (group.length === 0) return;
    try {
      await markDelivered(
        this.#options.db,
        group.map((entry) => entry.row),
        nowIso(),
      );
      for (const entry of group) entry.written();
    } catch (error) {
      for (const entry of group) entry.failed(error);
    }
  }

  async #failed(row: DueDelivery, error: unknown): Promise<void> {
    const { db, logger, bounceLimit } = this.#options;
    const code = replyCode(error);
    const problem = describe(error);
    const now = nowIso();
    if (code === undefined || code < 400) {
      // No answer from the server (refused connection, timeout, TLS): not this address's fault.
      this.#outage++;
      const waitMs = Math.min(this.#retry.baseMs * 2 ** (this.#outage - 1), this.#retry.maxMs);
      const waitingUntil = new Date(Date.now() + waitMs).toISOString();
      if (this.#state.waitingUntil === undefined || waitingUntil > this.#state.waitingUntil) this.#state = { waitingUntil, problem };
      await scheduleRetry(db, row.id, { attempts: row.attempts, nextAttemptAt: waitingUntil, error: problem });
      logger.warn({ err: error, waitingUntil }, 'the mail server cannot be reached; newsletter delivery waits');
      return;
    }
    const attempts = row.attempts + 1;
    if (code >= 500) {
      const bounced = await db.transaction().execute(async (trx) => {
        await markFailed(trx, row.id, { attempts, error: problem });
        return row.subscriberId === null ? false : recordHardBounce(trx, row.subscriberId, bounceLimit, now);
      });
      logger.info({ delivery: row.id, code, bounced }, 'newsletter message refused for good');
      return;
    }
    if (attempts >= this.#retry.attempts) {
      await markFailed(db, row.id, { attempts, error: problem });
      logger.info({ delivery: row.id, code, attempts }, 'newsletter message still refused after every retry');
      return;
    }
    const waitMs = Math.min(this.#retry.baseMs * 2 ** (attempts - 1), this.#retry.maxMs);
    await scheduleRetry(db, row.id, { attempts, nextAttemptAt: new Date(Date.now() + waitMs).toISOString(), error: problem });
  }
}
