import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { enqueueTags, ensureDatabaseId, nowIso } from '@forkcast/content-db';
import { createTempDb, type TempDb } from '@forkcast/content-db/testing';
import { distPaths, type DistPaths } from '../publisher/site-build.ts';
import { exportSite, ExportRefused } from './export-site.ts';

describe('exportSite', () => {
  let handle: TempDb;
  let dir: string;
  let dist: DistPaths;
  let uploadDir: string;

  beforeEach(async () => {
    handle = await createTempDb();
    dir = mkdtempSync(join(tmpdir(), 'forkcast-export-'));
    dist = distPaths(join(dir, 'dist'));
    uploadDir = join(dir, 'uploads');
    mkdirSync(join(dist.siteDir, 'kyoto', 'guide'), { recursive: true });
    writeFileSync(join(dist.siteDir, 'index.html'), '<!doctype html>');
    writeFileSync(join(dist.siteDir, 'kyoto', 'guide', 'index.html'), '<!doctype html>');
    writeFileSync(join(dist.siteDir, 'kyoto', 'guide', '.0123456789ab.tmp'), 'half a page');
    mkdirSync(uploadDir);
    writeFileSync(join(uploadDir, 'abc.jpg'), 'jpeg');
    writeFileSync(join(uploadDir, '.abc.jpg.tmp'), 'half an upload');
    writeFileSync(dist.stateFile, JSON.stringify({ databaseId: await ensureDatabaseId(handle.db, nowIso()) }));
  });

  afterEach(async () => {
    await handle.cleanup();
    rmSync(dir, { recursive: true, force: true });
  });

  it('copies the site folder and the uploads, without the hidden files of writes in progress', async () => {
    const to = join(dir, 'out');
    expect(await exportSite({ db: handle.db, dist, uploadDir, databasePath: handle.path, to })).toEqual({ files: 3 });
    expect(readdirSync(to, { recursive: true }).sort()).toEqual([
      'index.html',
      'kyoto',
      'kyoto/guide',
      'kyoto/guide/index.html',
      'uploads',
      'uploads/abc.jpg',
    ]);
  });

  it('refuses while changes wait to be published, a folder rendered from another database, and a target with files', async () => {
    const to = join(dir, 'out');
    await enqueueTags(handle.db, ['posts'], nowIso());
    await expect(exportSite({ db: handle.db, dist, uploadDir, databasePath: handle.path, to })).rejects.toThrow(
      'a change is not published yet',
    );
    await handle.db.updateTable('outbox').set({ doneAt: nowIso() }).execute();

    writeFileSync(dist.stateFile, JSON.stringify({ databaseId: 'another database' }));
    await expect(exportSite({ db: handle.db, dist, uploadDir, databasePath: handle.path, to })).rejects.toBeInstanceOf(ExportRefused);

    mkdirSync(to);
    writeFileSync(join(to, 'keep.txt'), 'mine');
    await expect(exportSite({ db: handle.db, dist, uploadDir, databasePath: handle.path, to })).rejects.toThrow('is not empty');
    expect(readdirSync(to)).toEqual(['keep.txt']);
  });
});
