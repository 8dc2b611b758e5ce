import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { CamelCasePlugin, Kysely, SqliteDialect, sql, type Compilable, type SqliteDatabase } from 'kysely';
import { LRUCache } from 'lru-cache';
import { Migrator, type MigrationResultSet } from 'kysely/migration';
import { migrationProvider, migrations } from './migrations/index.ts';
import { syncPostTags } from './repositories/post-tags.ts';
import type { Database, Db } from './schema.ts';

// Declared beside the schema so that the repositories migrateToLatest runs (post-tags) take it without an import cycle.
export type { Db } from './schema.ts';

/**
 * Runs a query built as usual (its names turned into SQL's by the camel-case plugin) but answers
 * its rows as SQLite gave them, for reads of thousands of rows whose columns need no new names (an
 * id, a path): the plugin would copy every row on the way, garbage a publish collects again.
 */
export async function sqliteRows<R>(db: Db, query: Compilable<unknown>): Promise<R[]> {
  return (await db.withoutPlugins().executeQuery<R>(query.compile())).rows;
}

/**
 * The connection as Kysely sees it, keeping each prepared statement for the next query of the same
 * text: preparing took as long as running the small queries a page makes, and a page render makes
 * dozens. Statements are only ever run to completion (Kysely streams nothing here), so one is never
 * in use twice at once.
 */
function withStatementCache(database: SQLite.Database): SqliteDatabase {
  const statements = new LRUCache<string, ReturnType<SQLite.Database['prepare']>>({ max: 1000 });
  return {
    close: () => database.close(),
    prepare: (text) => {
      let statement = statements.get(text);
      if (!statement) {
        statement = database.prepare(text);
        statements.set(text, statement);
      }
      return statement;
    },
  };
}

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
  // Deleting for good must leave no readable trace: freed pages and cells are zeroed, not just unlinked.
  database.pragma('secure_delete = ON');
  return new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(database) }),
    plugins: [new CamelCasePlugin()],
  });
}

/**
 * The database was migrated by a newer release than this one: it holds migrations this code does
 * not know, so its tables may not be what this code reads and writes.
 */
export class DatabaseTooNewError extends Error {
  override name = 'DatabaseTooNewError';
  readonly unknownMigrations: string[];
  constructor(unknownMigrations: string[]) {
    super(
      `the database was upgraded by a newer release of Forkcast (migration ${unknownMigrations.join(', ')}), which this release does not know; run that release or a newer one, or restore a backup taken before the upgrade`,
    );
    this.unknownMigrations = unknownMigrations;
  }
}

/** The migrations a database has had applied, by name (their numbers order them). */
export async function appliedMigrations(db: Db): Promise<string[]> {
  const table = await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name = 'kysely_migration'`.execute(db);
  if (table.rows.length === 0) return [];
  const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
  return rows.map((row) => row.name);
}

/** Throws DatabaseTooNewError when `applied` names a migration this release does not have. */
export function refuseUnknownMigrations(applied: string[]): void {
  const unknown = applied.filter((name) => !Object.hasOwn(migrations, name));
  if (unknown.length > 0) throw new DatabaseTooNewError(unknown);
}

/**
 * Applies every pending migration, then refills the tables derived by application code when their
 * rules changed; throws if a migration fails (the failed one is rolled back). A database a newer
 * release migrated is refused before anything is applied: an older release going on would write
 * rows the newer schema does not expect (a downgrade is done by restoring a backup).
 */
export async function migrateToLatest(db: Db): Promise<MigrationResultSet> {
  refuseUnknownMigrations(await appliedMigrations(db));
  // Features are built on branches side by side, each with its own migration number, and land in
  // any order: a database that has 0032 must still take a 0029 that lands after it.
  const migrator = new Migrator({ db, provider: migrationProvider, allowUnorderedMigrations: true });
  const result = await migrator.migrateToLatest();
  if (result.error) {
    throw new Error(`Database migration failed: ${String(result.error)}`, { cause: result.error });
  }
  await db.transaction().execute((trx) => syncPostTags(trx));
  return result;
}

/**
 * Runs `work` in a transaction that takes SQLite's write lock when it begins (BEGIN IMMEDIATE), so
 * what it reads cannot change before it writes: two processes racing through it run one after the
 * other (the second waits out the busy timeout), where deferred transactions that both read first
 * would both decide on the same state.
 */
export function immediateTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.connection().execute(async (connection) => {
    await sql`begin immediate`.execute(connection);
    try {
      const result = await work(connection);
      await sql`commit`.execute(connection);
      return result;
    } catch (error) {
      await sql`rollback`.execute(connection).catch(() => undefined);
      throw error;
    }
  });
}

/** The current time as the ISO-8601 UTC string every timestamp column stores. */
export function nowIso(): string {
  return new Date().toISOString();
}

/** SQLite's integrity check: 'ok', or the problems it found, joined. */
export async function integrityCheck(db: Db): Promise<string> {
  const { rows } = await sql<Record<string, string>>`pragma integrity_check`.execute(db);
  return rows.map((row) => Object.values(row)[0]).join('; ');
}

/** Writes a consistent copy of the whole database to `path` (VACUUM INTO): a backup or a test snapshot. */
export async function snapshotDb(db: Db, path: string): Promise<void> {
  await sql`vacuum into ${path}`.execute(db);
}
