import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSession } from '@forkcast/content-db';
import { createTempDb, insertTestUser, type TempDb } from '@forkcast/content-db/testing';
import { keepPurgingSessions } from './sessions.ts';

const HOUR = 60 * 60 * 1000;
const iso = (ms: number) => new Date(ms).toISOString();

describe('keepPurgingSessions', () => {
  let handle: TempDb;
  let userId: number;
  let stop: (() => void) | undefined;
  beforeEach(async () => {
    handle = await createTempDb();
    userId = await insertTestUser(handle.db, 'owner');
  });
  afterEach(async () => {
    stop?.();
    await handle.cleanup();
  });

  const add = (idHash: string, lastSeenAt: number, expiresAt: number) =>
    createSession(handle.db, { idHash, userId, createdAt: iso(lastSeenAt), lastSeenAt: iso(lastSeenAt), expiresAt: iso(expiresAt) });
  const remaining = async () => (await handle.db.selectFrom('sessions').select('idHash').orderBy('idHash').execute()).map((r) => r.idHash);

  it('deletes the sessions past their absolute or idle expiry at once, and keeps the live ones', async () => {
    const now = Date.now();
    await add('expired', now - HOUR, now - 1000);
    await add('idle', now - 25 * HOUR, now + 100 * HOUR);
    await add('live', now - HOUR, now + 100 * HOUR);
    stop = await keepPurgingSessions(handle.db, pino({ level: 'silent' }), 60 * 60 * 1000);
    expect(await remaining()).toEqual(['live']);
  });

  it('keeps purging on its timer', async () => {
    stop = await keepPurgingSessions(handle.db, pino({ level: 'silent' }), 20);
    const now = Date.now();
    await add('expired-later', now - HOUR, now - 1000);
    await add('live', now - HOUR, now + 100 * HOUR);
    await vi.waitFor(async () => expect(await remaining()).toEqual(['live']), { timeout: 5000, interval: 20 });
  });
});
