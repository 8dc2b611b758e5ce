import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findRedirect, getCityById, insertCity, listRedirects, type City } from '@forkcast/content-db';
import { createTestApp, json, type TestApp } from '../testing.ts';
import { insertTestPost } from '@forkcast/content-db/testing';

type Answer = City & { url: string };

const T0 = '2025-01-01T00:00:00.000Z';

describe('authoring cities through the API', () => {
  let t: TestApp;
  let cookie: string;
  beforeEach(async () => {
    t = await createTestApp();
    cookie = await t.signIn();
  });
  afterEach(() => t.cleanup());

  const create = (body: unknown) => t.request('/api/cities', json('POST', body, cookie));
  const change = (id: number, body: unknown) => t.request(`/api/cities/${id}`, json('PATCH', body, cookie));
  const created = async (body: unknown): Promise<Answer> => {
    const response = await create(body);
    expect(response.status, await response.clone().text()).toBe(201);
    return (await response.json()) as Answer;
  };
  const refusal = async (response: Response, status: number): Promise<string> => {
    expect(response.status).toBe(status);
    return ((await response.json()) as { message: string }).message;
  };
  const post = (cityId: number, slug: string, type: 'post' | 'guide' = 'post', published = true) =>
    insertTestPost(t.handle.db, slug, { title: slug, excerpt: '', content: 'Body.', type, cityId, published });

  describe('POST /api/cities', () => {
    it('creates a city from a name, with a transliterated slug, last in the order', async () => {
      await insertCity(t.handle.db, { slug: 'lisbon', name: 'Lisbon', displayOrder: 4, createdAt: T0, updatedAt: T0 });
      const city = await created({ name: 'Москва', country: 'Russia', description: 'Pelmeni and pirozhki.' });
      expect(city).toMatchObject({
        slug: 'moskva',
        name: 'Москва',
        country: 'Russia',
        displayOrder: 5,
        heroAlt: 'Москва',
        url: '/moskva/guide',
      });
    });

    it('numbers a taken slug and never takes a reserved one', async () => {
      await created({ name: 'Porto' });
      expect((await created({ name: 'Porto' })).slug).toBe('porto-2');
      expect((await created({ name: 'Newsletter' })).slug).toBe('newsletter-2');
    });

    it('refuses a chosen slug that is taken or reserved, a missing name and unknown fields', async () => {
      await created({ name: 'Porto' });
      expect(await refusal(await create({ name: 'Oporto', slug: 'porto' }), 409)).toBe('Another city (Porto) already uses that slug.');
      expect(await refusal(await create({ name: 'Posts', slug: 'posts' }), 400)).toBe(
        "'posts' is the name of a page of the site; choose another slug.",
      );
      expect(await refusal(await create({ name: 'X', slug: 'Not Valid' }), 400)).toMatch(/lowercase letters, digits and single hyphens/);
      expect(await refusal(await create({ country: 'Nowhere' }), 400)).toBe('Name is required.');
      expect(await refusal(await create({ name: 'X', colour: 'red' }), 400)).toBe('Unknown field: colour.');
      for (const mapEmbedUrl of ['http://maps.example/x', 'https://maps.example/x', 'https://www.openstreetmap.org.example/x']) {
        expect(await refusal(await create({ name: 'X', mapEmbedUrl }), 400)).toBe(
          'Give the map as an OpenStreetMap embed address (https://www.openstreetmap.org/export/embed.html?...), or null to remove it.',
        );
      }
    });

    it('is for the admin only', async () => {
      expect((await t.request('/api/cities', json('POST', { name: 'Sneaky' }))).status).toBe(401);
    });

    it('names the field a refusal is about, so the editor can show the message beside it', async () => {
      await created({ name: 'Porto' });
      const body = async (response: Response) => (await response.json()) as { field?: string; code: string };
      expect(await body(await create({ name: 'Oporto', slug: 'porto' }))).toMatchObject({ code: 'conflict', field: 'slug' });
      expect(await body(await create({ name: 'Posts', slug: 'posts' }))).toMatchObject({ code: 'validation', field: 'slug' });
      expect(await body(await create({ name: '  ' }))).toMatchObject({ code: 'validation', field: 'name' });
      expect(await body(await create({ name: 'X', spreadsheetUrl: 'ftp://x' }))).toMatchObject({ field: 'spreadsheetUrl' });
      expect(await body(await create({ name: 'X', displayOrder: 1.5 }))).toMatchObject({ field: 'displayOrder' });
      expect(await body(await create({ name: 'X', heroAlt: 'a'.repeat(301) }))).toMatchObject({ field: 'heroAlt' });
      // A problem with no one field names none.
      expect(await body(await create({ name: 'X', colour: 'red' }))).not.toHaveProperty('field');
    });
  });

  describe('PATCH /api/cities/:id', () => {
    it('edits the name, description, hero and map', async () => {
      const city = await created({ name: 'Porto', heroImage: '/images/a.jpg', heroAlt: 'The river' });
      const response = await change(city.id, {
        name: 'Porto & Gaia',
        description: 'Both banks.',
        heroImage: '/images/b.jpg',
        mapEmbedUrl: 'https://www.openstreetmap.org/export/embed.html?bbox=-8.7%2C41.1%2C-8.5%2C41.2',
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({
        name: 'Porto & Gaia',
        slug: 'porto',
        description: 'Both banks.',
        heroAlt: 'Porto & Gaia',
        mapEmbedUrl: 'https://www.openstreetmap.org/export/embed.html?bbox=-8.7%2C41.1%2C-8.5%2C41.2',
      });
    });

    it('moves every live page of a city to its new slug, leaving a 301 from each old URL', async () => {
      const city = await created({ name: 'Oporto' });
      await post(city.id, 'oporto-guide', 'guide');
      await post(city.id, 'francesinha');
      await post(city.id, 'draft-note', 'post', false);
      await t.handle.db.updateTable('cities').set({ itineraryUrl: '/itineraries/oporto.csv' }).where('id', '=', city.id).execute();

      const moved = (await (await change(city.id, { slug: 'porto' })).json()) as Answer;
      expect(moved).toMatchObject({ slug: 'porto', url: '/porto/guide', itineraryUrl: '/itineraries/porto.csv' });
      expect(await listRedirects(t.handle.db)).toEqual([
        { fromPath: '/itineraries/oporto.csv', toPath: '/itineraries/porto.csv', status: 301 },
        { fromPath: '/oporto/francesinha', toPath: '/porto/francesinha', status: 301 },
        { fromPath: '/oporto/guide', toPath: '/porto/guide', status: 301 },
        { fromPath: '/oporto/itinerary', toPath: '/porto/itinerary', status: 301 },
      ]);

      // Back to the first slug: its pages are live again, and nothing chains.
      await change(city.id, { slug: 'oporto' });
      expect((await findRedirect(t.handle.db, '/oporto/guide'))?.toPath).toBeUndefined();
      expect((await findRedirect(t.handle.db, '/porto/guide'))?.toPath).toBe('/oporto/guide');
    });

    it('refuses a slug another city has', async () => {
      await created({ name: 'Porto' });
      const other = await created({ name: 'Braga' });
      expect(await refusal(await change(other.id, { slug: 'porto' }), 409)).toBe('Another city (Porto) already uses that slug.');
    });
  });

  describe('GET /api/admin/cities and /api/admin/cities/:id', () => {
    type Overview = Answer & { postCount: number; restaurantCount: number; guide: { id: number; status: string } | null };
    const overviews = async () => {
      const response = await t.request('/api/admin/cities', { cookie });
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('private, no-store');
      return (await response.json()) as Overview[];
    };

    it('lists every city in display order with its posts, places and guide state', async () => {
      const porto = await created({ name: 'Porto', displayOrder: 2 });
      const braga = await created({ name: 'Braga', displayOrder: 1 });
      const guide = await post(porto.id, 'porto-guide', 'guide', false);
      await post(porto.id, 'francesinha');
      await t.handle.db.insertInto('restaurants').values({ cityId: porto.id, name: 'Café Santiago', position: 0 }).execute();

      const list = await overviews();
      expect(list.map((city) => [city.name, city.postCount, city.restaurantCount, city.guide])).toEqual([
        ['Braga', 0, 0, null],
        ['Porto', 2, 1, { id: guide, title: 'porto-guide', status: 'draft', publishAt: null }],
      ]);
      expect(list[1]).toMatchObject({ slug: 'porto', url: '/porto/guide', heroAlt: 'Porto' });

      const one = await t.request(`/api/admin/cities/${braga.id}`, { cookie });
      expect(await one.json()).toMatchObject({ id: braga.id, name: 'Braga', postCount: 0, restaurantCount: 0, guide: null });
    });

    it('answers 404 for a city that does not exist, and 401 to visitors', async () => {
      expect((await t.request('/api/admin/cities/999', { cookie })).status).toBe(404);
      expect((await t.request('/api/admin/cities/porto', { cookie })).status).toBe(404);
      expect((await t.request('/api/admin/cities')).status).toBe(401);
      const city = await created({ name: 'Porto' });
      expect((await t.request(`/api/admin/cities/${city.id}`)).status).toBe(401);
    });
  });

  describe('DELETE /api/cities/:id', () => {
    it('refuses while posts belong to the city, naming how many, and deletes it once they are gone', async () => {
      const city = await created({ name: 'Porto' });
      await post(city.id, 'tripas', 'post', false);
      await post(city.id, 'bifanas');
      const response = await t.request(`/api/cities/${city.id}`, { method: 'DELETE', cookie });
      expect(await refusal(response, 409)).toBe(
        'Porto cannot be deleted: 2 posts belong to it. Move them to another city or delete them first.',
      );
      expect(await getCityById(t.handle.db, city.id)).toBeDefined();

      await t.handle.db.deleteFrom('posts').where('cityId', '=', city.id).execute();
      expect((await t.request(`/api/cities/${city.id}`, { method: 'DELETE', cookie })).status).toBe(204);
      expect(await getCityById(t.handle.db, city.id)).toBeUndefined();
      expect((await t.request(`/api/cities/${city.id}`, { method: 'DELETE', cookie })).status).toBe(404);
    });
  });
});
