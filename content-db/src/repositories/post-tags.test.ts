import { describe, expect, it } from 'vitest';
import type { Db } from '../db.ts';
import { useTempDb } from '../testing.ts';
import { syncPostTags, tagSlugs } from './post-tags.ts';
import { listTagPages } from './tag-pages.ts';
import { deletePost, insertPost, listPosts, updatePost } from './posts.ts';

const T0 = '2025-01-01T00:00:00.000Z';

async function post(db: Db, slug: string, tags: string[], published = true, publishedAt = T0): Promise<number> {
  return insertPost(db, { slug, title: slug, type: 'post', cityId: null, tags, published, publishedAt, createdAt: T0, updatedAt: T0 });
}

const rows = (db: Db) => db.selectFrom('postTags').select(['postId', 'slug', 'name']).orderBy('postId').orderBy('slug').execute();

describe('post tags', () => {
  let db: Db;
  useTempDb((fresh) => {
    db = fresh;
  });

  it('keeps one row per slug, the first spelling on the post, and none for a tag without a slug', async () => {
    expect(tagSlugs(['Wine', 'wine', '東京', 'Late Night', 'late-night'])).toEqual([
      { slug: 'wine', name: 'Wine' },
      { slug: 'late-night', name: 'Late Night' },
    ]);
    const id = await post(db, 'a', ['Wine', 'wine', '東京']);
    expect(await rows(db)).toEqual([{ postId: id, slug: 'wine', name: 'Wine' }]);
  });

  it('follows every change of a post’s tags and goes with the post', async () => {
    const id = await post(db, 'a', ['Ramen']);
    await updatePost(db, id, { tags: ['Noodles', 'Late Night'], updatedAt: T0 });
    expect(await rows(db)).toEqual([
      { postId: id, slug: 'late-night', name: 'Late Night' },
      { postId: id, slug: 'noodles', name: 'Noodles' },
    ]);
    await updatePost(db, id, { title: 'Retitled', updatedAt: T0 });
    expect(await rows(db)).toHaveLength(2);
    await deletePost(db, id);
    expect(await rows(db)).toEqual([]);
  });

  it('lists the tag slugs of published posts only, and the published posts of one slug', async () => {
    await post(db, 'live', ['Wine']);
    await post(db, 'older', ['wine'], true, '2024-06-01T00:00:00.000Z');
    await post(db, 'draft', ['Coffee'], false);
    expect(await listTagPages(db, {})).toEqual([{ slug: 'wine', count: 2, slots: 2 }]);
    expect((await listPosts(db, { publishedOnly: true, tagSlug: 'wine' })).map((p) => p.slug)).toEqual(['live', 'older']);
    expect(await listPosts(db, { publishedOnly: true, tagSlug: 'coffee' })).toEqual([]);
  });

  it('refills the table when it was filled under other rules, once', async () => {
    const id = await post(db, 'a', ['Bread']);
    await db.deleteFrom('postTags').execute();
    await db.deleteFrom('derivedTables').execute();
    expect(await syncPostTags(db)).toBe(true);
    expect(await rows(db)).toEqual([{ postId: id, slug: 'bread', name: 'Bread' }]);
    expect(await syncPostTags(db)).toBe(false);
  });
});
