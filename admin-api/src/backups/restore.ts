import { existsSync } from 'node:fs';
import { copyFile, cp, mkdir, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { refuseUnknownMigrations } from '@forkcast/content-db';
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

export interface Restored {
  /** The backup of what was replaced, when there was a database to replace. */
  savedAs?: string;
}

/**
 * Restores a backup into a stopped deployment: checks it (manifest, checksum, SQLite's integrity
 * check, and that this release knows every migration it has), saves what it replaces as a backup,
 * then puts the database and the uploads in place, each renamed over the old one. The server must
 * not be running: it would go on writing to the file being replaced.
 */
export async function restoreBackup(options: RestoreOptions): Promise<Restored> {
  const staged = stagingPath(options.databasePath, 'restoring');
  try {
    await readBackup(options.from);
    await mkdir(dirname(options.databasePath), { recursive: true });
    await copyFile(join(options.from, BACKUP_FILES.database), staged);
    refuseUnknownMigrations((await inspectDatabase(staged)).migrations);
  } catch (error) {
    await rm(staged, { force: true });
    throw new RestoreRefused(error instanceof Error ? error.message : String(error), { cause: error });
  }

  const restored: Restored = {};
  if (existsSync(options.databasePath)) {
    // No pruning here: the backup being restored may be the oldest one kept.
    restored.savedAs = (
      await takeBackup({ databasePath: options.databasePath, uploadDir: options.uploadDir, backupDir: options.backupDir })
    ).path;
  }

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
  return restored;
}
