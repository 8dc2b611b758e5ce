import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getCityById, insertCity, pendingOutbox, type NewPost } from '@forkcast/content-db';
import { createTestApp, json, type TestApp } from '../testing.ts';
import { insertTestPost } from '@forkcast/content-db/testing';

const T0 = '2025-01-01T00:00:00.000Z';

type Row = Record<string, unknown>;

describe('/api/cities', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.cleanup());

  const city = (slug: string, name: string, displayOrder = 0) =>
    insertCity(t.handle.db, {
      slug,
      name,
      description: `About ${name}`,
      heroImage: `/images/${slug}.jpg`,
      displayOrder,
      createdAt: T0,
      updatedAt: T0,
    });

  const post = (slug: string, overrides: Partial<NewPost> = {}) => insertTestPost(t.handle.db, slug, overrides);

  const slugs = (rows: Row[]) => rows.map((row) => row.slug);

  describe('GET /api/cities', () => {
    it('returns an empty list on an empty database', async () => {
      const res = await t.request('/api/cities');
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
      expect(await res.json()).toEqual([]);
    });

    it('lists cities in display order, then by name', async () => {
      await city('tokyo', 'Tokyo', 3);
      await city('london', 'London', 1);
      await city('san-francisco', 'San Francisco', 2);
      // Same display order as London: the name decides.
      await city('athens', 'Athens', 1);
      const res = await t.request('/api/cities');
      expect(res.status).toBe(200);
      expect(slugs(await res.json())).toEqual(['athens', 'london', 'san-francisco', 'tokyo']);
    });

    it('returns each city with its public fields', async () => {
      const id = await city('london', 'London');
      const [london] = (await (await t.request('/api/cities')).json()) as Row[];
      expect(london).toMatchObject({ id, slug: 'london', name: 'London', description: 'About London', heroImage: '/images/london.jpg' });
    });
  });

  describe('GET /api/cities/:slug', () => {
    it('returns the city', async () => {
      const id = await city('london', 'London');
      const res = await t.request('/api/cities/london');
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({
        id,
        slug: 'london',
        name: 'London',
        description: 'About London',
        heroImage: '/images/london.jpg',
      });
    });

    it('is a JSON 404 for an unknown slug', async () => {
      await city('london', 'London');
      const res = await t.request('/api/cities/atlantis');
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
      expect(await res.json()).toEqual({ message: 'City not found.', code: 'not_found' });
    });
  });

  describe('GET /api/cities/:slug/guide', () => {
    it('returns the published guide of the city to a visitor', async () => {
      const londonId = await city('london', 'London');
      const otherId = await city('paris', 'Paris');
      await post('paris-guide', { type: 'guide', cityId: otherId });
      const guideId = await post('london-guide', { type: 'guide', cityId: londonId, tags: ['london', 'guide'] });
      await post('london-dinner', { type: 'post', cityId: londonId });
      const res = await t.request('/api/cities/london/guide');
      expect(res.status).toBe(200);
      const guide = (await res.json()) as Row;
      expect(guide).toMatchObject({
        id: guideId,
        slug: 'london-guide',
        type: 'guide',
        cityId: londonId,
        published: true,
        tags: ['london', 'guide'],
      });
    });

    it('hides a draft guide from visitors but returns it to the admin', async () => {
      const londonId = await city('london', 'London');
      const draftId = await post('london-guide', { type: 'guide', cityId: londonId, published: false, publishedAt: null });

      const anonymous = await t.request('/api/cities/london/guide');
      expect(anonymous.status).toBe(404);
      expect(await anonymous.json()).toEqual({ message: 'City guide not found.', code: 'not_found' });

      const cookie = await t.signIn();
      const admin = await t.request('/api/cities/london/guide', { cookie });
      expect(admin.status).toBe(200);
      expect(await admin.json()).toMatchObject({ id: draftId, slug: 'london-guide', published: false });
    });

    it('gives a visitor the published guide when a newer draft exists, and the admin the newer draft', async () => {
      const londonId = await city('london', 'London');
      await post('london-guide', { type: 'guide', cityId: londonId, publishedAt: '2025-01-01T00:00:00.000Z' });
      await post('london-guide-v2', {
        type: 'guide',
        cityId: londonId,
        published: false,
        publishedAt: null,
        createdAt: '2025-03-01T00:00:00.000Z',
      });

      expect(await (await t.request('/api/cities/london/guide')).json()).toMatchObject({ slug: 'london-guide' });
      const cookie = await t.signIn();
      expect(await (await t.request('/api/cities/london/guide', { cookie })).json()).toMatchObject({ slug: 'london-guide-v2' });
    });

    it('is 404 when the city has no guide', async () => {
      const londonId = await city('london', 'London');
      await post('london-dinner', { type: 'post', cityId: londonId });
      const res = await t.request('/api/cities/london/guide');
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ message: 'City guide not found.', code: 'not_found' });
    });

    it('is 404 "City not found." for an unknown city', async () => {
      const res = await t.request('/api/cities/atlantis/guide');
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ message: 'City not found.', code: 'not_found' });
    });
  });

  describe('GET /api/cities/:slug/posts', () => {
    async function seedLondon() {
      const londonId = await city('london', 'London');
      const parisId = await city('paris', 'Paris');
      await post('london-guide', { type: 'guide', cityId: londonId, publishedAt: '2025-01-05T00:00:00.000Z' });
      await post('london-dinner', { type: 'post', cityId: londonId, publishedAt: '2025-01-10T00:00:00.000Z' });
      await post('london-lunch', { type: 'post', cityId: londonId, publishedAt: '2025-01-01T00:00:00.000Z' });
      await post('london-draft', {
        type: 'post',
        cityId: londonId,
        published: false,
        publishedAt: null,
        createdAt: '2025-02-01T00:00:00.000Z',
      });
      await post('paris-dinner', { type: 'post', cityId: parisId });
      await post('no-city', { type: 'post', cityId: null });
      return londonId;
    }

    it('lists the published posts and guides of the city, newest first, to a visitor', async () => {
      const londonId = await seedLondon();
      const res = await t.request('/api/cities/london/posts');
      expect(res.status).toBe(200);
      const rows = (await res.json()) as Row[];
      expect(slugs(rows)).toEqual(['london-dinner', 'london-guide', 'london-lunch']);
      for (const row of rows) expect(row).toMatchObject({ cityId: londonId, published: true });
    });

    it('filters by type=post and type=guide', async () => {
      await seedLondon();
      const posts = await t.request('/api/cities/london/posts?type=post');
      expect(posts.status).toBe(200);
      expect(slugs(await posts.json())).toEqual(['london-dinner', 'london-lunch']);
      const guides = await t.request('/api/cities/london/posts?type=guide');
      expect(guides.status).toBe(200);
      expect(slugs(await guides.json())).toEqual(['london-guide']);
    });

    it('refuses an unknown type with a 400', async () => {
      await seedLondon();
      for (const type of ['dining', 'POST', '']) {
        const res = await t.request(`/api/cities/london/posts?type=${type}`);
        expect(res.status, `type=${type}`).toBe(400);
        expect(await res.json()).toEqual({ message: "type must be 'post' or 'guide'.", code: 'validation' });
      }
    });

    it('shows drafts to the admin only', async () => {
      await seedLondon();
      expect(slugs(await (await t.request('/api/cities/london/posts?type=post')).json())).not.toContain('london-draft');
      const cookie = await t.signIn();
      const res = await t.request('/api/cities/london/posts?type=post', { cookie });
      expect(res.status).toBe(200);
      expect(slugs(await res.json())).toEqual(['london-draft', 'london-dinner', 'london-lunch']);
    });

    it('is an empty list for a city without posts', async () => {
      await city('lisbon', 'Lisbon');
      const res = await t.request('/api/cities/lisbon/posts');
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual([]);
    });

    it('is 404 for an unknown city', async () => {
      const res = await t.request('/api/cities/atlantis/posts');
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ message: 'City not found.', code: 'not_found' });
    });
  });

  describe('PATCH /api/cities/:id', () => {
    const patch = (id: number | string, body: unknown, cookie?: string) => t.request(`/api/cities/${id}`, json('PATCH', body, cookie));

    it('refuses a visitor with 401 and changes nothing', async () => {
      const id = await city('london', 'London');
      const res = await patch(id, { spreadsheetUrl: 'https://sheets.example/london' });
      expect(res.status).toBe(401);
      expect((await getCityById(t.handle.db, id))?.spreadsheetUrl).toBeNull();
    });

    it('sets the external spreadsheet, returns the city and records its tag for the publisher', async () => {
      const id = await city('london', 'London');
      const cookie = await t.signIn();
      const res = await patch(id, { spreadsheetUrl: '  https://docs.example.com/spreadsheets/d/abc?usp=sharing  ' }, cookie);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({
        id,
        slug: 'london',
        spreadsheetUrl: 'https://docs.example.com/spreadsheets/d/abc?usp=sharing',
      });
      const stored = await getCityById(t.handle.db, id);
      expect(stored?.spreadsheetUrl).toBe('https://docs.example.com/spreadsheets/d/abc?usp=sharing');
      expect(stored?.updatedAt).not.toBe(T0);
      const outbox = await pendingOutbox(t.handle.db);
      expect(outbox.at(-1)?.tags).toEqual([`city:${id}`]);
    });

    it('removes the spreadsheet with null', async () => {
      const id = await city('london', 'London');
      const cookie = await t.signIn();
      await patch(id, { spreadsheetUrl: 'http://sheets.example/london' }, cookie);
      const res = await patch(id, { spreadsheetUrl: null }, cookie);
      expect(res.status).toBe(200);
      expect((await getCityById(t.handle.db, id))?.spreadsheetUrl).toBeNull();
    });

    it('refuses anything but an http(s) address, with a 400 that changes nothing', async () => {
      const id = await city('london', 'London');
      const cookie = await t.signIn();
      const bad: unknown[] = [
        { spreadsheetUrl: 'javascript:alert(1)' },
        { spreadsheetUrl: 'ftp://files.example/london.csv' },
        { spreadsheetUrl: 'not a link' },
        { spreadsheetUrl: '/itineraries/london.csv' },
        { spreadsheetUrl: 'https://' },
        { spreadsheetUrl: `https://sheets.example/${'a'.repeat(2048)}` },
        { spreadsheetUrl: 42 },
        { spreadsheetUrl: 'https://sheets.example/x', colour: 'red' },
        ['https://sheets.example/x'],
      ];
      for (const body of bad) {
        const res = await patch(id, body, cookie);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(await res.json()).toMatchObject({ code: 'validation' });
      }
      expect((await getCityById(t.handle.db, id))?.spreadsheetUrl).toBeNull();
      expect(await pendingOutbox(t.handle.db)).toEqual([]);
    });

    it('names the unknown field it refuses', async () => {
      const id = await city('london', 'London');
      const res = await patch(id, { spreadsheet: 'https://sheets.example/x' }, await t.signIn());
      expect(await res.json()).toEqual({ message: 'Unknown field: spreadsheet.', code: 'validation' });
    });

    it('is 404 for a city that does not exist', async () => {
      const cookie = await t.signIn();
      for (const id of ['999', 'london']) {
        const res = await patch(id, { spreadsheetUrl: null }, cookie);
        expect(res.status, id).toBe(404);
        expect(await res.json()).toEqual({ message: 'City not found.', code: 'not_found' });
      }
    });
  });
});
