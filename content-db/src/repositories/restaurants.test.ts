import { describe, expect, it } from 'vitest';
import type { Db } from '../db.ts';
import { useTempDb } from '../testing.ts';
import { insertCity } from './cities.ts';
import { listRestaurants, replaceRestaurants, type RestaurantInput } from './restaurants.ts';

const T0 = '2025-01-01T00:00:00.000Z';

function makeRestaurant(name: string, overrides: Partial<RestaurantInput> = {}): RestaurantInput {
  return {
    name,
    day: 1,
    neighborhood: 'Gion',
    cuisine: 'Kaiseki',
    meal: 'dinner',
    notes: 'Book ahead.',
    address: '1 Main St',
    url: 'https://example.com',
    lat: 35.0037,
    lng: 135.7788,
    ...overrides,
  };
}

const names = (rows: { name: string }[]) => rows.map((row) => row.name);

describe('restaurants repository', () => {
  let db: Db;
  let cityId: number;
  useTempDb(async (fresh) => {
    db = fresh;
    cityId = await insertCity(db, { slug: 'kyoto', name: 'Kyoto', createdAt: T0, updatedAt: T0 });
  });

  it('has no restaurants for a new city', async () => {
    expect(await listRestaurants(db, cityId)).toEqual([]);
    expect((await listRestaurants(db, cityId)).length).toBe(0);
  });

  it('stores the itinerary in the given order with positions 0..n-1 and every field', async () => {
    const input = [
      makeRestaurant('Zebra'),
      makeRestaurant('Apple', { day: 2, meal: 'lunch', lat: -33.8688, lng: 151.2093 }),
      makeRestaurant('Mango', { url: null, lat: null, lng: null }),
    ];
    await replaceRestaurants(db, cityId, input);
    const rows = await listRestaurants(db, cityId);
    expect(names(rows)).toEqual(['Zebra', 'Apple', 'Mango']);
    expect(rows.map((row) => row.position)).toEqual([0, 1, 2]);
    expect(rows.every((row) => row.cityId === cityId)).toBe(true);
    expect(rows[1]).toEqual({ id: rows[1]!.id, cityId, position: 1, ...input[1] });
    expect([rows[2]?.url, rows[2]?.lat, rows[2]?.lng]).toEqual([null, null, null]);
    expect((await listRestaurants(db, cityId)).length).toBe(3);
  });

  it('leaves optional columns null when only a name is given', async () => {
    await replaceRestaurants(db, cityId, [{ name: 'Bare' }]);
    expect(await listRestaurants(db, cityId)).toEqual([
      expect.objectContaining({
        name: 'Bare',
        day: null,
        neighborhood: null,
        cuisine: null,
        meal: null,
        notes: null,
        address: null,
        url: null,
        lat: null,
        lng: null,
      }),
    ]);
  });

  it('replaces the whole itinerary rather than appending', async () => {
    await replaceRestaurants(db, cityId, [makeRestaurant('Old one'), makeRestaurant('Old two'), makeRestaurant('Old three')]);
    await replaceRestaurants(db, cityId, [makeRestaurant('New two'), makeRestaurant('New one')]);
    const rows = await listRestaurants(db, cityId);
    expect(names(rows)).toEqual(['New two', 'New one']);
    expect(rows.map((row) => row.position)).toEqual([0, 1]);
    expect((await listRestaurants(db, cityId)).length).toBe(2);
  });

  it('clears the itinerary when given an empty list', async () => {
    await replaceRestaurants(db, cityId, [makeRestaurant('Gone')]);
    await replaceRestaurants(db, cityId, []);
    expect(await listRestaurants(db, cityId)).toEqual([]);
    expect((await listRestaurants(db, cityId)).length).toBe(0);
  });

  it('only touches the given city', async () => {
    const osaka = await insertCity(db, { slug: 'osaka', name: 'Osaka', createdAt: T0, updatedAt: T0 });
    await replaceRestaurants(db, osaka, [makeRestaurant('Osaka one'), makeRestaurant('Osaka two')]);
    await replaceRestaurants(db, cityId, [makeRestaurant('Kyoto one')]);
    await replaceRestaurants(db, cityId, [makeRestaurant('Kyoto two')]);
    expect(names(await listRestaurants(db, osaka))).toEqual(['Osaka one', 'Osaka two']);
    expect(names(await listRestaurants(db, cityId))).toEqual(['Kyoto two']);
    expect((await listRestaurants(db, osaka)).length).toBe(2);
  });

  it('lists by position, then id, whatever the insertion order', async () => {
    await db
      .insertInto('restaurants')
      .values([
        { cityId, name: 'Third', position: 2 },
        { cityId, name: 'First', position: 0 },
        { cityId, name: 'Second (a)', position: 1 },
        { cityId, name: 'Second (b)', position: 1 },
      ])
      .execute();
    expect(names(await listRestaurants(db, cityId))).toEqual(['First', 'Second (a)', 'Second (b)', 'Third']);
  });

  it('rejects restaurants for a city that does not exist and keeps nothing', async () => {
    await expect(replaceRestaurants(db, 9999, [makeRestaurant('Nowhere')])).rejects.toThrow(/FOREIGN KEY/);
    expect((await listRestaurants(db, 9999)).length).toBe(0);
  });
});
