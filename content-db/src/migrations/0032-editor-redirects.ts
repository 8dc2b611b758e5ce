import { sql, type Kysely } from 'kysely';

/**
 * Redirects an editor makes by hand, beside those the site keeps when a slug changes. Each gets an
 * id (the API deletes by it), a status (301 moved for good, 302 for now) and its source: `automatic`
 * for those a slug change, a deletion or an import keeps up to date, `editor` for those an editor
 * added, which only an editor removes. SQLite cannot add a check or a key to a table, so it is
 * made again with its rows, all of which were automatic 301s.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('redirects_next')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('from_path', 'text', (c) => c.notNull().unique())
    .addColumn('to_path', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(301).check(sql`status in (301, 302)`))
    .addColumn('source', 'text', (c) => c.notNull().defaultTo('automatic').check(sql`source in ('automatic', 'editor')`))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await sql`insert into redirects_next (from_path, to_path, created_at) select from_path, to_path, created_at from redirects order by from_path`.execute(
    db,
  );
  await db.schema.dropTable('redirects').execute();
  await db.schema.alterTable('redirects_next').renameTo('redirects').execute();
  await db.schema.createIndex('redirects_to_path').on('redirects').column('to_path').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('redirects_before')
    .addColumn('from_path', 'text', (c) => c.primaryKey())
    .addColumn('to_path', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await sql`insert into redirects_before (from_path, to_path, created_at) select from_path, to_path, created_at from redirects where source = 'automatic'`.execute(
    db,
  );
  await db.schema.dropTable('redirects').execute();
  await db.schema.alterTable('redirects_before').renameTo('redirects').execute();
  await db.schema.createIndex('redirects_to_path').on('redirects').column('to_path').execute();
}
