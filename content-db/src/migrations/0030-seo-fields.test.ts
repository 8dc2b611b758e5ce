import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterEach, describe, expect, it } from 'vitest';
import { EMPTY_SEO } from '@forkcast/shared/seo';
import { migrateToLatest } from '../db.ts';
import { getPostById } from '../repositories/posts.ts';
import { loadState } from '../revisions/entities.ts';
import { createTempDb, type TempDb } from '../testing.ts';
import { migrationProvider } from './index.ts';

const AT = '2025-01-01T00:00:00.000Z';

describe('migration 0030: search and social fields', () => {
  let handle: TempDb;
  afterEach(() => handle.cleanup());

  it('gives every post the defaults, and keeps the stored states equal to the current ones', async () => {
    handle = await createTempDb({ migrate: false });
    const { db } = handle;
    const migrated = await new Migrator({ db, provider: migrationProvider }).migrateTo('0028-webhooks');
    expect(migrated.error).toBeUndefined();
    await sql`insert into posts (id, slug, title, content, type, created_at, updated_at) values (7, 'kept', 'Kept', 'Café.', 'post', ${AT}, ${AT})`.execute(
      db,
    );
    await sql`insert into changes (id, created_at, actor, action) values (1, ${AT}, null, 'edit')`.execute(db);
    // The state as the code before stored it: the row as it was (camel-cased), no body, no authors.
    const row = (await sql<Record<string, unknown>>`select * from posts where id = 7`.execute(db)).rows[0]!;
    const camel = Object.fromEntries(
      Object.entries(row).map(([key, value]) => [key.replace(/_(\w)/g, (_m, c: string) => c.toUpperCase()), value]),
    );
    const state = JSON.stringify({ post: camel, blocks: [], items: [], authorIds: [] });
    await sql`insert into revisions (change_id, entity, entity_id, kind, summary, title, state, created_at)
      values (1, 'post', 7, 'created', 'Created', 'Kept', ${state}, ${AT})`.execute(db);
    await sql`insert into trash (kind, entity_id, title, snapshot, deleted_at, deleted_by, change_id)
      values ('post', 8, 'Gone', ${state}, ${AT}, null, 1)`.execute(db);

    await migrateToLatest(db);

    expect(await getPostById(db, 7)).toMatchObject(EMPTY_SEO);
    const stored = await db.selectFrom('revisions').select('state').where('entityId', '=', 7).executeTakeFirstOrThrow();
    expect(stored.state).toBe(JSON.stringify(await loadState(db, { entity: 'post', id: 7 })));
    const trashed = await db.selectFrom('trash').select('snapshot').where('entityId', '=', 8).executeTakeFirstOrThrow();
    expect(JSON.parse(trashed.snapshot)).toMatchObject({ post: { title: 'Kept', metaTitle: null, canonicalUrl: null, noindex: 0 } });
  });
});
