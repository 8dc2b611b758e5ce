import { createDb, migrateToLatest, type Db } from '@forkcast/content-db';
import { seedIfNew, type SeedResult } from '@forkcast/content-db/seed';

/** Opens the database file, applies pending migrations and seeds it if it was never seeded. */
export async function openContentDb(path: string): Promise<{ db: Db; seeded: SeedResult }> {
  const db = createDb(path);
  await migrateToLatest(db);
  const seeded = await seedIfNew(db);
  return { db, seeded };
}
