import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../db.ts';
import { createTempDb, type TempDb } from '../testing.ts';
import { migrationProvider } from './index.ts';

const AT = '2025-01-01T00:00:00.000Z';

describe('migration 0032: editor redirects', () => {
  let handle: TempDb;
  afterEach(() => handle.cleanup());

  it('keeps every redirect as an automatic 301 with an id, and goes back keeping the automatic ones', async () => {
    handle = await createTempDb({ migrate: false });
    const migrator = new Migrator({ db: handle.db, provider: migrationProvider, allowUnorderedMigrations: true });
    expect((await migrator.migrateTo('0028-webhooks')).error).toBeUndefined();
    await sql`insert into redirects (from_path, to_path, created_at) values ('/post/b', '/kyoto/b', ${AT}), ('/post/a', '/kyoto/a', ${AT})`.execute(
      handle.db,
    );
    await migrateToLatest(handle.db);
    expect(await handle.db.selectFrom('redirects').selectAll().orderBy('id').execute()).toEqual([
      { id: 1, fromPath: '/post/a', toPath: '/kyoto/a', status: 301, source: 'automatic', createdAt: AT },
      { id: 2, fromPath: '/post/b', toPath: '/kyoto/b', status: 301, source: 'automatic', createdAt: AT },
    ]);
    await expect(
      sql`insert into redirects (from_path, to_path, status, created_at) values ('/x', '/y', 307, ${AT})`.execute(handle.db),
    ).rejects.toThrow(/CHECK constraint failed/);
    await sql`insert into redirects (from_path, to_path, status, source, created_at) values ('/x', '/y', 302, 'editor', ${AT})`.execute(
      handle.db,
    );

    expect((await migrator.migrateTo('0028-webhooks')).error).toBeUndefined();
    expect((await sql<object>`select * from redirects order by from_path`.execute(handle.db)).rows).toEqual([
      { fromPath: '/post/a', toPath: '/kyoto/a', createdAt: AT },
      { fromPath: '/post/b', toPath: '/kyoto/b', createdAt: AT },
    ]);
  });
});
