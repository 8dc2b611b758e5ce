import { nowIso, type Db } from './db.ts';
import { enqueueTags } from './repositories/outbox.ts';
import { queueWebhookEvent } from './repositories/webhooks.ts';
import { captureChanges } from './revisions/capture.ts';
import { storeChange, type ChangeMeta } from './revisions/store.ts';
import { refreshSearchIndex } from './search/documents.ts';
import { trackWrites } from './tracking.ts';
import { queuePostEvents } from './webhooks/post-events.ts';

export interface CommittedChange<T> {
  result: T;
  tags: string[];
  /** The change's id when it kept something (revisions or trash): what undoing it names. */
  changeId: number | undefined;
  /** The new version of each entity the change changed, by entityKey ('post:12'); see versions/versions.ts. */
  versions: ReadonlyMap<string, number>;
}

/**
 * Runs a change in one transaction and records in that same transaction the tags of everything the
 * repository writes inside it changed (the outbox), a revision of every entity whose state it
 * changed and the trash rows of what it deleted, so a crash can never keep a change without its
 * publishing record or its history, and no write path assembles either by hand. The same tags bring
 * the site search up to date in that transaction, so what a change publishes is findable once it
 * commits, and queue the webhook events of the posts it changed, delivered once it is published.
 */
export function commitChange<T>(
  db: Db,
  work: (trx: Db) => Promise<T>,
  meta: ChangeMeta & { now?: string } = {},
): Promise<CommittedChange<T>> {
  return db.transaction().execute(async (trx) => {
    const {
      result: { result, tags },
      captured,
    } = await captureChanges(() => trackWrites(() => work(trx)));
    const now = meta.now ?? nowIso();
    await refreshSearchIndex(trx, tags);
    const outboxId = tags.length > 0 ? await enqueueTags(trx, tags, now, meta.userId ?? null) : null;
    const { changeId, versions } = await storeChange(trx, captured, meta, now);
    await queuePostEvents(trx, captured, now, outboxId);
    for (const { event, data } of captured.events) await queueWebhookEvent(trx, event, data, now, outboxId);
    return { result, tags, changeId, versions };
  });
}
