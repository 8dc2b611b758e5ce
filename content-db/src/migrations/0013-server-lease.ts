import { sql, type Kysely } from 'kysely';

/**
 * One writer per database. `server_lease` holds at most one row: the process that publishes,
 * schedules and sends from this file, who it is (host, pid, address) and until when its heartbeat
 * vouches for it. Its shape is read before later migrations run, so it is only ever extended.
 * A delivery is claimed by the lease holder's token before its message goes out, so no two
 * workers send the same row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('server_lease')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    // Random per holder (each start draws a new one): what every renewal and claim is checked against.
    .addColumn('token', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('server', 'restore')`))
    .addColumn('host', 'text', (c) => c.notNull())
    .addColumn('pid', 'integer', (c) => c.notNull())
    // Tells on the same host whether that pid is still the holder (its boot, pid namespace and start time); '' when unknown.
    .addColumn('process_key', 'text', (c) => c.notNull())
    // The file the lease was taken in (device and inode): a copy of the database carries a lease that is not about it.
    .addColumn('database_file', 'text', (c) => c.notNull())
    .addColumn('url', 'text')
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('heartbeat_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.alterTable('newsletter_deliveries').addColumn('claimed_by', 'text').execute();
  await db.schema.alterTable('newsletter_deliveries').addColumn('claimed_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('newsletter_deliveries').dropColumn('claimed_at').execute();
  await db.schema.alterTable('newsletter_deliveries').dropColumn('claimed_by').execute();
  await db.schema.dropTable('server_lease').execute();
}
