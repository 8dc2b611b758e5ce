import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../db.ts';
import { createTempDb, type TempDb } from '../testing.ts';
import { migrationProvider } from './index.ts';

const AT = '2025-01-01T00:00:00.000Z';

describe('migration 0034: pages in history and the trash, with search fields', () => {
  let handle: TempDb;
  afterEach(() => handle.cleanup());

  it('keeps every revision and trash row with its id, and takes pages in both from then on', async () => {
    handle = await createTempDb({ migrate: false });
    const { db } = handle;
    expect((await new Migrator({ db, provider: migrationProvider }).migrateTo('0032-editor-redirects')).error).toBeUndefined();
    await sql`insert into changes (id, created_at, actor, action) values (4, ${AT}, null, 'edit')`.execute(db);
    await sql`insert into revisions (id, change_id, entity, entity_id, kind, summary, title, state, created_at)
      values (9, 4, 'hero', 0, 'hero', 'Changed the image', 'Homepage hero', '{"image":null,"alt":null}', ${AT})`.execute(db);
    await sql`insert into trash (id, kind, entity_id, title, snapshot, deleted_at, deleted_by, change_id)
      values (3, 'subscriber', 8, 'a@example.com', '{}', ${AT}, null, 4)`.execute(db);
    await sql`insert into site_pages (slug, title, created_at, updated_at) values ('visiting', 'Visiting Us', ${AT}, ${AT})`.execute(db);

    await migrateToLatest(db);

    expect(await db.selectFrom('revisions').select(['id', 'entity', 'changeId']).execute()).toEqual([
      { id: 9, entity: 'hero', changeId: 4 },
    ]);
    expect(await db.selectFrom('trash').select(['id', 'kind', 'changeId']).execute()).toEqual([{ id: 3, kind: 'subscriber', changeId: 4 }]);
    expect(await db.selectFrom('sitePages').select(['metaTitle', 'canonicalUrl', 'noindex']).execute()).toEqual([
      { metaTitle: null, canonicalUrl: null, noindex: 0 },
    ]);
    await db
      .insertInto('revisions')
      .values({
        changeId: 4,
        entity: 'page',
        entityId: 1,
        kind: 'created',
        summary: 'Created',
        title: 'Visiting Us',
        state: '{}',
        createdAt: AT,
      })
      .execute();
    await db
      .insertInto('trash')
      .values({ kind: 'page', entityId: 1, title: 'Visiting Us', snapshot: '{}', deletedAt: AT, deletedBy: null, changeId: 4 })
      .execute();
    await expect(
      sql`insert into trash (kind, entity_id, title, snapshot, deleted_at) values ('tag', 1, 'x', '{}', ${AT})`.execute(db),
    ).rejects.toThrow(/CHECK/);
    // The indexes came back with the tables, the unique one too.
    await expect(
      db
        .insertInto('trash')
        .values({ kind: 'page', entityId: 1, title: 'Again', snapshot: '{}', deletedAt: AT, deletedBy: null, changeId: null })
        .execute(),
    ).rejects.toThrow(/UNIQUE/);
    // A change that goes takes its revisions with it, as before.
    await db.deleteFrom('changes').where('id', '=', 4).execute();
    expect(await db.selectFrom('revisions').select('id').execute()).toEqual([]);
  });
});
