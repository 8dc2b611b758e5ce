import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, cp, mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { appliedMigrations, createDb, integrityCheck, snapshotDb } from '@forkcast/content-db';

/** The files of one backup folder. */
export const BACKUP_FILES = { database: 'content.db', uploads: 'uploads', manifest: 'backup.json' } as const;

const NAME = /^forkcast-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z$/;
const PARTIAL = /^\.forkcast-.*\.partial$/;
// A folder a backup was still writing when its process died; younger ones may be in progress.
const STALE_PARTIAL_MS = 24 * 60 * 60 * 1000;

/** What backup.json says about the backup beside it. */
export interface BackupManifest {
  format: 1;
  takenAt: string;
  /** The migrations the database had, so a restore can refuse a database newer than its code. */
  migrations: string[];
  database: { bytes: number; sha256: string };
  uploads: { files: number; bytes: number };
}

export interface Backup {
  path: string;
  takenAt: Date;
}

/** `forkcast-2025-06-01T12-00-00-000Z`: sorts by time, and names no character a file system or shell minds. */
export function backupName(at: Date): string {
  return `forkcast-${at.toISOString().replace(/[:.]/g, '-')}`;
}

/** The complete backups in `dir` (a manifest written, so not one being written or cut short), newest first. */
export async function listBackups(dir: string): Promise<Backup[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const backups: Backup[] = [];
  for (const entry of entries) {
    const match = entry.isDirectory() ? NAME.exec(entry.name) : null;
    if (!match || !existsSync(join(dir, entry.name, BACKUP_FILES.manifest))) continue;
    const [, day, hours, minutes, seconds, ms] = match;
    backups.push({ path: join(dir, entry.name), takenAt: new Date(`${day}T${hours}:${minutes}:${seconds}.${ms}Z`) });
  }
  return backups.sort((a, b) => b.takenAt.getTime() - a.takenAt.getTime());
}

/** Writes a file's data and its folder's entry to disk, so a backup reported done survives a power cut. */
async function syncPath(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Permission bits for folders and for files. */
interface Modes {
  dir: number;
  file: number;
}

// A backup holds every subscriber's address and the admins' password hashes: only the user that took
// it may read it. Modes are set explicitly, not left to the umask, and the server's umask stays as it
// is: the pages and uploads it writes must stay readable by the web server.
const PRIVATE: Modes = { dir: 0o700, file: 0o600 };

/** Sets `root` and every folder under it to `modes.dir`, every file to `modes.file` (not symbolic links: chmod would follow them). */
export async function setModes(root: string, modes: Modes): Promise<void> {
  await chmod(root, modes.dir);
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (entry.isDirectory()) await chmod(join(entry.parentPath, entry.name), modes.dir);
    else if (entry.isFile()) await chmod(join(entry.parentPath, entry.name), modes.file);
  }
}

/**
 * Makes private the backups an older release left readable to others (folders 0755 or 0750). One
 * another user took (`sudo make backup`) cannot be changed by this one and is left as it is.
 */
async function makeOlderBackupsPrivate(dir: string): Promise<void> {
  for (const backup of await listBackups(dir)) {
    const { mode, uid } = await stat(backup.path);
    if ((mode & 0o077) !== 0 && uid === process.getuid?.()) await setModes(backup.path, PRIVATE);
  }
}

async function sha256(path: string): Promise<string> {
  return createHash('sha256')
    .update(await readFile(path))
    .digest('hex');
}

