import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDb, getSetting, migrateToLatest, nowIso, setSetting, SETTING, type Db } from '@forkcast/content-db';
import { BACKUP_FILES, backupName, listBackups, pruneBackups, takeBackup } from './backups.ts';
import { PeriodicBackups } from './periodic-backups.ts';
import { restoreBackup, RestoreRefused } from './restore.ts';

let dir: string;
let databasePath: string;
let uploadDir: string;
let backupDir: string;
let db: Db;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'forkcast-backup-'));
  databasePath = join(dir, 'live', 'content.db');
  uploadDir = join(dir, 'live', 'uploads');
  backupDir = join(dir, 'backups');
  db = createDb(databasePath);
  await migrateToLatest(db);
  await setSetting(db, SETTING.homepageHeroImage, '/uploads/first.jpg', nowIso());
  mkdirSync(uploadDir, { recursive: true });
  writeFileSync(join(uploadDir, 'first.jpg'), 'jpeg bytes');
  writeFileSync(join(uploadDir, '.first.jpg.0000.tmp'), 'half an upload');
});

afterEach(async () => {
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
});

/** `root` and everything under it, each with its permission bits, by path relative to `root`. */
function modesUnder(root: string): Record<string, string> {
  const paths = ['', ...readdirSync(root, { recursive: true }).map(String)];
  return Object.fromEntries(paths.map((path) => [path || '.', (statSync(join(root, path)).mode & 0o777).toString(8)]));
}

/** What modesUnder says of a backup whose folders are 0700 and files 0600. */
function privateModes(root: string): Record<string, string> {
  return Object.fromEntries(Object.keys(modesUnder(root)).map((path) => [path, statSync(join(root, path)).isDirectory() ? '700' : '600']));
}

/** Runs `work` with the process's umask set to `mask`, then puts the old one back. */
async function withUmask<T>(mask: number, work: () => Promise<T>): Promise<T> {
  const previous = process.umask(mask);
  try {
    return await work();
  } finally {
    process.umask(previous);
  }
}

/** The hero image setting in the database file at `path`. */
async function heroIn(path: string): Promise<string | undefined> {
  const copy = createDb(path);
  try {
    return await getSetting(copy, SETTING.homepageHeroImage);
  } finally {
    await copy.destroy();
  }
}

