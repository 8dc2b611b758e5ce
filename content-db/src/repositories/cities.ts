import type { Db } from '../db.ts';
import { TAG } from '../tags.ts';
import { recordRead, recordWrite } from '../tracking.ts';
import { recordBefore, recordCreated, recordTrashed } from '../revisions/capture.ts';
import type { CityRow, NewCity } from '../schema.ts';

export type City = CityRow;

/** Every city in display order (then name, so the order is total). */
export async function listCities(db: Db): Promise<City[]> {
  const cities = await db.selectFrom('cities').selectAll().orderBy('displayOrder').orderBy('name').orderBy('id').execute();
  recordRead(TAG.cities, ...cities.map((city) => TAG.city(city.id)));
  return cities;
}

/** What a link to a city's pages needs. */
export interface CityLink {
  id: number;
  slug: string;
  name: string;
}

/**
 * The names and slugs of the given cities (or of all, in display order), for links and card
 * labels: a page that shows them re-renders when one is renamed or re-slugged, not when a city's
 * description or image changes.
 */
export async function listCityLinks(db: Db, ids?: readonly number[]): Promise<CityLink[]> {
  let query = db.selectFrom('cities').select(['id', 'slug', 'name']).orderBy('displayOrder').orderBy('name').orderBy('id');
  if (ids) {
    if (ids.length === 0) return [];
    query = query.where('id', 'in', [...ids]);
  }
  const cities = await query.execute();
  recordRead(...(ids ? [] : [TAG.cities]), ...cities.map((city) => TAG.cityLink(city.id)));
  return cities;
}

// A lookup that finds nothing depends on the list: a city added later could answer it.
function recordCity(city: City | undefined): City | undefined {
  recordRead(city ? TAG.city(city.id) : TAG.cities);
  return city;
}

export async function getCityBySlug(db: Db, slug: string): Promise<City | undefined> {
  return recordCity(await db.selectFrom('cities').selectAll().where('slug', '=', slug).executeTakeFirst());
}

export async function getCityById(db: Db, id: number): Promise<City | undefined> {
  return recordCity(await db.selectFrom('cities').selectAll().where('id', '=', id).executeTakeFirst());
}

/** What belongs to a city: its posts and guides (any status) and its itinerary's places. */
export interface CityContentCount {
  posts: number;
  restaurants: number;
}

/**
 * How much belongs to each city, by city id (a city with nothing is absent): what the admin's
 * cities list shows and what deleting a city would touch.
 */
export async function countCityContent(db: Db): Promise<Map<number, CityContentCount>> {
  const [posts, restaurants] = await Promise.all([
    db
      .selectFrom('posts')
      .select((eb) => ['cityId', eb.fn.countAll<number>().as('count')])
      .where('cityId', 'is not', null)
      .groupBy('cityId')
      .execute(),
    db
      .selectFrom('restaurants')
      .select((eb) => ['cityId', eb.fn.countAll<number>().as('count')])
      .groupBy('cityId')
      .execute(),
  ]);
  const counts = new Map<number, CityContentCount>();
  const entry = (cityId: number) => counts.get(cityId) ?? counts.set(cityId, { posts: 0, restaurants: 0 }).get(cityId)!;
  for (const row of posts) entry(row.cityId!).posts = Number(row.count);
  for (const row of restaurants) entry(row.cityId).restaurants = Number(row.count);
  recordRead(TAG.posts, ...[...counts.keys()].map(TAG.restaurants));
  return counts;
}

/** Inserts a city and returns its id. */
export async function insertCity(db: Db, city: NewCity): Promise<number> {
  const row = await db.insertInto('cities').values(city).returning('id').executeTakeFirstOrThrow();
  recordWrite(TAG.cities, TAG.city(row.id), TAG.cityLink(row.id));
  recordCreated({ entity: 'city', id: row.id });
  return row.id;
}

export async function updateCity(
  db: Db,
  id: number,
  changes: Partial<Omit<NewCity, 'id' | 'createdAt'>> & { updatedAt: string },
): Promise<void> {
  await recordBefore(db, { entity: 'city', id });
  const updated = await db.updateTable('cities').set(changes).where('id', '=', id).executeTakeFirst();
  if (updated.numUpdatedRows === 0n) return;
  recordWrite(TAG.city(id));
  if (changes.name !== undefined || changes.slug !== undefined) recordWrite(TAG.cityLink(id));
  // The list's order follows the first two; the slug decides which routes exist.
  if (changes.displayOrder !== undefined || changes.name !== undefined || changes.slug !== undefined) recordWrite(TAG.cities);
}

/** Deletes a city (its itinerary rows go with it; posts must have left it first). */
export async function deleteCity(db: Db, id: number): Promise<void> {
  await recordBefore(db, { entity: 'city', id });
  await recordTrashed(db, 'city', id);
  const deleted = await db.deleteFrom('cities').where('id', '=', id).executeTakeFirst();
  if (deleted.numDeletedRows > 0n) recordWrite(TAG.cities, TAG.city(id), TAG.cityLink(id), TAG.restaurants(id));
}
