import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { CamelCasePlugin, Kysely, SqliteDialect, sql } from 'kysely';
import { Migrator, type MigrationResultSet } from 'kysely/migration';
import { migrationProvider } from './migrations/index.ts';
import { syncPostTags } from './repositories/post-tags.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;

/**
 * Opens (creating if needed) the SQLite file at `path` with WAL journaling, enforced foreign keys and
 * a busy timeout, so the API server and a build script can share one file safely.
 */
export function createDb(path: string): Db {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const database = new SQLite(path);
  database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  database.pragma('synchronous = NORMAL');
  return new Kysely<Database>({
    dialect: new SqliteDialect({ database }),
    plugins: [new CamelCasePlugin()],
  });
}

/**
 * Applies every pending migration, then refills the tables derived by application code when their
 * rules changed; throws if a migration fails (the failed one is rolled back).
 */
export async function migrateToLatest(db: Db): Promise<MigrationResultSet> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const result = await migrator.migrateToLatest();
  if (result.error) {
    throw new Error(`Database migration failed: ${String(result.error)}`, { cause: result.error });
  }
  await db.transaction().execute((trx) => syncPostTags(trx));
  return result;
}

/** The current time as the ISO-8601 UTC string every timestamp column stores. */
export function nowIso(): string {
  return new Date().toISOString();
}

/** Writes a consistent copy of the whole database to `path` (VACUUM INTO): a backup or a test snapshot. */
export async function snapshotDb(db: Db, path: string): Promise<void> {
  await sql`vacuum into ${path}`.execute(db);
}
