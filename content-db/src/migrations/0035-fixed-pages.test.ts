import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../db.ts';
import { loadSeedContent } from '../seed/index.ts';
import { createTempDb, type TempDb } from '../testing.ts';
import { migrationProvider } from './index.ts';

const AT = '2025-01-01T00:00:00.000Z';

async function migratedFrom0034(before: (handle: TempDb) => Promise<void>): Promise<TempDb> {
  const handle = await createTempDb({ migrate: false });
  const migrator = new Migrator({ db: handle.db, provider: migrationProvider, allowUnorderedMigrations: true });
  expect((await migrator.migrateTo('0034-page-history-seo')).error).toBeUndefined();
  await before(handle);
  await migrateToLatest(handle.db);
  return handle;
}

describe('migration 0035: About, Terms and Privacy become pages', () => {
  let handle: TempDb;
  afterEach(() => handle.cleanup());

  it('gives a site in use the three pages exactly as the seed gives a new one, and leaves its own pages standard', async () => {
    handle = await migratedFrom0034(async ({ db }) => {
      await sql`insert into settings (key, value, updated_at) values ('seeded_at', ${AT}, ${AT})`.execute(db);
      await sql`insert into site_pages (slug, title, content, status, created_at, updated_at) values ('visiting', 'Visiting', 'Hi.', 'draft', ${AT}, ${AT})`.execute(
        db,
      );
    });
    const rows = await handle.db
      .selectFrom('sitePages')
      .select(['slug', 'title', 'layout', 'kicker', 'metaDescription', 'content', 'status', 'inFooter'])
      .orderBy('id')
      .execute();
    expect(rows[0]).toEqual({
      slug: 'visiting',
      title: 'Visiting',
      layout: 'standard',
      kicker: '',
      metaDescription: null,
      content: 'Hi.',
      status: 'draft',
      inFooter: 0,
    });
    const seeded = loadSeedContent().pages ?? [];
    expect(rows.slice(1)).toEqual(
      ['about', 'terms', 'privacy'].map((slug) => ({ ...seeded.find((page) => page.slug === slug), status: 'published', inFooter: 0 })),
    );
    await expect(sql`update site_pages set layout = 'fancy' where slug = 'about'`.execute(handle.db)).rejects.toThrow(
      /CHECK constraint failed/,
    );
  });

  it('adds nothing to an empty database (a new site gets the pages from its seed)', async () => {
    handle = await migratedFrom0034(async () => {});
    expect(await handle.db.selectFrom('sitePages').selectAll().execute()).toEqual([]);
  });

  it('goes back without the pages and their columns', async () => {
    handle = await migratedFrom0034(async ({ db }) => {
      await sql`insert into settings (key, value, updated_at) values ('seeded_at', ${AT}, ${AT})`.execute(db);
    });
    const migrator = new Migrator({ db: handle.db, provider: migrationProvider, allowUnorderedMigrations: true });
    expect((await migrator.migrateTo('0034-page-history-seo')).error).toBeUndefined();
    expect((await sql<object>`select * from site_pages`.execute(handle.db)).rows).toEqual([]);
  });
});
