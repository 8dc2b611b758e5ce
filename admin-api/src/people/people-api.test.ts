import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getAccountByEmail, getUserById } from '@forkcast/content-db';
import { createTestApp, json, ROLE_USERS, type TestApp } from '../testing.ts';
import { RESET_SENT } from './password-reset.ts';

const PASSWORD = 'a brand new long password';

/** The site paths of the links to `path` mailed to `to` (MAIL_DIR files), oldest first. */
async function mailedLinks(t: TestApp, to: string, path: string): Promise<string[]> {
  await t.mailer.idle();
  let files: string[];
  try {
    files = readdirSync(t.mailDir).sort();
  } catch {
    return [];
  }
  const links: string[] = [];
  for (const file of files) {
    const mail = await simpleParser(readFileSync(join(t.mailDir, file)));
    const address = (Array.isArray(mail.to) ? mail.to[0] : mail.to)?.value[0]?.address;
    const url = new URL(mail.text?.match(/https?:\/\/\S+/)?.[0] ?? 'http://none.invalid');
    if (address === to && url.pathname === path) links.push(`${url.pathname}${url.search}`);
  }
  return links;
}

const tokenOf = (link: string) => new URL(link, 'http://x').searchParams.get('token')!;
const refusal = async (response: Response) => ({ status: response.status, ...((await response.json()) as object) });

describe('invitations', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.cleanup());

  const invite = async (body: unknown, cookie: string) => t.request('/api/invitations', json('POST', body, cookie));
  const accept = (body: unknown) => t.request('/api/invitations/accept', json('POST', body));

  it('mails a single-use link whose acceptance creates the user with the role and signs them in', async () => {
    const admin = await t.signInAs('administrator');
    const invited = await invite({ email: 'new@example.com', role: 'contributor' }, admin);
    expect(invited.status).toBe(201);
    const invitation = (await invited.json()) as { id: number; role: string; expiresAt: string; createdAt: string };
    expect(invitation).toMatchObject({ role: 'contributor', invitedByName: ROLE_USERS.administrator.name, acceptedAt: null });
    expect(Date.parse(invitation.expiresAt) - Date.parse(invitation.createdAt)).toBe(7 * 24 * 60 * 60 * 1000);
    expect(JSON.stringify(invitation)).not.toMatch(/token/i);

    const [link] = await mailedLinks(t, 'new@example.com', '/admin/accept');
    expect(link).toMatch(/^\/admin\/accept\?token=[A-Za-z0-9_-]{43}$/);
    // Only a hash is kept: the token itself is nowhere in the database.
    const stored = await t.handle.db.selectFrom('invitations').select('tokenHash').executeTakeFirstOrThrow();
    expect(stored.tokenHash).not.toContain(tokenOf(link!));

    const accepted = await accept({ token: tokenOf(link!), name: 'Nia New', password: PASSWORD });
    expect(accepted.status).toBe(201);
    expect(await accepted.json()).toMatchObject({ name: 'Nia New', email: 'new@example.com', role: 'contributor', slug: 'nia-new' });
    const cookie = accepted.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const me = await t.request('/api/auth/user', { cookie });
    expect(await me.json()).toMatchObject({ email: 'new@example.com', role: 'contributor' });
    // They can sign in with the password they chose.
    const signIn = await t.request('/api/login', json('POST', { email: 'new@example.com', password: PASSWORD }));
    expect(signIn.status).toBe(200);

    expect(await refusal(await accept({ token: tokenOf(link!), name: 'Again', password: PASSWORD }))).toEqual({
      status: 410,
      code: 'gone',
      message: 'This invitation was accepted already. Sign in instead.',
    });
    expect(await (await t.request('/api/invitations', { cookie: admin })).json()).toEqual([]);
  });

  it('lets editors invite only authors and contributors, and nobody invite an owner', async () => {
    const editor = await t.signInAs('editor');
    expect(await refusal(await invite({ email: 'x@example.com', role: 'editor' }, editor))).toEqual({
      status: 403,
      code: 'forbidden',
      message: 'You cannot invite someone as an editor.',
    });
    expect((await invite({ email: 'x@example.com', role: 'author' }, editor)).status).toBe(201);
    expect((await invite({ email: 'x@example.com', role: 'owner' }, await t.signIn())).status).toBe(400);
    expect((await invite({ email: 'y@example.com', role: 'administrator' }, await t.signInAs('administrator'))).status).toBe(201);
    // The editor sees only the invitations they could have sent.
    const listed = (await (await t.request('/api/invitations', { cookie: editor })).json()) as { email: string }[];
    expect(listed.map((i) => i.email)).toEqual(['x@example.com']);
    expect((await invite({ email: 'x@example.com', role: 'author' }, await t.signInAs('author'))).status).toBe(403);
    expect(await mailedLinks(t, 'x@example.com', '/admin/accept')).toHaveLength(1);
  });

  it('refuses an address that is already a member, and bad addresses', async () => {
    const owner = await t.signIn();
    await t.userId('editor');
    expect(await refusal(await invite({ email: ROLE_USERS.editor.email, role: 'author' }, owner))).toMatchObject({ status: 409 });
    expect(await refusal(await invite({ email: 'Someone <a@b.test>', role: 'author' }, owner))).toMatchObject({ status: 400 });
  });

  it('answers a revoked, expired or unknown link with 410 and creates nobody', async () => {
    const owner = await t.signIn();
    const first = (await (await invite({ email: 'r@example.com', role: 'author' }, owner)).json()) as { id: number };
    const [revokedLink] = await mailedLinks(t, 'r@example.com', '/admin/accept');
    expect((await t.request(`/api/invitations/${first.id}`, { method: 'DELETE', cookie: owner })).status).toBe(204);
    expect((await t.request(`/api/invitations/${first.id}`, { method: 'DELETE', cookie: owner })).status).toBe(409);
    expect(await refusal(await accept({ token: tokenOf(revokedLink!), name: 'R', password: PASSWORD }))).toEqual({
      status: 410,
      code: 'gone',
      message: 'This invitation was withdrawn. Ask whoever invited you for a new one.',
    });

    await invite({ email: 'e@example.com', role: 'author' }, owner);
    const [expiredLink] = await mailedLinks(t, 'e@example.com', '/admin/accept');
    await t.handle.db
      .updateTable('invitations')
      .set({ expiresAt: '2000-01-01T00:00:00.000Z' })
      .where('email', '=', 'e@example.com')
      .execute();
    expect(await refusal(await accept({ token: tokenOf(expiredLink!), name: 'E', password: PASSWORD }))).toMatchObject({
      status: 410,
      message: 'This invitation has expired. Ask whoever invited you for a new one.',
    });
    expect((await accept({ token: 'A'.repeat(43), name: 'U', password: PASSWORD })).status).toBe(410);
    expect(await getAccountByEmail(t.handle.db, 'r@example.com')).toBeUndefined();
    expect(await getAccountByEmail(t.handle.db, 'e@example.com')).toBeUndefined();
  });

  it('asks for a name and a long enough password', async () => {
    await invite({ email: 'p@example.com', role: 'author' }, await t.signIn());
    const [link] = await mailedLinks(t, 'p@example.com', '/admin/accept');
    expect(await refusal(await accept({ token: tokenOf(link!), name: 'P', password: 'short' }))).toMatchObject({
      status: 400,
      message: 'Choose a password of at least 12 characters.',
    });
    expect(await refusal(await accept({ token: tokenOf(link!), name: '  ', password: PASSWORD }))).toMatchObject({
      status: 400,
      message: 'Enter your name.',
    });
    expect((await accept({ token: tokenOf(link!), name: 'P', password: PASSWORD })).status).toBe(201);
  });
});

