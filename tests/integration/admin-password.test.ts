import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '@forkcast/admin-api';
import { createSession, createUser, getAccountByEmail } from '@forkcast/content-db';
import { createTempDb, type TempDb } from '@forkcast/content-db/testing';
import { ADMIN } from './support.ts';

/** What `make admin-password` runs. */
const SCRIPT = join(import.meta.dirname, '..', '..', 'scripts', 'admin-password.ts');

interface Exit {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the script against DATABASE_PATH, typing `lines` on its standard input. */
function adminPassword(databasePath: string, lines: string[]): Promise<Exit> {
  const { ADMIN_EMAIL: _email, ADMIN_PASSWORD: _password, ...env } = process.env;
  const child = spawn(process.execPath, [SCRIPT], { env: { ...env, DATABASE_PATH: databasePath }, stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdin.end(lines.map((line) => `${line}\n`).join(''));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}

describe('make admin-password', () => {
  let handle: TempDb;
  beforeEach(async () => {
    handle = await createTempDb();
    const id = await createUser(handle.db, {
      email: ADMIN.email,
      passwordHash: await hashPassword(ADMIN.password),
      name: 'Editor',
      role: 'owner',
      now: new Date().toISOString(),
    });
    const at = new Date().toISOString();
    await createSession(handle.db, {
      idHash: 'open',
      userId: id,
      createdAt: at,
      lastSeenAt: at,
      expiresAt: new Date(Date.now() + 60_000).toISOString(),
    });
  });
  afterEach(() => handle.cleanup());

  const users = async () => await handle.db.selectFrom('users').select(['email', 'role']).orderBy('email').execute();
  const admins = async () => (await users()).map((row) => row.email);

  it('stores the password exactly as typed, spaces included, and signs the user out everywhere', async () => {
    const typed = '  spaced out password  ';
    const exit = await adminPassword(handle.path, [ADMIN.email, typed, typed]);
    expect(exit.code, exit.stderr).toBe(0);
    const hash = (await getAccountByEmail(handle.db, ADMIN.email))!.passwordHash;
    expect(await verifyPassword(hash, typed)).toBe(true);
    expect(await verifyPassword(hash, typed.trim())).toBe(false);
    expect(await handle.db.selectFrom('sessions').selectAll().execute()).toEqual([]);
  });

  it('asks before creating an administrator for an email no user has, and changes nothing unless told yes', async () => {
    const exit = await adminPassword(handle.path, ['editr@forkcast.test', 'a long new password', 'a long new password', '']);
    expect(exit.stdout).toContain('No user has the email editr@forkcast.test. Create a new administrator with it? (y/N)');
    expect(exit.code).toBe(1);
    expect(exit.stderr).toContain('nothing was changed');
    expect(await admins()).toEqual([ADMIN.email]);
    expect(await handle.db.selectFrom('sessions').select('idHash').execute()).toEqual([{ idHash: 'open' }]);
  });

  it('refuses an email that is not one bare address, and changes nothing', async () => {
    for (const email of ['Admin <second@forkcast.test>', 'second@forkcast.test,third@forkcast.test']) {
      const exit = await adminPassword(handle.path, [email, 'a long new password', 'a long new password', 'y']);
      expect(exit.code).toBe(1);
      expect(exit.stderr).toContain('Give an email address and a password of at least 12 characters; nothing was changed');
    }
    expect(await admins()).toEqual([ADMIN.email]);
  });

  it('creates an administrator beside the owner when told yes', async () => {
    const exit = await adminPassword(handle.path, ['second@forkcast.test', 'a long new password', 'a long new password', 'y']);
    expect(exit.code, exit.stderr).toBe(0);
    expect(await users()).toEqual([
      { email: ADMIN.email, role: 'owner' },
      { email: 'second@forkcast.test', role: 'administrator' },
    ]);
    expect(await verifyPassword((await getAccountByEmail(handle.db, 'second@forkcast.test'))!.passwordHash, 'a long new password')).toBe(
      true,
    );
  });

  it('creates the owner of a database without users', async () => {
    const empty = await createTempDb();
    try {
      const exit = await adminPassword(empty.path, ['first@forkcast.test', 'a long new password', 'a long new password', 'y']);
      expect(exit.stdout).toContain('Create a new owner with it? (y/N)');
      expect(exit.code, exit.stderr).toBe(0);
      expect(await empty.db.selectFrom('users').select(['email', 'name', 'role']).execute()).toEqual([
        { email: 'first@forkcast.test', name: 'First', role: 'owner' },
      ]);
    } finally {
      await empty.cleanup();
    }
  });
});
