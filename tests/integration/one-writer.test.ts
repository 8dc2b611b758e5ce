import { hostname } from 'node:os';
import { rmSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDb } from '@forkcast/content-db';
import { deploymentEnv, killServer, runScript, signIn, startServer, type ScriptRun, type ServerProcess } from './server-process.ts';
import { workDirWithBuild } from './startup-support.ts';

// One writer per database (DESIGN.md): two real server processes on one DATABASE_PATH, each on a
// port of its own. The second is refused in one line naming the first; the lease the first holds
// is taken over once the first is gone (at once after kill -9, after its expiry when it stops
// renewing), and a holder that finds its lease taken stops and says so. `make restore` goes by the
// same lease, whatever port the server answers on.

const ISO = String.raw`\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z`;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Waits until `check` is true, looking every 50 ms (the test's timeout bounds it). */
async function until(check: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 50));
}

async function publishPost(url: string, cookie: string, title: string): Promise<Response> {
  return fetch(`${url}/api/posts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ title, excerpt: 'A dish.', content: 'Notes on a dish.', status: 'published' }),
  });
}

/** The line a start refused by `holder` prints. */
const inUseLine = (databasePath: string, holder: ServerProcess) =>
  new RegExp(
    `^DATABASE_PATH=${escapeRegExp(databasePath)} is in use by the Forkcast server pid ${holder.child.pid} on host ${escapeRegExp(hostname())} serving ${escapeRegExp(holder.url)} since ${ISO}; stop it first$`,
  );

describe('two servers on one database', () => {
  let workDir: string;
  let env: Record<string, string>;
  const running: ServerProcess[] = [];
  beforeEach(() => {
    workDir = workDirWithBuild();
    env = deploymentEnv(workDir);
  });
  afterEach(async () => {
    for (const server of running.splice(0)) {
      server.child.kill('SIGCONT');
      await killServer(server);
    }
    rmSync(workDir, { recursive: true, force: true });
  });

  async function start(more: Record<string, string> = {}): Promise<ServerProcess> {
    const server = await startServer(workDir, { ...env, ...more });
    running.push(server);
    return server;
  }
  const startRefused = (more: Record<string, string> = {}): Promise<ScriptRun> => runScript('start.ts', [], workDir, { ...env, ...more });

  it('refuses the second start in one line naming the first, exits 1, and leaves the first serving', async () => {
    const first = await start();
    const second = await startRefused();
    expect(second.code).toBe(1);
    expect(second.stderr.trim().split('\n')).toHaveLength(1);
    expect(second.stderr.trim()).toMatch(inUseLine(env.DATABASE_PATH!, first));
    expect(second.stdout).not.toMatch(/serving http/);

    const cookie = await signIn(first.url);
    expect((await publishPost(first.url, cookie, 'Still the writer')).status).toBe(201);
  });

  it('gives the lease up on a clean stop, and after kill -9 lets the next start take over at once', async () => {
    const first = await start();
    expect(await first.stop(), first.output()).toBe(0);
    const db = createDb(env.DATABASE_PATH!);
    try {
      expect(await db.selectFrom('serverLease').selectAll().execute()).toEqual([]);
    } finally {
      await db.destroy();
    }

    const second = await start();
    await killServer(second);
    // The product's own expiry (half a minute) applies here: the start does not wait for it,
    // because the holder is known to be gone from this machine.
    const third = await start();
    const cookie = await signIn(third.url);
    expect((await publishPost(third.url, cookie, 'After the crash')).status).toBe(201);
  });

  it('takes over from a holder that stopped renewing once its lease expires; the holder, resumed, stops and says so', async () => {
    const shortLease = { FORKCAST_TEST_LEASE_EXPIRY_MS: '3000' };
    const first = await start(shortLease);
    first.child.kill('SIGSTOP');
    // Refused while the frozen holder's lease lasts, then taken over.
    let second: ServerProcess | undefined;
    const refusals: string[] = [];
    await until(async () => {
      try {
        second = await start(shortLease);
        return true;
      } catch (error) {
        refusals.push(String(error));
        return false;
      }
    });
    for (const refusal of refusals) expect(refusal).toContain(`is in use by the Forkcast server pid ${first.child.pid}`);

    const exited = new Promise<number | null>((resolve) => first.child.once('exit', (code) => resolve(code)));
    first.child.kill('SIGCONT');
    expect(await exited).not.toBe(0);
    expect(first.output()).toMatch(
      new RegExp(
        `Lost the database lease: DATABASE_PATH=${escapeRegExp(env.DATABASE_PATH!)} is now held by the Forkcast server pid ${second!.child.pid}`,
      ),
    );

    const cookie = await signIn(second!.url);
    expect((await publishPost(second!.url, cookie, 'The new writer')).status).toBe(201);
  });

  it('refuses make restore while a server on another port holds the lease, and lets make backup run beside it', async () => {
    const server = await start();
    const cookie = await signIn(server.url);
    const backup = await runScript('backup.ts', [], workDir, env);
    expect(backup.code, backup.stderr).toBe(0);
    const from = /into (\S+) in/.exec(backup.stdout)![1]!;

    // Nothing answers on the port the restore is told (the server listens on another one).
    const restore = await runScript('restore.ts', [from], workDir, { ...env, PORT: '9' });
    expect(restore.code).toBe(1);
    expect(restore.stderr.trim()).toMatch(new RegExp(`is in use by the Forkcast server pid ${server.child.pid} on host `));
    expect(restore.stderr).toContain('Nothing was changed');

    // The database under the server is the one it writes: a write after the refusal stays.
    const written = await publishPost(server.url, cookie, 'Written after the refused restore');
    expect(written.status).toBe(201);
    const { slug } = (await written.json()) as { slug: string };
    expect((await fetch(`${server.url}/api/posts/${slug}`)).status).toBe(200);

    expect(await server.stop(), server.output()).toBe(0);
    const restored = await runScript('restore.ts', [from], workDir, env);
    expect(restored.code, restored.stderr).toBe(0);
    const after = await start();
    expect((await fetch(`${after.url}/api/posts/${slug}`)).status).toBe(404);
  });
});
