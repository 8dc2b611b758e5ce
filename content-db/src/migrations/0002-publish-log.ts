import { sql, type Kysely } from 'kysely';

/** One row per publish: when, how long, which URLs changed, and the error if it failed. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('publish_log')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('pages_changed', 'integer', (c) => c.notNull())
    .addColumn('urls', 'text', (c) => c.notNull().defaultTo('[]').check(sql`json_valid(urls)`))
    .addColumn('error', 'text')
    .execute();
  await db.schema.createIndex('publish_log_started').on('publish_log').column('started_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('publish_log').execute();
}
