import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { commitChange, deleteSubscriber, getPostById, listPosts, subscribe, type Post } from '@forkcast/content-db';
import { insertTestPost } from '@forkcast/content-db/testing';
import { CHANGE_HEADER, type TrashItem } from '@forkcast/shared/contracts';
import { createTestApp, json, type TestApp } from '../testing.ts';

/** What each role may do to a post, by whose it is and where it is in its life (the route matrix walks the roles per route). */
describe('posts by role', () => {
  let t: TestApp;
  let owner: number;
  beforeEach(async () => {
    t = await createTestApp();
    owner = await t.userId('owner');
  });
  afterEach(() => t.cleanup());

  const posts = async () => (await listPosts(t.handle.db)).length;
  const refusal = async (response: Response) => ({ status: response.status, ...((await response.json()) as object) });

  describe('a contributor', () => {
    let me: number;
    let cookie: string;
    beforeEach(async () => {
      me = await t.userId('contributor');
      cookie = await t.signInAs('contributor');
    });

    it('starts drafts of their own, named as their author', async () => {
      const response = await t.request('/api/posts', json('POST', { title: 'Night market notes' }, cookie));
      expect(response.status).toBe(201);
      expect(await response.json()).toMatchObject({ status: 'draft', authorIds: [me] });
      const shared = await t.request('/api/posts', json('POST', { title: 'Two of us', authorIds: [me, owner] }, cookie));
      expect(await shared.json()).toMatchObject({ authorIds: [me, owner] });
    });

    it('cannot publish or schedule a new post, nor give it away, and nothing is created', async () => {
      const before = await posts();
      for (const body of [
        { title: 'Live now', status: 'published' },
        { title: 'Later', status: 'scheduled', publishAt: '2099-01-01T00:00:00Z' },
      ])
        expect(await refusal(await t.request('/api/posts', json('POST', body, cookie)))).toEqual({
          status: 403,
          code: 'forbidden',
          message: 'Contributors cannot publish or schedule a post: save it as a draft.',
        });
      expect(await refusal(await t.request('/api/posts', json('POST', { title: 'Yours', authorIds: [owner] }, cookie)))).toMatchObject({
        status: 403,
        message: 'Only editors can give a post away: keep yourself among its authors.',
      });
      expect(await posts()).toBe(before);
    });

    it('edits and deletes their own drafts, and nothing once a draft is published or someone else’s', async () => {
      const draft = await insertTestPost(t.handle.db, 'my-draft', { authorIds: [me], published: false, publishedAt: null });
      const live = await insertTestPost(t.handle.db, 'my-live', { authorIds: [me] });
      const theirs = await insertTestPost(t.handle.db, 'their-draft', { authorIds: [owner], published: false, publishedAt: null });
      expect((await t.request(`/api/posts/${draft}`, json('PATCH', { title: 'Better title' }, cookie))).status).toBe(200);
      expect(await refusal(await t.request(`/api/posts/${draft}`, json('PATCH', { status: 'published' }, cookie)))).toMatchObject({
        status: 403,
        message: 'Only its authors (not contributors) and editors can publish, schedule or unpublish a post.',
      });
      for (const id of [live, theirs]) {
        expect((await t.request(`/api/posts/${id}`, json('PATCH', { title: 'Mine now' }, cookie))).status).toBe(403);
        expect((await t.request(`/api/posts/${id}`, { method: 'DELETE', cookie })).status).toBe(403);
      }
      expect((await t.request(`/api/posts/my-live/published`, json('PATCH', { published: false }, cookie))).status).toBe(403);
      expect((await getPostById(t.handle.db, live))?.title).toBe('Title of my-live');
      expect((await t.request(`/api/posts/${draft}`, { method: 'DELETE', cookie })).status).toBe(204);
    });

    it("sees published posts and their own drafts, never someone else's", async () => {
      await insertTestPost(t.handle.db, 'my-draft', { authorIds: [me], published: false, publishedAt: null });
      const theirs = await insertTestPost(t.handle.db, 'their-draft', { authorIds: [owner], published: false, publishedAt: null });
      await insertTestPost(t.handle.db, 'live', { authorIds: [owner] });
      const listed = (await (await t.request('/api/posts', { cookie })).json()) as Post[];
      expect(listed.map((post) => post.slug).sort()).toEqual(['live', 'my-draft']);
      const mine = (await (await t.request(`/api/posts?authorId=${me}`, { cookie })).json()) as Post[];
      expect(mine.map((post) => post.slug)).toEqual(['my-draft']);
      expect((await t.request('/api/posts/my-draft', { cookie })).status).toBe(200);
      expect((await t.request('/api/posts/their-draft', { cookie })).status).toBe(404);
      expect((await t.request(`/api/posts/${theirs}/blocks`, { cookie })).status).toBe(404);
      expect((await t.request(`/api/posts/${theirs}/edit`, { cookie })).status).toBe(403);
    });

    it('undoes their own changes only', async () => {
      const draft = await t.request('/api/posts', json('POST', { title: 'Soon undone' }, cookie));
      const mine = draft.headers.get(CHANGE_HEADER);
      const theirs = await t.request('/api/posts', json('POST', { title: 'The owner’s' }, await t.signIn()));
      expect(
        await refusal(await t.request(`/api/changes/${theirs.headers.get(CHANGE_HEADER)}/undo`, { method: 'POST', cookie })),
      ).toMatchObject({
        status: 403,
        message: 'Only editors can undo a change someone else made.',
      });
      expect((await t.request(`/api/changes/${mine}/undo`, { method: 'POST', cookie })).status).toBe(200);
    });
  });

  describe('an author', () => {
    it('publishes, schedules, unpublishes and deletes their own posts, and no one else’s', async () => {
      const me = await t.userId('author');
      const cookie = await t.signInAs('author');
      const draft = await insertTestPost(t.handle.db, 'my-draft', { authorIds: [me], published: false, publishedAt: null });
      const theirs = await insertTestPost(t.handle.db, 'theirs', { authorIds: [owner] });
      expect(await (await t.request(`/api/posts/${draft}`, json('PATCH', { status: 'published' }, cookie))).json()).toMatchObject({
        status: 'published',
      });
      expect((await t.request('/api/posts/my-draft/published', json('PATCH', { published: false }, cookie))).status).toBe(200);
      const later = { status: 'scheduled', publishAt: '2099-01-01T00:00:00Z' };
      expect(await (await t.request(`/api/posts/${draft}`, json('PATCH', later, cookie))).json()).toMatchObject({ status: 'scheduled' });
      expect((await t.request('/api/posts/theirs/published', json('PATCH', { published: false }, cookie))).status).toBe(403);
      expect((await t.request(`/api/posts/${theirs}`, { method: 'DELETE', cookie })).status).toBe(403);
      expect((await t.request(`/api/posts/${draft}`, { method: 'DELETE', cookie })).status).toBe(204);
      expect(
        await refusal(await t.request('/api/posts/theirs/hero-image', json('PATCH', { heroImage: '/images/x.jpg' }, cookie))),
      ).toMatchObject({
        status: 403,
        message: "Only editors can change someone else's post, and contributors only their own drafts (not while in review).",
      });
    });
  });

  describe('an editor', () => {
    it("changes anyone's post and its authors, which must be users", async () => {
      const writer = await t.userId('author');
      const cookie = await t.signInAs('editor');
      const theirs = await insertTestPost(t.handle.db, 'theirs', { authorIds: [owner] });
      const response = await t.request(`/api/posts/${theirs}`, json('PATCH', { authorIds: [writer, owner] }, cookie));
      expect(await response.json()).toMatchObject({ authorIds: [writer, owner] });
      expect(await (await t.request(`/api/posts/${theirs}/edit`, { cookie })).json()).toMatchObject({ authorIds: [writer, owner] });
      expect(await refusal(await t.request(`/api/posts/${theirs}`, json('PATCH', { authorIds: [999] }, cookie)))).toMatchObject({
        status: 400,
        message: 'No user has the id 999; an author must be one.',
      });
      expect((await t.request(`/api/posts/${theirs}`, json('PATCH', { authorIds: [] }, cookie))).status).toBe(400);
      expect((await getPostById(t.handle.db, theirs))?.authorIds).toEqual([writer, owner]);
    });

    it('does not see or bring back deleted subscribers, whose addresses are for administrators', async () => {
      const { subscriber } = await subscribe(t.handle.db, 'reader@forkcast.test', new Date().toISOString());
      await commitChange(t.handle.db, (trx) => deleteSubscriber(trx, subscriber.id));
      const editor = await t.signInAs('editor');
      expect((await (await t.request('/api/trash', { cookie: editor })).json()) as TrashItem[]).toEqual([]);
      expect((await t.request(`/api/trash/subscriber/${subscriber.id}/restore`, { method: 'POST', cookie: editor })).status).toBe(403);
      const admin = await t.signInAs('administrator');
      expect(((await (await t.request('/api/trash', { cookie: admin })).json()) as TrashItem[]).map((item) => item.kind)).toEqual([
        'subscriber',
      ]);
    });
  });
});
