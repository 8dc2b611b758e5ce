import type { Db } from '../db.ts';

export interface PublishRecord {
  startedAt: string;
  durationMs: number;
  pagesChanged: number;
  urls: string[];
  error: string | null;
}

export async function recordPublish(db: Db, record: PublishRecord): Promise<void> {
  await db
    .insertInto('publishLog')
    .values({ ...record, urls: JSON.stringify(record.urls) })
    .execute();
}

/** The newest publishes, newest first. */
export async function recentPublishes(db: Db, limit: number): Promise<PublishRecord[]> {
  const rows = await db.selectFrom('publishLog').selectAll().orderBy('id', 'desc').limit(limit).execute();
  return rows.map(({ id: _id, ...row }) => ({ ...row, urls: JSON.parse(row.urls) as string[] }));
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
