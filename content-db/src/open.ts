import { createDb, migrateToLatest, type Db } from './db.ts';
import { seedIfNew, type SeedResult } from './seed/index.ts';

/**
 * Opens the database file, applies pending migrations and seeds it if it was never seeded. A
 * module of its own so that the site bundle, which imports the repositories, never carries the
 * seed content.
 */
export async function openContentDb(path: string): Promise<{ db: Db; seeded: SeedResult }> {
  const db = createDb(path);
  await migrateToLatest(db);
  const seeded = await seedIfNew(db);
  return { db, seeded };
}
