import { sql } from 'kysely';
import { Migrator, NO_MIGRATIONS } from 'kysely/migration';
import { afterEach, describe, expect, it } from 'vitest';
import { appliedMigrations, createDb, DatabaseTooNewError, immediateTransaction, migrateToLatest, snapshotDb } from './db.ts';
import { migrationProvider, migrations } from './migrations/index.ts';
import { createTempDb, type TempDb } from './testing.ts';

const TABLES = [
  'bucket_queue',
  'changes',
  'cities',
  'contact_messages',
  'content_blocks',
  'derived_tables',
  'failed_routes',
  'insight_daily',
  'insight_daily_paths',
  'insight_daily_visitors',
  'insight_hits',
  'insight_hourly',
  'insight_searches',
  'invitations',
  'media',
  'newsletter_deliveries',
  'newsletter_sends',
  'newsletter_subscribers',
  'outbox',
  'ownership',
  'page_queries',
  'page_tags',
  'pages',
  'password_resets',
  'post_authors',
  'post_comments',
  'post_content_items',
  'post_link_changes',
  'post_tags',
  'posts',
  'publish_log',
  'queries',
  'query_listens',
  'redirects',
  'restaurants',
  'revisions',
  // Site search: its rows, the FTS5 index and the tables FTS5 keeps for it, its word list, its state.
  'search_documents',
  'search_facets',
  'search_index',
  'search_index_config',
  'search_index_data',
  'search_index_docsize',
  'search_index_idx',
  'search_state',
  'search_terms',
  'server_lease',
  'sessions',
  'settings',
  'site_generations',
  'site_pages',
  'tag_counts',
  'trash',
  'users',
  'webhook_deliveries',
  'webhooks',
];

async function tableNames(handle: TempDb): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like 'kysely_%' order by name
  `.execute(handle.db);
  return rows.map((row) => row.name);
}

describe('createDb and migrations', () => {
  let handle: TempDb;
  afterEach(() => handle.cleanup());

  it('migrates an empty file up to every table', async () => {
    handle = await createTempDb({ migrate: false });
    expect(await tableNames(handle)).toEqual([]);
    const result = await migrateToLatest(handle.db);
    expect(result.results?.map((r) => [r.migrationName, r.status])).toEqual(Object.keys(migrations).map((name) => [name, 'Success']));
    expect(await tableNames(handle)).toEqual(TABLES);
  });

  it('is idempotent: migrating again changes nothing', async () => {
    handle = await createTempDb();
    const again = await migrateToLatest(handle.db);
    expect(again.results).toEqual([]);
    expect(await tableNames(handle)).toEqual(TABLES);
  });

  it('opens with WAL, foreign keys and a busy timeout', async () => {
    handle = await createTempDb();
    const pragma = async (name: string) => Object.values((await sql.raw(`pragma ${name}`).execute(handle.db)).rows[0] as object)[0];
    expect(await pragma('journal_mode')).toBe('wal');
    expect(await pragma('foreign_keys')).toBe(1);
    expect(await pragma('busy_timeout')).toBe(5000);
  });

  it('migrates down to empty and up again', async () => {
    handle = await createTempDb();
    const migrator = new Migrator({ db: handle.db, provider: migrationProvider });
    const down = await migrator.migrateTo(NO_MIGRATIONS);
    expect(down.error).toBeUndefined();
    expect(await tableNames(handle)).toEqual([]);
    await migrateToLatest(handle.db);
    expect(await tableNames(handle)).toEqual(TABLES);
  });

  it('refuses, changing nothing, a database a newer release migrated', async () => {
    handle = await createTempDb();
    await sql`insert into kysely_migration (name, timestamp) values ('9999-from-a-newer-release', ${new Date().toISOString()})`.execute(
      handle.db,
    );
    const before = await appliedMigrations(handle.db);
    expect(before).toEqual([...Object.keys(migrations), '9999-from-a-newer-release']);
    const attempt = migrateToLatest(handle.db);
    await expect(attempt).rejects.toBeInstanceOf(DatabaseTooNewError);
    await expect(attempt).rejects.toThrow(
      'the database was upgraded by a newer release of Forkcast (migration 9999-from-a-newer-release), which this release does not know',
    );
    expect(await appliedMigrations(handle.db)).toEqual(before);
  });

  it('lists no migrations for a database never migrated', async () => {
    handle = await createTempDb({ migrate: false });
    expect(await appliedMigrations(handle.db)).toEqual([]);
  });

  it('snapshots the whole database into a new file', async () => {
    handle = await createTempDb();
    await handle.db.insertInto('settings').values({ key: 'k', value: 'v', updatedAt: 't' }).execute();
    const copyPath = `${handle.path}.copy`;
    await snapshotDb(handle.db, copyPath);
    const copy = createDb(copyPath);
    expect(await copy.selectFrom('settings').selectAll().execute()).toEqual([{ key: 'k', value: 'v', updatedAt: 't' }]);
    await copy.destroy();
  });

  it('runs an immediate transaction under the write lock from its start, so another cannot read the state it decides on', async () => {
    handle = await createTempDb();
    const other = createDb(handle.path);
    await sql`pragma busy_timeout = 0`.execute(other);
    const read = (db: typeof other) => db.selectFrom('settings').select('value').where('key', '=', 'owner').executeTakeFirst();
    try {
      const { promise: gate, resolve: open } = Promise.withResolvers<void>();
      const first = immediateTransaction(handle.db, async (trx) => {
        if (!(await read(trx))) {
          await gate;
          await trx.insertInto('settings').values({ key: 'owner', value: 'first', updatedAt: 't' }).execute();
        }
      });
      // While the first holds its transaction, the second cannot even begin (it would read 'no owner').
      const second = await immediateTransaction(other, read).catch((error: unknown) => error);
      expect((second as { code?: string }).code).toBe('SQLITE_BUSY');
      open();
      await first;
      expect(await immediateTransaction(other, read)).toEqual({ value: 'first' });
    } finally {
      await other.destroy();
    }
  });
});
