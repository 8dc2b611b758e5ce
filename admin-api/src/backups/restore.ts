import { existsSync } from 'node:fs';
import { copyFile, cp, mkdir, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { createDb, hasLeaseTable, refuseUnknownMigrations, releaseLease, type Db } from '@forkcast/content-db';
import { carryLease, DatabaseLease } from '../lease/lease.ts';
import { BACKUP_FILES, inspectDatabase, readBackup, setModes, stagingPath, takeBackup } from './backups.ts';

export interface RestoreOptions {
  /** The backup folder to restore. */
  from: string;
  databasePath: string;
  uploadDir: string;
  /** Where the database and uploads being replaced are saved first, as one more backup. */
  backupDir: string;
  /** The site folder's render record: deleted, so the next start renders every page from the restored database. */
  renderStateFile: string;
}

/** The backup cannot be restored here; nothing was changed. */
export class RestoreRefused extends Error {
  override name = 'RestoreRefused';
}

// A restore renews nothing: its lease lasts the day, and on this machine (where a restore always
// runs) a restore that died is seen to have ended at once.
const RESTORE_LEASE = { expiryMs: 24 * 60 * 60 * 1000, heartbeatMs: 60 * 60 * 1000 };

/**
 * Takes the lease of the database at `path` for the restore, refusing while a server (on any port,
 * or any host) or another restore holds it. None for a database from before the lease.
 */
async function holdDatabase(path: string): Promise<{ db: Db; lease: DatabaseLease | undefined } | undefined> {
  if (!existsSync(path)) return undefined;
  const db = createDb(path);
  try {
    const lease = (await hasLeaseTable(db))
      ? await DatabaseLease.acquire(db, { databasePath: path, role: 'restore', timing: RESTORE_LEASE })
      : undefined;
    return { db, lease };
  } catch (error) {
    await db.destroy();
    throw error;
  }
}

/** Opens a database file, runs `work` on it and closes it again, leaving no side files behind. */
async function withDatabase(path: string, work: (db: Db) => Promise<unknown>): Promise<void> {
  const db = createDb(path);
  try {
    await work(db);
  } finally {
    await db.destroy();
  }
}

export interface Restored {
  /** The backup of what was replaced, when there was a database to replace. */
  savedAs?: string;
}

/**
 * Restores a backup into a stopped deployment: checks it (manifest, checksum, SQLite's integrity
 * check, and that this release knows every migration it has), saves what it replaces as a backup,
 * then puts the database and the uploads in place, each renamed over the old one. The server must
 * not be running: it would go on writing to the file being replaced. So the restore holds the
 * database's lease (the one a server holds) from its check until it is done, and is refused while
 * anyone else holds it; the restored file carries the restore's lease until the uploads are in
 * place too, so no server starts on half a restore.
 */
export async function restoreBackup(options: RestoreOptions): Promise<Restored> {
  const staged = stagingPath(options.databasePath, 'restoring');
  let live: Awaited<ReturnType<typeof holdDatabase>>;
  try {
    await readBackup(options.from);
    await mkdir(dirname(options.databasePath), { recursive: true });
    await copyFile(join(options.from, BACKUP_FILES.database), staged);
    refuseUnknownMigrations((await inspectDatabase(staged)).migrations);
    live = await holdDatabase(options.databasePath);
  } catch (error) {
    await rm(staged, { force: true });
    throw new RestoreRefused(error instanceof Error ? error.message : String(error), { cause: error });
  }

  const restored: Restored = {};
  const lease = live?.lease;
  try {
    if (live) {
      // No pruning here: the backup being restored may be the oldest one kept.
      restored.savedAs = (
        await takeBackup({ databasePath: options.databasePath, uploadDir: options.uploadDir, backupDir: options.backupDir })
      ).path;
    }
    if (lease) {
      await withDatabase(staged, (db) => carryLease(db, lease.row, staged));
      await Promise.all(['-wal', '-shm'].map((suffix) => rm(`${staged}${suffix}`, { force: true })));
    }
  } catch (error) {
    await lease?.release().catch(() => undefined);
    await live?.db.destroy();
    await rm(staged, { force: true });
    throw error;
  }
  await live?.db.destroy();

  // The old file's write-ahead log must go before the new file takes its name, or SQLite would
  // replay the old database's last writes onto the restored one.
  await Promise.all(['-wal', '-shm'].map((suffix) => rm(`${options.databasePath}${suffix}`, { force: true })));
  await rename(staged, options.databasePath);

  const uploads = stagingPath(options.uploadDir, 'restoring');
  const replaced = stagingPath(options.uploadDir, 'replaced');
  await rm(uploads, { recursive: true, force: true });
  await cp(join(options.from, BACKUP_FILES.uploads), uploads, { recursive: true });
  // The backup's copies are private; the web server reads the uploads (through their group), so
  // they get the modes this process gives a new upload.
  const mask = process.umask();
  await setModes(uploads, { dir: 0o777 & ~mask, file: 0o666 & ~mask });
  await rm(replaced, { recursive: true, force: true });
  if (existsSync(options.uploadDir)) await rename(options.uploadDir, replaced);
  await rename(uploads, options.uploadDir);
  await rm(replaced, { recursive: true, force: true });

  await rm(options.renderStateFile, { force: true });
  if (lease) await withDatabase(options.databasePath, (db) => releaseLease(db, lease.token));
  return restored;
}
