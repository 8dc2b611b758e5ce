import type { Kysely } from 'kysely';

/**
 * Restaurants may carry coordinates so the guide map can pin them; a city may link an external
 * spreadsheet of its itinerary; an inline image carries its own alt text.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('restaurants').addColumn('lat', 'real').execute();
  await db.schema.alterTable('restaurants').addColumn('lng', 'real').execute();
  await db.schema.alterTable('cities').addColumn('spreadsheet_url', 'text').execute();
  await db.schema
    .alterTable('post_content_items')
    .addColumn('alt', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('post_content_items').dropColumn('alt').execute();
  await db.schema.alterTable('cities').dropColumn('spreadsheet_url').execute();
  await db.schema.alterTable('restaurants').dropColumn('lng').execute();
  await db.schema.alterTable('restaurants').dropColumn('lat').execute();
}
