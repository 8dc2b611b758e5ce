import { StartupError } from '../startup-error.ts';

/** How long a lease lasts without a heartbeat, and how often its holder renews it. */
export interface LeaseTiming {
  expiryMs: number;
  heartbeatMs: number;
}

// Six heartbeats per expiry: a renewal may wait out SQLite's 5 s busy timeout a few times (a
// long write by another process) before the lease runs out, and a holder that died is taken over
// within half a minute even on another host (on the same host its death is seen at once).
export const DEFAULT_LEASE_TIMING: LeaseTiming = { expiryMs: 30_000, heartbeatMs: 5_000 };

/** Shortens the expiry for tests (the product never sets it); the heartbeat keeps its share of it. */
const TEST_EXPIRY_VARIABLE = 'FORKCAST_TEST_LEASE_EXPIRY_MS';

/** The lease timing: the default, or the test's expiry when `FORKCAST_TEST_LEASE_EXPIRY_MS` is set. */
export function leaseTiming(env: Record<string, string | undefined> = process.env): LeaseTiming {
  const value = env[TEST_EXPIRY_VARIABLE];
  if (value === undefined || value === '') return DEFAULT_LEASE_TIMING;
  const expiryMs = Number(value);
  if (!Number.isInteger(expiryMs) || expiryMs < 100) {
    throw new StartupError(`${TEST_EXPIRY_VARIABLE}=${value}: must be a whole number of milliseconds, at least 100`);
  }
  return { expiryMs, heartbeatMs: Math.round(expiryMs / 6) };
}