/** Copies the uploads (skipping the hidden temporary files of an upload in progress); returns their count and size. */
async function copyUploads(from: string, to: string): Promise<{ files: number; bytes: number }> {
  await mkdir(to, { recursive: true });
  if (!existsSync(from)) return { files: 0, bytes: 0 };
  await cp(from, to, { recursive: true, filter: (source) => !basename(source).startsWith('.') || source === from });
  let files = 0;
  let bytes = 0;
  for (const entry of await readdir(to, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    files++;
    bytes += (await stat(join(entry.parentPath, entry.name))).size;
  }
  return { files, bytes };
}

/**
 * Checks a copied database the way a restore relies on: SQLite finds it sound, and says which
 * migrations it has. Throws when it is not sound.
 */
export async function inspectDatabase(path: string): Promise<{ migrations: string[] }> {
  const db = createDb(path);
  try {
    const verdict = await integrityCheck(db);
    if (verdict !== 'ok') throw new Error(`the database copy is damaged: ${verdict}`);
    return { migrations: await appliedMigrations(db) };
  } finally {
    await db.destroy();
    // Opening the copy (WAL journaling) leaves its side files; a backup is one closed file.
    await Promise.all(['-wal', '-shm'].map((suffix) => rm(`${path}${suffix}`, { force: true })));
  }
}

export interface TakeBackupOptions {
  databasePath: string;
  uploadDir: string;
  backupDir: string;
  /** Keep only this many backups in `backupDir`, deleting the oldest; unset keeps them all. */
  keep?: number;
  now?: Date;
}

/**
 * Takes an online, consistent backup into a new folder of `backupDir`: the database as of one
 * instant (VACUUM INTO reads it in one transaction, while the server goes on writing), then the
 * uploads. Uploads are written before the rows that name them and never change, so every upload
 * the copied database names is copied too. The folder is written under a hidden name and renamed
 * into place once complete, then the oldest backups beyond `keep` are deleted.
 */
export async function takeBackup(options: TakeBackupOptions): Promise<{ path: string; manifest: BackupManifest }> {
  if (!existsSync(options.databasePath)) throw new Error(`DATABASE_PATH=${options.databasePath} does not exist`);
  const takenAt = options.now ?? new Date();
  const name = backupName(takenAt);
  const final = join(options.backupDir, name);
  const partial = join(options.backupDir, `.${name}.partial`);
  // A BACKUP_DIR that exists keeps the modes its operator gave it; each backup in it is private anyway.
  if ((await mkdir(options.backupDir, { recursive: true, mode: PRIVATE.dir })) !== undefined) {
    await chmod(options.backupDir, PRIVATE.dir);
  }
  await removeStalePartials(options.backupDir, takenAt);
  await rm(partial, { recursive: true, force: true });
  // Nobody else can enter the folder from the start (a mode the umask can only narrow), so
  // what is copied into it with the source's modes is never readable to others in the meantime.
  await mkdir(partial, { mode: PRIVATE.dir });
  try {
    const databaseCopy = join(partial, BACKUP_FILES.database);
    const source = createDb(options.databasePath);
    try {
      await snapshotDb(source, databaseCopy);
    } finally {
      await source.destroy();
    }
    const { migrations } = await inspectDatabase(databaseCopy);
    await syncPath(databaseCopy);
    const uploads = await copyUploads(options.uploadDir, join(partial, BACKUP_FILES.uploads));
    const manifest: BackupManifest = {
      format: 1,
      takenAt: takenAt.toISOString(),
      migrations,
      database: { bytes: (await stat(databaseCopy)).size, sha256: await sha256(databaseCopy) },
      uploads,
    };
    await writeFile(join(partial, BACKUP_FILES.manifest), `${JSON.stringify(manifest, null, 2)}\n`);
    await syncPath(join(partial, BACKUP_FILES.manifest));
    await setModes(partial, PRIVATE);
    if (existsSync(final)) throw new Error(`${final} already exists`);
    await rename(partial, final);
    await syncPath(options.backupDir);
    if (options.keep !== undefined) await pruneBackups(options.backupDir, options.keep);
    await makeOlderBackupsPrivate(options.backupDir);
    return { path: final, manifest };
  } catch (error) {
    await rm(partial, { recursive: true, force: true });
    throw error;
  }
}

/** Deletes the oldest complete backups beyond the newest `keep`; returns the deleted folders. */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const old = (await listBackups(dir)).slice(keep);
  for (const backup of old) await rm(backup.path, { recursive: true, force: true });
  return old.map((backup) => backup.path);
}

async function removeStalePartials(dir: string, now: Date): Promise<void> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (!entry.isDirectory() || !PARTIAL.test(entry.name)) continue;
    const path = join(dir, entry.name);
    if (now.getTime() - (await stat(path)).mtimeMs > STALE_PARTIAL_MS) await rm(path, { recursive: true, force: true });
  }
}

/** Reads and checks a backup folder's manifest and database; throws naming what is wrong. */
export async function readBackup(path: string): Promise<BackupManifest> {
  const manifestPath = join(path, BACKUP_FILES.manifest);
  if (!existsSync(manifestPath)) throw new Error(`${path} is not a complete backup (it has no ${BACKUP_FILES.manifest})`);
  const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as BackupManifest;
  const database = join(path, BACKUP_FILES.database);
  if (!existsSync(database) || (await sha256(database)) !== manifest.database.sha256) {
    throw new Error(`${database} is missing or is not the file the backup wrote (its checksum differs)`);
  }
  return manifest;
}

/** The folder beside `path` that a file or folder is staged in before it is renamed over `path`. */
export function stagingPath(path: string, purpose: string): string {
  return join(dirname(path), `.${basename(path)}.${purpose}`);
}
