import type { Db } from '../db.ts';
import type { SessionRow } from '../schema.ts';

export type Session = SessionRow;

/** Stores a session under the hash of its id (the id itself only ever lives in the cookie). */
export async function createSession(db: Db, session: Session): Promise<void> {
  await db.insertInto('sessions').values(session).execute();
}

export function getSession(db: Db, idHash: string): Promise<Session | undefined> {
  return db.selectFrom('sessions').selectAll().where('idHash', '=', idHash).executeTakeFirst();
}

export async function touchSession(db: Db, idHash: string, lastSeenAt: string): Promise<void> {
  await db.updateTable('sessions').set({ lastSeenAt }).where('idHash', '=', idHash).execute();
}

export async function deleteSession(db: Db, idHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('idHash', '=', idHash).execute();
}

/** Ends every session of a user, e.g. after a password reset. */
export async function deleteUserSessions(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('sessions').where('userId', '=', userId).execute();
}

/** Removes sessions whose absolute expiry has passed or that were last seen at or before `idleCutoff`; returns how many. */
export async function deleteExpiredSessions(db: Db, now: string, idleCutoff: string): Promise<number> {
  const result = await db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('expiresAt', '<=', now), eb('lastSeenAt', '<=', idleCutoff)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
