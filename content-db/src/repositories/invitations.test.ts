import { describe, expect, it } from 'vitest';
import type { Db } from '../db.ts';
import { useTempDb } from '../testing.ts';
import {
  createInvitation,
  createPasswordReset,
  getInvitation,
  getInvitationByToken,
  invitationState,
  listPendingInvitations,
  revokeInvitation,
  useInvitation,
  usePasswordReset,
} from './invitations.ts';
import { createUser, deleteUser } from './users.ts';

const NOW = '2026-01-01T00:00:00.000Z';
const LATER = '2026-01-09T00:00:00.000Z';
const WEEK = '2026-01-08T00:00:00.000Z';

describe('invitations', () => {
  let db!: Db;
  useTempDb((fresh) => {
    db = fresh;
  });
  const owner = () => createUser(db, { email: 'owner@forkcast.test', passwordHash: 'x', name: 'Owner', role: 'owner', now: NOW });

  it('lists pending invitations and forgets used, revoked and expired ones', async () => {
    const by = await owner();
    const a = await createInvitation(db, { email: 'a@x.test', role: 'author', tokenHash: 'ha', invitedBy: by, now: NOW, expiresAt: WEEK });
    const b = await createInvitation(db, { email: 'b@x.test', role: 'editor', tokenHash: 'hb', invitedBy: by, now: NOW, expiresAt: WEEK });
    const c = await createInvitation(db, {
      email: 'c@x.test',
      role: 'contributor',
      tokenHash: 'hc',
      invitedBy: by,
      now: NOW,
      expiresAt: WEEK,
    });
    expect((await listPendingInvitations(db, NOW)).map((i) => i.id)).toEqual([c, b, a]);
    expect((await getInvitation(db, a))?.invitedByName).toBe('Owner');
    expect(await useInvitation(db, a, NOW)).toBe(true);
    expect(await useInvitation(db, a, NOW)).toBe(false);
    expect(await revokeInvitation(db, b, NOW)).toBe(true);
    expect(await revokeInvitation(db, b, NOW)).toBe(false);
    expect((await listPendingInvitations(db, NOW)).map((i) => i.id)).toEqual([c]);
    expect(await listPendingInvitations(db, LATER)).toEqual([]);
    expect(await useInvitation(db, c, LATER)).toBe(false);
    expect(invitationState((await getInvitationByToken(db, 'ha'))!, NOW)).toBe('used');
    expect(invitationState((await getInvitationByToken(db, 'hb'))!, NOW)).toBe('revoked');
    expect(invitationState((await getInvitationByToken(db, 'hc'))!, LATER)).toBe('expired');
    expect(invitationState((await getInvitationByToken(db, 'hc'))!, NOW)).toBe('pending');
  });

  it('keeps only the newest link to one address, and outlives its inviter', async () => {
    await owner();
    const admin = await createUser(db, { email: 'ad@x.test', passwordHash: 'x', name: 'Ad', role: 'administrator', now: NOW });
    const first = await createInvitation(db, {
      email: 'a@x.test',
      role: 'author',
      tokenHash: 'h1',
      invitedBy: admin,
      now: NOW,
      expiresAt: WEEK,
    });
    const second = await createInvitation(db, {
      email: 'a@x.test',
      role: 'editor',
      tokenHash: 'h2',
      invitedBy: admin,
      now: NOW,
      expiresAt: WEEK,
    });
    expect((await listPendingInvitations(db, NOW)).map((i) => i.id)).toEqual([second]);
    expect((await getInvitation(db, first))?.revokedAt).toBe(NOW);
    await deleteUser(db, admin, 1);
    expect(await getInvitation(db, second)).toMatchObject({ invitedBy: null, invitedByName: null });
  });
});

describe('password resets', () => {
  let db!: Db;
  useTempDb((fresh) => {
    db = fresh;
  });

  it('are single use, expire, and one use ends every other link of that user', async () => {
    const userId = await createUser(db, { email: 'o@x.test', passwordHash: 'x', name: 'O', role: 'owner', now: NOW });
    await createPasswordReset(db, { tokenHash: 'r1', userId, createdAt: NOW, expiresAt: '2026-01-01T01:00:00.000Z' });
    await createPasswordReset(db, { tokenHash: 'r2', userId, createdAt: NOW, expiresAt: '2026-01-01T01:00:00.000Z' });
    expect(await usePasswordReset(db, 'r1', '2026-01-01T02:00:00.000Z')).toBe(false);
    expect(await usePasswordReset(db, 'r1', NOW)).toBe(true);
    expect(await usePasswordReset(db, 'r1', NOW)).toBe(false);
    expect(await usePasswordReset(db, 'r2', NOW)).toBe(false);
  });
});