describe('takeBackup', () => {
  it('writes the database as of one instant, the uploads without temporary files, and a manifest', async () => {
    const now = new Date('2025-06-01T12:34:56.789Z');
    const { path, manifest } = await takeBackup({ databasePath, uploadDir, backupDir, now });
    expect(path).toBe(join(backupDir, 'forkcast-2025-06-01T12-34-56-789Z'));
    expect(readdirSync(path).sort()).toEqual([BACKUP_FILES.manifest, BACKUP_FILES.database, BACKUP_FILES.uploads].sort());
    expect(readdirSync(join(path, BACKUP_FILES.uploads))).toEqual(['first.jpg']);
    expect(await heroIn(join(path, BACKUP_FILES.database))).toBe('/uploads/first.jpg');
    expect(manifest).toMatchObject({ format: 1, takenAt: now.toISOString(), uploads: { files: 1, bytes: 10 } });
    expect(manifest.migrations.length).toBeGreaterThan(0);
    expect(JSON.parse(readFileSync(join(path, BACKUP_FILES.manifest), 'utf8'))).toEqual(manifest);
  });

  it('writes every folder 0700 and every file 0600, BACKUP_DIR too when it creates it, even with no umask', async () => {
    mkdirSync(join(uploadDir, '2025'));
    writeFileSync(join(uploadDir, '2025', 'second.jpg'), 'more jpeg bytes');
    chmodSync(join(uploadDir, 'first.jpg'), 0o644);
    chmodSync(join(uploadDir, '2025'), 0o755);
    const backupDir = join(dir, 'new', 'backups');
    const { path } = await withUmask(0, () => takeBackup({ databasePath, uploadDir, backupDir }));
    expect(modesUnder(path)).toEqual(privateModes(path));
    expect(Object.keys(modesUnder(path))).toContain(join('uploads', '2025', 'second.jpg'));
    expect(modesUnder(backupDir)['.']).toBe('700');
  });

  it('leaves the modes of a BACKUP_DIR it did not create as they are', async () => {
    mkdirSync(backupDir, { mode: 0o750 });
    chmodSync(backupDir, 0o750);
    await takeBackup({ databasePath, uploadDir, backupDir });
    expect(modesUnder(backupDir)['.']).toBe('750');
  });

  it('makes the backups an older release left readable to others private when it takes the next', async () => {
    const older = await takeBackup({ databasePath, uploadDir, backupDir, now: new Date('2025-06-01T00:00:00Z') });
    for (const path of Object.keys(modesUnder(older.path))) {
      const full = join(older.path, path);
      chmodSync(full, statSync(full).isDirectory() ? 0o755 : 0o644);
    }
    await takeBackup({ databasePath, uploadDir, backupDir, keep: 5, now: new Date('2025-06-02T00:00:00Z') });
    expect(modesUnder(older.path)).toEqual(privateModes(older.path));
  });

  it('lists complete backups newest first and keeps the newest BACKUP_KEEP', async () => {
    for (const day of ['01', '03', '02', '04']) {
      await takeBackup({ databasePath, uploadDir, backupDir, keep: 3, now: new Date(`2025-06-${day}T00:00:00.000Z`) });
    }
    mkdirSync(join(backupDir, `.${backupName(new Date('2025-06-05T00:00:00Z'))}.partial`));
    mkdirSync(join(backupDir, backupName(new Date('2025-06-06T00:00:00Z'))));
    const listed = await listBackups(backupDir);
    expect(listed.map((backup) => backup.takenAt.toISOString().slice(0, 10))).toEqual(['2025-06-04', '2025-06-03', '2025-06-02']);
    expect(await pruneBackups(backupDir, 1)).toHaveLength(2);
    expect((await listBackups(backupDir)).map((backup) => backup.path)).toEqual([listed[0]!.path]);
  });

  it('refuses a DATABASE_PATH that does not exist rather than backing up an empty database', async () => {
    await expect(takeBackup({ databasePath: join(dir, 'typo.db'), uploadDir, backupDir })).rejects.toThrow('does not exist');
    expect(existsSync(join(dir, 'typo.db'))).toBe(false);
  });
});

