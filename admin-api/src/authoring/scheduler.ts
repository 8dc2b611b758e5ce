import type { Logger } from 'pino';
import { commitChange, duePosts, nextPublishAt, nowIso, updatePost, type Db } from '@forkcast/content-db';
import type { Publisher } from '../context.ts';

export interface PublicationSchedulerOptions {
  db: Db;
  publisher?: Publisher;
  logger: Logger;
  /** Called once posts went live and their pages are published (the newsletter sends those set to go then). */
  wentLive?: () => void;
  /** Whether this process may put posts live now: false once the server's database lease is not held. */
  mayPublish?: () => boolean;
}

// A timer further out than this is re-armed from the database instead (timers drift, clocks move,
// and Node caps a timeout at about 24.8 days).
const LONGEST_WAIT_MS = 60 * 60 * 1000;
// When a publish fails the posts stay due; try again after this.
const RETRY_MS = 5_000;

/**
 * Puts scheduled posts live at their time. `publishDue` publishes every post whose time has come,
 * each exactly once (the change and the check that it is still unpublished run in one
 * transaction), then publishes the pages; `reschedule` arms one timer for the next time any post
 * waits for, and is called after every write and at start, so a server that was down at a post's
 * time publishes it as soon as it starts.
 */
export class PublicationScheduler {
  private readonly options: PublicationSchedulerOptions;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private running: Promise<number> | undefined;

  constructor(options: PublicationSchedulerOptions) {
    this.options = options;
  }

  /** Publishes the posts that are due; resolves to how many went live. */
  async publishDue(): Promise<number> {
    const { db, publisher, mayPublish } = this.options;
    if (mayPublish && !mayPublish()) throw new Error('this server does not hold the database lease');
    const { result: published } = await commitChange(db, async (trx) => {
      const due = await duePosts(trx, nowIso());
      for (const post of due) {
        await updatePost(trx, post.id, { published: true, publishedAt: post.publishAt, publishAt: null, updatedAt: nowIso() });
      }
      return due.length;
    });
    if (published > 0) {
      this.options.logger.info({ published }, 'scheduled posts went live');
      await publisher?.publishPending();
      this.options.wentLive?.();
    }
    return published;
  }

  /** Arms the timer for the earliest scheduled post (or clears it when none waits). */
  reschedule(): void {
    if (this.stopped) return;
    void nextPublishAt(this.options.db)
      .then((next) => this.arm(next === undefined ? undefined : Date.parse(next) - Date.now()))
      .catch((error: unknown) => {
        this.options.logger.error({ err: error }, 'could not read the publication schedule');
        this.arm(RETRY_MS);
      });
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  /** Resolves when a publication that is running has finished (for a graceful shutdown). */
  async idle(): Promise<void> {
    await this.running?.catch(() => undefined);
  }

  private arm(delayMs: number | undefined): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.stopped || delayMs === undefined) return;
    this.timer = setTimeout(() => this.fire(), Math.min(Math.max(delayMs, 0), LONGEST_WAIT_MS));
    this.timer.unref();
  }

  private fire(): void {
    this.running = this.publishDue();
    this.running
      .then(() => this.reschedule())
      .catch((error: unknown) => {
        this.options.logger.error({ err: error }, 'publishing scheduled posts failed; retrying');
        this.arm(RETRY_MS);
      });
  }
}
