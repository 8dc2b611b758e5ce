import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createDb, readLease, snapshotDb } from '@forkcast/content-db';
import { DatabaseLease, inUseMessage, LeaseHeld } from './lease.ts';
import { liveness, thisProcess } from './process-identity.ts';
import { LEASE_TIMING, until, useLeaseDb } from './lease-testing.ts';

describe('the database lease', () => {
  const f = useLeaseDb();

  it('is held by one process at a time: a second is refused with one line naming the holder', async () => {
    const lease = await f.acquire(f.handle.db);
    await lease.serving('http://127.0.0.1:4321');
    expect(lease.held()).toBe(true);
    const refused = await f.acquire(f.other).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(LeaseHeld);
    const me = thisProcess();
    expect((refused as LeaseHeld).message).toBe(
      `DATABASE_PATH=${f.handle.path} is in use by the Forkcast server pid ${me.pid} on host ${me.host} serving http://127.0.0.1:4321 since ${lease.row.startedAt}; stop it first`,
    );
    expect(await readLease(f.other)).toMatchObject({ token: lease.token, url: 'http://127.0.0.1:4321' });

    await lease.release();
    expect(lease.held()).toBe(false);
    expect(await readLease(f.other)).toBeUndefined();
    const next = await f.acquire(f.other);
    expect(next.tookOver).toBeUndefined();
  });

  it('is taken over once it expires, and the holder that stopped renewing learns it lost the lease', async () => {
    const short = { expiryMs: 300, heartbeatMs: 50 };
    const first = await f.acquire(f.handle.db, short);
    // The holder's own view lapses before the lease does, so it stops before anyone may take over.
    await until(() => !first.held());
    await until(async () => Date.parse((await readLease(f.other))!.expiresAt) <= Date.now());
    const second = await f.acquire(f.other, short);
    expect(second.tookOver).toMatchObject({ reason: 'expired', holder: { token: first.token } });

    const lost: string[] = [];
    first.keepAlive({ onLost: (message) => lost.push(message) });
    await until(() => lost.length > 0);
    expect(lost).toEqual([
      `Lost the database lease: DATABASE_PATH=${f.handle.path} is now held by the Forkcast server pid ${process.pid} on host ${thisProcess().host} while it starts since ${second.row.startedAt}`,
    ]);
    expect(first.held()).toBe(false);
    await first.release();
    expect(await readLease(f.other)).toMatchObject({ token: second.token });
    await second.release();
  });

  it('keeps itself alive with its heartbeat', async () => {
    const lease = await f.acquire(f.handle.db, { expiryMs: 300, heartbeatMs: 50 });
    const lost: string[] = [];
    lease.keepAlive({ onLost: (message) => lost.push(message) });
    const firstExpiry = lease.row.expiresAt;
    await until(async () => (await readLease(f.other))!.expiresAt > firstExpiry);
    expect(lease.held()).toBe(true);
    expect(lost).toEqual([]);
    await lease.release();
  });

  it('is not about a copy of the database: a copy carries a lease its holder took in another file', async () => {
    const lease = await f.acquire(f.handle.db);
    const copy = join(f.handle.path, '..', 'copy.db');
    await snapshotDb(f.handle.db, copy);
    const copyDb = createDb(copy);
    try {
      const onCopy = await DatabaseLease.acquire(copyDb, { databasePath: copy, role: 'server', timing: LEASE_TIMING });
      expect(onCopy.tookOver).toMatchObject({ reason: 'copied', holder: { token: lease.token } });
    } finally {
      await copyDb.destroy();
      rmSync(copy, { force: true });
    }
    // The original is still held.
    await expect(f.acquire(f.other)).rejects.toBeInstanceOf(LeaseHeld);
  });

  it('says when a silent holder will be taken over', () => {
    const now = Date.parse('2025-06-01T12:00:20.000Z');
    const holder = {
      token: 't',
      role: 'restore' as const,
      host: 'web1',
      pid: 42,
      processKey: '',
      databaseFile: '',
      url: null,
      startedAt: '2025-06-01T11:59:00.000Z',
      heartbeatAt: '2025-06-01T12:00:00.000Z',
      expiresAt: '2025-06-01T12:00:30.000Z',
    };
    expect(inUseMessage(holder, 'data/content.db', now)).toBe(
      'DATABASE_PATH=data/content.db is in use by make restore pid 42 on host web1 since 2025-06-01T11:59:00.000Z; let it finish first (it has not renewed its lease for 20 s; a start takes over after 2025-06-01T12:00:30.000Z)',
    );
  });
});

describe('whether a lease holder still runs', () => {
  it('cannot tell for another machine or another pid namespace, and knows a previous boot of this host ended', () => {
    const me = { host: 'web1', pid: 10, processKey: 'boot-a/pid:[1]/100' };
    expect(liveness({ host: 'web2', pid: 10, processKey: 'boot-b/pid:[1]/100' }, me)).toBe('unknown');
    expect(liveness({ host: 'web1', pid: 10, processKey: 'boot-a/pid:[2]/100' }, me)).toBe('unknown');
    expect(liveness({ host: 'web1', pid: 10, processKey: 'boot-b/pid:[1]/100' }, me)).toBe('ended');
    expect(liveness({ host: 'web2', pid: 10, processKey: '' }, { ...me, processKey: '' })).toBe('unknown');
  });
});
