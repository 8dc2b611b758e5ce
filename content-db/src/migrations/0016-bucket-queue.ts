import { sql, type Kysely } from 'kysely';

/**
 * The objects waiting to be put into (or deleted from) object storage: the site's bucket and the
 * uploads' bucket. A publish (or an upload) adds the keys it changed in the transaction that
 * records it, so a crash or a bucket outage never loses one; a key is removed once the bucket
 * holds what the site folder holds for it, and one that fails keeps its error and its next try.
 * A key queued again gets a new id, so a put that started before still knows it is not the last.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('bucket_queue')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('target', 'text', (c) => c.notNull().check(sql`target in ('site', 'uploads')`))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('queued_at', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('first_failed_at', 'text')
    .addColumn('retry_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('bucket_queue_target_key', ['target', 'key'])
    .execute();
  await db.schema.createIndex('bucket_queue_retry_at').on('bucket_queue').columns(['retry_at', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('bucket_queue').execute();
}
