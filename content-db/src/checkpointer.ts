/**
 * The write-ahead log's checkpoints on a connection of their own. Only better-sqlite3: the
 * checkpointer's thread (admin-api/src/checkpoints) loads this module alone, not the repositories.
 */
import SQLite from 'better-sqlite3';

/**
 * A connection of its own that copies the log's committed pages into the database file, in a
 * PASSIVE checkpoint: it waits for no reader and no writer, and none waits for it.
 */
export function openCheckpointer(path: string): { checkpoint: () => void; close: () => void } {
  const database = new SQLite(path, { fileMustExist: true });
  return {
    checkpoint: () => void database.pragma('wal_checkpoint(PASSIVE)'),
    close: () => database.close(),
  };
}
