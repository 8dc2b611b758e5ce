import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getPostById, getUserById, type User } from '@forkcast/content-db';
import { insertTestPost } from '@forkcast/content-db/testing';
import { createTestApp, json, type TestApp } from '../testing.ts';

describe('the users API', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.cleanup());

  const users = async (cookie: string) => (await (await t.request('/api/users', { cookie })).json()) as User[];
  const patch = async (id: number, body: unknown, cookie: string) => t.request(`/api/users/${id}`, json('PATCH', body, cookie));
  const refusal = async (response: Response) => ({ status: response.status, ...((await response.json()) as object) });
  const roleOf = async (id: number) => (await getUserById(t.handle.db, id))?.role;

  describe('GET /api/users', () => {
    it('lists every user, the owner first, without password hashes', async () => {
      await t.userId('contributor');
      await t.userId('editor');
      const list = await users(await t.signInAs('administrator'));
      expect(list.map(({ name, role }) => [name, role])).toEqual([
        ['Editor', 'owner'],
        ['Ada Administrator', 'administrator'],
        ['Eddie Editor', 'editor'],
        ['Cora Contributor', 'contributor'],
      ]);
      expect(Object.keys(list[0]!).sort()).toEqual(['avatar', 'bio', 'createdAt', 'email', 'id', 'name', 'role', 'slug', 'updatedAt']);
    });

    it('is for administrators and the owner only', async () => {
      const response = await t.request('/api/users', { cookie: await t.signInAs('editor') });
      expect(await refusal(response)).toEqual({
        status: 403,
        code: 'forbidden',
        message: 'Only administrators and the owner can do this.',
      });
    });
  });

  describe('GET /api/users/:id', () => {
    it('shows anyone their own profile, administrators anyone’s, and nobody else’s', async () => {
      const contributor = await t.userId('contributor');
      const editor = await t.userId('editor');
      const own = await t.request(`/api/users/${contributor}`, { cookie: await t.signInAs('contributor') });
      expect(own.status).toBe(200);
      expect(await own.json()).toMatchObject({ id: contributor, name: 'Cora Contributor', bio: '', avatar: null });
      expect(await refusal(await t.request(`/api/users/${editor}`, { cookie: await t.signInAs('contributor') }))).toEqual({
        status: 403,
        code: 'forbidden',
        message: 'You can read only your own profile.',
      });
      expect((await t.request(`/api/users/${contributor}`, { cookie: await t.signInAs('administrator') })).status).toBe(200);
      expect((await t.request('/api/users/999', { cookie: await t.signInAs('administrator') })).status).toBe(404);
    });
  });

  describe('PATCH /api/users/:id', () => {
    it('lets anyone change their own name, bio, slug and avatar', async () => {
      const me = await t.userId('contributor');
      const cookie = await t.signInAs('contributor');
      const response = await patch(me, { name: 'Cora C.', bio: 'Bakeries first.', slug: 'cora', avatar: '/uploads/cora.webp' }, cookie);
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({
        id: me,
        name: 'Cora C.',
        bio: 'Bakeries first.',
        slug: 'cora',
        avatar: '/uploads/cora.webp',
      });
      const who = await (await t.request('/api/auth/user', { cookie })).json();
      expect(who).toMatchObject({ name: 'Cora C.', slug: 'cora', role: 'contributor' });
    });

    it("refuses anyone below administrator someone else's profile, changing nothing", async () => {
      const other = await t.userId('author');
      const response = await patch(other, { name: 'Hijacked' }, await t.signInAs('editor'));
      expect(await refusal(response)).toEqual({ status: 403, code: 'forbidden', message: 'You can change only your own profile.' });
      expect((await getUserById(t.handle.db, other))?.name).toBe('Aiko Author');
    });

    it('lets nobody change their own role, raising or lowering it', async () => {
      for (const role of ['contributor', 'administrator', 'owner'] as const) {
        const me = await t.userId(role);
        const response = await patch(me, { role: role === 'contributor' ? 'editor' : 'author' }, await t.signInAs(role));
        expect(await refusal(response), role).toEqual({ status: 403, code: 'forbidden', message: 'Nobody can change their own role.' });
        expect(await roleOf(me)).toBe(role);
      }
    });

    it("lets administrators change other people's roles, never to owner and never the owner's", async () => {
      const writer = await t.userId('contributor');
      const cookie = await t.signInAs('administrator');
      expect((await patch(writer, { role: 'editor' }, cookie)).status).toBe(200);
      expect(await roleOf(writer)).toBe('editor');
      expect(await refusal(await patch(writer, { role: 'owner' }, cookie))).toMatchObject({
        status: 403,
        message: 'Only the owner can hand over ownership.',
      });
      const owner = await t.userId('owner');
      expect(await refusal(await patch(owner, { role: 'administrator' }, cookie))).toMatchObject({
        status: 403,
        message: "The owner's role changes only when they hand ownership to someone else.",
      });
      expect(await roleOf(owner)).toBe('owner');
    });

    it('refuses an editor any role change, even to a writer', async () => {
      const writer = await t.userId('contributor');
      const response = await patch(writer, { role: 'author' }, await t.signInAs('editor'));
      expect(await refusal(response)).toMatchObject({
        status: 403,
        message: "Only administrators and the owner can change someone's role.",
      });
      expect(await roleOf(writer)).toBe('contributor');
    });

    it('lets the owner hand over ownership, becoming an administrator in the same change', async () => {
      const heir = await t.userId('editor');
      const owner = await t.userId('owner');
      const cookie = await t.signIn();
      const response = await patch(heir, { role: 'owner' }, cookie);
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ id: heir, role: 'owner' });
      expect(await roleOf(owner)).toBe('administrator');
      // The old owner is an administrator at once, in this very session.
      expect(await (await t.request('/api/auth/user', { cookie })).json()).toMatchObject({ role: 'administrator' });
      expect(await refusal(await patch(owner, { role: 'owner' }, cookie))).toMatchObject({
        status: 403,
        message: 'Nobody can change their own role.',
      });
    });

    it('refuses a slug another user holds (409) and a malformed one (400), changing nothing', async () => {
      await t.userId('editor');
      const me = await t.userId('author');
      const cookie = await t.signInAs('author');
      expect(await refusal(await patch(me, { slug: 'eddie-editor' }, cookie))).toEqual({
        status: 409,
        code: 'conflict',
        message: 'Another user already uses that slug.',
      });
      expect((await patch(me, { slug: 'Aiko Author' }, cookie)).status).toBe(400);
      expect((await patch(me, {}, cookie)).status).toBe(400);
      expect((await getUserById(t.handle.db, me))?.slug).toBe('aiko-author');
    });

    it('answers 404 for a user who does not exist', async () => {
      expect((await patch(999, { bio: 'x' }, await t.signIn())).status).toBe(404);
    });
  });

  describe('DELETE /api/users/:id', () => {
    it('hands their posts to reassignTo, keeps that in the posts’ history, and ends their sessions', async () => {
      const leaving = await t.userId('author');
      const heir = await t.userId('editor');
      const theirCookie = await t.signInAs('author');
      const post = await insertTestPost(t.handle.db, 'theirs', { authorIds: [leaving] });
      const response = await t.request(`/api/users/${leaving}`, json('DELETE', { reassignTo: heir }, await t.signInAs('administrator')));
      expect(response.status).toBe(204);
      expect(await getUserById(t.handle.db, leaving)).toBeUndefined();
      expect((await getPostById(t.handle.db, post))?.authorIds).toEqual([heir]);
      expect((await t.request('/api/auth/user', { cookie: theirCookie })).status).toBe(401);
      const history = await (await t.request(`/api/revisions?entity=post&id=${post}`, { cookie: await t.signIn() })).json();
      expect(history[0]).toMatchObject({ summary: 'Changed the authors', actor: 'Ada Administrator' });
    });

    it('refuses deleting yourself, the owner, or giving the posts to nobody, changing nothing', async () => {
      const admin = await t.userId('administrator');
      const writer = await t.userId('contributor');
      const owner = await t.userId('owner');
      const cookie = await t.signInAs('administrator');
      const remove = (id: number, reassignTo: unknown) => t.request(`/api/users/${id}`, json('DELETE', { reassignTo }, cookie));
      expect(await refusal(await remove(admin, owner))).toEqual({
        status: 403,
        code: 'forbidden',
        message: 'Nobody can delete themselves.',
      });
      expect(await refusal(await remove(owner, admin))).toEqual({
        status: 409,
        code: 'conflict',
        message: 'The owner cannot be deleted: they hand ownership to someone else first.',
      });
      expect(await refusal(await remove(writer, writer))).toMatchObject({
        status: 400,
        message: 'Give their posts to someone else (reassignTo).',
      });
      expect(await refusal(await remove(writer, 999))).toMatchObject({
        status: 400,
        message: 'No user has the id 999 to take over the posts.',
      });
      expect((await remove(writer, 'someone')).status).toBe(400);
      for (const id of [admin, writer, owner]) expect(await getUserById(t.handle.db, id)).toBeDefined();
    });
  });

  describe('POST /api/users/:id/sign-out', () => {
    it('ends every session of the user, and lets anyone sign themselves out everywhere', async () => {
      const writer = await t.userId('contributor');
      const laptop = await t.signInAs('contributor');
      const phone = await t.signInAs('contributor');
      expect((await t.request(`/api/users/${writer}/sign-out`, { method: 'POST', cookie: await t.signInAs('administrator') })).status).toBe(
        204,
      );
      for (const cookie of [laptop, phone]) expect((await t.request('/api/auth/user', { cookie })).status).toBe(401);
      const again = await t.signInAs('contributor');
      const self = await t.request(`/api/users/${writer}/sign-out`, { method: 'POST', cookie: again });
      expect(self.status).toBe(204);
      expect(self.headers.getSetCookie().join()).toMatch(/forkcast_session=;/);
      expect((await t.request('/api/auth/user', { cookie: again })).status).toBe(401);
    });

    it('refuses signing someone else out below administrator, and keeps their session', async () => {
      const writer = await t.userId('contributor');
      const theirs = await t.signInAs('contributor');
      const response = await t.request(`/api/users/${writer}/sign-out`, { method: 'POST', cookie: await t.signInAs('editor') });
      expect(await refusal(response)).toMatchObject({
        status: 403,
        message: 'Only administrators and the owner can sign someone else out.',
      });
      expect((await t.request('/api/auth/user', { cookie: theirs })).status).toBe(200);
    });
  });
});
