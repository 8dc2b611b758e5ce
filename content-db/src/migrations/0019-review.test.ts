import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../db.ts';
import { addPostComment, listPostComments } from '../repositories/post-comments.ts';
import { deletePost, getPostById } from '../repositories/posts.ts';
import { loadState } from '../revisions/entities.ts';
import { createTempDb, type TempDb } from '../testing.ts';
import { migrationProvider } from './index.ts';

const AT = '2025-01-01T00:00:00.000Z';

describe('migration 0019: review', () => {
  let handle: TempDb;
  afterEach(() => handle.cleanup());

  /** A database as the release before left it: a post with a stored state, and a trashed post. */
  async function before0019(): Promise<TempDb> {
    handle = await createTempDb({ migrate: false });
    const migrated = await new Migrator({ db: handle.db, provider: migrationProvider }).migrateTo('0017-users-and-roles');
    expect(migrated.error).toBeUndefined();
    const db = handle.db;
    await sql`insert into users (email, password_hash, name, slug, role, created_at, updated_at)
      values ('owner@forkcast.test', 'hash', 'Owner', 'owner', 'owner', ${AT}, ${AT})`.execute(db);
    await sql`insert into posts (id, slug, title, content, type, created_at, updated_at) values (7, 'kept', 'Kept', 'Café.', 'post', ${AT}, ${AT})`.execute(
      db,
    );
    await sql`insert into post_authors (post_id, user_id, position) values (7, 1, 0)`.execute(db);
    await sql`insert into changes (id, created_at, actor, action) values (1, ${AT}, null, 'edit')`.execute(db);
    const state = JSON.stringify(await loadStateBefore(db));
    await sql`insert into revisions (change_id, entity, entity_id, kind, summary, title, state, created_at)
      values (1, 'post', 7, 'created', 'Created', 'Kept', ${state}, ${AT})`.execute(db);
    await sql`insert into trash (kind, entity_id, title, snapshot, deleted_at, deleted_by, change_id)
      values ('post', 8, 'Gone', ${state}, ${AT}, null, 1)`.execute(db);
    return handle;
  }

  // The state as 0017's code stored it: the row as it was, its (no) body, its authors.
  async function loadStateBefore(db: TempDb['db']) {
    const post = await sql<object>`select * from posts where id = 7`.execute(db);
    const row = post.rows[0] as Record<string, unknown>;
    const camel = Object.fromEntries(
      Object.entries(row).map(([key, value]) => [key.replace(/_(\w)/g, (_m, c: string) => c.toUpperCase()), value]),
    );
    return { post: camel, blocks: [], items: [], authorIds: [1] };
  }

  it('makes every existing post not in review, and keeps the stored states equal to the current ones', async () => {
    const { db } = await before0019();
    await migrateToLatest(db);
    expect(await getPostById(db, 7)).toMatchObject({ status: 'draft', reviewAt: null });
    const stored = await db.selectFrom('revisions').select('state').where('entityId', '=', 7).executeTakeFirstOrThrow();
    expect(stored.state).toBe(JSON.stringify(await loadState(db, { entity: 'post', id: 7 })));
    const trashed = await db.selectFrom('trash').select('snapshot').where('entityId', '=', 8).executeTakeFirstOrThrow();
    expect(JSON.parse(trashed.snapshot)).toMatchObject({ post: { title: 'Kept', reviewAt: null } });
  });

  it('keeps comments with their post: a deleted post takes its comments along, a deleted writer leaves them unnamed', async () => {
    const { db } = await before0019();
    await migrateToLatest(db);
    await addPostComment(db, { postId: 7, userId: 1, kind: 'changes', body: 'Shorter.', createdAt: AT });
    expect(await listPostComments(db, 7)).toMatchObject([{ userName: 'Owner', kind: 'changes', body: 'Shorter.' }]);
    await expect(
      sql`insert into post_comments (post_id, user_id, kind, body, created_at) values (7, 1, 'shout', 'x', ${AT})`.execute(db),
    ).rejects.toThrow(/CHECK/);
    await deletePost(db, 7);
    expect(await db.selectFrom('postComments').selectAll().execute()).toEqual([]);
  });
});
