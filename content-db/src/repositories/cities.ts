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

/** Inserts a city and returns its id. */
export async function insertCity(db: Db, city: NewCity): Promise<number> {
  const row = await db.insertInto('cities').values(city).returning('id').executeTakeFirstOrThrow();
  recordWrite(TAG.cities, TAG.city(row.id));
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
  // The list's order follows the first two; the slug decides which routes exist.
  if (changes.displayOrder !== undefined || changes.name !== undefined || changes.slug !== undefined) recordWrite(TAG.cities);
}

/** Deletes a city (its itinerary rows go with it; posts must have left it first). */
export async function deleteCity(db: Db, id: number): Promise<void> {
  await recordBefore(db, { entity: 'city', id });
  await recordTrashed(db, 'city', id);
  const deleted = await db.deleteFrom('cities').where('id', '=', id).executeTakeFirst();
  if (deleted.numDeletedRows > 0n) recordWrite(TAG.cities, TAG.city(id), TAG.restaurants(id));
}
