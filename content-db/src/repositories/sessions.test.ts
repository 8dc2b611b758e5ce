import { describe, expect, it } from 'vitest';
import type { Db } from '../db.ts';
import { insertTestUser, useTempDb } from '../testing.ts';
import {
  createSession,
  deleteExpiredSessions,
  deleteSession,
  deleteUserSessions,
  getSession,
  touchSession,
  type Session,
} from './sessions.ts';

const T0 = '2025-01-01T00:00:00.000Z';
const T1 = '2025-01-02T00:00:00.000Z';
const EXPIRES = '2025-01-31T00:00:00.000Z';

describe('sessions repository', () => {
  let db: Db;
  let userId: number;
  let otherUserId: number;
  useTempDb(async (fresh) => {
    db = fresh;
    userId = await insertTestUser(db, 'administrator', 'Editor');
    otherUserId = await insertTestUser(db, 'editor', 'Other');
  });

  const makeSession = (idHash: string, overrides: Partial<Session> = {}): Session => ({
    idHash,
    userId,
    createdAt: T0,
    lastSeenAt: T0,
    expiresAt: EXPIRES,
    ...overrides,
  });

  async function remainingHashes(): Promise<string[]> {
    const rows = await db.selectFrom('sessions').select('idHash').orderBy('idHash').execute();
    return rows.map((row) => row.idHash);
  }

  it('creates a session and reads it back by its id hash', async () => {
    const session = makeSession('hash-a');
    await createSession(db, session);
    expect(await getSession(db, 'hash-a')).toEqual(session);
    expect(await getSession(db, 'hash-unknown')).toBeUndefined();
  });

  it('rejects a second session with the same id hash', async () => {
    await createSession(db, makeSession('hash-a'));
    await expect(createSession(db, makeSession('hash-a', { userId: otherUserId }))).rejects.toThrow(/UNIQUE|PRIMARY KEY/);
  });

  it('rejects a session for a user that does not exist (foreign key)', async () => {
    await expect(createSession(db, makeSession('hash-x', { userId: 9999 }))).rejects.toThrow(/FOREIGN KEY/);
  });

  it('touchSession updates lastSeenAt only, and only for that session', async () => {
    await createSession(db, makeSession('hash-a'));
    await createSession(db, makeSession('hash-b'));
    await touchSession(db, 'hash-a', T1);
    expect(await getSession(db, 'hash-a')).toEqual(makeSession('hash-a', { lastSeenAt: T1 }));
    expect(await getSession(db, 'hash-b')).toEqual(makeSession('hash-b'));
  });

  it('touching an unknown session is a no-op', async () => {
    await touchSession(db, 'hash-unknown', T1);
    expect(await remainingHashes()).toEqual([]);
  });

  it('deleteSession removes only that session', async () => {
    await createSession(db, makeSession('hash-a'));
    await createSession(db, makeSession('hash-b'));
    await deleteSession(db, 'hash-a');
    await deleteSession(db, 'hash-unknown');
    expect(await remainingHashes()).toEqual(['hash-b']);
  });

  it('deleteUserSessions ends every session of that user and no one else’s', async () => {
    await createSession(db, makeSession('mine-1'));
    await createSession(db, makeSession('mine-2'));
    await createSession(db, makeSession('theirs', { userId: otherUserId }));
    await deleteUserSessions(db, userId);
    expect(await remainingHashes()).toEqual(['theirs']);
  });

  describe('deleteExpiredSessions', () => {
    it('removes only sessions whose expiry is at or before now, and returns how many', async () => {
      const now = '2025-01-15T12:00:00.000Z';
      await createSession(db, makeSession('expired-long-ago', { expiresAt: '2025-01-01T00:00:00.000Z' }));
      await createSession(db, makeSession('expired-just-now', { expiresAt: now, userId: otherUserId }));
      await createSession(db, makeSession('expires-in-a-second', { expiresAt: '2025-01-15T12:00:01.000Z' }));
      // Recently seen but past its absolute expiry: still removed.
      await createSession(db, makeSession('active-but-expired', { lastSeenAt: now, expiresAt: '2025-01-15T11:59:59.999Z' }));
      await createSession(db, makeSession('far-future', { expiresAt: '2026-01-01T00:00:00.000Z' }));

      expect(await deleteExpiredSessions(db, now, '2000-01-01T00:00:00.000Z')).toBe(3);
      expect(await remainingHashes()).toEqual(['expires-in-a-second', 'far-future']);
    });

    it('also removes sessions last seen at or before the idle cut-off, however far off their expiry', async () => {
      const now = '2025-01-15T12:00:00.000Z';
      const idleCutoff = '2025-01-14T12:00:00.000Z';
      const far = '2026-01-01T00:00:00.000Z';
      await createSession(db, makeSession('idle-long-ago', { lastSeenAt: '2025-01-01T00:00:00.000Z', expiresAt: far }));
      await createSession(db, makeSession('idle-exactly', { lastSeenAt: idleCutoff, expiresAt: far }));
      await createSession(db, makeSession('seen-after-cutoff', { lastSeenAt: '2025-01-14T12:00:00.001Z', expiresAt: far }));
      expect(await deleteExpiredSessions(db, now, idleCutoff)).toBe(2);
      expect(await remainingHashes()).toEqual(['seen-after-cutoff']);
    });

    it('returns 0 when nothing has expired', async () => {
      await createSession(db, makeSession('fresh'));
      expect(await deleteExpiredSessions(db, T1, '2000-01-01T00:00:00.000Z')).toBe(0);
      expect(await remainingHashes()).toEqual(['fresh']);
    });
  });

  it('deleting the user deletes their sessions', async () => {
    await createSession(db, makeSession('mine'));
    await createSession(db, makeSession('theirs', { userId: otherUserId }));
    await db.deleteFrom('users').where('id', '=', userId).execute();
    expect(await remainingHashes()).toEqual(['theirs']);
  });
});
