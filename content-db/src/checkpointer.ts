/**
 * The write-ahead log's checkpoints on a connection of their own. Only better-sqlite3: the
 * checkpointer's thread (admin-api/src/checkpoints) loads this module alone, not the repositories.
 */
import SQLite from 'better-sqlite3';

/** How far a checkpoint went: pages in the log, and pages of it now in the database file. */
export interface CheckpointResult {
  busy: number;
  log: number;
  checkpointed: number;
}

/**
 * A connection of its own that copies the log's committed pages into the database file, in a
 * PASSIVE checkpoint: it waits for no reader and no writer, and none waits for it.
 */
export function openCheckpointer(path: string): { checkpoint: () => CheckpointResult; close: () => void } {
  const database = new SQLite(path, { fileMustExist: true });
  return {
    checkpoint: () => (database.pragma('wal_checkpoint(PASSIVE)') as CheckpointResult[])[0]!,
    close: () => database.close(),
  };
}
