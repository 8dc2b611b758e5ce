import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSession, createUser, getAccountByEmail, getPostById, listUsers } from '@forkcast/content-db';
import { createTempDb, insertTestPost, type TempDb } from '@forkcast/content-db/testing';
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
    const now = new Date().toISOString();
    adminId = await createUser(handle.db, {
      email: EMAIL,
      passwordHash: await hashPassword(OLD_PASSWORD),
      name: 'Editor',
      role: 'owner',
      now,
    });
    const at = new Date().toISOString();
    const expiresAt = new Date(Date.now() + 60_000).toISOString();
    for (const idHash of ['laptop', 'phone'])
      await createSession(handle.db, { idHash, userId: adminId, createdAt: at, lastSeenAt: at, expiresAt });
  });
  afterEach(() => handle.cleanup());

  const config = (password: string, email = EMAIL) =>
    loadConfig({ DATABASE_PATH: handle.path, ADMIN_EMAIL: email, ADMIN_PASSWORD: password });
  const sessions = () => handle.db.selectFrom('sessions').select('idHash').execute();

  it('ends every session of the user when the start-up password changes it', async () => {
    expect(await bootstrapAdmin(handle.db, config(NEW_PASSWORD))).toEqual({ action: 'configured', email: EMAIL });
    expect(await verifyPassword((await getAccountByEmail(handle.db, EMAIL))!.passwordHash, NEW_PASSWORD)).toBe(true);
    expect(await sessions()).toEqual([]);
  });

  it('keeps the sessions when the start-up password is the one already set (every restart)', async () => {
    await bootstrapAdmin(handle.db, config(OLD_PASSWORD));
    expect((await sessions()).map((row) => row.idHash).sort()).toEqual(['laptop', 'phone']);
  });

  it('creates a new address as an administrator beside the owner', async () => {
    await bootstrapAdmin(handle.db, config(NEW_PASSWORD, 'chief@forkcast.test'));
    expect((await listUsers(handle.db)).map(({ email, name, role }) => ({ email, name, role }))).toEqual([
      { email: EMAIL, name: 'Editor', role: 'owner' },
      { email: 'chief@forkcast.test', name: 'Chief', role: 'administrator' },
    ]);
  });
});

describe('bootstrapAdmin on a new database', () => {
  let handle: TempDb;
  beforeEach(async () => {
    handle = await createTempDb();
  });
  afterEach(() => handle.cleanup());

  it("makes ADMIN_EMAIL the owner, named after the address, and the author of the seed's posts", async () => {
    const seeded = await insertTestPost(handle.db, 'seeded');
    const config = loadConfig({ DATABASE_PATH: handle.path, ADMIN_EMAIL: 'jane.doe@forkcast.test', ADMIN_PASSWORD: NEW_PASSWORD });
    await bootstrapAdmin(handle.db, config);
    const [owner, ...others] = await listUsers(handle.db);
    expect(others).toEqual([]);
    expect(owner).toMatchObject({ email: 'jane.doe@forkcast.test', name: 'Jane Doe', slug: 'jane-doe', role: 'owner' });
    expect((await getPostById(handle.db, seeded))?.authorIds).toEqual([owner!.id]);
  });

  it('without ADMIN_EMAIL makes a generated owner, once', async () => {
    const config = loadConfig({ DATABASE_PATH: handle.path });
    const first = await bootstrapAdmin(handle.db, config);
    expect(first).toMatchObject({ action: 'generated', email: 'admin@forkcast.local' });
    expect((await listUsers(handle.db)).map(({ name, slug, role }) => ({ name, slug, role }))).toEqual([
      { name: 'Admin', slug: 'admin', role: 'owner' },
    ]);
    expect(await bootstrapAdmin(handle.db, config)).toEqual({ action: 'none' });
  });
});
