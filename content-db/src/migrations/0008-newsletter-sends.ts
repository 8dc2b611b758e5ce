import { sql, type Kysely } from 'kysely';

/**
 * Posts sent as newsletters. A send keeps the email it sends (rendered once, when it starts, so a
 * later edit of the post or a restart never changes what readers get) and one delivery row per
 * confirmed subscriber at that moment; the delivery worker works through the rows, so a send
 * survives restarts and crashes. A subscriber counts hard bounces, and stops getting mail at a limit.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('newsletter_sends')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('post_id', 'integer', (c) => c.references('posts.id').onDelete('set null'))
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('html', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('text', 'text', (c) => c.notNull().defaultTo(''))
    // Random per send: with the delivery's id it makes each recipient's Message-ID, the same on every attempt.
    .addColumn('message_key', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('waiting', 'sending', 'done', 'cancelled')`))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema.createIndex('newsletter_sends_post').on('newsletter_sends').column('post_id').execute();

  await db.schema
    .createTable('newsletter_deliveries')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('send_id', 'integer', (c) => c.notNull().references('newsletter_sends.id').onDelete('cascade'))
    .addColumn('subscriber_id', 'integer', (c) => c.references('newsletter_subscribers.id').onDelete('set null'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('queued').check(sql`status in ('queued', 'sent', 'failed', 'skipped')`))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('last_error', 'text')
    .addColumn('sent_at', 'text')
    .execute();
  // The worker walks the queued rows in id order; the counts are read per send and status.
  await sql`create index newsletter_deliveries_queued on newsletter_deliveries (id) where status = 'queued'`.execute(db);
  await db.schema.createIndex('newsletter_deliveries_send').on('newsletter_deliveries').columns(['send_id', 'status']).execute();

  await db.schema
    .alterTable('newsletter_subscribers')
    .addColumn('hard_bounces', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('newsletter_subscribers').dropColumn('hard_bounces').execute();
  await db.schema.dropTable('newsletter_deliveries').execute();
  await db.schema.dropTable('newsletter_sends').execute();
}
