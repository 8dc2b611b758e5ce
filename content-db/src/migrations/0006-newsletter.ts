import { sql, type Kysely } from 'kysely';

/**
 * Double opt-in: a sign-up is pending until its address confirms, and a subscriber may leave (or
 * bounce). Everyone who signed up before is kept as confirmed: they asked for the letter with the
 * form that existed then.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('newsletter_subscribers')
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('confirmed').check(sql`status in ('pending', 'confirmed', 'unsubscribed', 'bounced')`),
    )
    .execute();
  await db.schema.alterTable('newsletter_subscribers').addColumn('confirmation_sent_at', 'text').execute();
  await db.schema.alterTable('newsletter_subscribers').addColumn('confirmed_at', 'text').execute();
  await db.schema.alterTable('newsletter_subscribers').addColumn('unsubscribed_at', 'text').execute();
  await db.schema.alterTable('newsletter_subscribers').addColumn('bounced_at', 'text').execute();
  await sql`update newsletter_subscribers set confirmed_at = subscribed_at`.execute(db);
  // The purge of unconfirmed sign-ups looks for old pending rows.
  await sql`create index newsletter_subscribers_pending on newsletter_subscribers (coalesce(confirmation_sent_at, subscribed_at)) where status = 'pending'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('newsletter_subscribers_pending').execute();
  for (const column of ['bounced_at', 'unsubscribed_at', 'confirmed_at', 'confirmation_sent_at', 'status']) {
    await db.schema.alterTable('newsletter_subscribers').dropColumn(column).execute();
  }
}
