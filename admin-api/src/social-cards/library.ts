import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from 'pino';
import { allMedia, countPendingOutbox, listRouteFailures, type Db } from '@forkcast/content-db';
import { PeriodicTask } from '../housekeeping/periodic-task.ts';
import { ensureCards, staleCards } from './cards.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Makes the social card of every library item whose master the uploads folder holds and whose card
 * it lacks (a backup restored, a folder copied in): at every start and before a full build, so no
 * page goes live naming a card that is missing. Answers the names made.
 */
export async function ensureLibraryCards(db: Db, uploadDir: string, logger?: Logger): Promise<string[]> {
  const made = await ensureCards(uploadDir, await allMedia(db));
  if (made.length > 0) logger?.info({ cards: made.length }, 'made the social cards the uploads folder lacked');
  return made;
}

/**
 * Removes the social cards no library item names any more (a focal point moved on, an item deleted),
 * a day after they were made. Only while every page in the site folder is a render of the database
 * as it is (nothing waits in the outbox, no page is failing and keeps an older version): then no live
 * page names such a card. The uploads bucket keeps its copies, as it does every upload's.
 */
export class CardSweep extends PeriodicTask<string[]> {
  protected readonly failure = 'could not remove the social cards no page names';
  readonly #uploadDir: string;

  constructor(options: { db: Db; logger: Logger; uploadDir: string }) {
    super(options);
    this.#uploadDir = options.uploadDir;
  }

  async run(now: Date = new Date()): Promise<string[]> {
    if ((await countPendingOutbox(this.db)) > 0 || (await listRouteFailures(this.db)).length > 0) return [];
    const stale = await staleCards(this.#uploadDir, await allMedia(this.db), now.getTime() - DAY_MS);
    await Promise.all(stale.map((name) => rm(join(this.#uploadDir, name), { force: true })));
    if (stale.length > 0) this.logger.info({ cards: stale.length }, 'removed social cards no page names');
    return stale;
  }
}
