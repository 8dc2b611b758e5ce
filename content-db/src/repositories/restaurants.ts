import type { Db } from '../db.ts';
import { TAG } from '../tags.ts';
import { recordRead, recordWrite } from '../tracking.ts';
import { recordBefore } from '../revisions/capture.ts';
import type { NewRestaurant, RestaurantRow } from '../schema.ts';

export type Restaurant = RestaurantRow;
export type RestaurantInput = Omit<NewRestaurant, 'id' | 'cityId' | 'position'>;

/** A city's itinerary in its stored order. */
export function listRestaurants(db: Db, cityId: number): Promise<Restaurant[]> {
  recordRead(TAG.restaurants(cityId));
  return db.selectFrom('restaurants').selectAll().where('cityId', '=', cityId).orderBy('position').orderBy('id').execute();
}

/** Replaces a city's whole itinerary; positions follow the order given. Run it inside a transaction. */
export async function replaceRestaurants(db: Db, cityId: number, restaurants: RestaurantInput[]): Promise<void> {
  recordWrite(TAG.restaurants(cityId));
  await recordBefore(db, { entity: 'city', id: cityId });
  await db.deleteFrom('restaurants').where('cityId', '=', cityId).execute();
  if (restaurants.length === 0) return;
  await db
    .insertInto('restaurants')
    .values(restaurants.map((r, position) => ({ ...r, cityId, position })))
    .execute();
}
