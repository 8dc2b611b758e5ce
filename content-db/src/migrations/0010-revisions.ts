import { sql, type Kysely } from 'kysely';

/**
 * A safety net for editors. Every write that changes what readers see is a change (who, when, what
 * for); each entity it changed gets a revision holding the entity's whole state after it (a post with
 * its blocks and inline items, a city with its itinerary, the homepage hero), so any version can be
 * restored exactly. Deleted posts, cities, blocks, inline items and subscribers wait in the trash as
 * full snapshots until restored or purged.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('changes')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('actor', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('revisions')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('change_id', 'integer', (c) => c.notNull().references('changes.id').onDelete('cascade'))
    .addColumn('entity', 'text', (c) => c.notNull().check(sql`entity in ('post', 'city', 'hero')`))
    .addColumn('entity_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    // The entity's whole state after the change, as JSON; null when the change deleted it.
    .addColumn('state', 'text', (c) => c.check(sql`state is null or json_valid(state)`))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('revisions_entity').on('revisions').columns(['entity', 'entity_id', 'id']).execute();
  await db.schema.createIndex('revisions_change').on('revisions').column('change_id').execute();

  await db.schema
    .createTable('trash')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('post', 'city', 'block', 'item', 'subscriber')`))
    .addColumn('entity_id', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('snapshot', 'text', (c) => c.notNull().check(sql`json_valid(snapshot)`))
    .addColumn('deleted_at', 'text', (c) => c.notNull())
    .addColumn('deleted_by', 'text')
    .addColumn('change_id', 'integer', (c) => c.references('changes.id').onDelete('set null'))
    .execute();
  // Ids are never reused (autoincrement), so one entity is in the trash at most once.
  await db.schema.createIndex('trash_entity').unique().on('trash').columns(['kind', 'entity_id']).execute();
  await db.schema.createIndex('trash_deleted_at').on('trash').column('deleted_at').execute();
  await db.schema.createIndex('trash_change').on('trash').column('change_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('trash').execute();
  await db.schema.dropTable('revisions').execute();
  await db.schema.dropTable('changes').execute();
}
