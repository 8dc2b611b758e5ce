import { mkdirSync, rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { enqueueTags, recordPublish } from '@forkcast/content-db';
import { takeBackup } from '../backups/backups.ts';
import { createTestApp, type TestApp } from '../testing.ts';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60 * 1000).toISOString();

describe('GET /api/ready', () => {
  let t: TestApp | undefined;
  afterEach(() => t?.cleanup());

  async function app(env: Record<string, string> = {}): Promise<TestApp> {
    t = await createTestApp({ env });
    mkdirSync(t.siteDir, { recursive: true });
    return t;
  }

  it('tells anyone each check passed, and nothing more, never to be cached', async () => {
    const { request } = await app();
    const response = await request('/api/ready');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(await response.json()).toEqual({
      status: 'ok',
      checks: { database: 'ok', publishing: 'ok', disk: 'ok', mail: 'ok', backups: 'ok' },
    });
  });

  it('gives the signed-in admin the details: backlog, last publish and its age, failures, free space, mail, backups', async () => {
    const { request, signIn, handle, siteDir } = await app();
    await recordPublish(handle.db, { startedAt: minutesAgo(3), durationMs: 41, pagesChanged: 2, urls: ['/'], error: null, userIds: [] });
    const body = await (await request('/api/ready', { cookie: await signIn() })).json();
    expect(body.status).toBe('ok');
    expect(body.details.publishing).toEqual({
      pendingChanges: 0,
      oldestPendingSeconds: 0,
      lastPublish: { at: expect.any(String), ageSeconds: expect.any(Number), pagesChanged: 2, ms: 41, error: null },
      failuresLastDay: 0,
    });
    expect(body.details.publishing.lastPublish.ageSeconds).toBeGreaterThanOrEqual(180);
    expect(body.details.disk).toMatchObject({ siteDir, freeBytes: expect.any(Number), totalBytes: expect.any(Number) });
    expect(body.details.mail).toEqual({ transport: 'files', sending: 0 });
    expect(body.details.backups).toMatchObject({ intervalSeconds: null, newest: null });
    expect(body.details.database).toEqual({ insights: { rawHits: 0, dailyRows: 0 } });
  });

  it('answers 503 when changes have waited minutes to be published, naming the check but not the error to the public', async () => {
    const { request, signIn, handle } = await app();
    await enqueueTags(handle.db, ['posts'], minutesAgo(10));
    const visitor = await request('/api/ready');
    expect(visitor.status).toBe(503);
    const seen = await visitor.json();
    expect(seen).toEqual({ status: 'failing', checks: expect.objectContaining({ publishing: 'failing', database: 'ok' }) });
    const admin = await (await request('/api/ready', { cookie: await signIn() })).json();
    expect(admin.details.publishing).toMatchObject({ pendingChanges: 1, oldestPendingSeconds: expect.any(Number) });
    expect(admin.details.publishing.oldestPendingSeconds).toBeGreaterThanOrEqual(600);
  });

  it('fails while the last publish failed, and shows its error to the admin only', async () => {
    const { request, signIn, handle } = await app();
    await recordPublish(handle.db, {
      startedAt: minutesAgo(1),
      durationMs: 5,
      pagesChanged: 0,
      urls: [],
      error: 'Rendering /kyoto/guide failed: boom',
      userIds: [],
    });
    const visitor = await request('/api/ready');
    expect(visitor.status).toBe(503);
    expect(await visitor.text()).not.toContain('kyoto');
    const admin = await (await request('/api/ready', { cookie: await signIn() })).json();
    expect(admin.details.publishing.lastPublish.error).toBe('Rendering /kyoto/guide failed: boom');
    expect(admin.details.publishing.failuresLastDay).toBe(1);
  });

  it('with BACKUP_INTERVAL set, fails until a backup is there, and reports its age', async () => {
    const { request, handle, uploadDir, config } = await app({ BACKUP_INTERVAL: '1h' });
    expect((await (await request('/api/ready')).json()).checks.backups).toBe('failing');
    await takeBackup({ databasePath: handle.path, uploadDir, backupDir: config.backup.dir });
    expect((await (await request('/api/ready')).json()).checks.backups).toBe('ok');
  });

  it('fails the disk check when the site folder cannot be looked at', async () => {
    const { request, siteDir } = await app();
    rmSync(siteDir, { recursive: true });
    expect((await (await request('/api/ready')).json()).checks.disk).toBe('failing');
  });
});