describe('password reset', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.cleanup());

  const ask = (email: string, ip?: string) => t.request('/api/password-reset', { ...json('POST', { email }), ...(ip ? { ip } : {}) });
  const confirm = (body: unknown) => t.request('/api/password-reset/confirm', json('POST', body));

  it('answers the same whether or not the address has an account, and mails only an account', async () => {
    const email = ROLE_USERS.author.email;
    await t.userId('author');
    const known = await ask(email);
    const unknown = await ask('nobody@example.com');
    expect([known.status, unknown.status]).toEqual([200, 200]);
    expect(await known.json()).toEqual({ message: RESET_SENT });
    expect(await unknown.json()).toEqual({ message: RESET_SENT });
    expect(await mailedLinks(t, email, '/admin/reset-password')).toHaveLength(1);
    expect(await mailedLinks(t, 'nobody@example.com', '/admin/reset-password')).toHaveLength(0);
  });

  it('sets the password once, ends every other session and signs this browser in', async () => {
    const email = ROLE_USERS.author.email;
    const elsewhere = await t.signInAs('author');
    await ask(email);
    const [link] = await mailedLinks(t, email, '/admin/reset-password');
    const reset = await confirm({ token: tokenOf(link!), password: PASSWORD });
    expect(reset.status).toBe(200);
    expect(await reset.json()).toMatchObject({ email, role: 'author' });
    const cookie = reset.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    expect((await t.request('/api/auth/user', { cookie })).status).toBe(200);
    expect((await t.request('/api/auth/user', { cookie: elsewhere })).status).toBe(401);
    expect((await t.request('/api/login', json('POST', { email, password: PASSWORD }))).status).toBe(200);
    expect(await refusal(await confirm({ token: tokenOf(link!), password: 'another long password' }))).toEqual({
      status: 410,
      code: 'gone',
      message: 'This link to set a new password was used already. Ask for a new one if you need to.',
    });
  });

  it('refuses an expired link and a short password, changing nothing', async () => {
    const email = ROLE_USERS.editor.email;
    const id = await t.userId('editor');
    const before = (await getAccountByEmail(t.handle.db, email))!.passwordHash;
    await ask(email);
    const [link] = await mailedLinks(t, email, '/admin/reset-password');
    expect(await refusal(await confirm({ token: tokenOf(link!), password: 'short' }))).toMatchObject({ status: 400 });
    await t.handle.db.updateTable('passwordResets').set({ expiresAt: '2000-01-01T00:00:00.000Z' }).execute();
    expect(await refusal(await confirm({ token: tokenOf(link!), password: PASSWORD }))).toMatchObject({
      status: 410,
      message: 'This link to set a new password has expired: links work for one hour. Ask for a new one.',
    });
    expect((await getAccountByEmail(t.handle.db, email))!.passwordHash).toBe(before);
    expect(await getUserById(t.handle.db, id)).toBeDefined();
  });

  it('keeps a link for one hour', async () => {
    await t.userId('editor');
    await ask(ROLE_USERS.editor.email);
    await t.mailer.idle();
    const row = await t.handle.db.selectFrom('passwordResets').selectAll().executeTakeFirstOrThrow();
    expect(Date.parse(row.expiresAt) - Date.parse(row.createdAt)).toBe(60 * 60 * 1000);
  });

  it('is rate-limited per connection', async () => {
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await ask('nobody@example.com', '198.51.100.9')).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect((await ask('nobody@example.com', '198.51.100.10')).status).toBe(200);
  });
});
