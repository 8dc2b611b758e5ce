import { nowIso, type Db } from './db.ts';
import { enqueueTags } from './repositories/outbox.ts';
import { refreshSearchIndex } from './search/documents.ts';
import { trackWrites } from './tracking.ts';

/**
 * Runs a change in one transaction and records in the outbox, in that same transaction, the tags of
 * everything the repository writes inside it changed, so a crash can never keep a change without its
 * publishing record and no write path assembles its tags by hand. The same tags bring the site
 * search up to date in that transaction, so what a change publishes is findable once it commits.
 * Returns the work's result and those tags.
 */
export function commitChange<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<{ result: T; tags: string[] }> {
  return db.transaction().execute(async (trx) => {
    const { result, tags } = await trackWrites(() => work(trx));
    await refreshSearchIndex(trx, tags);
    if (tags.length > 0) await enqueueTags(trx, tags, nowIso());
    return { result, tags };
  });
}
