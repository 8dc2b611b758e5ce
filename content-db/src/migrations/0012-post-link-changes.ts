import { sql, type Kysely } from 'kysely';

/**
 * A log of the posts whose link changed (added, removed, or a change to what a link shows or where
 * it sorts), kept by triggers, so nothing that writes a post can forget it. The list of every
 * published post's link (read by the routes, /sitemap, `_redirects` and the sitemaps at every new
 * post) is kept in memory between publishes and brought up to date from this log: a new post reads
 * one link instead of 10,000. Only the last LOG_SIZE entries are kept; a list older than that is
 * read again whole.
 */
const LOG_SIZE = 10_000;
const LINK_COLUMNS = 'slug, title, type, city_id, published, published_at, created_at';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('post_link_changes')
    .addColumn('seq', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('post_id', 'integer', (c) => c.notNull())
    .execute();
  const log = (row: 'new' | 'old') =>
    sql.raw(`insert into post_link_changes (post_id) values (${row}.id);
    delete from post_link_changes where seq <= (select max(seq) from post_link_changes) - ${LOG_SIZE};`);
  await sql`create trigger post_link_changes_insert after insert on posts begin ${log('new')} end`.execute(db);
  await sql`create trigger post_link_changes_delete after delete on posts begin ${log('old')} end`.execute(db);
  await sql`create trigger post_link_changes_update after update of ${sql.raw(LINK_COLUMNS)} on posts begin ${log('new')} end`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const trigger of ['insert', 'delete', 'update']) await sql`drop trigger ${sql.raw(`post_link_changes_${trigger}`)}`.execute(db);
  await db.schema.dropTable('post_link_changes').execute();
}
