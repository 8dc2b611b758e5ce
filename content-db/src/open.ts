import { accessSync, constants, existsSync } from 'node:fs';
import { dirname } from 'node:path';
import { sql } from 'kysely';
import { appliedMigrations, createDb, DatabaseTooNewError, migrateToLatest, nowIso, refuseUnknownMigrations, type Db } from './db.ts';
import { hasLeaseTable } from './repositories/server-lease.ts';
import { ensureSearchIndex } from './search/documents.ts';
import { seedIfNew, type SeedResult } from './seed/index.ts';

// SQLite's result codes for a file this process cannot use, with what each means to an operator.
// Extended codes (SQLITE_IOERR_WRITE, SQLITE_READONLY_DBMOVED, ...) are read by their prefix.
const UNUSABLE: Record<string, string> = {
  SQLITE_NOTADB: 'the file is not a SQLite database',
  SQLITE_CORRUPT: 'the database file is corrupt',
  SQLITE_CANTOPEN: 'the database file cannot be opened',
  SQLITE_READONLY: 'the database file is read-only to this process, which must write to it',
  SQLITE_PERM: 'this process may not use the database file',
  SQLITE_IOERR: 'the disk reported an error while reading or writing the database',
  SQLITE_FULL: 'the disk holding the database is full',
};

/** The database file cannot be used; `message` says why in words, `code` is SQLite's (or TOO_NEW for a downgrade). */
export class DatabaseUnusableError extends Error {
  override name = 'DatabaseUnusableError';
  readonly path: string;
  readonly code: string;
  constructor(path: string, code: string, options?: ErrorOptions & { reason?: string }) {
    super(options?.reason ?? `${UNUSABLE[code.match(/^SQLITE_[A-Z]+/)?.[0] ?? ''] ?? 'SQLite refused the database'} (${code})`, options);
    this.path = path;
    this.code = code;
  }
}

/** Why SQLite could not open the file, when the folder it needs to write beside it says so. */
function cantOpenReason(path: string, code: string): string | undefined {
  const folder = dirname(path);
  if (!code.startsWith('SQLITE_CANTOPEN') || !existsSync(folder)) return undefined;
  try {
    accessSync(folder, constants.W_OK);
    return undefined;
  } catch {
    return `its folder is read-only to this process, and SQLite keeps its journal files beside the database (${code})`;
  }
}

/**
 * SQLite opens a file it may not write (read-only, immutable, on a read-only mount) read-only
 * without a word, and refuses only the first write, which may come long after. Everyone who opens
 * the database here writes to it, so one write is made now and rolled back.
 */
async function tryWrite(db: Db): Promise<void> {
  await db.connection().execute(async (connection) => {
    await sql`begin`.execute(connection);
    try {
      const { rows } = await sql<{ version: number }>`select user_version as version from pragma_user_version`.execute(connection);
      await sql.raw(`pragma user_version = ${Number(rows[0]?.version ?? 0)}`).execute(connection);
    } catch (error) {
      await sql`rollback`.execute(connection).catch(() => undefined);
      throw error;
    }
    await sql`rollback`.execute(connection);
  });
}

function sqliteCode(error: unknown): string | undefined {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && code.startsWith('SQLITE_')) return code;
  }
  return undefined;
}

export interface OpenOptions {
  /**
   * Build the search index when it is missing or out of date (the default). The server and
   * `make build` pass false: they render the site next, which brings the index up to date itself.
   */
  searchIndex?: boolean;
  /**
   * Takes this process's hold on the database (the server's lease) before anything is written:
   * before the migrations when an earlier one made the lease's table, else right after them (a
   * database from before the lease). Resolves to what gives it up, called if opening fails after.
   */
  claim?: (db: Db) => Promise<() => Promise<void>>;
}

/**
 * Opens the database file, applies pending migrations, seeds it if it was never seeded and builds
 * its search index if it has none (or one built by older rules). A
 * module of its own so that the site bundle, which imports the repositories, never carries the
 * seed content. A file SQLite cannot use raises DatabaseUnusableError.
 */
export async function openContentDb(
  path: string,
  { searchIndex = true, claim }: OpenOptions = {},
): Promise<{ db: Db; seeded: SeedResult }> {
  let db: Db | undefined;
  let release: (() => Promise<void>) | undefined;
  try {
    db = createDb(path);
    await tryWrite(db);
    if (claim) {
      // A newer release's database is refused before this one writes anything to it, its lease included.
      refuseUnknownMigrations(await appliedMigrations(db));
      if (await hasLeaseTable(db)) release = await claim(db);
    }
    await migrateToLatest(db);
    if (claim && !release) release = await claim(db);
    const seeded = await seedIfNew(db);
    if (searchIndex) await ensureSearchIndex(db, nowIso());
    return { db, seeded };
  } catch (error) {
    await release?.().catch(() => undefined);
    await db?.destroy().catch(() => undefined);
    if (error instanceof DatabaseTooNewError) throw new DatabaseUnusableError(path, 'TOO_NEW', { cause: error, reason: error.message });
    const code = sqliteCode(error);
    if (code && Object.keys(UNUSABLE).some((known) => code.startsWith(known))) {
      const reason = cantOpenReason(path, code);
      throw new DatabaseUnusableError(path, code, { cause: error, ...(reason ? { reason } : {}) });
    }
    throw error;
  }
}
