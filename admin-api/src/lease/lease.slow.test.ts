import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { writeLease } from '@forkcast/content-db';
import { liveness, thisProcess } from './process-identity.ts';
import { until, useLeaseDb } from './lease-testing.ts';

/** A process that has ended: its pid names nobody now (until the kernel hands it out again). */
function endedPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  return new Promise((resolve) => child.once('exit', () => resolve(child.pid!)));
}

describe('the database lease', () => {
  const f = useLeaseDb();

  it('is taken over at once from a holder on this machine that has ended', async () => {
    const me = thisProcess();
    const now = Date.now();
    await writeLease(f.handle.db, {
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
    const lease = await f.acquire(f.handle.db);
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
      const child = spawn(process.execPath, ['--input-type=module', '-e', script, f.handle.path], {
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
