import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../db.ts';
import { createTempDb, type TempDb } from '../testing.ts';
import { migrationProvider } from './index.ts';

const AT = '2025-01-01T00:00:00.000Z';

describe('migration 0038: kinds and cities as words of the search index', () => {
  let handle: TempDb;
  afterEach(() => handle.cleanup());

  const matches = async (expression: string) =>
    (
      await sql<{ id: number }>`select rowid as id from search_index where search_index match ${expression} order by rowid`.execute(
        handle.db,
      )
    ).rows.map((row) => row.id);
  const insert = (id: number, kind: string, cityId: number | null, title: string) =>
    sql`insert into search_documents (id, kind, post_id, city_id, city_slug, city, date, url, title, excerpt, body)
      values (${id}, ${kind}, null, ${cityId}, null, '', ${AT}, ${`/x/${id}`}, ${title}, '', '')`.execute(handle.db);

  it('indexes the rows already there with their kind and city, follows every change, and goes back down', async () => {
    handle = await createTempDb({ migrate: false });
    const migrator = new Migrator({ db: handle.db, provider: migrationProvider });
    expect((await migrator.migrateTo('0032-editor-redirects')).error).toBeUndefined();
    await insert(1, 'post', 3, 'Tofu at dawn');
    await insert(2, 'guide', 3, 'Tofu guide');

    await migrateToLatest(handle.db);
    expect(await matches('tofu AND {facets} : "0kguide"')).toEqual([2]);
    expect(await matches('tofu AND {facets} : "0c3"')).toEqual([1, 2]);
    // A reader's words never meet the facet words.
    expect(await matches('{title excerpt body city} : "0kpost"')).toEqual([]);
    await insert(3, 'restaurant', 4, 'Tofu house');
    expect(await matches('tofu AND {facets} : "0c4"')).toEqual([3]);
    await sql`update search_documents set city_id = 4 where id = 1`.execute(handle.db);
    expect(await matches('tofu AND {facets} : "0c4"')).toEqual([1, 3]);
    await sql`delete from search_documents where id = 3`.execute(handle.db);
    expect(await matches('tofu AND {facets} : "0c4"')).toEqual([1]);
    await sql`insert into search_index (search_index, rank) values ('integrity-check', 1)`.execute(handle.db);
    const secure = await sql<{ v: number }>`select v from search_index_config where k = 'secure-delete'`.execute(handle.db);
    expect(secure.rows).toEqual([{ v: 1 }]);

    expect((await migrator.migrateTo('0032-editor-redirects')).error).toBeUndefined();
    expect(await matches('tofu')).toEqual([1, 2]);
    await sql`insert into search_index (search_index, rank) values ('integrity-check', 1)`.execute(handle.db);
  });
});
