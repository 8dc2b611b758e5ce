import { spawn } from 'node:child_process';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDb, writeLease, type Db } from '@forkcast/content-db';
import { createTempDb, type TempDb } from '@forkcast/content-db/testing';
import { DatabaseLease } from './lease.ts';
import { liveness, thisProcess } from './process-identity.ts';

const TIMING = { expiryMs: 30_000, heartbeatMs: 5_000 };

/** Waits, without a deadline of its own (the test's timeout is the limit), until `check` is true. */
async function until(check: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 10));
}

/** A process that has ended: its pid names nobody now (until the kernel hands it out again). */
function endedPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  return new Promise((resolve) => child.once('exit', () => resolve(child.pid!)));
}

describe('the database lease', () => {
  let handle: TempDb;
  let other: Db;
  beforeEach(async () => {
    handle = await createTempDb();
    // A second connection to the same file, as a second server would have.
    other = createDb(handle.path);
  });
  afterEach(async () => {
    await other.destroy();
    await handle.cleanup();
  });
  const acquire = (db: Db, timing = TIMING) => DatabaseLease.acquire(db, { databasePath: handle.path, role: 'server', timing });

  it('is taken over at once from a holder on this machine that has ended', async () => {
    const me = thisProcess();
    const now = Date.now();
    await writeLease(handle.db, {
      token: 'gone',
      role: 'server',
      host: me.host,
      pid: await endedPid(),
      processKey: me.processKey,
      databaseFile: '',
      url: 'http://127.0.0.1:4321',
      startedAt: new Date(now).toISOString(),
      heartbeatAt: new Date(now).toISOString(),
      expiresAt: new Date(now + 60_000).toISOString(),
    });
    const lease = await acquire(handle.db);
    expect(lease.tookOver).toMatchObject({ reason: 'ended', holder: { token: 'gone' } });
  });

  it('is won by exactly one of two processes racing for it', async () => {
    const script = `
      import { createDb } from '@forkcast/content-db';
      import { DatabaseLease } from ${JSON.stringify(new URL('./lease.ts', import.meta.url).pathname)};
      const db = createDb(process.argv[1]);
      try {
        await DatabaseLease.acquire(db, { databasePath: process.argv[1], role: 'server', timing: { expiryMs: 30000, heartbeatMs: 5000 } });
        console.log('won');
      } catch (error) {
        console.log(error.message);
      }
      process.stdin.resume();`;
    const racer = () => {
      const child = spawn(process.execPath, ['--input-type=module', '-e', script, handle.path], {
        cwd: import.meta.dirname,
        stdio: ['pipe', 'pipe', 'inherit'],
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      return { child, line: async () => (await until(() => output.includes('\n')), output.trim()) };
    };
    const racers = [racer(), racer()];
    try {
      const lines = await Promise.all(racers.map((each) => each.line()));
      expect(lines.filter((line) => line === 'won')).toHaveLength(1);
      expect(lines.find((line) => line !== 'won')).toMatch(/^DATABASE_PATH=.* is in use by the Forkcast server pid \d+ /);
    } finally {
      for (const { child } of racers) child.kill();
    }
  });
});

describe('whether a lease holder still runs', () => {
  it('tells this process running, and an ended or reused pid ended', async () => {
    const me = thisProcess();
    expect(liveness(me, me)).toBe('running');
    expect(liveness({ ...me, pid: await endedPid() }, me)).toBe('ended');
    if (me.processKey !== '') {
      // The same pid with another start time is another process: the holder is gone.
      expect(liveness({ ...me, processKey: me.processKey.replace(/\/[^/]*$/, '/1') }, me)).toBe('ended');
    }
  });
});
