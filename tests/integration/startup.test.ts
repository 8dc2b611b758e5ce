import { execFileSync, spawn } from 'node:child_process';
import {
  accessSync,
  chmodSync,
  constants,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { distPaths, ensureFullRender } from '@forkcast/admin-api';
import { createDb } from '@forkcast/content-db';
import { openContentDb } from '@forkcast/content-db/open';
import { seed } from '@forkcast/content-db/seed';
import { createTempDb } from '@forkcast/content-db/testing';
import { ADMIN, BUILT } from './support.ts';
import { START, workDirWithBuild } from './startup-support.ts';

interface Exit {
  code: number | null;
  /** True when it served (and was then stopped). */
  served: boolean;
  stdout: string;
  stderr: string;
}

/**
 * Runs scripts/start.ts (what `make start` runs) in `workDir` with DATABASE_PATH, and stops it with
 * SIGTERM as soon as it serves; resolves with how it ended and what it printed.
 */
function start(workDir: string, databasePath: string, env: Record<string, string> = {}): Promise<Exit> {
  const child = spawn(process.execPath, [START], {
    cwd: workDir,
    env: {
      ...process.env,
      ...env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_PATH: databasePath,
      UPLOAD_DIR: join(workDir, 'uploads'),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    if (/serving http/.test(stdout)) child.kill('SIGTERM');
  });
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, served: /serving http/.test(stdout), stdout, stderr })));
}

const oneLine = (text: string) => text.trim().split('\n');

