import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../db.ts';
import { createTempDb, type TempDb } from '../testing.ts';
import { migrationProvider } from './index.ts';

const AT = '2025-01-01T00:00:00.000Z';

describe('migration 0022: authors in the search', () => {
  let handle: TempDb;
  afterEach(() => handle.cleanup());

  const matches = async (word: string) =>
    (await sql<{ id: number }>`select rowid as id from search_index where search_index match ${word}`.execute(handle.db)).rows.map(
      (row) => row.id,
    );

  it('keeps every row, its index entry and its facets, and takes author rows from then on', async () => {
    handle = await createTempDb({ migrate: false });
    const migrator = new Migrator({ db: handle.db, provider: migrationProvider });
    expect((await migrator.migrateTo('0021-search-facets')).error).toBeUndefined();
    await sql`insert into search_documents (id, kind, post_id, city_id, city_slug, city, date, url, title, excerpt, body)
      values (41, 'post', 7, null, null, '', ${AT}, '/post/tofu', 'Tofu at dawn', 'Yuba and soy milk.', 'Nanzen-ji.')`.execute(handle.db);
    await expect(
      sql`insert into search_documents (kind, city, date, url, title, excerpt, body) values ('author', '', ${AT}, '/authors/ana', 'Ana', '', '')`.execute(
        handle.db,
      ),
    ).rejects.toThrow(/CHECK constraint/);

    await migrateToLatest(handle.db);
    expect(await matches('yuba')).toEqual([41]);
    expect((await sql<{ id: number; kind: string }>`select id, kind from search_facets`.execute(handle.db)).rows).toEqual([
      { id: 41, kind: 'post' },
    ]);
    await sql`insert into search_documents (id, kind, city, date, url, title, excerpt, body) values (42, 'author', '', ${AT}, '/authors/ana', 'Ana Ruiz', 'Eats first.', '')`.execute(
      handle.db,
    );
    expect(await matches('ruiz')).toEqual([42]);
    await sql`delete from search_documents where id = 41`.execute(handle.db);
    expect(await matches('yuba')).toEqual([]);
    expect((await sql<{ id: number }>`select id from search_facets`.execute(handle.db)).rows).toEqual([{ id: 42 }]);

    // Down again: the author rows leave the table and the index with it.
    expect((await migrator.migrateTo('0021-search-facets')).error).toBeUndefined();
    expect(await matches('ruiz')).toEqual([]);
    expect((await sql<{ id: number }>`select id from search_facets`.execute(handle.db)).rows).toEqual([]);
  });
});
