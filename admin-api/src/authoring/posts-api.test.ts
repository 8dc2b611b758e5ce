import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findRedirect, getPostById, insertCity, listBlocks, listRedirects, type Post } from '@forkcast/content-db';
import { createTestApp, json, type TestApp } from '../testing.ts';

type Answer = Post & { url: string };
type Problem = { code: string; message: string };

const T0 = '2025-01-01T00:00:00.000Z';
const inAnHour = () => new Date(Date.now() + 60 * 60 * 1000).toISOString();

describe('authoring posts through the API', () => {
  let t: TestApp;
  let cookie: string;
  let lisbon: number;
  beforeEach(async () => {
    t = await createTestApp();
    cookie = await t.signIn();
    lisbon = await insertCity(t.handle.db, { slug: 'lisbon', name: 'Lisbon', createdAt: T0, updatedAt: T0 });
  });
  afterEach(() => t.cleanup());

  const create = (body: unknown, as = cookie) => t.request('/api/posts', json('POST', body, as));
  const change = (id: number, body: unknown, as = cookie) => t.request(`/api/posts/${id}`, json('PATCH', body, as));
  const created = async (body: unknown): Promise<Answer> => {
    const response = await create(body);
    expect(response.status, await response.clone().text()).toBe(201);
    return (await response.json()) as Answer;
  };
  const refusal = async (response: Response, status: number): Promise<string> => {
    expect(response.status).toBe(status);
    return ((await response.json()) as Problem).message;
  };

  describe('POST /api/posts', () => {
    it('creates a draft from a title alone, with a slug derived from it', async () => {
      const post = await created({ title: 'Pastéis de Nata at Dawn' });
      expect(post).toMatchObject({
        slug: 'pasteis-de-nata-at-dawn',
        status: 'draft',
        published: false,
        type: 'post',
        url: '/post/pasteis-de-nata-at-dawn',
      });
      expect(post.heroAlt).toBe('Pastéis de Nata at Dawn');
    });

    it('publishes at once when asked, dated now, at its city URL', async () => {
      const before = new Date().toISOString();
      const post = await created({ title: 'Tascas of Alfama', cityId: lisbon, status: 'published', tags: ['wine', 'Wine', 'tapas'] });
      expect(post).toMatchObject({ status: 'published', published: true, url: '/lisbon/tascas-of-alfama', tags: ['wine', 'tapas'] });
      expect(post.publishedAt! >= before).toBe(true);
    });

    it('numbers a derived slug that is taken, and never takes the name of a city page', async () => {
      await created({ title: 'Bifana' });
      expect((await created({ title: 'Bifana' })).slug).toBe('bifana-2');
      expect((await created({ title: 'Guide' })).slug).toBe('guide-2');
      // Numbers taken past the second, and slugs that only start alike, counted or not as they should be.
      await created({ title: 'Bifana', slug: 'bifana-3' });
      await created({ title: 'Bifanas', slug: 'bifanas' });
      expect((await created({ title: 'Bifana' })).slug).toBe('bifana-4');
      expect((await created({ title: 'Bifanas' })).slug).toBe('bifanas-2');
    });

    it('refuses a chosen slug that is taken, malformed or a city page name', async () => {
      await created({ title: 'Bifana', slug: 'bifana' });
      expect(await refusal(await create({ title: 'Other', slug: 'bifana' }), 409)).toBe('Another post already uses that slug.');
      expect(await refusal(await create({ title: 'Other', slug: 'Not A Slug' }), 400)).toMatch(
        /lowercase letters, digits and single hyphens/,
      );
      expect(await refusal(await create({ title: 'Other', slug: 'itinerary' }), 400)).toBe(
        "'itinerary' is the name of a city page; choose another slug.",
      );
    });

    it('requires a title', async () => {
      expect(await refusal(await create({ excerpt: 'No title' }), 400)).toBe('Title is required.');
      expect(await refusal(await create({ title: '   ' }), 400)).toBe('Title is required.');
    });

    it('refuses unknown fields, a missing city and a second guide for a city', async () => {
      expect((await create({ title: 'X', colour: 'red' })).status).toBe(400);
      expect(await refusal(await create({ title: 'X', cityId: 999 }), 400)).toBe('That city does not exist.');
      expect(await refusal(await create({ title: 'X', type: 'guide' }), 400)).toBe('A guide belongs to a city: choose one.');
      await created({ title: 'Lisbon guide', type: 'guide', cityId: lisbon });
      expect(await refusal(await create({ title: 'Another', type: 'guide', cityId: lisbon }), 409)).toBe('Lisbon already has a guide.');
    });

    it('schedules only for a future time given with the scheduled status', async () => {
      const at = inAnHour();
      const post = await created({ title: 'Later', status: 'scheduled', publishAt: at });
      expect(post).toMatchObject({ status: 'scheduled', published: false, publishAt: at });
      expect(await refusal(await create({ title: 'X', status: 'scheduled' }), 400)).toBe(
        'A scheduled post needs publishAt, the time it goes live.',
      );
      expect(await refusal(await create({ title: 'X', status: 'scheduled', publishAt: T0 }), 400)).toBe(
        'Choose a publication time in the future, or publish now.',
      );
      expect(await refusal(await create({ title: 'X', publishAt: at }), 400)).toBe("publishAt is only for a post with status 'scheduled'.");
      expect(await refusal(await create({ title: 'X', status: 'scheduled', publishAt: 'tomorrow' }), 400)).toMatch(/ISO date and time/);
    });

    it('is for the admin only, and changes nothing for anyone else', async () => {
      expect((await create({ title: 'Sneaky' }, '')).status).toBe(401);
      expect(await t.handle.db.selectFrom('posts').select('id').execute()).toEqual([]);
    });
  });

  describe('PATCH /api/posts/:id', () => {
    it('retitles, retags and rewrites a post, and new Markdown drops the blocks placed in the old one', async () => {
      const post = await created({ title: 'Draft', content: 'One.\n\nTwo.' });
      await t.request(`/api/posts/${post.id}/blocks`, json('POST', { content: 'Edited one.', position: 0, isOriginal: true }, cookie));
      expect(await listBlocks(t.handle.db, post.id)).toHaveLength(1);
      const response = await change(post.id, { title: 'Final title', tags: ['coffee'], content: 'New body.' });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ title: 'Final title', tags: ['coffee'], content: 'New body.', slug: 'draft' });
      expect(await listBlocks(t.handle.db, post.id)).toEqual([]);
    });

    it('leaves a 301 behind when a live post moves, and none for a draft', async () => {
      const live = await created({ title: 'Ginjinha bars', cityId: lisbon, status: 'published' });
      const moved = (await (await change(live.id, { slug: 'cherry-liqueur-bars' })).json()) as Answer;
      expect(moved.url).toBe('/lisbon/cherry-liqueur-bars');
      expect((await findRedirect(t.handle.db, '/lisbon/ginjinha-bars'))?.toPath).toBe('/lisbon/cherry-liqueur-bars');
      // Moving on again keeps every old URL one hop from the page.
      await change(live.id, { slug: 'ginjinha-crawl' });
      expect(await listRedirects(t.handle.db)).toEqual([
        { fromPath: '/lisbon/cherry-liqueur-bars', toPath: '/lisbon/ginjinha-crawl', status: 301 },
        { fromPath: '/lisbon/ginjinha-bars', toPath: '/lisbon/ginjinha-crawl', status: 301 },
      ]);

      const draft = await created({ title: 'Unseen' });
      await change(draft.id, { slug: 'still-unseen' });
      expect((await findRedirect(t.handle.db, '/post/unseen'))?.toPath).toBeUndefined();
    });

    it('publishes, unpublishes and republishes, keeping the first publication date', async () => {
      const post = await created({ title: 'Sardines' });
      const published = (await (await change(post.id, { status: 'published' })).json()) as Answer;
      expect(published.status).toBe('published');
      const unpublished = (await (await change(post.id, { status: 'draft' })).json()) as Answer;
      expect(unpublished).toMatchObject({ status: 'draft', published: false, publishedAt: published.publishedAt });
      const again = (await (await change(post.id, { status: 'published' })).json()) as Answer;
      expect(again.publishedAt).toBe(published.publishedAt);
    });

    it('moves a scheduled post and re-dates a published one, but refuses times that do not fit the status', async () => {
      const scheduled = await created({ title: 'Soon', status: 'scheduled', publishAt: inAnHour() });
      const later = new Date(Date.now() + 2 * 60 * 60 * 1000).toISOString();
      expect(((await (await change(scheduled.id, { publishAt: later })).json()) as Answer).publishAt).toBe(later);

      const draft = await created({ title: 'Draft' });
      expect(await refusal(await change(draft.id, { publishAt: later }), 400)).toBe(
        "To schedule a post, send status 'scheduled' with publishAt.",
      );
      expect(await refusal(await change(draft.id, { publishedAt: T0 }), 400)).toBe('publishedAt can only be changed on a published post.');

      const live = await created({ title: 'Live', status: 'published' });
      expect(((await (await change(live.id, { publishedAt: T0 })).json()) as Answer).publishedAt).toBe(T0);
    });

    it('answers 404 for a post that does not exist and 400 for an empty change', async () => {
      expect(await refusal(await change(4242, { title: 'Ghost' }), 404)).toBe('Post not found.');
      const post = await created({ title: 'Real' });
      expect(await refusal(await change(post.id, {}), 400)).toBe('Send at least one field to change.');
    });

    it('gives a new hero image the title as its description unless one is sent', async () => {
      const post = await created({ title: 'Custard tarts', heroImage: '/images/a.jpg', heroAlt: 'A tray of tarts' });
      const changed = (await (await change(post.id, { heroImage: '/images/b.jpg' })).json()) as Answer;
      expect(changed.heroAlt).toBe('Custard tarts');
    });
  });

  describe('DELETE /api/posts/:id', () => {
    it('deletes the post and the redirects that led to it', async () => {
      const post = await created({ title: 'Gone soon', status: 'published' });
      await change(post.id, { slug: 'gone-now' });
      const response = await t.request(`/api/posts/${post.id}`, { method: 'DELETE', cookie });
      expect(response.status).toBe(204);
      expect(await getPostById(t.handle.db, post.id)).toBeUndefined();
      expect(await listRedirects(t.handle.db)).toEqual([]);
      expect((await t.request(`/api/posts/${post.id}`, { method: 'DELETE', cookie })).status).toBe(404);
    });
  });

  describe('what visitors and the admin see', () => {
    it('keeps drafts and scheduled posts from visitors, and lists them by status for the admin', async () => {
      await created({ title: 'A draft' });
      await created({ title: 'Scheduled', status: 'scheduled', publishAt: inAnHour() });
      await created({ title: 'Live', status: 'published' });
      const slugs = async (query: string, as?: string) =>
        ((await (await t.request(`/api/posts${query}`, as ? { cookie: as } : {})).json()) as Post[]).map((post) => post.slug);
      expect(await slugs('')).toEqual(['live']);
      expect(await slugs('?status=draft')).toEqual(['live']);
      expect((await t.request('/api/posts/a-draft')).status).toBe(404);
      expect(await slugs('?status=draft', cookie)).toEqual(['a-draft']);
      expect(await slugs('?status=scheduled', cookie)).toEqual(['scheduled']);
      expect(await slugs('?status=published', cookie)).toEqual(['live']);
      expect((await t.request('/api/posts?status=gone', { cookie })).status).toBe(400);
    });

    it('lets the admin search titles, filter by city and tag, and sort by the last edit', async () => {
      const a = await created({ title: 'Ramen at midnight', cityId: lisbon, tags: ['Noodles'] });
      await created({ title: 'Bakeries of Lisbon', cityId: lisbon, tags: ['bread'] });
      await created({ title: 'RAMEN on a budget', tags: ['noodles'] });
      await change(a.id, { excerpt: 'Edited last.' });
      const titles = async (query: string) =>
        ((await (await t.request(`/api/posts${query}`, { cookie })).json()) as Post[]).map((post) => post.title);
      expect(await titles('?q=ramen&sort=updated')).toEqual(['Ramen at midnight', 'RAMEN on a budget']);
      expect(await titles(`?cityId=${lisbon}&sort=updated`)).toEqual(['Ramen at midnight', 'Bakeries of Lisbon']);
      expect(await titles('?tag=NOODLES&sort=updated')).toEqual(['Ramen at midnight', 'RAMEN on a budget']);
      expect(await titles('?q=nothing-like-it')).toEqual([]);
      expect((await t.request('/api/posts?sort=sideways', { cookie })).status).toBe(400);
    });

    it('gives the editor any post by id, and nobody else', async () => {
      const post = await created({ title: 'Draft for the editor' });
      const response = await t.request(`/api/posts/${post.id}/edit`, { cookie });
      expect(await response.json()).toMatchObject({ id: post.id, status: 'draft', url: '/post/draft-for-the-editor' });
      expect((await t.request(`/api/posts/${post.id}/edit`)).status).toBe(401);
      expect((await t.request('/api/posts/4242/edit', { cookie })).status).toBe(404);
    });

    it('previews only for the admin', async () => {
      const post = await created({ title: 'Secret' });
      expect((await t.request(`/api/posts/${post.id}/preview`)).status).toBe(401);
    });
  });
});
