import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSession, getAdminByEmail, upsertAdmin } from '@forkcast/content-db';
import { createTempDb, type TempDb } from '@forkcast/content-db/testing';
import { loadConfig } from '../config.ts';
import { bootstrapAdmin } from './bootstrap-admin.ts';
import { hashPassword, verifyPassword } from './passwords.ts';

const EMAIL = 'editor@forkcast.test';
const OLD_PASSWORD = 'the old long password';
const NEW_PASSWORD = 'a brand new long password';

describe('bootstrapAdmin with ADMIN_EMAIL / ADMIN_PASSWORD', () => {
  let handle: TempDb;
  let adminId: number;
  beforeEach(async () => {
    handle = await createTempDb();
    adminId = await upsertAdmin(handle.db, EMAIL, await hashPassword(OLD_PASSWORD), new Date().toISOString());
    const at = new Date().toISOString();
    const expiresAt = new Date(Date.now() + 60_000).toISOString();
    for (const idHash of ['laptop', 'phone'])
      await createSession(handle.db, { idHash, userId: adminId, createdAt: at, lastSeenAt: at, expiresAt });
  });
  afterEach(() => handle.cleanup());

  const config = (password: string) => loadConfig({ DATABASE_PATH: handle.path, ADMIN_EMAIL: EMAIL, ADMIN_PASSWORD: password });
  const sessions = () => handle.db.selectFrom('sessions').select('idHash').execute();

  it('ends every session of the admin when the start-up password changes it', async () => {
    expect(await bootstrapAdmin(handle.db, config(NEW_PASSWORD))).toEqual({ action: 'configured', email: EMAIL });
    expect(await verifyPassword((await getAdminByEmail(handle.db, EMAIL))!.passwordHash, NEW_PASSWORD)).toBe(true);
    expect(await sessions()).toEqual([]);
  });

  it('keeps the sessions when the start-up password is the one already set (every restart)', async () => {
    await bootstrapAdmin(handle.db, config(OLD_PASSWORD));
    expect((await sessions()).map((row) => row.idHash).sort()).toEqual(['laptop', 'phone']);
  });
});
