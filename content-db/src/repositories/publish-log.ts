import type { Db } from '../db.ts';

export interface PublishRecord {
  startedAt: string;
  durationMs: number;
  pagesChanged: number;
  urls: string[];
  error: string | null;
  /** The users whose changes it published (none for the server's own, or a retry). */
  userIds: number[];
}

export async function recordPublish(db: Db, record: PublishRecord): Promise<void> {
  await db
    .insertInto('publishLog')
    .values({ ...record, urls: JSON.stringify(record.urls), userIds: JSON.stringify(record.userIds) })
    .execute();
}

/** The newest publishes, newest first. */
export async function recentPublishes(db: Db, limit: number): Promise<PublishRecord[]> {
  const rows = await db.selectFrom('publishLog').selectAll().orderBy('id', 'desc').limit(limit).execute();
  return rows.map(({ id: _id, ...row }) => ({
    ...row,
    urls: JSON.parse(row.urls) as string[],
    userIds: JSON.parse(row.userIds) as number[],
  }));
}

/** Failed publishes since `since` (ISO time). */
export async function countFailedPublishes(db: Db, since: string): Promise<number> {
  const row = await db
    .selectFrom('publishLog')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('error', 'is not', null)
    .where('startedAt', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Deletes up to `limit` of the oldest publish records that started before `before` or lie beyond
 * the newest `keep`; returns how many.
 */
export async function prunePublishLog(db: Db, options: { before: string; keep: number; limit: number }): Promise<number> {
  const newest = db.selectFrom('publishLog').select('id').orderBy('id', 'desc').limit(options.keep);
  const result = await db
    .deleteFrom('publishLog')
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('publishLog')
        .select('id')
        .where((row) => row.or([row('startedAt', '<', options.before), row('id', 'not in', newest)]))
        .orderBy('id')
        .limit(options.limit),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The id of the newest publish record (0 when there is none): it changes whenever a publish finishes. */
export async function latestPublishId(db: Db): Promise<number> {
  const row = await db.selectFrom('publishLog').select('id').orderBy('id', 'desc').limit(1).executeTakeFirst();
  return row?.id ?? 0;
}
