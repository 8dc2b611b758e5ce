import { chunks } from '../chunks.ts';
import type { Db } from '../db.ts';

export interface OutboxEntry {
  id: number;
  tags: string[];
  createdAt: string;
  /** The user whose change it records; null for the server's own. */
  userId: number | null;
}

/** Records the tags a write changed (and whose write it was); call it in the write's own transaction. */
export async function enqueueTags(db: Db, tags: Iterable<string>, now: string, userId: number | null = null): Promise<number> {
  const unique = [...new Set(tags)].sort();
  const row = await db
    .insertInto('outbox')
    .values({ tags: JSON.stringify(unique), createdAt: now, userId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Entries not yet published, oldest first. */
export async function pendingOutbox(db: Db): Promise<OutboxEntry[]> {
  const rows = await db
    .selectFrom('outbox')
    .select(['id', 'tags', 'createdAt', 'userId'])
    .where('doneAt', 'is', null)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ ...row, tags: JSON.parse(row.tags) as string[] }));
}

/** Marks entries done once their pages are swapped into the site folder. */
export async function markOutboxDone(db: Db, ids: number[], now: string): Promise<void> {
  for (const slice of chunks(ids)) await db.updateTable('outbox').set({ doneAt: now }).where('id', 'in', slice).execute();
}

/** How many changes are waiting to be published. */
export async function countPendingOutbox(db: Db): Promise<number> {
  const row = await db
    .selectFrom('outbox')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('doneAt', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Deletes up to `limit` published entries marked done before `before`, oldest first; returns how
 * many. Entries still pending are never touched.
 */
export async function deleteDoneOutbox(db: Db, before: string, limit: number): Promise<number> {
  const result = await db
    .deleteFrom('outbox')
    .where('id', 'in', (eb) =>
      eb.selectFrom('outbox').select('id').where('doneAt', 'is not', null).where('doneAt', '<', before).orderBy('id').limit(limit),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** When the oldest change still waiting to be published was made, if any is waiting. */
export async function oldestPendingOutbox(db: Db): Promise<string | undefined> {
  const row = await db.selectFrom('outbox').select('createdAt').where('doneAt', 'is', null).orderBy('id').limit(1).executeTakeFirst();
  return row?.createdAt;
}
