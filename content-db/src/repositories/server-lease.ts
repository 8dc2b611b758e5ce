import { sql } from 'kysely';
import type { Db } from '../db.ts';
import type { ServerLeaseTable } from '../schema.ts';

/** Who holds (or last held) the database's one writer lease, and until when. */
export type Lease = Omit<ServerLeaseTable, 'id'>;

const COLUMNS = [
  'token',
  'role',
  'host',
  'pid',
  'processKey',
  'databaseFile',
  'url',
  'startedAt',
  'heartbeatAt',
  'expiresAt',
] as const satisfies readonly (keyof Lease)[];

/** Whether the database has the lease's table (one no start of this release has migrated may not). */
export async function hasLeaseTable(db: Db): Promise<boolean> {
  const { rows } = await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name = 'server_lease'`.execute(db);
  return rows.length > 0;
}

/** The lease row, if any process holds one (or left one behind). */
export function readLease(db: Db): Promise<Lease | undefined> {
  return db.selectFrom('serverLease').select(COLUMNS).executeTakeFirst();
}

/**
 * Puts `lease` in place of the row there was. The caller decided, in the same BEGIN IMMEDIATE
 * transaction, that the old holder may be replaced.
 */
export async function writeLease(db: Db, lease: Lease): Promise<void> {
  await db
    .insertInto('serverLease')
    .values({ id: 1, ...lease })
    .onConflict((oc) => oc.column('id').doUpdateSet(lease))
    .execute();
}

/** The holder's heartbeat: pushes its expiry out. False when `token` no longer holds the lease. */
export async function renewLease(db: Db, token: string, times: { heartbeatAt: string; expiresAt: string }): Promise<boolean> {
  const result = await db.updateTable('serverLease').set(times).where('token', '=', token).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Records where the holder answers, once it listens. False when `token` no longer holds the lease. */
export async function setLeaseUrl(db: Db, token: string, url: string): Promise<boolean> {
  const result = await db.updateTable('serverLease').set({ url }).where('token', '=', token).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Gives the lease up, so the next start takes it at once. False when `token` did not hold it. */
export async function releaseLease(db: Db, token: string): Promise<boolean> {
  const result = await db.deleteFrom('serverLease').where('token', '=', token).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
