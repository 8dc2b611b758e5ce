import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../db.ts';
import type { PostType } from '../schema.ts';
import { useTempDb } from '../testing.ts';
import { insertCity } from './cities.ts';
import { createBlock, listBlocks } from './content-blocks.ts';
import { addContentItem, listContentItems } from './content-items.ts';
import { EMPTY_SEO } from '@forkcast/shared/seo';
import {
  countCitiesCovered,
  countPosts,
  deletePost,
  getGuideForCity,
  getPostById,
  getPostBySlug,
  insertPost,
  listPosts,
  nextPublishAt,
  updatePost,
  type NewPost,
} from './posts.ts';

const T0 = '2025-01-01T00:00:00.000Z';

function makePost(slug: string, overrides: Partial<NewPost> = {}): NewPost {
  return {
    slug,
    title: `Title of ${slug}`,
    type: 'post',
    cityId: null,
    publishedAt: null,
    createdAt: T0,
    updatedAt: T0,
    ...overrides,
  };
}

async function makeCity(db: Db, slug: string): Promise<number> {
  return insertCity(db, { slug, name: slug, createdAt: T0, updatedAt: T0 });
}

const slugs = (posts: { slug: string }[]) => posts.map((post) => post.slug);

describe('posts repository', () => {
  let db: Db;
  useTempDb((fresh) => {
    db = fresh;
  });

  describe('insertPost and getPostById', () => {
    it('returns the new id and reads back defaults: empty texts, no tags, unpublished', async () => {
      const id = await insertPost(db, makePost('plain'));
      expect(id).toBeGreaterThan(0);
      expect(await getPostById(db, id)).toEqual({
        id,
        slug: 'plain',
        title: 'Title of plain',
        excerpt: '',
        content: '',
        heroImage: null,
        heroAlt: '',
        type: 'post',
        cityId: null,
        tags: [],
        published: false,
        publishedAt: null,
        publishAt: null,
        reviewAt: null,
        status: 'draft',
        authorIds: [],
        createdAt: T0,
        updatedAt: T0,
        ...EMPTY_SEO,
      });
    });

    it('round-trips tags through JSON, keeping order, quotes and non-ASCII text', async () => {
      const tags = ['ramen', 'say "cheese"', 'café', 'osaka'];
      const id = await insertPost(db, makePost('tagged', { tags }));
      const post = await getPostById(db, id);
      expect(post?.tags).toEqual(tags);
      const raw = await db.selectFrom('posts').select('tags').where('id', '=', id).executeTakeFirstOrThrow();
      expect(JSON.parse(raw.tags)).toEqual(tags);
    });

    it('stores published as 0/1 and reads it back as a boolean', async () => {
      const yes = await insertPost(db, makePost('yes', { published: true, publishedAt: T0 }));
      const no = await insertPost(db, makePost('no', { published: false }));
      expect((await getPostById(db, yes))?.published).toBe(true);
      expect((await getPostById(db, no))?.published).toBe(false);
      const raw = await db.selectFrom('posts').select(['slug', 'published']).orderBy('slug').execute();
      expect(raw).toEqual([
        { slug: 'no', published: 0 },
        { slug: 'yes', published: 1 },
      ]);
    });

    it('keeps every given field', async () => {
      const cityId = await makeCity(db, 'kyoto');
      const id = await insertPost(
        db,
        makePost('full', {
          title: 'Full',
          excerpt: 'Short.',
          content: 'Para one.\n\nPara two.',
          heroImage: '/images/posts/full.jpg',
          heroAlt: 'A bowl',
          type: 'guide',
          cityId,
          publishedAt: '2025-02-01T00:00:00.000Z',
          createdAt: '2025-01-30T00:00:00.000Z',
          updatedAt: '2025-01-31T00:00:00.000Z',
        }),
      );
      expect(await getPostById(db, id)).toMatchObject({
        title: 'Full',
        excerpt: 'Short.',
        content: 'Para one.\n\nPara two.',
        heroImage: '/images/posts/full.jpg',
        heroAlt: 'A bowl',
        type: 'guide',
        cityId,
        publishedAt: '2025-02-01T00:00:00.000Z',
        createdAt: '2025-01-30T00:00:00.000Z',
        updatedAt: '2025-01-31T00:00:00.000Z',
      });
    });

    it('returns undefined for an unknown id', async () => {
      expect(await getPostById(db, 999)).toBeUndefined();
    });

    it('rejects a duplicate slug', async () => {
      await insertPost(db, makePost('same'));
      await expect(insertPost(db, makePost('same', { title: 'Other' }))).rejects.toThrow(/UNIQUE/);
      expect(await countPosts(db)).toBe(1);
    });

    it('rejects a type other than post or guide (CHECK constraint)', async () => {
      await expect(insertPost(db, makePost('bad', { type: 'page' as unknown as PostType }))).rejects.toThrow(/CHECK/);
      expect(await countPosts(db)).toBe(0);
    });

    it('rejects a city id that does not exist (foreign key)', async () => {
      await expect(insertPost(db, makePost('orphan', { cityId: 12345 }))).rejects.toThrow(/FOREIGN KEY/);
    });

    it('rejects tags that are not valid JSON at the database level', async () => {
      await expect(
        sql`insert into posts (slug, title, type, tags, created_at, updated_at) values ('x', 'X', 'post', 'not json', ${T0}, ${T0})`.execute(
          db,
        ),
      ).rejects.toThrow(/CHECK/);
    });
  });

  describe('getPostBySlug', () => {
    it('finds a post by slug and returns undefined for an unknown one', async () => {
      const id = await insertPost(db, makePost('found', { tags: ['a'] }));
      const post = await getPostBySlug(db, 'found');
      expect(post?.id).toBe(id);
      expect(post?.tags).toEqual(['a']);
      expect(await getPostBySlug(db, 'missing')).toBeUndefined();
    });

    it('hides a draft when publishedOnly is set', async () => {
      await insertPost(db, makePost('draft'));
      await insertPost(db, makePost('live', { published: true, publishedAt: T0 }));
      expect(await getPostBySlug(db, 'draft')).toBeDefined();
      expect(await getPostBySlug(db, 'draft', { publishedOnly: true })).toBeUndefined();
      expect((await getPostBySlug(db, 'live', { publishedOnly: true }))?.slug).toBe('live');
    });
  });

  describe('listPosts ordering', () => {
    it('lists newest first by publishedAt, falling back to createdAt for unpublished posts', async () => {
      await insertPost(db, makePost('published-march', { publishedAt: '2025-03-01T00:00:00.000Z', createdAt: '2024-01-01T00:00:00.000Z' }));
      await insertPost(db, makePost('draft-created-april', { createdAt: '2025-04-01T00:00:00.000Z' }));
      await insertPost(db, makePost('published-may', { publishedAt: '2025-05-01T00:00:00.000Z', createdAt: '2025-01-01T00:00:00.000Z' }));
      await insertPost(db, makePost('draft-created-february', { createdAt: '2025-02-01T00:00:00.000Z' }));
      // Created late but published early: publishedAt wins over createdAt.
      await insertPost(
        db,
        makePost('published-january', { publishedAt: '2025-01-15T00:00:00.000Z', createdAt: '2025-06-01T00:00:00.000Z' }),
      );

      expect(slugs(await listPosts(db))).toEqual([
        'published-may',
        'draft-created-april',
        'published-march',
        'draft-created-february',
        'published-january',
      ]);
    });

    it('breaks ties on the reader date by id, newest id first', async () => {
      const same = '2025-03-01T00:00:00.000Z';
      await insertPost(db, makePost('first', { publishedAt: same }));
      await insertPost(db, makePost('second', { createdAt: same }));
      await insertPost(db, makePost('third', { publishedAt: same }));
      expect(slugs(await listPosts(db))).toEqual(['third', 'second', 'first']);
    });

    it('returns an empty list for an empty table', async () => {
      expect(await listPosts(db)).toEqual([]);
      expect(await countPosts(db)).toBe(0);
    });
  });

  describe('listPosts and countPosts filters', () => {
    let kyoto: number;
    let osaka: number;
    beforeEach(async () => {
      kyoto = await makeCity(db, 'kyoto');
      osaka = await makeCity(db, 'osaka');
      const day = (n: number) => `2025-01-${String(n).padStart(2, '0')}T00:00:00.000Z`;
      await insertPost(db, makePost('kyoto-guide', { type: 'guide', cityId: kyoto, published: true, publishedAt: day(1) }));
      await insertPost(db, makePost('kyoto-post', { cityId: kyoto, published: true, publishedAt: day(2) }));
      await insertPost(db, makePost('kyoto-draft', { cityId: kyoto, createdAt: day(3) }));
      await insertPost(db, makePost('osaka-guide-draft', { type: 'guide', cityId: osaka, createdAt: day(4) }));
      await insertPost(db, makePost('osaka-post', { cityId: osaka, published: true, publishedAt: day(5) }));
      await insertPost(db, makePost('cityless-post', { published: true, publishedAt: day(6) }));
    });

    it('lists everything without a filter', async () => {
      expect(slugs(await listPosts(db))).toEqual([
        'cityless-post',
        'osaka-post',
        'osaka-guide-draft',
        'kyoto-draft',
        'kyoto-post',
        'kyoto-guide',
      ]);
      expect(await countPosts(db)).toBe(6);
    });

    it('publishedOnly leaves out drafts', async () => {
      expect(slugs(await listPosts(db, { publishedOnly: true }))).toEqual(['cityless-post', 'osaka-post', 'kyoto-post', 'kyoto-guide']);
      expect(await countPosts(db, { publishedOnly: true })).toBe(4);
      // publishedOnly: false is the same as not filtering.
      expect(await countPosts(db, { publishedOnly: false })).toBe(6);
    });

    it('filters by type', async () => {
      expect(slugs(await listPosts(db, { type: 'guide' }))).toEqual(['osaka-guide-draft', 'kyoto-guide']);
      expect(slugs(await listPosts(db, { type: 'post' }))).toEqual(['cityless-post', 'osaka-post', 'kyoto-draft', 'kyoto-post']);
      expect(await countPosts(db, { type: 'guide' })).toBe(2);
      expect(await countPosts(db, { type: 'post' })).toBe(4);
    });

    it('filters by city', async () => {
      expect(slugs(await listPosts(db, { cityId: kyoto }))).toEqual(['kyoto-draft', 'kyoto-post', 'kyoto-guide']);
      expect(await countPosts(db, { cityId: osaka })).toBe(2);
      expect(await listPosts(db, { cityId: 9999 })).toEqual([]);
    });

    it('combines filters', async () => {
      expect(slugs(await listPosts(db, { cityId: kyoto, type: 'post', publishedOnly: true }))).toEqual(['kyoto-post']);
      expect(await countPosts(db, { cityId: osaka, type: 'guide', publishedOnly: true })).toBe(0);
    });

    it('pages with limit and offset over the ordered list', async () => {
      expect(slugs(await listPosts(db, { limit: 2 }))).toEqual(['cityless-post', 'osaka-post']);
      expect(slugs(await listPosts(db, { limit: 2, offset: 2 }))).toEqual(['osaka-guide-draft', 'kyoto-draft']);
      expect(slugs(await listPosts(db, { limit: 2, offset: 4 }))).toEqual(['kyoto-post', 'kyoto-guide']);
      expect(await listPosts(db, { limit: 2, offset: 6 })).toEqual([]);
      expect(slugs(await listPosts(db, { publishedOnly: true, limit: 3, offset: 1 }))).toEqual(['osaka-post', 'kyoto-post', 'kyoto-guide']);
    });

    it('applies limit 0 as "no rows"', async () => {
      expect(await listPosts(db, { limit: 0 })).toEqual([]);
    });

    it('accepts an offset without a limit', async () => {
      expect(slugs(await listPosts(db, { offset: 4 }))).toEqual(['kyoto-post', 'kyoto-guide']);
    });
  });

  describe('getGuideForCity', () => {
    it('returns the newest guide of the city, ignoring its posts and other cities', async () => {
      const kyoto = await makeCity(db, 'kyoto');
      const osaka = await makeCity(db, 'osaka');
      await insertPost(
        db,
        makePost('old-guide', { type: 'guide', cityId: kyoto, published: true, publishedAt: '2024-01-01T00:00:00.000Z' }),
      );
      await insertPost(
        db,
        makePost('new-guide', { type: 'guide', cityId: kyoto, published: true, publishedAt: '2025-01-01T00:00:00.000Z' }),
      );
      await insertPost(db, makePost('newer-post', { cityId: kyoto, published: true, publishedAt: '2026-01-01T00:00:00.000Z' }));
      await insertPost(
        db,
        makePost('osaka-guide', { type: 'guide', cityId: osaka, published: true, publishedAt: '2027-01-01T00:00:00.000Z' }),
      );
      expect((await getGuideForCity(db, kyoto))?.slug).toBe('new-guide');
      expect((await getGuideForCity(db, osaka))?.slug).toBe('osaka-guide');
    });

    it('skips a draft guide when publishedOnly is set', async () => {
      const kyoto = await makeCity(db, 'kyoto');
      await insertPost(
        db,
        makePost('live-guide', { type: 'guide', cityId: kyoto, published: true, publishedAt: '2024-01-01T00:00:00.000Z' }),
      );
      await insertPost(db, makePost('draft-guide', { type: 'guide', cityId: kyoto, createdAt: '2025-01-01T00:00:00.000Z' }));
      expect((await getGuideForCity(db, kyoto))?.slug).toBe('draft-guide');
      expect((await getGuideForCity(db, kyoto, { publishedOnly: true }))?.slug).toBe('live-guide');
    });

    it('returns undefined for a city without a guide', async () => {
      const kyoto = await makeCity(db, 'kyoto');
      await insertPost(db, makePost('just-a-post', { cityId: kyoto }));
      expect(await getGuideForCity(db, kyoto)).toBeUndefined();
    });
  });

  describe('updatePost', () => {
    it('changes only the given fields', async () => {
      const id = await insertPost(db, makePost('edit-me', { excerpt: 'Old excerpt', tags: ['a'], published: true, publishedAt: T0 }));
      await updatePost(db, id, { title: 'New title', updatedAt: '2025-02-02T00:00:00.000Z' });
      expect(await getPostById(db, id)).toMatchObject({
        slug: 'edit-me',
        title: 'New title',
        excerpt: 'Old excerpt',
        tags: ['a'],
        published: true,
        publishedAt: T0,
        createdAt: T0,
        updatedAt: '2025-02-02T00:00:00.000Z',
      });
    });

    it('serialises tags and converts published', async () => {
      const id = await insertPost(db, makePost('toggle', { tags: ['old'] }));
      await updatePost(db, id, { tags: ['x', 'y'], published: true, publishedAt: '2025-03-03T00:00:00.000Z', updatedAt: T0 });
      expect(await getPostById(db, id)).toMatchObject({ tags: ['x', 'y'], published: true, publishedAt: '2025-03-03T00:00:00.000Z' });

      await updatePost(db, id, { tags: [], published: false, publishedAt: null, updatedAt: T0 });
      expect(await getPostById(db, id)).toMatchObject({ tags: [], published: false, publishedAt: null });
    });

    it('can move a post to another city or to none', async () => {
      const kyoto = await makeCity(db, 'kyoto');
      const id = await insertPost(db, makePost('mover'));
      await updatePost(db, id, { cityId: kyoto, updatedAt: T0 });
      expect((await getPostById(db, id))?.cityId).toBe(kyoto);
      await updatePost(db, id, { cityId: null, updatedAt: T0 });
      expect((await getPostById(db, id))?.cityId).toBeNull();
    });

    it('leaves other posts alone', async () => {
      const a = await insertPost(db, makePost('a'));
      const b = await insertPost(db, makePost('b'));
      await updatePost(db, a, { title: 'Changed', updatedAt: T0 });
      expect((await getPostById(db, b))?.title).toBe('Title of b');
    });

    it('still enforces the type CHECK constraint', async () => {
      const id = await insertPost(db, makePost('typed'));
      await expect(updatePost(db, id, { type: 'news' as unknown as PostType, updatedAt: T0 })).rejects.toThrow(/CHECK/);
      expect((await getPostById(db, id))?.type).toBe('post');
    });
  });

  describe('deletePost', () => {
    it('deletes the post and cascades to its blocks and content items only', async () => {
      const doomed = await insertPost(db, makePost('doomed'));
      const kept = await insertPost(db, makePost('kept'));
      for (const postId of [doomed, kept]) {
        await createBlock(db, { postId, content: 'Block', position: 0, isOriginal: true, now: T0 });
        await addContentItem(db, { postId, type: 'text', content: 'Item', position: 1, now: T0 });
      }

      await deletePost(db, doomed);

      expect(await getPostById(db, doomed)).toBeUndefined();
      expect(await listBlocks(db, doomed)).toEqual([]);
      expect(await listContentItems(db, doomed)).toEqual([]);
      expect(await listBlocks(db, kept)).toHaveLength(1);
      expect(await listContentItems(db, kept)).toHaveLength(1);
      const totals = await Promise.all([
        db
          .selectFrom('contentBlocks')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('postContentItems')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      expect(totals.map((t) => Number(t.n))).toEqual([1, 1]);
    });

    it('is a no-op for an unknown id', async () => {
      await insertPost(db, makePost('stays'));
      await deletePost(db, 999);
      expect(await countPosts(db)).toBe(1);
    });
  });

  describe('countCitiesCovered', () => {
    it('counts the distinct cities of the matching posts, ignoring posts without a city', async () => {
      const a = await makeCity(db, 'a');
      const b = await makeCity(db, 'b');
      await insertPost(db, makePost('a1', { cityId: a, published: true, publishedAt: T0 }));
      await insertPost(db, makePost('a2', { cityId: a, published: true, publishedAt: T0 }));
      await insertPost(db, makePost('b-draft', { cityId: b }));
      await insertPost(db, makePost('none', { published: true, publishedAt: T0 }));
      expect(await countCitiesCovered(db)).toBe(2);
      expect(await countCitiesCovered(db, { publishedOnly: true })).toBe(1);
      expect(await countCitiesCovered(db, { type: 'guide' })).toBe(0);
    });
  });

  it('tells the earliest time a scheduled post waits for, from drafts only', async () => {
    expect(await nextPublishAt(db)).toBeUndefined();
    await insertPost(db, makePost('live', { published: true, publishedAt: T0, publishAt: '2025-01-02T00:00:00.000Z' }));
    await insertPost(db, makePost('later', { publishAt: '2025-03-01T00:00:00.000Z' }));
    const sooner = await insertPost(db, makePost('sooner', { publishAt: '2025-02-01T00:00:00.000Z' }));
    await insertPost(db, makePost('unscheduled'));
    expect(await nextPublishAt(db)).toBe('2025-02-01T00:00:00.000Z');
    await updatePost(db, sooner, { published: true, publishedAt: '2025-02-01T00:00:00.000Z', updatedAt: T0 });
    expect(await nextPublishAt(db)).toBe('2025-03-01T00:00:00.000Z');
  });
});
