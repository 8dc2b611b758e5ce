import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, migrateToLatest } from '@forkcast/content-db';
import { ADMIN } from './support.ts';
import { deploymentEnv, runScript, signIn, startServer, type ServerProcess } from './server-process.ts';
import { workDirWithBuild } from './startup-support.ts';

// Operating the real server as systemd would (standard output not a terminal): what it prints must
// never hold a secret, a generated password goes to a private file, and a start it cannot make
// stops with one line.

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A loopback port nothing listens on. */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** The session id in a Cookie header made by signIn. */
const sessionOf = (cookie: string) => /forkcast_session=([^;]+)/.exec(cookie)![1]!;

describe('logs of a full run', () => {
  const work = workDirWithBuild();
  const secrets = {
    passwords: ['first admin password 1', 'second admin password 2', 'third admin password 3'],
    wrongPassword: 'not the password, typo 9',
    smtpPassword: 'smtp-password-xyz',
    purgeSecret: 'purge-signing-secret-123',
    purgeUrlKey: 'purge-url-key-456',
    unsubscribeToken: 'tok3nS3cretValue123',
    confirmToken: 'confirmSecretToken789',
  };
  const sessions: string[] = [];
  let printed = '';
  let receiver: Server;

  async function run(password: string, during: (server: ServerProcess) => Promise<void>): Promise<void> {
    const server = await startServer(work, env(password));
    try {
      await during(server);
    } finally {
      await server.stop();
      printed += server.output();
    }
  }

  let env: (password: string) => Record<string, string>;

  beforeAll(async () => {
    receiver = createHttpServer((_request, response) => response.writeHead(500).end());
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const smtpPort = await closedPort();
    env = (password) =>
      deploymentEnv(work, {
        ADMIN_PASSWORD: password,
        LOG_LEVEL: 'trace',
        SMTP_URL: `smtp://letter:${secrets.smtpPassword}@127.0.0.1:${smtpPort}`,
        PURGE_WEBHOOK_URL: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/purge?key=${secrets.purgeUrlKey}`,
        PURGE_WEBHOOK_SECRET: secrets.purgeSecret,
      });

    await run(secrets.passwords[0]!, async ({ url }) => {
      const cookie = await signIn(url, { email: ADMIN.email, password: secrets.passwords[0]! });
      sessions.push(sessionOf(cookie));
      const wrong = await fetch(`${url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: ADMIN.email, password: secrets.wrongPassword }),
      });
      expect(wrong.status).toBe(401);
      expect((await fetch(`${url}/api/auth/user`, { headers: { cookie } })).status).toBe(200);
      const hero = await fetch(`${url}/api/hero/update-image`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ imageUrl: '/images/presets/food-plating.jpg' }),
      });
      expect(hero.status).toBe(200);
      const contact = await fetch(`${url}/api/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Ana', email: 'ana@example.com', subject: 'Hi', message: 'Hello there.' }),
      });
      expect(contact.status).toBe(201);
      expect(
        (
          await fetch(`${url}/api/newsletter/subscribe`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: '{"email":"bo@example.com"}',
          })
        ).status,
        // A sign-up answers before its confirmation is mailed; the refused mail is logged (checked below).
      ).toBe(200);
      expect((await fetch(`${url}/api/newsletter/unsubscribe/${secrets.unsubscribeToken}`)).status).toBe(400);
      await fetch(`${url}/api/newsletter/confirm?token=${secrets.confirmToken}`, { redirect: 'manual' });
      const change = await runScript('admin-password.ts', [], work, env(secrets.passwords[1]!));
      expect(change.code, change.stderr).toBe(0);
      printed += change.stdout + change.stderr;
      expect((await fetch(`${url}/api/auth/user`, { headers: { cookie } })).status).toBe(401);
      sessions.push(sessionOf(await signIn(url, { email: ADMIN.email, password: secrets.passwords[1]! })));
    });
    await run(secrets.passwords[2]!, async ({ url }) => {
      sessions.push(sessionOf(await signIn(url, { email: ADMIN.email, password: secrets.passwords[2]! })));
    });
  });

  afterAll(async () => {
    receiver?.closeAllConnections();
    await new Promise((resolve) => receiver?.close(resolve));
    rmSync(work, { recursive: true, force: true });
  });

  it('has a JSON line with a request id for each request, without the query string or a token in the path', () => {
    const lines = printed
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { reqId?: string; path?: string });
    const requests = lines.filter((line) => line.path !== undefined);
    expect(requests.length).toBeGreaterThan(8);
    expect(requests.every((line) => typeof line.reqId === 'string' && line.reqId.length > 0)).toBe(true);
    expect(requests.map((line) => line.path)).toContain('/api/newsletter/unsubscribe/:token');
    expect(requests.map((line) => line.path)).toContain('/api/newsletter/confirm');
    expect(printed).toContain('could not send mail');
    expect(printed).toContain('purge webhook failed');
  });

  it('never prints a password, a session id, the SMTP or purge secrets, or a link token', () => {
    expect(sessions).toHaveLength(3);
    const forbidden = [
      ...secrets.passwords,
      secrets.wrongPassword,
      secrets.smtpPassword,
      secrets.purgeSecret,
      secrets.purgeUrlKey,
      secrets.unsubscribeToken,
      secrets.confirmToken,
      ...sessions.flatMap((session) => [session, sha256(session)]),
    ];
    for (const secret of forbidden) expect(printed.includes(secret), secret).toBe(false);
  });
});

describe('the first start, run by a service', () => {
  const work = workDirWithBuild();
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('writes the generated admin password to a file only its user can read, and prints only the path', async () => {
    const { ADMIN_EMAIL: _email, ADMIN_PASSWORD: _password, ...env } = deploymentEnv(work);
    const server = await startServer(work, env);
    const file = join(work, 'data', 'first-admin-password.txt');
    try {
      expect(existsSync(file)).toBe(true);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const password = /password: (\S+)/.exec(readFileSync(file, 'utf8'))![1]!;
      expect(server.output()).toContain(file);
      expect(server.output()).not.toContain(password);
      const login = await fetch(`${server.url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@forkcast.local', password }),
      });
      expect(login.status).toBe(200);
    } finally {
      await server.stop();
    }
  });
});

