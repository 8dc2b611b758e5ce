import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  deleteDoneOutbox,
  deleteInsightHitsBefore,
  insightHitDays,
  prunePublishLog,
  pruneWebhookDeliveries,
  rollUpInsightDay,
} from '@forkcast/content-db';
import { PeriodicTask } from './periodic-task.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** How long the bookkeeping of past publishes is kept (it is pruned hourly). */
export const HOUSEKEEPING = {
  /** Published outbox entries: only a pending entry matters to the publisher; a week helps to look back. */
  outboxDoneMs: 7 * DAY_MS,
  /** Publish records: the dashboard shows the newest and the last day's failures. */
  publishLogMs: 30 * DAY_MS,
  publishLogRows: 1_000,
  /** Delivered and failed webhook deliveries: the admin's log shows the newest. */
  webhookLogMs: 30 * DAY_MS,
  /** Rows deleted per statement, so no one delete holds the database long. */
  batch: 500,
} as const;

export interface Pruned {
  outbox: number;
  publishLog: number;
  webhookDeliveries: number;
  /** Raw page views deleted once rolled up. */
  insightHits: number;
}

/** Runs one bounded delete until it deletes less than a batch, yielding between batches. */
async function inBatches(deleteBatch: () => Promise<number>): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await deleteBatch();
    total += deleted;
    if (deleted < HOUSEKEEPING.batch) return total;
    await nextTurn();
  }
}

/**
 * Keeps the publisher's bookkeeping tables bounded: published outbox entries, old publish records
 * and the webhook log's finished deliveries are deleted at start and then hourly, a batch at a time. (Expired sessions and unconfirmed
 * newsletter sign-ups have timers of their own.)
 */
export class Housekeeping extends PeriodicTask<Pruned> {
  protected readonly failure = 'could not prune old publish bookkeeping';

  /** Prunes now (or as if at `now`); returns how many rows of each table went. */
  async run(now: Date = new Date()): Promise<Pruned> {
    const at = now.getTime();
    const outboxBefore = new Date(at - HOUSEKEEPING.outboxDoneMs).toISOString();
    const publishLogBefore = new Date(at - HOUSEKEEPING.publishLogMs).toISOString();
    const pruned = {
      outbox: await inBatches(() => deleteDoneOutbox(this.db, outboxBefore, HOUSEKEEPING.batch)),
      publishLog: await inBatches(() =>
        prunePublishLog(this.db, { before: publishLogBefore, keep: HOUSEKEEPING.publishLogRows, limit: HOUSEKEEPING.batch }),
      ),
      webhookDeliveries: await inBatches(() =>
        pruneWebhookDeliveries(this.db, new Date(at - HOUSEKEEPING.webhookLogMs).toISOString(), HOUSEKEEPING.batch),
      ),
      insightHits: await this.rollUpInsights(at),
    };
    if (pruned.outbox + pruned.publishLog + pruned.webhookDeliveries > 0) this.logger.info(pruned, 'pruned old publish bookkeeping');
    return pruned;
  }

  /**
   * Folds every day that has raw page views into the daily totals, then deletes the views of each
   * day that ended a day ago: hourly, no view is kept much past 48 hours, and no day loses a part.
   */
  private async rollUpInsights(at: number): Promise<number> {
    for (const day of await insightHitDays(this.db)) await this.db.transaction().execute((trx) => rollUpInsightDay(trx, day));
    return deleteInsightHitsBefore(this.db, new Date(at - DAY_MS).toISOString().slice(0, 10));
  }
}
