import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getPostById, insertCity, pendingOutbox, updatePost, type NewPost } from '@forkcast/content-db';
import { createTestApp, json, type TestApp } from '../testing.ts';
import { insertTestPost } from '@forkcast/content-db/testing';

const T0 = '2025-01-01T00:00:00.000Z';

type Row = Record<string, unknown>;

describe('/api/posts', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.cleanup());

  const post = (slug: string, overrides: Partial<NewPost> = {}) =>
    insertTestPost(t.handle.db, slug, { excerpt: `Excerpt of ${slug}`, heroImage: '/images/original.jpg', ...overrides });

  const slugs = (rows: Row[]) => rows.map((row) => row.slug);
  const list = async (query = '', cookie?: string) => {
    const res = await t.request(`/api/posts${query}`, cookie ? { cookie } : {});
    expect(res.status, `GET /api/posts${query}`).toBe(200);
    return slugs((await res.json()) as Row[]);
  };

  /** Four published posts (newest first: d, c, b, a by publishedAt) and one newer draft. */
  async function seed() {
    const cityId = await insertCity(t.handle.db, { slug: 'london', name: 'London', createdAt: T0, updatedAt: T0 });
    await post('a-guide', { type: 'guide', cityId, publishedAt: '2025-01-01T00:00:00.000Z', tags: ['london', 'guide'] });
    await post('b-post', { publishedAt: '2025-01-02T00:00:00.000Z', tags: [] });
    // No publishedAt: its createdAt is the date a reader sees.
    await post('c-post', { publishedAt: null, createdAt: '2025-01-03T00:00:00.000Z' });
    await post('d-guide', { type: 'guide', cityId, publishedAt: '2025-01-04T00:00:00.000Z' });
    await post('e-draft', { published: false, publishedAt: null, createdAt: '2025-01-05T00:00:00.000Z' });
  }

  describe('GET /api/posts', () => {
    it('is an empty list on an empty database', async () => {
      expect(await list()).toEqual([]);
    });

    it('shows a visitor published posts only, newest first', async () => {
      await seed();
      expect(await list()).toEqual(['d-guide', 'c-post', 'b-post', 'a-guide']);
    });

    it('shows a visitor published posts only even with published=false', async () => {
      await seed();
      expect(await list('?published=false')).toEqual(['d-guide', 'c-post', 'b-post', 'a-guide']);
      expect(await list('?published=true')).toEqual(['d-guide', 'c-post', 'b-post', 'a-guide']);
    });

    it('shows the admin drafts too, unless published=true', async () => {
      await seed();
      const cookie = await t.signIn();
      expect(await list('', cookie)).toEqual(['e-draft', 'd-guide', 'c-post', 'b-post', 'a-guide']);
      expect(await list('?published=false', cookie)).toEqual(['e-draft', 'd-guide', 'c-post', 'b-post', 'a-guide']);
      expect(await list('?published=true', cookie)).toEqual(['d-guide', 'c-post', 'b-post', 'a-guide']);
    });

    it('breaks ties on the same date by newest id', async () => {
      await post('first', { publishedAt: T0 });
      await post('second', { publishedAt: T0 });
      await post('third', { publishedAt: T0 });
      expect(await list()).toEqual(['third', 'second', 'first']);
    });

    it('filters by type', async () => {
      await seed();
      expect(await list('?type=guide')).toEqual(['d-guide', 'a-guide']);
      expect(await list('?type=post')).toEqual(['c-post', 'b-post']);
    });

    it('pages with limit and offset', async () => {
      await seed();
      expect(await list('?limit=2')).toEqual(['d-guide', 'c-post']);
      expect(await list('?limit=2&offset=2')).toEqual(['b-post', 'a-guide']);
      expect(await list('?limit=2&offset=4')).toEqual([]);
      expect(await list('?offset=1')).toEqual(['c-post', 'b-post', 'a-guide']);
      expect(await list('?limit=200')).toEqual(['d-guide', 'c-post', 'b-post', 'a-guide']);
      expect(await list('?limit=1&type=post')).toEqual(['c-post']);
    });

    it("answers the home page's query (published=true&limit=6)", async () => {
      for (let day = 1; day <= 8; day++) await post(`post-${day}`, { publishedAt: `2025-01-0${day}T00:00:00.000Z` });
      await post('draft', { published: false, publishedAt: null, createdAt: '2025-02-01T00:00:00.000Z' });
      expect(await list('?published=true&limit=6')).toEqual(['post-8', 'post-7', 'post-6', 'post-5', 'post-4', 'post-3']);
    });

    it.each([
      ['0', 'limit must be at least 1.'],
      ['201', 'limit must be at most 200.'],
      ['x', 'limit must be a number.'],
    ])('refuses limit=%s with a 400', async (limit, message) => {
      await seed();
      const res = await t.request(`/api/posts?limit=${limit}`);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ message, code: 'validation' });
    });

    it.each(['-1', 'x', '1.5'])('refuses offset=%s with a 400', async (offset) => {
      const res = await t.request(`/api/posts?offset=${offset}`);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'validation', message: expect.any(String) });
    });

    it('refuses an unknown type or published value with a 400', async () => {
      const type = await t.request('/api/posts?type=dining');
      expect(type.status).toBe(400);
      expect(await type.json()).toEqual({ message: "type must be 'post' or 'guide'.", code: 'validation' });
      const published = await t.request('/api/posts?published=yes');
      expect(published.status).toBe(400);
      expect(await published.json()).toEqual({ message: "published must be 'true' or 'false'.", code: 'validation' });
    });

    it('returns tags as arrays and published as booleans', async () => {
      await seed();
      const cookie = await t.signIn();
      const rows = (await (await t.request('/api/posts', { cookie })).json()) as Row[];
      const bySlug = new Map(rows.map((row) => [row.slug, row]));
      expect(bySlug.get('a-guide')).toMatchObject({ tags: ['london', 'guide'], published: true, type: 'guide' });
      expect(bySlug.get('b-post')).toMatchObject({ tags: [], published: true, type: 'post', cityId: null });
      expect(bySlug.get('e-draft')).toMatchObject({ tags: [], published: false });
      for (const row of rows) {
        expect(Array.isArray(row.tags)).toBe(true);
        expect(typeof row.published).toBe('boolean');
      }
    });
  });

  describe('GET /api/posts/:slug', () => {
    it('returns a published post with its public fields', async () => {
      const cityId = await insertCity(t.handle.db, { slug: 'london', name: 'London', createdAt: T0, updatedAt: T0 });
      const id = await post('london-dinner', { cityId, tags: ['london', 'dining'] });
      const res = await t.request('/api/posts/london-dinner');
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({
        id,
        slug: 'london-dinner',
        title: 'Title of london-dinner',
        excerpt: 'Excerpt of london-dinner',
        content: 'First paragraph.\n\nSecond paragraph.',
        heroImage: '/images/original.jpg',
        type: 'post',
        cityId,
        tags: ['london', 'dining'],
        published: true,
        publishedAt: T0,
        createdAt: T0,
        updatedAt: T0,
      });
    });

    it('hides a draft from visitors (404) but returns it to the admin', async () => {
      const id = await post('secret-draft', { published: false, publishedAt: null });
      const anonymous = await t.request('/api/posts/secret-draft');
      expect(anonymous.status).toBe(404);
      expect(await anonymous.json()).toEqual({ message: 'Post not found.', code: 'not_found' });

      const cookie = await t.signIn();
      const admin = await t.request('/api/posts/secret-draft', { cookie });
      expect(admin.status).toBe(200);
      expect(await admin.json()).toMatchObject({ id, slug: 'secret-draft', published: false });
    });

    it('is a JSON 404 for an unknown slug', async () => {
      const res = await t.request('/api/posts/no-such-post');
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ message: 'Post not found.', code: 'not_found' });
    });
  });

  describe('PATCH /api/posts/:slug/hero-image', () => {
    const INVALID_MESSAGE = 'Give the hero image as an http(s) URL or an uploaded image.';
    let cookie: string;
    let postId: number;

    beforeEach(async () => {
      postId = await post('london-dinner');
      cookie = await t.signIn();
    });

    const outboxTags = async () => (await pendingOutbox(t.handle.db)).map((entry) => entry.tags);
    /** `as` null sends the request without a session. */
    const patch = (heroImage: unknown, as: string | null = cookie, slug = 'london-dinner') =>
      t.request(`/api/posts/${slug}/hero-image`, json('PATCH', { heroImage }, as ?? undefined));

    it('is 401 for a visitor and changes nothing', async () => {
      const res = await patch('https://cdn.example/new.jpg', null);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ message: 'Sign in to continue.', code: 'unauthorized' });
      expect(await getPostById(t.handle.db, postId)).toMatchObject({ heroImage: '/images/original.jpg', updatedAt: T0 });
      expect(await outboxTags()).toEqual([]);
    });

    it.each([
      'https://cdn.example/new.jpg',
      'http://cdn.example/path/new.jpg?w=1200&q=80',
      '/uploads/x.jpg',
      '/images/x.jpg',
      '/uploads/2025/01/hero-1a2b.webp',
    ])('accepts %s', async (heroImage) => {
      const res = await patch(heroImage);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ heroImage, version: expect.any(Number) });
      expect((await getPostById(t.handle.db, postId))?.heroImage).toBe(heroImage);
    });

    it('stores the image address trimmed', async () => {
      const res = await patch('  https://cdn.example/new.jpg \n');
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ heroImage: 'https://cdn.example/new.jpg', version: expect.any(Number) });
      expect((await getPostById(t.handle.db, postId))?.heroImage).toBe('https://cdn.example/new.jpg');
    });

    it('changes the hero image and updatedAt, and is visible at GET /api/posts/:slug', async () => {
      const res = await patch('/uploads/fresh.jpg');
      expect(res.status).toBe(200);
      const stored = await getPostById(t.handle.db, postId);
      expect(stored?.heroImage).toBe('/uploads/fresh.jpg');
      expect(stored?.updatedAt).not.toBe(T0);
      expect(Date.parse(stored!.updatedAt)).toBeGreaterThan(Date.parse(T0));
      // Nothing else moved.
      expect(stored).toMatchObject({
        slug: 'london-dinner',
        title: 'Title of london-dinner',
        publishedAt: T0,
        createdAt: T0,
        published: true,
      });
      expect(await (await t.request('/api/posts/london-dinner')).json()).toMatchObject({
        heroImage: '/uploads/fresh.jpg',
        updatedAt: stored!.updatedAt,
      });
    });

    it('stores the alt text sent with the image, trimmed', async () => {
      const res = await t.request(
        '/api/posts/london-dinner/hero-image',
        json('PATCH', { heroImage: '/uploads/fresh.jpg', alt: '  Lanterns over a night market \t' }, cookie),
      );
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ heroImage: '/uploads/fresh.jpg', version: expect.any(Number) });
      expect(await getPostById(t.handle.db, postId)).toMatchObject({
        heroImage: '/uploads/fresh.jpg',
        heroAlt: 'Lanterns over a night market',
      });
      expect(await outboxTags()).toEqual([[`post-card:${postId}`, `post:${postId}`]]);
    });

    it.each([
      ['no alt text', {}],
      ['blank alt text', { alt: '  ' }],
    ])('never keeps the old alt text: a new image with %s is described by the title', async (_label, extra) => {
      await t.request(
        '/api/posts/london-dinner/hero-image',
        json('PATCH', { heroImage: '/uploads/first.jpg', alt: 'A plate of oysters' }, cookie),
      );
      const res = await t.request(
        '/api/posts/london-dinner/hero-image',
        json('PATCH', { heroImage: '/uploads/second.jpg', ...extra }, cookie),
      );
      expect(res.status).toBe(200);
      expect(await getPostById(t.handle.db, postId)).toMatchObject({ heroImage: '/uploads/second.jpg', heroAlt: 'Title of london-dinner' });
      expect(await (await t.request('/api/posts/london-dinner')).json()).toMatchObject({ heroAlt: 'Title of london-dinner' });
    });

    it.each([
      ['longer than 300 characters', 'a'.repeat(301), 'Alt text can be at most 300 characters.'],
      ['not text', 7, 'Alt text must be text.'],
    ])('refuses alt text %s with a 400 and writes nothing', async (_label, alt, message) => {
      await updatePost(t.handle.db, postId, { heroAlt: 'The old description', updatedAt: T0 });
      const res = await t.request('/api/posts/london-dinner/hero-image', json('PATCH', { heroImage: '/uploads/fresh.jpg', alt }, cookie));
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ message, code: 'validation' });
      expect(await getPostById(t.handle.db, postId)).toMatchObject({
        heroImage: '/images/original.jpg',
        heroAlt: 'The old description',
        updatedAt: T0,
      });
      expect(await outboxTags()).toEqual([]);
    });

    it('accepts exactly 300 characters of alt text', async () => {
      const alt = 'a'.repeat(300);
      expect(
        (await t.request('/api/posts/london-dinner/hero-image', json('PATCH', { heroImage: '/uploads/fresh.jpg', alt }, cookie))).status,
      ).toBe(200);
      expect((await getPostById(t.handle.db, postId))?.heroAlt).toBe(alt);
    });

    it("records exactly the post's tags in the outbox: its page's and its card's", async () => {
      expect(await outboxTags()).toEqual([]);
      expect((await patch('https://cdn.example/new.jpg')).status).toBe(200);
      expect(await outboxTags()).toEqual([[`post-card:${postId}`, `post:${postId}`]]);
    });

    it('updates a draft too (the admin edits drafts)', async () => {
      const draftId = await post('draft', { published: false, publishedAt: null });
      const res = await patch('/images/draft.jpg', cookie, 'draft');
      expect(res.status).toBe(200);
      expect((await getPostById(t.handle.db, draftId))?.heroImage).toBe('/images/draft.jpg');
      expect(await outboxTags()).toEqual([[`post-card:${draftId}`, `post:${draftId}`]]);
    });

    it.each([
      ['javascript:', 'javascript:alert(1)'],
      ['data:', 'data:image/png;base64,iVBORw0KGgo='],
      ['relative', 'foo.jpg'],
      ['protocol-relative', '//evil.example/x.jpg'],
      ['path traversal', '/images/../secret'],
      ['empty', ''],
      ['whitespace only', '   '],
      ['other site folder', '/etc/passwd'],
      ['ftp', 'ftp://files.example/x.jpg'],
      ['spaces inside', 'https://cdn.example/a b.jpg'],
      ['not a string', 42],
      ['null', null],
    ])('refuses a %s address with a 400 and writes nothing', async (_label, heroImage) => {
      const res = await patch(heroImage);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ message: INVALID_MESSAGE, code: 'validation' });
      expect(await getPostById(t.handle.db, postId)).toMatchObject({ heroImage: '/images/original.jpg', updatedAt: T0 });
      expect(await outboxTags()).toEqual([]);
    });

    it('refuses a body without heroImage', async () => {
      const res = await t.request('/api/posts/london-dinner/hero-image', json('PATCH', {}, cookie));
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ message: INVALID_MESSAGE, code: 'validation' });
      expect(await outboxTags()).toEqual([]);
    });

    it('refuses an address longer than 2048 characters', async () => {
      const res = await patch(`https://cdn.example/${'a'.repeat(2048)}.jpg`);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ message: 'That image address is too long.', code: 'validation' });
      expect(await outboxTags()).toEqual([]);
    });

    it('is 404 for an unknown slug and writes nothing to the outbox', async () => {
      const res = await patch('https://cdn.example/new.jpg', cookie, 'no-such-post');
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ message: 'Post not found.', code: 'not_found' });
      expect(await outboxTags()).toEqual([]);
    });

    it('refuses a cross-site request with 403', async () => {
      const res = await t.request('/api/posts/london-dinner/hero-image', {
        ...json('PATCH', { heroImage: 'https://cdn.example/new.jpg' }, cookie),
        headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      });
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ code: 'cross_site' });
      expect((await getPostById(t.handle.db, postId))?.heroImage).toBe('/images/original.jpg');
      expect(await outboxTags()).toEqual([]);
    });
  });

  describe('PATCH /api/posts/:slug/published', () => {
    it('publishes a draft, dating it now, and records the list tags', async () => {
      const cityId = await insertCity(t.handle.db, { slug: 'rome', name: 'Rome', createdAt: T0, updatedAt: T0 });
      const id = await post('rome-draft', { published: false, publishedAt: null, cityId });
      const cookie = await t.signIn();
      const res = await t.request('/api/posts/rome-draft/published', json('PATCH', { published: true }, cookie));
      expect(res.status).toBe(200);
      const body = (await res.json()) as Row;
      expect(body).toMatchObject({ slug: 'rome-draft', published: true });
      expect(body.publishedAt).not.toBeNull();
      expect((await pendingOutbox(t.handle.db)).map((entry) => entry.tags)).toEqual([
        [`post-card:${id}`, `post:${id}`, 'posts', `posts:city:${cityId}`, 'posts:range:1'].sort(),
      ]);
    });

    it('unpublishes without forgetting the first publication date', async () => {
      const id = await post('kept-date');
      const cookie = await t.signIn();
      expect((await t.request('/api/posts/kept-date/published', json('PATCH', { published: false }, cookie))).status).toBe(200);
      expect(await getPostById(t.handle.db, id)).toMatchObject({ published: false, publishedAt: T0 });
      expect((await t.request('/api/posts/kept-date')).status).toBe(404);
    });

    it('refuses a missing post, a bad body and visitors', async () => {
      await post('p');
      const cookie = await t.signIn();
      expect((await t.request('/api/posts/nope/published', json('PATCH', { published: true }, cookie))).status).toBe(404);
      const bad = await t.request('/api/posts/p/published', json('PATCH', { published: 'yes' }, cookie));
      expect([bad.status, ((await bad.json()) as Row).message]).toEqual([400, 'published must be true or false.']);
      expect((await t.request('/api/posts/p/published', json('PATCH', { published: false }))).status).toBe(401);
      expect(await pendingOutbox(t.handle.db)).toEqual([]);
    });
  });
});
