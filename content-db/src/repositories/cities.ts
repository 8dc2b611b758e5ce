import type { Db } from '../db.ts';
import type { CityRow, NewCity } from '../schema.ts';

export type City = CityRow;

/** Every city in display order (then name, so the order is total). */
export function listCities(db: Db): Promise<City[]> {
  return db.selectFrom('cities').selectAll().orderBy('displayOrder').orderBy('name').orderBy('id').execute();
}

export async function getCityBySlug(db: Db, slug: string): Promise<City | undefined> {
  return db.selectFrom('cities').selectAll().where('slug', '=', slug).executeTakeFirst();
}

export async function getCityById(db: Db, id: number): Promise<City | undefined> {
  return db.selectFrom('cities').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Inserts a city and returns its id. */
export async function insertCity(db: Db, city: NewCity): Promise<number> {
  const row = await db.insertInto('cities').values(city).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateCity(
  db: Db,
  id: number,
  changes: Partial<Omit<NewCity, 'id' | 'slug' | 'createdAt'>> & { updatedAt: string },
): Promise<void> {
  await db.updateTable('cities').set(changes).where('id', '=', id).execute();
}