function writable(path: string): boolean {
  try {
    accessSync(path, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Makes a file or folder read-only to this process and its children; returns the undo, or why it
 * could not. Permission bits do not stop root (tests run as root in CI), so for root the file is
 * also made immutable, which the kernel enforces for root too.
 */
function makeReadOnly(path: string): (() => void) | string {
  const mode = statSync(path).mode & 0o7777;
  chmodSync(path, statSync(path).isDirectory() ? 0o555 : 0o444);
  if (!writable(path)) return () => chmodSync(path, mode);
  try {
    execFileSync('chattr', ['+i', path], { stdio: 'pipe' });
  } catch (error) {
    chmodSync(path, mode);
    return `${path} stays writable to this user (root?) and chattr +i failed (${(error as Error).message.trim()})`;
  }
  const undo = () => {
    execFileSync('chattr', ['-i', path], { stdio: 'pipe' });
    chmodSync(path, mode);
  };
  if (!writable(path)) return undo;
  undo();
  return `${path} stays writable to this user even when immutable`;
}

/** A migrated and seeded database file, as an earlier start left it. */
async function existingDatabase(path: string): Promise<void> {
  const { db } = await openContentDb(path);
  await db.destroy();
}

/** A work folder with the compiled site and a seeded database, as a full render finds them. */
async function seededSite() {
  const workDir = workDirWithBuild();
  const dist = { ...distPaths(join(workDir, 'dist')), serverDir: BUILT.serverDir, serverEntry: BUILT.serverEntry };
  const handle = await createTempDb();
  const cleanup = async () => {
    await handle.cleanup();
    rmSync(workDir, { recursive: true, force: true });
  };
  await seed(handle.db).catch(async (error: unknown) => {
    await cleanup();
    throw error;
  });
  return { dist, handle, cleanup };
}

describe('starting the server', () => {
  let workDir: string;
  beforeEach(() => {
    workDir = workDirWithBuild();
  });
  afterEach(() => rmSync(workDir, { recursive: true, force: true }));

  it('names DATABASE_PATH in one line and exits 1 when the file is not a database', async () => {
    const path = join(workDir, 'content.db');
    writeFileSync(path, 'these are notes, not a database\n'.repeat(200));
    const exit = await start(workDir, path);
    expect(exit.code).toBe(1);
    expect(exit.served).toBe(false);
    expect(oneLine(exit.stderr)).toEqual([`DATABASE_PATH=${path}: the file is not a SQLite database (SQLITE_NOTADB)`]);
  });

  it('names DATABASE_PATH in one line and exits 1 when the path cannot be opened', async () => {
    const path = join(workDir, 'a-folder.db');
    mkdirSync(path);
    const exit = await start(workDir, path);
    expect(exit.code).toBe(1);
    expect(oneLine(exit.stderr)).toEqual([`DATABASE_PATH=${path}: the database file cannot be opened (SQLITE_CANTOPEN)`]);
  });

  it('names DATABASE_PATH in one line and exits 1 when the database file is read-only', async ({ skip }) => {
    const path = join(workDir, 'content.db');
    await existingDatabase(path);
    const before = readFileSync(path);
    const undo = makeReadOnly(path);
    if (typeof undo === 'string') return skip(`cannot make a file read-only here: ${undo}`);
    try {
      const exit = await start(workDir, path);
      expect(exit.code, exit.stderr).toBe(1);
      expect(exit.served).toBe(false);
      expect(oneLine(exit.stderr)).toEqual([
        `DATABASE_PATH=${path}: the database file is read-only to this process, which must write to it (SQLITE_READONLY)`,
      ]);
    } finally {
      undo();
    }
    expect(readFileSync(path).equals(before)).toBe(true);
  });

  it('names DATABASE_PATH in one line and exits 1 when the folder of the database is read-only', async ({ skip }) => {
    const folder = join(workDir, 'data');
    const path = join(folder, 'content.db');
    await existingDatabase(path);
    const undo = makeReadOnly(folder);
    if (typeof undo === 'string') return skip(`cannot make a folder read-only here: ${undo}`);
    try {
      const exit = await start(workDir, path);
      expect(exit.code, exit.stderr).toBe(1);
      expect(exit.served).toBe(false);
      expect(oneLine(exit.stderr)).toEqual([
        `DATABASE_PATH=${path}: its folder is read-only to this process, and SQLite keeps its journal files beside the database (SQLITE_CANTOPEN)`,
      ]);
    } finally {
      undo();
    }
  });

  it('refuses to create a new database when the site was rendered from another one, and to serve from another existing one', async () => {
    const first = await start(workDir, join(workDir, 'content.db'));
    expect(first.served, first.stderr).toBe(true);

    const typo = join(workDir, 'contnet.db');
    const missing = await start(workDir, typo);
    expect(missing.code).toBe(1);
    expect(oneLine(missing.stderr)).toHaveLength(1);
    expect(missing.stderr).toContain(`DATABASE_PATH=${typo} does not exist`);
    expect(existsSync(typo)).toBe(false);

    const other = await createTempDb();
    await seed(other.db);
    await other.db.destroy();
    const wrong = await start(workDir, other.path);
    expect(wrong.code).toBe(1);
    expect(oneLine(wrong.stderr)).toHaveLength(1);
    expect(wrong.stderr).toContain(`DATABASE_PATH=${other.path} is not the database the site`);
    rmSync(join(other.path, '..'), { recursive: true, force: true });

    const again = await start(workDir, join(workDir, 'content.db'));
    expect(again.served, again.stderr).toBe(true);
  });

  it('removes the temporary files of uploads a crash cut short, and keeps the images', async () => {
    const uploads = join(workDir, 'uploads');
    mkdirSync(uploads);
    const image = '0123456789abcdef01234567.jpg';
    writeFileSync(join(uploads, image), 'an image');
    writeFileSync(join(uploads, `.${image}.4f1c2b9e-1d2c-4e5f-8a9b-0c1d2e3f4a5b.tmp`), 'half an image');
    const exit = await start(workDir, join(workDir, 'content.db'));
    expect(exit.served, exit.stderr).toBe(true);
    expect(readdirSync(uploads)).toEqual([image]);
  });

  it('serves the last good version of a page its full render cannot render, and keeps the page to retry', async () => {
    const path = join(workDir, 'content.db');
    expect((await start(workDir, path)).served).toBe(true);
    const page = join(workDir, 'dist', 'client', 'lisbon', 'lisbon-bica-coffee-ritual', 'index.html');
    const lastGood = readFileSync(page, 'utf8');
    // Tags that are JSON but not a list make the post's page throw while rendering.
    const db = createDb(path);
    await db.updateTable('posts').set({ tags: '{"length":1}' }).where('slug', '=', 'lisbon-bica-coffee-ritual').execute();

    // A new site name makes the next start render every page again.
    const renamed = await start(workDir, path, { SITE_NAME: 'Test Kitchen' });
    expect(renamed.served, renamed.stderr).toBe(true);
    expect(renamed.stdout).toMatch(/could not be rendered/);
    expect(readFileSync(page, 'utf8')).toBe(lastGood);
    expect(readFileSync(join(workDir, 'dist', 'client', 'about', 'index.html'), 'utf8')).toContain('Test Kitchen');
    const failing = await db.selectFrom('failedRoutes').select('path').execute();
    await db.destroy();
    expect(failing.map((row) => row.path)).toContain('/lisbon/lisbon-bica-coffee-ritual');
  });
});

describe('a full render cut short', () => {
  it('puts live at start the scheduled posts whose time came while it was down', async () => {
    const workDir = workDirWithBuild();
    const handle = await createTempDb();
    try {
      await seed(handle.db);
      const due = new Date(Date.now() - 60_000).toISOString();
      const { id } = await handle.db
        .insertInto('posts')
        .values({
          slug: 'missed-while-down',
          title: 'Missed while down',
          excerpt: 'Late.',
          content: 'Late but live.',
          type: 'post',
          publishAt: due,
          createdAt: due,
          updatedAt: due,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await handle.db.destroy();

      const exit = await start(workDir, handle.path);
      expect(exit.served, exit.stderr).toBe(true);
      expect(readFileSync(join(workDir, 'dist', 'client', 'post', 'missed-while-down', 'index.html'), 'utf8')).toContain('Late but live.');
      const reopened = createDb(handle.path);
      const row = await reopened
        .selectFrom('posts')
        .select(['published', 'publishedAt', 'publishAt'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      await reopened.destroy();
      expect(row).toEqual({ published: 1, publishedAt: due, publishAt: null });
    } finally {
      await handle.cleanup();
      rmSync(workDir, { recursive: true, force: true });
    }
  });

  it('is rendered again at the next start instead of leaving a site that mixes two renders', async () => {
    const { dist, handle, cleanup } = await seededSite();
    try {
      const before = { siteName: 'Forkcast', publicHost: 'https://before.test' };
      expect(await ensureFullRender({ db: handle.db, dist, site: before })).toBeDefined();

      // A render for a new public host dies after a few pages, as a kill -9 would stop it.
      const crash = new Error('killed');
      const cutShort = ensureFullRender({
        db: handle.db,
        dist,
        site: { ...before, publicHost: 'https://after.test' },
        onPage: (done) => {
          if (done === 5) throw crash;
        },
      });
      await expect(cutShort).rejects.toBe(crash);

      // Started again with the old settings, the folder must not be trusted as it is.
      expect(await ensureFullRender({ db: handle.db, dist, site: before })).toBeDefined();
      const pages = readdirSync(dist.siteDir, { recursive: true }).filter((file) => String(file).endsWith('.html'));
      const mixed = pages.filter((file) => readFileSync(join(dist.siteDir, String(file)), 'utf8').includes('after.test'));
      expect(mixed).toEqual([]);
    } finally {
      await cleanup();
    }
  });
});

describe('a full render', () => {
  it('removes what a full render no longer writes and compresses the build files, while the pages render', async () => {
    const { dist, handle, cleanup } = await seededSite();
    try {
      // Left by an earlier render: the page of a post that is gone, with a copy, and a copy of a build file that is gone.
      const gonePage = join(dist.siteDir, 'nowhere', 'gone-post', 'index.html');
      mkdirSync(dirname(gonePage), { recursive: true });
      writeFileSync(gonePage, '<p>gone</p>');
      writeFileSync(`${gonePage}.br`, 'gone');
      writeFileSync(join(dist.siteDir, 'gone.js.gz'), 'gone');
      const assets = join(dist.siteDir, '_astro');
      const styles = readdirSync(assets).filter((file) => file.endsWith('.css'));
      expect(styles.length).toBeGreaterThan(0);
      for (const file of styles) rmSync(join(assets, `${file}.br`), { force: true });
      const result = await ensureFullRender({ db: handle.db, dist, site: { siteName: 'Forkcast', publicHost: 'https://forkcast.test' } });

      expect(result?.failed).toEqual([]);
      expect(result?.removed).toBe(2);
      expect([gonePage, `${gonePage}.br`, join(dist.siteDir, 'gone.js.gz')].filter((file) => existsSync(file))).toEqual([]);
      for (const file of styles) expect(existsSync(join(assets, `${file}.br`))).toBe(true);
      expect(readFileSync(join(dist.siteDir, 'index.html'), 'utf8')).toContain('https://forkcast.test/');
      expect(existsSync(join(dist.siteDir, 'index.html.gz'))).toBe(true);
    } finally {
      await cleanup();
    }
  });
});
