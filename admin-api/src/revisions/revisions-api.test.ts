import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  addContentItem,
  commitChange,
  createBlock,
  getCityBySlug,
  getPostById,
  getPostBySlug,
  getSetting,
  listBlocks,
  listCities,
  listContentItems,
  listPosts,
  listRestaurants,
  setPostAuthors,
  SETTING,
  subscribe,
  type Post,
} from '@forkcast/content-db';
import { seed } from '@forkcast/content-db/seed';
import { CHANGE_HEADER, type RestoreResult, type RevisionDetail, type RevisionSummary, type TrashItem } from '@forkcast/shared/contracts';
import { pino } from 'pino';
import { createTestApp, json, type TestApp } from '../testing.ts';
import { RetentionSweep } from './sweep.ts';

const NOW = () => new Date().toISOString();
const csvForm = (cityName: string, rows: string[], extra: Record<string, string> = {}) => {
  const form = new FormData();
  form.append('csvFile', new File([['Day,Meal,Restaurant,Neighborhood,Notes', ...rows].join('\n')], 'city.csv', { type: 'text/csv' }));
  form.append('cityName', cityName);
  for (const [name, value] of Object.entries(extra)) form.append(name, value);
  return form;
};

describe('revisions, restore, undo and trash', () => {
  let t: TestApp;
  let cookie: string;
  let post: Post;

  beforeEach(async () => {
    t = await createTestApp();
    await seed(t.handle.db);
    cookie = await t.signIn();
    post = (await listPosts(t.handle.db, { publishedOnly: true, type: 'post' })).find((candidate) => candidate.cityId !== null)!;
  });
  afterEach(() => t.cleanup());

  const db = () => t.handle.db;
  const send = (path: string, init: RequestInit = {}) => t.request(path, { ...init, cookie });
  const sendJson = (method: string, path: string, body: unknown) => t.request(path, json(method, body, cookie));
  const history = async (entity: string, id?: number) =>
    (await (await send(`/api/revisions?entity=${entity}${id === undefined ? '' : `&id=${id}`}`)).json()) as RevisionSummary[];
  const changeOf = (response: Response) => Number(response.headers.get(CHANGE_HEADER));
  const undo = (response: Response) => send(`/api/changes/${changeOf(response)}/undo`, { method: 'POST' });
  const trash = async () => (await (await send('/api/trash')).json()) as TrashItem[];

  // Every write route of the app, with a call that makes the change and the entities whose history
  // (or the trash) must keep it. A new write route fails the first test until it is listed here, in
  // KEEPS_HISTORY or, when it changes nothing a reader sees, in KEEPS_NONE.
  type Kept = { entity: string; id: number } | { trash: string };
  const KEEPS_HISTORY: Record<string, () => Promise<{ response: Response; kept: Kept[] }>> = {
    async 'POST /api/posts'() {
      const response = await sendJson('POST', '/api/posts', { title: 'Night noodles', content: 'One.\n\nTwo.' });
      return { response, kept: [{ entity: 'post', id: ((await response.clone().json()) as Post).id }] };
    },
    async 'PATCH /api/posts/:id{[0-9]+}'() {
      return { response: await sendJson('PATCH', `/api/posts/${post.id}`, { title: 'Retitled' }), kept: [{ entity: 'post', id: post.id }] };
    },
    async 'DELETE /api/posts/:id{[0-9]+}'() {
      return {
        response: await send(`/api/posts/${post.id}`, { method: 'DELETE' }),
        kept: [{ entity: 'post', id: post.id }, { trash: 'post' }],
      };
    },
    async 'PATCH /api/posts/:slug/hero-image'() {
      const response = await sendJson('PATCH', `/api/posts/${post.slug}/hero-image`, { heroImage: '/images/posts/tea.jpg' });
      return { response, kept: [{ entity: 'post', id: post.id }] };
    },
    async 'PATCH /api/posts/:slug/published'() {
      const response = await sendJson('PATCH', `/api/posts/${post.slug}/published`, { published: false });
      return { response, kept: [{ entity: 'post', id: post.id }] };
    },
    async 'POST /api/posts/:postId/content'() {
      const response = await sendJson('POST', `/api/posts/${post.id}/content`, { type: 'text', content: 'A tip.', position: 1 });
      return { response, kept: [{ entity: 'post', id: post.id }] };
    },
    async 'DELETE /api/posts/:postId/content/:contentId'() {
      const item = await addContentItem(db(), { postId: post.id, type: 'text', content: 'Bye.', position: 0, now: NOW() });
      const response = await send(`/api/posts/${post.id}/content/${item.id}`, { method: 'DELETE' });
      return { response, kept: [{ entity: 'post', id: post.id }, { trash: 'item' }] };
    },
    async 'POST /api/posts/:postId/blocks'() {
      const response = await sendJson('POST', `/api/posts/${post.id}/blocks`, { content: 'Rewritten.', position: 0, isOriginal: true });
      return { response, kept: [{ entity: 'post', id: post.id }] };
    },
    async 'PUT /api/posts/:postId/blocks/:blockId'() {
      const block = await createBlock(db(), { postId: post.id, content: 'First.', position: 0, isOriginal: true, now: NOW() });
      const response = await sendJson('PUT', `/api/posts/${post.id}/blocks/${block.id}`, { content: 'Second.' });
      return { response, kept: [{ entity: 'post', id: post.id }] };
    },
    async 'DELETE /api/posts/:postId/blocks/:blockId'() {
      const block = await createBlock(db(), { postId: post.id, content: 'First.', position: 0, isOriginal: true, now: NOW() });
      const response = await send(`/api/posts/${post.id}/blocks/${block.id}`, { method: 'DELETE' });
      return { response, kept: [{ entity: 'post', id: post.id }, { trash: 'block' }] };
    },
    async 'POST /api/hero/update-image'() {
      const response = await sendJson('POST', '/api/hero/update-image', { imageUrl: '/images/posts/tea.jpg' });
      return { response, kept: [{ entity: 'hero', id: 0 }] };
    },
    async 'POST /api/cities'() {
      const response = await sendJson('POST', '/api/cities', { name: 'Nagoya' });
      return { response, kept: [{ entity: 'city', id: ((await response.clone().json()) as { id: number }).id }] };
    },
    async 'PATCH /api/cities/:id'() {
      const [city] = await listCities(db());
      const response = await sendJson('PATCH', `/api/cities/${city!.id}`, { description: 'Changed.' });
      return { response, kept: [{ entity: 'city', id: city!.id }] };
    },
    async 'DELETE /api/cities/:id'() {
      const created = (await (await sendJson('POST', '/api/cities', { name: 'Nara' })).json()) as { id: number };
      const response = await send(`/api/cities/${created.id}`, { method: 'DELETE' });
      return { response, kept: [{ entity: 'city', id: created.id }, { trash: 'city' }] };
    },
    async 'POST /api/import'() {
      const document = (await (await send('/api/export')).json()) as {
        posts: { post: { id: number } }[];
        cities: { city: { id: number } }[];
      };
      // An import goes into an empty site: the seeded content leaves first (its rows, not through the trash).
      await db().deleteFrom('posts').execute();
      await db().deleteFrom('cities').execute();
      const response = await sendJson('POST', '/api/import', document);
      return {
        response,
        kept: [
          { entity: 'post', id: document.posts[0]!.post.id },
          { entity: 'city', id: document.cities[0]!.city.id },
        ],
      };
    },
    async 'POST /api/import/ghost'() {
      const ghost = readFileSync(join(import.meta.dirname, '..', 'transfer', 'ghost', 'fixtures', 'ghost-6-html.json'), 'utf8');
      const response = await send('/api/import/ghost', { method: 'POST', headers: { 'content-type': 'application/json' }, body: ghost });
      return { response, kept: [{ entity: 'post', id: (await getPostBySlug(db(), 'hanoi-bun-cha-lunch'))!.id }] };
    },
    async 'POST /api/admin/generate-guide'() {
      const response = await send('/api/admin/generate-guide', {
        method: 'POST',
        body: csvForm('Kyoto', ['1,Lunch,Noodle Bar,Gion,Slurp']),
      });
      const city = (await getCityBySlug(db(), 'kyoto'))!;
      const guide = (await listPosts(db(), { cityId: city.id, type: 'guide' }))[0]!;
      return {
        response,
        kept: [
          { entity: 'city', id: city.id },
          { entity: 'post', id: guide.id },
        ],
      };
    },
    async 'DELETE /api/newsletter/subscribers/:id'() {
      const { subscriber } = await subscribe(db(), 'leaving@example.com', NOW());
      return {
        response: await send(`/api/newsletter/subscribers/${subscriber.id}`, { method: 'DELETE' }),
        kept: [{ trash: 'subscriber' }],
      };
    },
    async 'POST /api/revisions/:id/restore'() {
      const edited = await sendJson('PATCH', `/api/posts/${post.id}`, { title: 'Retitled' });
      const [, earlier] = await history('post', post.id);
      expect(edited.status).toBe(200);
      return { response: await send(`/api/revisions/${earlier!.id}/restore`, { method: 'POST' }), kept: [{ entity: 'post', id: post.id }] };
    },
    async 'POST /api/changes/:id/undo'() {
      const edited = await sendJson('PATCH', `/api/posts/${post.id}`, { title: 'Retitled' });
      return { response: await undo(edited), kept: [{ entity: 'post', id: post.id }] };
    },
    async 'DELETE /api/users/:id'() {
      // The leaving user wrote the post: their post goes to the owner, in the post's history.
      const leaving = await t.userId('author');
      await commitChange(db(), (trx) => setPostAuthors(trx, post.id, [leaving]));
      const response = await sendJson('DELETE', `/api/users/${leaving}`, { reassignTo: await t.userId('owner') });
      return { response, kept: [{ entity: 'post', id: post.id }] };
    },
    async 'POST /api/posts/:id{[0-9]+}/submit'() {
      const draft = (await (await sendJson('POST', '/api/posts', { title: 'For review' })).json()) as Post;
      return { response: await sendJson('POST', `/api/posts/${draft.id}/submit`, {}), kept: [{ entity: 'post', id: draft.id }] };
    },
    async 'POST /api/posts/:id{[0-9]+}/withdraw'() {
      const draft = (await (await sendJson('POST', '/api/posts', { title: 'For review' })).json()) as Post;
      await sendJson('POST', `/api/posts/${draft.id}/submit`, {});
      return { response: await sendJson('POST', `/api/posts/${draft.id}/withdraw`, {}), kept: [{ entity: 'post', id: draft.id }] };
    },
    async 'POST /api/posts/:id{[0-9]+}/request-changes'() {
      const draft = (await (await sendJson('POST', '/api/posts', { title: 'For review' })).json()) as Post;
      await sendJson('POST', `/api/posts/${draft.id}/submit`, {});
      const response = await sendJson('POST', `/api/posts/${draft.id}/request-changes`, { note: 'Shorter, please.' });
      return { response, kept: [{ entity: 'post', id: draft.id }] };
    },
    async 'POST /api/pages'() {
      const response = await sendJson('POST', '/api/pages', { title: 'Visiting Us', slug: 'visiting', status: 'published' });
      return { response, kept: [{ entity: 'page', id: ((await response.clone().json()) as { id: number }).id }] };
    },
    async 'PATCH /api/pages/:id'() {
      const { id } = (await (await sendJson('POST', '/api/pages', { title: 'Visiting Us', slug: 'visiting' })).json()) as { id: number };
      return { response: await sendJson('PATCH', `/api/pages/${id}`, { metaTitle: 'Visit the kitchen' }), kept: [{ entity: 'page', id }] };
    },
    async 'DELETE /api/pages/:id'() {
      const { id } = (await (await sendJson('POST', '/api/pages', { title: 'Visiting Us', slug: 'visiting' })).json()) as { id: number };
      return { response: await send(`/api/pages/${id}`, { method: 'DELETE' }), kept: [{ entity: 'page', id }, { trash: 'page' }] };
    },
    async 'POST /api/trash/:kind/:id/restore'() {
      await send(`/api/posts/${post.id}`, { method: 'DELETE' });
      return { response: await send(`/api/trash/post/${post.id}/restore`, { method: 'POST' }), kept: [{ entity: 'post', id: post.id }] };
    },
  };
  /** Writes that change nothing a reader sees: sign-in and out, reader sign-ups and messages, uploads, the inbox, sends. */
  const KEEPS_NONE = [
    'POST /api/login',
    'POST /api/logout',
    'POST /api/contact',
    'POST /api/newsletter/subscribe',
    'POST /api/newsletter/subscribe/form',
    'POST /api/newsletter/unsubscribe/:token',
    // A page view adds to the readership counts, which no page shows.
    'POST /api/collect',
    'POST /api/upload',
    'POST /api/upload/hero-image',
    // The media library keeps no versions: a focal point re-crops pages, an unused item goes for good.
    'PATCH /api/media/:id',
    'DELETE /api/media/:id',
    'DELETE /api/admin/contact-messages/:id',
    // Sending a post as a newsletter changes mailboxes, not the site.
    'POST /api/newsletter/sends',
    'POST /api/newsletter/sends/test',
    'POST /api/newsletter/sends/:id/cancel',
    // A preview renders unsaved changes and stores nothing.
    'POST /api/posts/:id{[0-9]+}/preview',
    // Sessions, and a user's own record (their profile and role), which keeps no versions.
    'POST /api/users/:id/sign-out',
    'PATCH /api/users/:id',
    // Invitations and password resets: links, passwords and sessions; a new user is in no history.
    'POST /api/invitations',
    'DELETE /api/invitations/:id',
    'POST /api/invitations/accept',
    'POST /api/password-reset',
    'POST /api/password-reset/confirm',
    // Webhooks: where events go, not content.
    'POST /api/webhooks',
    'DELETE /api/webhooks/:id',
    // Who has a post open in an editor is kept in memory, not in the database.
    'POST /api/posts/:id{[0-9]+}/presence',
    'DELETE /api/posts/:id{[0-9]+}/presence',
    // Comments are review talk in their own table, not content: no page shows them, no history keeps them.
    'POST /api/posts/:id{[0-9]+}/comments',
    // Deleting for good takes from the trash what no page shows; it is meant to leave no history.
    'DELETE /api/trash/:kind/:id',
    'DELETE /api/trash',
  ];
  /**
   * Writes readers feel that keep no versions: redirects are one line each, all listed whole in
   * the admin, where a deleted one is made again in one step; a post's own moves keep theirs in
   * the post's history.
   */
  const LISTED_WHOLE = ['POST /api/redirects', 'POST /api/redirects/import', 'DELETE /api/redirects/:id'];

  it('knows every write route: each keeps history, changes nothing readers see, or is listed whole', () => {
    const writes = new Set(
      t.app.routes.filter((route) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method)).map((r) => `${r.method} ${r.path}`),
    );
    expect([...writes].sort()).toEqual([...Object.keys(KEEPS_HISTORY), ...KEEPS_NONE, ...LISTED_WHOLE].sort());
  });

  for (const [route, walk] of Object.entries(KEEPS_HISTORY)) {
    it(`${route} keeps a revision (or a trash row) in the change it names`, async () => {
      const { response, kept } = await walk();
      expect(response.status, await response.clone().text()).toBeLessThan(300);
      const changeId = changeOf(response);
      expect(changeId).toBeGreaterThan(0);
      const revisions = await db()
        .selectFrom('revisions')
        .select(['entity', 'entityId', 'kind'])
        .where('changeId', '=', changeId)
        .execute();
      const trashed = await db().selectFrom('trash').select('kind').where('changeId', '=', changeId).execute();
      for (const want of kept) {
        if ('trash' in want) expect(trashed.map((row) => row.kind)).toContain(want.trash);
        else
          expect(revisions.filter((r) => r.kind !== 'earlier').map((r) => `${r.entity}:${r.entityId}`)).toContain(
            `${want.entity}:${want.id}`,
          );
      }
    });
  }

  it('a refused write keeps no history', async () => {
    const before = await db().selectFrom('revisions').select('id').execute();
    const response = await sendJson('PATCH', `/api/posts/${post.id}`, { cityId: 999_999 });
    expect(response.status).toBe(400);
    expect(response.headers.get(CHANGE_HEADER)).toBeNull();
    expect(await db().selectFrom('revisions').select('id').execute()).toEqual(before);
    expect(await db().selectFrom('changes').select('id').execute()).toEqual([]);
  });

  it('lists a post history newest first with who, when, kind and summary, and diffs a version against the one before', async () => {
    await sendJson('PATCH', `/api/posts/${post.id}`, { title: 'Ramen at dawn' });
    await sendJson('POST', `/api/posts/${post.id}/blocks`, { content: 'A sharper first section.', position: 0, isOriginal: true });
    const list = await history('post', post.id);
    expect(list.map((r) => [r.kind, r.summary, r.actor, r.current, r.restorable])).toEqual([
      ['body', 'Edited section 1', 'Editor', true, false],
      ['edited', 'Changed the title', 'Editor', false, true],
      ['earlier', 'As it was before its first recorded change', 'Editor', false, true],
    ]);
    const detail = (await (await send(`/api/revisions/${list[1]!.id}`)).json()) as RevisionDetail;
    expect(detail.hasPrevious).toBe(true);
    expect(detail.changes.map((change) => change.label)).toEqual(['Title']);
    // Kept and removed runs spell the old title, kept and added runs the new one.
    const parts = detail.changes[0]!.parts;
    expect(
      parts
        .filter((part) => !part.added)
        .map((part) => part.value)
        .join(''),
    ).toBe(post.title);
    expect(
      parts
        .filter((part) => !part.removed)
        .map((part) => part.value)
        .join(''),
    ).toBe('Ramen at dawn');
    expect(parts.some((part) => part.added) && parts.some((part) => part.removed)).toBe(true);
    const block = (await (await send(`/api/revisions/${list[0]!.id}`)).json()) as RevisionDetail;
    expect(block.changes).toEqual([{ label: 'Section 1 (edited)', parts: [{ value: 'A sharper first section.', added: true }] }]);
  });

  it('restores an earlier version of a post exactly: fields, text, blocks and inline items, with their ids', async () => {
    const block = (await (await sendJson('POST', `/api/posts/${post.id}/blocks`, { content: 'Kept edit.', position: 0 })).json()) as {
      id: number;
    };
    const item = (await (
      await sendJson('POST', `/api/posts/${post.id}/content`, { type: 'text', content: 'Kept note.', position: 1 })
    ).json()) as {
      id: number;
    };
    const [kept] = await history('post', post.id);
    const rewrite = await sendJson('PATCH', `/api/posts/${post.id}`, { title: 'Rewritten', content: 'All new.\n\nText.' });
    expect(rewrite.status).toBe(200);
    expect(await listBlocks(db(), post.id)).toEqual([]);

    const response = await send(`/api/revisions/${kept!.id}/restore`, { method: 'POST' });
    expect(response.status).toBe(200);
    expect(((await response.json()) as RestoreResult).restored).toEqual([{ entity: 'post', id: post.id, title: post.title }]);
    const after = (await getPostById(db(), post.id))!;
    expect({ title: after.title, content: after.content }).toEqual({ title: post.title, content: post.content });
    expect((await listBlocks(db(), post.id)).map((b) => [b.id, b.content])).toEqual([[block.id, 'Kept edit.']]);
    expect((await listContentItems(db(), post.id)).map((i) => [i.id, i.content])).toEqual([[item.id, 'Kept note.']]);
    const [newest] = await history('post', post.id);
    expect(newest).toMatchObject({ kind: 'restored', current: true });
    // The restore is itself undoable.
    expect((await undo(response)).status).toBe(200);
    expect((await getPostById(db(), post.id))!.title).toBe('Rewritten');
  });

  it('restores a city itinerary and the previous guide after a CSV re-upload', async () => {
    const city = (await getCityBySlug(db(), 'kyoto'))!;
    const restaurants = await listRestaurants(db(), city.id);
    const guide = (await listPosts(db(), { cityId: city.id, type: 'guide' }))[0]!;
    const upload = await send('/api/admin/generate-guide', { method: 'POST', body: csvForm('Kyoto', ['1,Lunch,Noodle Bar,Gion,Slurp']) });
    expect(upload.status).toBe(200);
    expect((await getPostById(db(), guide.id))!.content).not.toBe(guide.content);

    const guideHistory = await history('post', guide.id);
    expect(guideHistory[0]).toMatchObject({ kind: 'regenerated', summary: expect.stringMatching(/^Regenerated from a CSV upload/) });
    expect((await send(`/api/revisions/${guideHistory[1]!.id}/restore`, { method: 'POST' })).status).toBe(200);
    expect((await getPostById(db(), guide.id))!.content).toBe(guide.content);

    const cityHistory = await history('city', city.id);
    expect(cityHistory[0]!.summary).toMatch(/itinerary: 1 added, \d+ removed/);
    expect((await send(`/api/revisions/${cityHistory[1]!.id}/restore`, { method: 'POST' })).status).toBe(200);
    expect((await listRestaurants(db(), city.id)).map((r) => [r.id, r.name])).toEqual(restaurants.map((r) => [r.id, r.name]));
  });

  it('restores the homepage hero, including back to never having been set', async () => {
    await db().deleteFrom('settings').where('key', 'in', [SETTING.homepageHeroImage, SETTING.homepageHeroAlt]).execute();
    await sendJson('POST', '/api/hero/update-image', { imageUrl: '/images/posts/tea.jpg', alt: 'Tea' });
    const list = await history('hero');
    expect(list.map((r) => r.kind)).toEqual(['hero', 'earlier']);
    expect((await send(`/api/revisions/${list[1]!.id}/restore`, { method: 'POST' })).status).toBe(200);
    expect(await getSetting(db(), SETTING.homepageHeroImage)).toBeUndefined();
  });

  it('undoes a block edit, and refuses an undo once the block changed again', async () => {
    const created = await sendJson('POST', `/api/posts/${post.id}/blocks`, { content: 'Draft one.', position: 0 });
    const block = (await created.json()) as { id: number };
    const edited = await sendJson('PUT', `/api/posts/${post.id}/blocks/${block.id}`, { content: 'Draft two.' });
    expect((await undo(edited)).status).toBe(200);
    expect((await listBlocks(db(), post.id)).map((b) => b.content)).toEqual(['Draft one.']);

    await sendJson('PUT', `/api/posts/${post.id}/blocks/${block.id}`, { content: 'Draft three.' });
    const stale = await undo(created);
    expect(stale.status).toBe(409);
    expect(((await stale.json()) as { message: string }).message).toBe(
      `'${post.title}' has changed again since; open its history to restore an earlier version.`,
    );
    expect((await listBlocks(db(), post.id)).map((b) => b.content)).toEqual(['Draft three.']);
    expect((await send('/api/changes/999999/undo', { method: 'POST' })).status).toBe(404);
  });

  it('moves a deleted post to the trash, answers 404 for it, and restores it with its id, body and URL', async () => {
    await sendJson('POST', `/api/posts/${post.id}/blocks`, { content: 'Edited.', position: 0 });
    await sendJson('POST', `/api/posts/${post.id}/content`, { type: 'text', content: 'Note.', position: 1 });
    expect((await send(`/api/posts/${post.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await t.request(`/api/posts/${post.slug}`)).status).toBe(404);
    expect(await trash()).toEqual([
      {
        kind: 'post',
        id: post.id,
        title: post.title,
        deletedAt: expect.any(String),
        deletedBy: 'Editor',
        purgeAt: expect.any(String),
      },
    ]);

    const restored = await send(`/api/trash/post/${post.id}/restore`, { method: 'POST' });
    expect(restored.status).toBe(200);
    expect(await trash()).toEqual([]);
    const back = (await getPostBySlug(db(), post.slug))!;
    expect(back).toMatchObject({ id: post.id, title: post.title, published: true, publishedAt: post.publishedAt });
    expect((await listBlocks(db(), post.id)).map((b) => b.content)).toEqual(['Edited.']);
    expect((await listContentItems(db(), post.id)).map((i) => i.content)).toEqual(['Note.']);
    expect((await send(`/api/trash/post/${post.id}/restore`, { method: 'POST' })).status).toBe(404);
  });

  it('restores a deleted block and inline item from the trash, refusing when their place is gone', async () => {
    const block = (await (await sendJson('POST', `/api/posts/${post.id}/blocks`, { content: 'Gone soon.', position: 1 })).json()) as {
      id: number;
    };
    const item = (await (
      await sendJson('POST', `/api/posts/${post.id}/content`, { type: 'text', content: 'Also gone.', position: 2 })
    ).json()) as {
      id: number;
    };
    await send(`/api/posts/${post.id}/blocks/${block.id}`, { method: 'DELETE' });
    await send(`/api/posts/${post.id}/content/${item.id}`, { method: 'DELETE' });
    expect((await trash()).map((entry) => [entry.kind, entry.title])).toEqual([
      ['item', `Text 'Also gone.' after section 2 of '${post.title}'`],
      ['block', `Edited section 2 of '${post.title}'`],
    ]);

    // Another edit took section 2 meanwhile: the deleted one cannot go back over it.
    const other = (await (await sendJson('POST', `/api/posts/${post.id}/blocks`, { content: 'Newer.', position: 1 })).json()) as {
      id: number;
    };
    const refused = await send(`/api/trash/block/${block.id}/restore`, { method: 'POST' });
    expect(refused.status).toBe(409);
    await send(`/api/posts/${post.id}/blocks/${other.id}`, { method: 'DELETE' });
    expect((await send(`/api/trash/block/${block.id}/restore`, { method: 'POST' })).status).toBe(200);
    expect((await send(`/api/trash/item/${item.id}/restore`, { method: 'POST' })).status).toBe(200);
    expect((await listBlocks(db(), post.id)).map((b) => [b.id, b.content])).toEqual([[block.id, 'Gone soon.']]);
    expect((await listContentItems(db(), post.id)).map((i) => [i.id, i.content])).toEqual([[item.id, 'Also gone.']]);

    // New text moves every paragraph: an item deleted before it has no place to go back to.
    await send(`/api/posts/${post.id}/content/${item.id}`, { method: 'DELETE' });
    await sendJson('PATCH', `/api/posts/${post.id}`, { content: 'Fresh text.' });
    const moved = await send(`/api/trash/item/${item.id}/restore`, { method: 'POST' });
    expect(moved.status).toBe(409);
    expect(((await moved.json()) as { message: string }).message).toMatch(/has changed since this addition was deleted/);
  });

  it('restores a deleted subscriber and a deleted city from the trash, and undoes a subscriber deletion', async () => {
    const { subscriber } = await subscribe(db(), 'reader@example.com', NOW());
    const deleted = await send(`/api/newsletter/subscribers/${subscriber.id}`, { method: 'DELETE' });
    expect((await undo(deleted)).status).toBe(200);
    expect(await db().selectFrom('newsletterSubscribers').selectAll().where('id', '=', subscriber.id).executeTakeFirst()).toEqual(
      subscriber,
    );

    await send(`/api/newsletter/subscribers/${subscriber.id}`, { method: 'DELETE' });
    expect((await send(`/api/trash/subscriber/${subscriber.id}/restore`, { method: 'POST' })).status).toBe(200);

    const city = (await (await sendJson('POST', '/api/cities', { name: 'Nara', description: 'Deer and mochi.' })).json()) as { id: number };
    await send(`/api/cities/${city.id}`, { method: 'DELETE' });
    expect((await trash()).map((entry) => [entry.kind, entry.title])).toEqual([['city', 'Nara']]);
    expect((await send(`/api/trash/city/${city.id}/restore`, { method: 'POST' })).status).toBe(200);
    expect(await getCityBySlug(db(), 'nara')).toMatchObject({ id: city.id, description: 'Deer and mochi.' });
  });

  it('a guide whose city is in the trash waits for the city', async () => {
    const upload = await send('/api/admin/generate-guide', { method: 'POST', body: csvForm('Nara', ['1,Lunch,Deer Cafe,Park,Mochi']) });
    const city = (await getCityBySlug(db(), 'nara'))!;
    const guide = (await listPosts(db(), { cityId: city.id }))[0]!;
    expect(upload.status).toBe(201);
    await send(`/api/posts/${guide.id}`, { method: 'DELETE' });
    await send(`/api/cities/${city.id}`, { method: 'DELETE' });
    const refused = await send(`/api/trash/post/${guide.id}/restore`, { method: 'POST' });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toBe('Its city, Nara, is in the trash: restore the city first.');
    expect((await send(`/api/trash/city/${city.id}/restore`, { method: 'POST' })).status).toBe(200);
    expect((await send(`/api/trash/post/${guide.id}/restore`, { method: 'POST' })).status).toBe(200);
    expect((await listRestaurants(db(), city.id)).map((r) => r.name)).toEqual(['Deer Cafe']);
  });

  it('purges the trash after 30 days, with the history of what is gone for good', async () => {
    await send(`/api/posts/${post.id}`, { method: 'DELETE' });
    const sweep = new RetentionSweep({ db: db(), logger: pino({ level: 'silent' }) });
    expect(await sweep.run(new Date(Date.now() + 29 * 24 * 60 * 60 * 1000))).toEqual({ trash: 0, revisions: 0 });
    expect(await sweep.run(new Date(Date.now() + 31 * 24 * 60 * 60 * 1000))).toEqual({ trash: 1, revisions: 2 });
    expect(await trash()).toEqual([]);
    expect(await history('post', post.id)).toEqual([]);
  });

  it('previews a CSV re-upload without writing: restaurants added, removed and changed, and the guide regenerated', async () => {
    const city = (await getCityBySlug(db(), 'kyoto'))!;
    const before = await listRestaurants(db(), city.id);
    const first = before[0]!;
    const rows = [`1,Lunch,"${first.name}",Elsewhere,Changed notes`, '2,Dinner,Brand New Bar,Pontocho,Sake'];
    const response = await send('/api/admin/generate-guide', { method: 'POST', body: csvForm('kyoto', rows, { dryRun: 'true' }) });
    expect(response.status, await response.clone().text()).toBe(200);
    const preview = (await response.json()) as { restaurants: { added: string[]; removed: string[]; changed: string[] } };
    expect(preview).toMatchObject({ cityName: 'Kyoto', citySlug: 'kyoto', exists: true, guideRegenerated: true });
    expect(preview.restaurants.added).toEqual(['Brand New Bar']);
    expect(preview.restaurants.changed).toEqual([first.name]);
    expect(preview.restaurants.removed).toEqual(before.slice(1).map((r) => r.name));
    expect(await db().selectFrom('changes').select('id').execute()).toEqual([]);
    expect(await listRestaurants(db(), city.id)).toEqual(before);
  });

  it('is for the admin only', async () => {
    for (const [method, path] of [
      ['GET', '/api/revisions?entity=hero'],
      ['GET', '/api/trash'],
      ['POST', '/api/revisions/1/restore'],
      ['POST', '/api/changes/1/undo'],
      ['POST', '/api/trash/post/1/restore'],
    ] as const) {
      expect((await t.request(path, { method })).status, `${method} ${path}`).toBe(401);
    }
  });
});
