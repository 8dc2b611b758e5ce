import { sql, type Kysely } from 'kysely';

/**
 * Webhooks. `webhooks` holds each endpoint an administrator registered: its URL, the events it
 * wants (a JSON array) and the secret its deliveries are signed with (Standard Webhooks:
 * `whsec_` and base64). `webhook_deliveries` is the durable queue and the log in one: a row per
 * event and endpoint, written in the transaction of the change that caused the event, so a crash
 * can neither lose an event nor deliver one for a change that was rolled back. `outbox_id` is the
 * change's outbox entry: a delivery waits until that entry is published, so a receiver that
 * fetches the page it is told about finds it live. A claim (`claimed_by`, `claimed_at`) marks the
 * rows a server is sending; one left by a server that died is taken again once it is old.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('webhooks')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('events', 'text', (c) => c.notNull())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('webhook_id', 'integer', (c) => c.notNull().references('webhooks.id').onDelete('cascade'))
    .addColumn('message_id', 'text', (c) => c.notNull().unique())
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('outbox_id', 'integer')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('queued').check(sql`status in ('queued', 'delivered', 'failed')`))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('claimed_by', 'text')
    .addColumn('claimed_at', 'text')
    .addColumn('response_status', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema.createIndex('webhook_deliveries_due').on('webhook_deliveries').columns(['status', 'next_attempt_at']).execute();
  await db.schema.createIndex('webhook_deliveries_log').on('webhook_deliveries').columns(['webhook_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('webhook_deliveries').execute();
  await db.schema.dropTable('webhooks').execute();
}
