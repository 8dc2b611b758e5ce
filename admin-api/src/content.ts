import { createDb, migrateToLatest, type Db } from '@forkcast/content-db';
import { seed, type SeedResult } from '@forkcast/content-db/seed';

/** Opens the database file, applies pending migrations and adds any missing seed content. */
export async function openContentDb(path: string): Promise<{ db: Db; seeded: SeedResult }> {
  const db = createDb(path);
  await migrateToLatest(db);
  const seeded = await seed(db);
  return { db, seeded };
}
