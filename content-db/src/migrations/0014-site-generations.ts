import type { Kysely } from 'kysely';

/**
 * The publish generations of the database: every publish (and full render) adds one, in the
 * transaction that marks its outbox entries done, with a random id; the site folder records the
 * one it shows. A copy of the database shares its id with the original, but not its later
 * generations: a folder ahead of the database, or on another line of them, is rendered anew. The
 * newest few are kept, enough to recognise a folder whose own record lags a publish or two.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('site_generations')
    .addColumn('generation', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('site_generations').execute();
}
