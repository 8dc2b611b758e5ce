import { describe, expect, it } from 'vitest';
import type { Db } from '../db.ts';
import { useTempDb } from '../testing.ts';
import { countAdmins, getAdminByEmail, getAdminById, upsertAdmin } from './admin-users.ts';
import { createSession, getSession } from './sessions.ts';

const T0 = '2025-01-01T00:00:00.000Z';
const T1 = '2025-02-01T00:00:00.000Z';

describe('admin users repository', () => {
  let db: Db;
  useTempDb((fresh) => {
    db = fresh;
  });

  it('counts no admins in a fresh database', async () => {
    expect(await countAdmins(db)).toBe(0);
  });

  describe('upsertAdmin', () => {
    it('creates an admin with the trimmed email and returns its id', async () => {
      const id = await upsertAdmin(db, '  Editor@Forkcast.test ', 'hash-1', T0);
      expect(await getAdminById(db, id)).toEqual({
        id,
        email: 'Editor@Forkcast.test',
        passwordHash: 'hash-1',
        createdAt: T0,
        updatedAt: T0,
      });
      expect(await countAdmins(db)).toBe(1);
    });

    it('replaces the hash of an existing email given in any case, keeping id, email and createdAt', async () => {
      const id = await upsertAdmin(db, 'Editor@Forkcast.test', 'hash-1', T0);
      const again = await upsertAdmin(db, ' editor@FORKCAST.test ', 'hash-2', T1);
      expect(again).toBe(id);
      expect(await countAdmins(db)).toBe(1);
      expect(await getAdminById(db, id)).toEqual({
        id,
        email: 'Editor@Forkcast.test',
        passwordHash: 'hash-2',
        createdAt: T0,
        updatedAt: T1,
      });
    });

    it('cannot hold one mailbox twice in different case, however the row is written', async () => {
      await upsertAdmin(db, 'editor@forkcast.test', 'hash', T0);
      const row = { email: 'EDITOR@Forkcast.Test', passwordHash: 'other', createdAt: T1, updatedAt: T1 };
      await expect(db.insertInto('adminUsers').values(row).execute()).rejects.toThrow(/UNIQUE constraint failed/);
    });

    it('keeps different admins apart', async () => {
      const a = await upsertAdmin(db, 'a@forkcast.test', 'hash-a', T0);
      const b = await upsertAdmin(db, 'b@forkcast.test', 'hash-b', T0);
      expect(a).not.toBe(b);
      await upsertAdmin(db, 'A@forkcast.test', 'hash-a2', T1);
      expect((await getAdminById(db, a))?.passwordHash).toBe('hash-a2');
      expect((await getAdminById(db, b))?.passwordHash).toBe('hash-b');
      expect(await countAdmins(db)).toBe(2);
    });
  });

  describe('lookups', () => {
    it('finds an admin by email ignoring case and surrounding whitespace', async () => {
      const id = await upsertAdmin(db, 'Editor@Forkcast.test', 'hash', T0);
      for (const email of ['Editor@Forkcast.test', 'editor@forkcast.test', 'EDITOR@FORKCAST.TEST', '  editor@forkcast.test\n']) {
        expect((await getAdminByEmail(db, email))?.id).toBe(id);
      }
    });

    it('returns undefined for an unknown email or id', async () => {
      const id = await upsertAdmin(db, 'editor@forkcast.test', 'hash', T0);
      expect(await getAdminByEmail(db, 'someone@forkcast.test')).toBeUndefined();
      expect(await getAdminByEmail(db, 'editor@forkcast')).toBeUndefined();
      expect(await getAdminById(db, id + 1)).toBeUndefined();
    });
  });

  it('deleting an admin deletes their sessions only', async () => {
    const doomed = await upsertAdmin(db, 'doomed@forkcast.test', 'hash', T0);
    const kept = await upsertAdmin(db, 'kept@forkcast.test', 'hash', T0);
    const session = (idHash: string, userId: number) => ({ idHash, userId, createdAt: T0, lastSeenAt: T0, expiresAt: T1 });
    await createSession(db, session('s1', doomed));
    await createSession(db, session('s2', doomed));
    await createSession(db, session('s3', kept));

    await db.deleteFrom('adminUsers').where('id', '=', doomed).execute();

    expect(await getSession(db, 's1')).toBeUndefined();
    expect(await getSession(db, 's2')).toBeUndefined();
    expect(await getSession(db, 's3')).toBeDefined();
    expect(await countAdmins(db)).toBe(1);
  });
});
