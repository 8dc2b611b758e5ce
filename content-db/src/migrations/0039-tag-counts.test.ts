import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest, type Db } from '../db.ts';
import { deletePost, insertPost, updatePost } from '../repositories/posts.ts';
import { syncPostTags } from '../repositories/post-tags.ts';
import { createTempDb, type TempDb } from '../testing.ts';
import { seededRandom } from '../seeded-random.ts';
import { migrationProvider } from './index.ts';

const AT = '2025-01-01T00:00:00.000Z';
const TAGS = ['Wine', 'Coffee', 'Late Night', 'Bread', 'Street Food'];

/** Every tag's counts made from scratch, from every row of post_tags and its post. */
async function recount(db: Db): Promise<{ slug: string; posts: number; slots: number }[]> {
  const rows = await sql<{ slug: string; posts: number; slots: number }>`
    select post_tags.slug as slug, sum(posts.published <> 0) as posts, sum(not (posts.published = 0 and posts.published_at is null)) as slots
    from post_tags join posts on posts.id = post_tags.post_id
    group by post_tags.slug
    order by post_tags.slug`.execute(db);
  return rows.rows;
}

/** The counts the triggers kept: a row for each tag some post carries. */
const kept = (db: Db) => db.selectFrom('tagCounts').select(['slug', 'posts', 'slots']).orderBy('slug').execute();

describe('migration 0039: tag counts kept by triggers', () => {
  let handle: TempDb;
  afterEach(() => handle.cleanup());

  it('counts the posts already there, follows every change of posts and their tags, and goes back down', async () => {
    handle = await createTempDb({ migrate: false });
    const { db } = handle;
    const migrator = new Migrator({ db, provider: migrationProvider });
    expect((await migrator.migrateTo('0038-search-facet-terms')).error).toBeUndefined();
    const random = seededRandom(39);
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
    const someTags = () => TAGS.filter(() => random() < 0.4);
    const state = () => {
      const roll = random();
      // Published, a dated draft (scheduled or unpublished), or an undated draft.
      return roll < 0.5
        ? { published: true, publishedAt: AT }
        : roll < 0.75
          ? { published: false, publishedAt: AT }
          : { published: false, publishedAt: null };
    };
    const ids: number[] = [];
    let made = 0;
    const add = async () => {
      const slug = `post-${++made}`;
      ids.push(
        await insertPost(db, { slug, title: slug, type: 'post', cityId: null, tags: someTags(), ...state(), createdAt: AT, updatedAt: AT }),
      );
    };
    for (let i = 0; i < 20; i++) await add();

    await migrateToLatest(db);
    expect(await kept(db)).toEqual(await recount(db));
    expect((await recount(db)).length).toBeGreaterThan(2);

    for (let step = 0; step < 200; step++) {
      const roll = random();
      const id = pick(ids);
      if (roll < 0.2) await add();
      else if (roll < 0.45) await updatePost(db, id, { tags: someTags(), updatedAt: AT });
      else if (roll < 0.75) await updatePost(db, id, { ...state(), updatedAt: AT });
      else if (roll < 0.8)
        await sql`update post_tags set slug = ${pick(TAGS).toLowerCase().replace(' ', '-')} where post_id = ${id}`
          .execute(db)
          .catch(() => undefined);
      else if (roll < 0.9) {
        await deletePost(db, id);
        ids.splice(ids.indexOf(id), 1);
        if (ids.length === 0) await add();
      } else await sql`delete from post_tags where post_id = ${id}`.execute(db);
      expect(await kept(db), `after step ${step}`).toEqual(await recount(db));
    }

    // Refilled whole when the slug rules change.
    await db.deleteFrom('derivedTables').execute();
    expect(await syncPostTags(db)).toBe(true);
    expect(await kept(db)).toEqual(await recount(db));

    expect((await migrator.migrateTo('0038-search-facet-terms')).error).toBeUndefined();
    const triggers = await sql<{ name: string }>`select name from sqlite_master where type = 'trigger' and name like 'tag_counts%'`.execute(
      db,
    );
    expect(triggers.rows).toEqual([]);
    await add();
    await deletePost(db, ids[0]!);
  });
});
