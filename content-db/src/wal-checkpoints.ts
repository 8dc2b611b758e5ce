import { sql } from 'kysely';
import type { Db } from './db.ts';

/**
 * Pages of write-ahead log the server's own connection lets pile up before it copies them into the
 * database file itself, when checkpoints are left to a connection of their own
 * (admin-api/src/checkpoints) and that one falls behind or stops: SQLite's default is 1,000.
 */
const DEFERRED_CHECKPOINT_PAGES = 10_000;
const SQLITE_CHECKPOINT_PAGES = 1000;

/** Leaves a writer connection's checkpoints to a checkpointer, up to DEFERRED_CHECKPOINT_PAGES pages of log; `false` gives them back. */
export async function deferCheckpoints(db: Db, deferred: boolean): Promise<void> {
  await sql`pragma wal_autocheckpoint = ${sql.raw(String(deferred ? DEFERRED_CHECKPOINT_PAGES : SQLITE_CHECKPOINT_PAGES))}`.execute(db);
}
