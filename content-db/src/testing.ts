import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb, migrateToLatest, type Db } from './db.ts';

export interface TempDb {
  db: Db;
  path: string;
  /** Closes the database and deletes its folder. */
  cleanup: () => Promise<void>;
}

/** A fresh, migrated SQLite file in its own temporary folder: what each test gets. */
export async function createTempDb(options: { migrate?: boolean } = {}): Promise<TempDb> {
  const dir = mkdtempSync(join(tmpdir(), 'forkcast-db-'));
  const path = join(dir, 'content.db');
  const db = createDb(path);
  if (options.migrate !== false) await migrateToLatest(db);
  return {
    db,
    path,
    cleanup: async () => {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