describe('standard output', () => {
  const work = workDirWithBuild();
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('is one JSON object from the logger a line, from the first start to the stop', async () => {
    const { ADMIN_EMAIL: _email, ADMIN_PASSWORD: _password, ...env } = deploymentEnv(work);
    // The first start seeds the database, creates an admin and renders every page before it serves.
    const server = await startServer(work, env);
    expect((await fetch(`${server.url}/about`)).status).toBe(200);
    expect((await fetch(`${server.url}/api/cities`)).status).toBe(200);
    expect((await fetch(`${server.url}/no-such-page`)).status).toBe(404);
    expect(await server.stop(), server.output()).toBe(0);

    const stdout = server.stdout();
    expect(stdout.endsWith('\n'), stdout).toBe(true);
    const lines = stdout.slice(0, -1).split('\n');
    const notJson = lines.filter((line) => {
      try {
        const entry = JSON.parse(line) as Record<string, unknown>;
        return !(typeof entry.level === 'number' && typeof entry.time === 'number' && typeof entry.msg === 'string');
      } catch {
        return true;
      }
    });
    expect(notJson).toEqual([]);
    const messages = lines.map((line) => (JSON.parse(line) as { msg: string }).msg).join('\n');
    for (const event of [/seeded/i, /admin account/i, /rendered/i, /serving http/, /SIGTERM/, /request/]) expect(messages).toMatch(event);
  });
});

describe('a start that cannot be made', () => {
  const work = workDirWithBuild();
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('refuses, in one line, a database a newer release has migrated', async () => {
    const env = deploymentEnv(work);
    const db = createDb(env.DATABASE_PATH!);
    await migrateToLatest(db);
    await db
      .insertInto('kysely_migration' as never)
      .values({ name: '9999-from-a-newer-release', timestamp: '2030-01-01T00:00:00.000Z' } as never)
      .execute();
    await db.destroy();
    const start = await runScript('start.ts', [], work, env);
    expect(start.code).toBe(1);
    expect(start.stderr.trim().split('\n')).toEqual([
      `DATABASE_PATH=${env.DATABASE_PATH}: the database was upgraded by a newer release of Forkcast (migration 9999-from-a-newer-release), which this release does not know; run that release or a newer one, or restore a backup taken before the upgrade`,
    ]);
  });

  it('refuses, in one line, to start without a build', async () => {
    rmSync(join(work, 'dist', 'server'));
    const start = await runScript('start.ts', [], work, deploymentEnv(work));
    expect(start.code).toBe(1);
    expect(start.stderr.trim().split('\n')).toEqual([
      `${join('dist', 'server', 'entry.mjs')} is missing: build the site first (make start does it, or pnpm build).`,
    ]);
  });
});
