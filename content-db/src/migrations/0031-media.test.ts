import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../db.ts';
import { createTempDb, type TempDb } from '../testing.ts';
import { migrationProvider } from './index.ts';

const AT = '2025-01-01T00:00:00.000Z';
const HERO = '/uploads/0123456789abcdef01234567.jpg';
const INLINE = '/uploads/fedcba9876543210fedcba98.jpg';
const HOME = '/uploads/aaaaaaaaaaaaaaaaaaaaaaaa.jpg';

describe('migration 0031: the media library', () => {
  let handle: TempDb;
  afterEach(() => handle.cleanup());

  it('adds an item for every upload the content uses, once, with the alt text it was used with', async () => {
    handle = await createTempDb({ migrate: false });
    const migrator = new Migrator({ db: handle.db, provider: migrationProvider });
    expect((await migrator.migrateTo('0028-webhooks')).error).toBeUndefined();
    await sql`insert into posts (slug, title, type, hero_image, hero_alt, content, created_at, updated_at)
      values ('noodles', 'Noodles', 'post', ${HERO}, 'Steam over a bowl', ${`Inside: ![x](${INLINE}) and again ${HERO}`}, ${AT}, ${AT}),
             ('preset', 'Preset', 'post', '/images/presets/london-bridge.jpg', 'A bridge', '', ${AT}, ${AT})`.execute(handle.db);
    await sql`insert into settings (key, value, updated_at) values ('homepage_hero_image', ${HOME}, ${AT})`.execute(handle.db);

    await migrateToLatest(handle.db);
    const rows = await handle.db.selectFrom('media').select(['path', 'alt', 'bytes', 'focalX', 'focalY']).orderBy('path').execute();
    expect(rows).toEqual([
      { path: HERO, alt: 'Steam over a bowl', bytes: null, focalX: 0.5, focalY: 0.5 },
      { path: HOME, alt: '', bytes: null, focalX: 0.5, focalY: 0.5 },
      { path: INLINE, alt: '', bytes: null, focalX: 0.5, focalY: 0.5 },
    ]);
    await expect(sql`update media set focal_x = 1.5`.execute(handle.db)).rejects.toThrow(/CHECK constraint/);

    expect((await migrator.migrateTo('0028-webhooks')).error).toBeUndefined();
    expect((await sql<{ name: string }>`select name from sqlite_master where name = 'media'`.execute(handle.db)).rows).toEqual([]);
  });
});
