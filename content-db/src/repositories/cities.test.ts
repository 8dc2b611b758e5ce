import { describe, expect, it } from 'vitest';
import type { Db } from '../db.ts';
import type { NewCity } from '../schema.ts';
import { useTempDb } from '../testing.ts';
import { countCityContent, getCityById, getCityBySlug, insertCity, listCities, updateCity } from './cities.ts';
import { getPostById, insertPost } from './posts.ts';
import { listRestaurants, replaceRestaurants } from './restaurants.ts';

const T0 = '2025-01-01T00:00:00.000Z';

function makeCity(slug: string, overrides: Partial<NewCity> = {}): NewCity {
  return { slug, name: slug[0]!.toUpperCase() + slug.slice(1), createdAt: T0, updatedAt: T0, ...overrides };
}

describe('cities repository', () => {
  let db: Db;
  useTempDb((fresh) => {
    db = fresh;
  });

  describe('insertCity and lookups', () => {
    it('returns the new id and fills the column defaults', async () => {
      const id = await insertCity(db, makeCity('kyoto'));
      expect(await getCityById(db, id)).toEqual({
        id,
        slug: 'kyoto',
        name: 'Kyoto',
        country: '',
        description: '',
        heroImage: null,
        heroAlt: '',
        mapEmbedUrl: null,
        itineraryUrl: null,
        spreadsheetUrl: null,
        displayOrder: 0,
        createdAt: T0,
        updatedAt: T0,
      });
    });

    it('keeps every given field', async () => {
      const city = makeCity('osaka', {
        country: 'Japan',
        description: 'Street food.',
        heroImage: '/images/cities/osaka.jpg',
        heroAlt: 'Dotonbori at night',
        mapEmbedUrl: 'https://www.openstreetmap.org/export/embed.html?bbox=1',
        itineraryUrl: '/itineraries/osaka.csv',
        spreadsheetUrl: 'https://sheets.example/osaka',
        displayOrder: 7,
      });
      const id = await insertCity(db, city);
      expect(await getCityBySlug(db, 'osaka')).toEqual({ id, ...city });
    });

    it('finds by slug and by id, and returns undefined for unknown ones', async () => {
      const id = await insertCity(db, makeCity('lisbon'));
      expect((await getCityBySlug(db, 'lisbon'))?.id).toBe(id);
      expect((await getCityById(db, id))?.slug).toBe('lisbon');
      expect(await getCityBySlug(db, 'porto')).toBeUndefined();
      expect(await getCityById(db, id + 1)).toBeUndefined();
    });

    it('rejects a duplicate slug', async () => {
      await insertCity(db, makeCity('athens'));
      await expect(insertCity(db, makeCity('athens', { name: 'Athens again' }))).rejects.toThrow(/UNIQUE/);
      expect(await listCities(db)).toHaveLength(1);
    });
  });

  describe('listCities', () => {
    it('orders by displayOrder, then name, then id', async () => {
      await insertCity(db, makeCity('zeta', { name: 'Zeta', displayOrder: 1 }));
      await insertCity(db, makeCity('alpha-late', { name: 'Alpha', displayOrder: 2 }));
      await insertCity(db, makeCity('beta', { name: 'Beta', displayOrder: 1 }));
      await insertCity(db, makeCity('first', { name: 'Yankee', displayOrder: 0 }));
      // Same order and name: id decides.
      await insertCity(db, makeCity('beta-twin', { name: 'Beta', displayOrder: 1 }));
      expect((await listCities(db)).map((city) => city.slug)).toEqual(['first', 'beta', 'beta-twin', 'zeta', 'alpha-late']);
    });

    it('is empty without cities', async () => {
      expect(await listCities(db)).toEqual([]);
    });
  });

  describe('countCityContent', () => {
    it('counts the posts of every status and the itinerary places of each city, leaving out empty cities', async () => {
      const lisbon = await insertCity(db, makeCity('lisbon'));
      const porto = await insertCity(db, makeCity('porto'));
      const empty = await insertCity(db, makeCity('empty'));
      await replaceRestaurants(db, lisbon, [{ name: 'A' }, { name: 'B' }, { name: 'C' }]);
      const post = (slug: string, cityId: number | null, published: boolean) =>
        insertPost(db, { slug, title: slug, type: 'post', cityId, published, publishedAt: null, createdAt: T0, updatedAt: T0 });
      await post('live', lisbon, true);
      await post('draft', lisbon, false);
      await post('porto-draft', porto, false);
      await post('nowhere', null, true);
      const counts = await countCityContent(db);
      expect(Object.fromEntries(counts)).toEqual({
        [lisbon]: { posts: 2, restaurants: 3 },
        [porto]: { posts: 1, restaurants: 0 },
      });
      expect(counts.has(empty)).toBe(false);
    });
  });

  describe('updateCity', () => {
    it('changes the given fields and leaves slug, createdAt and other cities alone', async () => {
      const id = await insertCity(db, makeCity('oahu', { country: 'USA', description: 'Old' }));
      const other = await insertCity(db, makeCity('portland', { description: 'Untouched' }));
      await updateCity(db, id, {
        description: 'Plate lunches and poke.',
        mapEmbedUrl: 'https://example.com/map',
        displayOrder: 3,
        updatedAt: '2025-05-05T00:00:00.000Z',
      });
      expect(await getCityById(db, id)).toMatchObject({
        slug: 'oahu',
        country: 'USA',
        description: 'Plate lunches and poke.',
        mapEmbedUrl: 'https://example.com/map',
        displayOrder: 3,
        createdAt: T0,
        updatedAt: '2025-05-05T00:00:00.000Z',
      });
      expect((await getCityById(db, other))?.description).toBe('Untouched');
    });

    it('can clear nullable fields', async () => {
      const id = await insertCity(
        db,
        makeCity('london', { itineraryUrl: '/itineraries/london.csv', heroImage: '/images/cities/london.jpg' }),
      );
      await updateCity(db, id, { itineraryUrl: null, heroImage: null, updatedAt: T0 });
      expect(await getCityById(db, id)).toMatchObject({ itineraryUrl: null, heroImage: null });
    });
  });

  describe('deleting a city', () => {
    it('deletes its restaurants and detaches its posts (cityId becomes null)', async () => {
      const doomed = await insertCity(db, makeCity('doomed'));
      const kept = await insertCity(db, makeCity('kept'));
      const restaurant = { name: 'Diner' };
      await replaceRestaurants(db, doomed, [restaurant, restaurant]);
      await replaceRestaurants(db, kept, [restaurant]);
      const guide = await insertPost(db, {
        slug: 'doomed-guide',
        title: 'G',
        type: 'guide',
        cityId: doomed,
        publishedAt: null,
        createdAt: T0,
        updatedAt: T0,
      });
      const post = await insertPost(db, {
        slug: 'doomed-post',
        title: 'P',
        type: 'post',
        cityId: doomed,
        publishedAt: null,
        createdAt: T0,
        updatedAt: T0,
      });
      const keptPost = await insertPost(db, {
        slug: 'kept-post',
        title: 'K',
        type: 'post',
        cityId: kept,
        publishedAt: null,
        createdAt: T0,
        updatedAt: T0,
      });

      await db.deleteFrom('cities').where('id', '=', doomed).execute();

      expect(await getCityById(db, doomed)).toBeUndefined();
      expect(await listRestaurants(db, doomed)).toEqual([]);
      expect((await listRestaurants(db, kept)).length).toBe(1);
      expect((await getPostById(db, guide))?.cityId).toBeNull();
      expect((await getPostById(db, post))?.cityId).toBeNull();
      expect((await getPostById(db, keptPost))?.cityId).toBe(kept);
    });
  });
});
