import type { Db } from '../db.ts';
import type { InvitationRow, PasswordResetRow } from '../schema.ts';

/**
 * Invitations into the newsroom and password resets, each a single-use link whose token the
 * caller hashes (only the hash is stored). Using one is a conditional update, so two tabs
 * accepting the same link at once cannot both succeed. Nothing here sends mail or checks roles.
 */

/** An invitation as the API shows it: without the token's hash, with the inviter's name. */
export type Invitation = Omit<InvitationRow, 'tokenHash'> & { invitedByName: string | null };

/** Why a link no longer works, or 'pending' while it does. */
export type LinkState = 'pending' | 'used' | 'revoked' | 'expired';

export function invitationState(invitation: Pick<InvitationRow, 'acceptedAt' | 'revokedAt' | 'expiresAt'>, now: string): LinkState {
  if (invitation.acceptedAt) return 'used';
  if (invitation.revokedAt) return 'revoked';
  return invitation.expiresAt <= now ? 'expired' : 'pending';
}

const invitationColumns = (db: Db) =>
  db
    .selectFrom('invitations')
    .leftJoin('users', 'users.id', 'invitations.invitedBy')
    .select([
      'invitations.id',
      'invitations.email',
      'invitations.role',
      'invitations.invitedBy',
      'users.name as invitedByName',
      'invitations.createdAt',
      'invitations.expiresAt',
      'invitations.acceptedAt',
      'invitations.revokedAt',
    ]);

export interface NewInvitation {
  email: string;
  role: InvitationRow['role'];
  tokenHash: string;
  invitedBy: number;
  now: string;
  expiresAt: string;
}

/** Stores an invitation; a pending one to the same address is revoked, so only the newest link works. */
export async function createInvitation(db: Db, invitation: NewInvitation): Promise<number> {
  const email = invitation.email.trim();
  await db
    .updateTable('invitations')
    .set({ revokedAt: invitation.now })
    .where('email', '=', email)
    .where('acceptedAt', 'is', null)
    .where('revokedAt', 'is', null)
    .execute();
  const { id } = await db
    .insertInto('invitations')
    .values({
      email,
      role: invitation.role,
      tokenHash: invitation.tokenHash,
      invitedBy: invitation.invitedBy,
      createdAt: invitation.now,
      expiresAt: invitation.expiresAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** The invitations still waiting to be accepted, newest first. */
export function listPendingInvitations(db: Db, now: string): Promise<Invitation[]> {
  return invitationColumns(db)
    .where('invitations.acceptedAt', 'is', null)
    .where('invitations.revokedAt', 'is', null)
    .where('invitations.expiresAt', '>', now)
    .orderBy('invitations.id', 'desc')
    .execute();
}

export function getInvitation(db: Db, id: number): Promise<Invitation | undefined> {
  return invitationColumns(db).where('invitations.id', '=', id).executeTakeFirst();
}

export function getInvitationByToken(db: Db, tokenHash: string): Promise<Invitation | undefined> {
  return invitationColumns(db).where('invitations.tokenHash', '=', tokenHash).executeTakeFirst();
}

/** Revokes a pending invitation; false when it was no longer pending. */
export async function revokeInvitation(db: Db, id: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('invitations')
    .set({ revokedAt: now })
    .where('id', '=', id)
    .where('acceptedAt', 'is', null)
    .where('revokedAt', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Marks a pending, unexpired invitation used; false when it was not (someone else used it first, or it ended). */
export async function useInvitation(db: Db, id: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('invitations')
    .set({ acceptedAt: now })
    .where('id', '=', id)
    .where('acceptedAt', 'is', null)
    .where('revokedAt', 'is', null)
    .where('expiresAt', '>', now)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export type PasswordReset = PasswordResetRow;

export async function createPasswordReset(db: Db, reset: Omit<PasswordReset, 'usedAt'>): Promise<void> {
  await db.insertInto('passwordResets').values(reset).execute();
}

export function getPasswordReset(db: Db, tokenHash: string): Promise<PasswordReset | undefined> {
  return db.selectFrom('passwordResets').selectAll().where('tokenHash', '=', tokenHash).executeTakeFirst();
}

/**
 * Uses a reset link: marks it and every other unused link of that user used, so one reset ends
 * them all. False when this link was used, or expired, before.
 */
export async function usePasswordReset(db: Db, tokenHash: string, now: string): Promise<boolean> {
  const reset = await db
    .updateTable('passwordResets')
    .set({ usedAt: now })
    .where('tokenHash', '=', tokenHash)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', now)
    .returning('userId')
    .executeTakeFirst();
  if (!reset) return false;
  await db.updateTable('passwordResets').set({ usedAt: now }).where('userId', '=', reset.userId).where('usedAt', 'is', null).execute();
  return true;
}
