import { afterEach, beforeEach } from 'vitest';
import { createDb, type Db } from '@forkcast/content-db';
import { createTempDb, type TempDb } from '@forkcast/content-db/testing';
import { DatabaseLease } from './lease.ts';

export const LEASE_TIMING = { expiryMs: 30_000, heartbeatMs: 5_000 };

/** Waits, without a deadline of its own (the test's timeout is the limit), until `check` is true. */
export async function until(check: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 10));
}

export interface LeaseFixture {
  handle: TempDb;
  /** A second connection to the same file, as a second server would have. */
  other: Db;
  /** Takes the lease on `db` as a server would, with the product's timing unless told. */
  acquire: (db: Db, timing?: typeof LEASE_TIMING) => Promise<DatabaseLease>;
}

/** Gives each test of the calling suite a fresh database with two connections to it. */
export function useLeaseDb(): LeaseFixture {
  const fixture = {} as LeaseFixture;
  beforeEach(async () => {
    fixture.handle = await createTempDb();
    fixture.other = createDb(fixture.handle.path);
    fixture.acquire = (db, timing = LEASE_TIMING) =>
      DatabaseLease.acquire(db, { databasePath: fixture.handle.path, role: 'server', timing });
  });
  afterEach(async () => {
    await fixture.other.destroy();
    await fixture.handle.cleanup();
  });
  return fixture;
}