describe('restoreBackup', () => {
  const target = () => ({
    databasePath: join(dir, 'restored', 'content.db'),
    uploadDir: join(dir, 'restored', 'uploads'),
    backupDir,
    renderStateFile: join(dir, 'restored', 'render-state.json'),
  });

  it('puts the database and uploads in place, saves what they replace, and makes the next start render anew', async () => {
    const { path } = await takeBackup({ databasePath, uploadDir, backupDir });
    const into = target();
    mkdirSync(into.uploadDir, { recursive: true });
    writeFileSync(join(into.uploadDir, 'other.jpg'), 'other');
    const previous = createDb(into.databasePath);
    await migrateToLatest(previous);
    await setSetting(previous, SETTING.homepageHeroImage, '/uploads/other.jpg', nowIso());
    await previous.destroy();
    writeFileSync(`${into.databasePath}-wal`, 'a write-ahead log of the replaced database');
    writeFileSync(into.renderStateFile, '{}');

    const { savedAs } = await restoreBackup({ from: path, ...into });
    expect(await heroIn(into.databasePath)).toBe('/uploads/first.jpg');
    expect(readdirSync(into.uploadDir)).toEqual(['first.jpg']);
    // Back to the modes new uploads get (the web server reads them), not the backup's private ones.
    const mask = process.umask();
    expect(modesUnder(into.uploadDir)).toEqual({
      '.': (0o777 & ~mask).toString(8),
      'first.jpg': (0o666 & ~mask).toString(8),
    });
    expect(existsSync(into.renderStateFile)).toBe(false);
    expect(savedAs).toBeDefined();
    expect(await heroIn(join(savedAs!, BACKUP_FILES.database))).toBe('/uploads/other.jpg');
    expect(readdirSync(join(savedAs!, BACKUP_FILES.uploads))).toEqual(['other.jpg']);
    expect(readdirSync(join(dir, 'restored')).sort()).toEqual(['content.db', 'uploads']);
  });

  it('refuses, changing nothing, a backup from a newer release or one whose database was altered', async () => {
    await db.insertInto('settings').values({ key: 'marker', value: 'live', updatedAt: nowIso() }).execute();
    const newer = await takeBackup({ databasePath, uploadDir, backupDir, now: new Date('2025-06-01T00:00:00Z') });
    const copy = createDb(join(newer.path, BACKUP_FILES.database));
    await copy.insertInto('settings').values({ key: 'x', value: 'y', updatedAt: nowIso() }).execute();
    await copy.destroy();
    await expect(restoreBackup({ from: newer.path, ...target() })).rejects.toThrow(/checksum/);

    const future = await takeBackup({ databasePath, uploadDir, backupDir, now: new Date('2025-06-02T00:00:00Z') });
    const futureDb = join(future.path, BACKUP_FILES.database);
    const edit = createDb(futureDb);
    await edit
      .insertInto('kysely_migration' as never)
      .values({ name: '9999-newer', timestamp: nowIso() } as never)
      .execute();
    await edit.destroy();
    rmSync(`${futureDb}-wal`, { force: true });
    rmSync(`${futureDb}-shm`, { force: true });
    const manifest = JSON.parse(readFileSync(join(future.path, BACKUP_FILES.manifest), 'utf8'));
    manifest.database.sha256 = (await import('node:crypto')).createHash('sha256').update(readFileSync(futureDb)).digest('hex');
    writeFileSync(join(future.path, BACKUP_FILES.manifest), JSON.stringify(manifest));
    const attempt = restoreBackup({ from: future.path, ...target() });
    await expect(attempt).rejects.toBeInstanceOf(RestoreRefused);
    await expect(attempt).rejects.toThrow('newer release of Forkcast (migration 9999-newer)');
    expect(existsSync(join(dir, 'restored'))).toBe(true);
    expect(readdirSync(join(dir, 'restored'))).toEqual([]);
  });
});

describe('PeriodicBackups', () => {
  let periodic: PeriodicBackups | undefined;
  afterEach(() => periodic?.stop());

  it('takes a backup at once when the newest is older than the interval, on a worker thread, keeping BACKUP_KEEP', async () => {
    for (const day of ['01', '02']) await takeBackup({ databasePath, uploadDir, backupDir, now: new Date(`2020-01-${day}T00:00:00Z`) });
    periodic = new PeriodicBackups({
      databasePath,
      uploadDir,
      backup: { dir: backupDir, intervalMs: 60 * 60 * 1000, keep: 2 },
      logger: pino({ level: 'silent' }),
    });
    await periodic.start();
    await expect.poll(async () => (await listBackups(backupDir))[0]!.takenAt.getFullYear(), { timeout: 10_000 }).toBeGreaterThan(2020);
    const kept = await listBackups(backupDir);
    expect(kept.map((backup) => backup.takenAt.toISOString().slice(0, 10))[1]).toBe('2020-01-02');
    expect(modesUnder(kept[0]!.path)).toEqual(privateModes(kept[0]!.path));
    expect(await heroIn(join(kept[0]!.path, BACKUP_FILES.database))).toBe('/uploads/first.jpg');
  });

  it('reports a failed backup as undefined and logs it, without throwing', async () => {
    writeFileSync(join(dir, 'not-a-folder'), '');
    periodic = new PeriodicBackups({
      databasePath,
      uploadDir,
      backup: { dir: join(dir, 'not-a-folder', 'backups'), intervalMs: 60 * 60 * 1000, keep: 2 },
      logger: pino({ level: 'silent' }),
    });
    expect(await periodic.runOnce()).toBeUndefined();
  });
});
