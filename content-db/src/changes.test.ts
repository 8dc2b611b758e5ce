import { describe, expect, it } from 'vitest';
import { commitChange } from './changes.ts';
import type { Db } from './db.ts';
import { insertCity, updateCity } from './repositories/cities.ts';
import { createBlock, deleteAllBlocks, deleteBlock, updateBlock } from './repositories/content-blocks.ts';
import { addContentItem, deleteAllContentItems, deleteContentItem } from './repositories/content-items.ts';
import { pendingOutbox } from './repositories/outbox.ts';
import { deletePost, insertPost, updatePost } from './repositories/posts.ts';
import { replaceRestaurants } from './repositories/restaurants.ts';
import { SETTING, setSetting } from './repositories/settings.ts';
import { useTempDb } from './testing.ts';

const T0 = '2025-01-01T00:00:00.000Z';

describe('commitChange: each repository write names the tags it changes', () => {
  let db: Db;
  let kyoto: number;
  let osaka: number;
  let post: number;
  useTempDb(async (fresh) => {
    db = fresh;
    kyoto = await insertCity(db, {
      slug: 'kyoto',
      name: 'Kyoto',
      heroImage: null,
      mapEmbedUrl: null,
      itineraryUrl: null,
      spreadsheetUrl: null,
      createdAt: T0,
      updatedAt: T0,
    });
    osaka = await insertCity(db, {
      slug: 'osaka',
      name: 'Osaka',
      heroImage: null,
      mapEmbedUrl: null,
      itineraryUrl: null,
      spreadsheetUrl: null,
      createdAt: T0,
      updatedAt: T0,
    });
    post = await insertPost(db, {
      slug: 'tofu',
      title: 'Tofu',
      type: 'post',
      cityId: kyoto,
      tags: ['Tofu'],
      published: true,
      publishedAt: T0,
      createdAt: T0,
      updatedAt: T0,
    });
  });

  /** The tags one change recorded, checked against the outbox entry it left (none when it changed nothing). */
  async function tagsOf(work: (trx: Db) => Promise<unknown>): Promise<string[]> {
    const before = (await pendingOutbox(db)).length;
    const { tags } = await commitChange(db, work);
    const added = (await pendingOutbox(db)).slice(before);
    expect(added.map((entry) => entry.tags)).toEqual(tags.length > 0 ? [tags] : []);
    return tags;
  }

  it('a new post changes itself, its card and the lists it joins: every post’s, its city’s, its tags’', async () => {
    const tags = await tagsOf((trx) =>
      insertPost(trx, {
        slug: 'ramen',
        title: 'Ramen',
        type: 'post',
        cityId: osaka,
        tags: ['Noodles', 'Late Night'],
        publishedAt: null,
        createdAt: T0,
        updatedAt: T0,
      }),
    );
    expect(tags).toEqual([
      `post-card:${post + 1}`,
      `post:${post + 1}`,
      'posts',
      `posts:city:${osaka}`,
      'posts:range:1',
      'posts:tag:late-night',
      'posts:tag:noodles',
    ]);
  });

  it('a post edit that moves nothing changes the post and its card, a body edit only the post', async () => {
    expect(await tagsOf((trx) => updatePost(trx, post, { heroImage: '/x.jpg', heroAlt: 'A bowl', updatedAt: T0 }))).toEqual([
      `post-card:${post}`,
      `post:${post}`,
    ]);
    expect(await tagsOf((trx) => updatePost(trx, post, { content: 'New body.', updatedAt: T0 }))).toEqual([`post:${post}`]);
  });

  it('a retitled or retagged post changes the lists that name it, its old tags’ and its new ones’', async () => {
    expect(await tagsOf((trx) => updatePost(trx, post, { title: 'Silken tofu', updatedAt: T0 }))).toEqual([
      `post-card:${post}`,
      `post:${post}`,
      'posts',
      `posts:city:${kyoto}`,
      'posts:range:1',
      'posts:tag:tofu',
    ]);
    expect(await tagsOf((trx) => updatePost(trx, post, { tags: ['Soy'], updatedAt: T0 }))).toEqual([
      `post-card:${post}`,
      `post:${post}`,
      'posts',
      `posts:city:${kyoto}`,
      'posts:range:1',
      'posts:tag:soy',
      'posts:tag:tofu',
    ]);
  });

  it('publishing or re-dating a post changes the lists it is in', async () => {
    const lists = [`post-card:${post}`, `post:${post}`, 'posts', `posts:city:${kyoto}`, 'posts:range:1', 'posts:tag:tofu'];
    expect(await tagsOf((trx) => updatePost(trx, post, { published: false, updatedAt: T0 }))).toEqual(lists);
    expect(await tagsOf((trx) => updatePost(trx, post, { publishedAt: '2025-02-01T00:00:00.000Z', updatedAt: T0 }))).toEqual(lists);
  });

  it('moving a post to another city changes both cities’ lists', async () => {
    expect(await tagsOf((trx) => updatePost(trx, post, { cityId: osaka, updatedAt: T0 }))).toEqual([
      `post-card:${post}`,
      `post:${post}`,
      'posts',
      `posts:city:${kyoto}`,
      `posts:city:${osaka}`,
      'posts:range:1',
      'posts:tag:tofu',
    ]);
  });

  it('deleting a post changes its lists; a missing post changes nothing', async () => {
    expect(await tagsOf((trx) => deletePost(trx, post))).toEqual([
      `post-card:${post}`,
      `post:${post}`,
      'posts',
      `posts:city:${kyoto}`,
      'posts:range:1',
      'posts:tag:tofu',
    ]);
    expect(await tagsOf((trx) => deletePost(trx, post))).toEqual([]);
    expect(await tagsOf((trx) => updatePost(trx, post, { title: 'Gone', updatedAt: T0 }))).toEqual([]);
  });

  it('blocks and inline items change the post body, and only when a row changed', async () => {
    const block = await commitChange(db, (trx) => createBlock(trx, { postId: post, content: 'A', position: 0, isOriginal: true, now: T0 }));
    expect(block.tags).toEqual([`body:${post}`]);
    expect(await tagsOf((trx) => updateBlock(trx, post, block.result.id, 'B', T0))).toEqual([`body:${post}`]);
    expect(await tagsOf((trx) => updateBlock(trx, post + 1, block.result.id, 'C', T0))).toEqual([]);
    expect(await tagsOf((trx) => deleteBlock(trx, post, block.result.id))).toEqual([`body:${post}`]);
    expect(await tagsOf((trx) => deleteBlock(trx, post, block.result.id))).toEqual([]);
    expect(await tagsOf((trx) => deleteAllBlocks(trx, post))).toEqual([]);

    const item = await commitChange(db, (trx) =>
      addContentItem(trx, { postId: post, type: 'text', content: 'Note', position: 0, now: T0 }),
    );
    expect(item.tags).toEqual([`body:${post}`]);
    expect(await tagsOf((trx) => deleteContentItem(trx, post, item.result.id))).toEqual([`body:${post}`]);
    await addContentItem(db, { postId: post, type: 'text', content: 'Again', position: 0, now: T0 });
    expect(await tagsOf((trx) => deleteAllContentItems(trx, post))).toEqual([`body:${post}`]);
  });

  it('cities change themselves, and the city list when one is added or reordered', async () => {
    expect(await tagsOf((trx) => updateCity(trx, kyoto, { spreadsheetUrl: 'https://sheets.example/k', updatedAt: T0 }))).toEqual([
      `city:${kyoto}`,
    ]);
    expect(await tagsOf((trx) => updateCity(trx, kyoto, { name: 'Kyōto', updatedAt: T0 }))).toEqual([
      'cities',
      `city-link:${kyoto}`,
      `city:${kyoto}`,
    ]);
    expect(await tagsOf((trx) => updateCity(trx, 999, { name: 'Nowhere', updatedAt: T0 }))).toEqual([]);
    const added = await commitChange(db, (trx) =>
      insertCity(trx, {
        slug: 'nara',
        name: 'Nara',
        heroImage: null,
        mapEmbedUrl: null,
        itineraryUrl: null,
        spreadsheetUrl: null,
        createdAt: T0,
        updatedAt: T0,
      }),
    );
    expect(added.tags).toEqual(['cities', `city-link:${added.result}`, `city:${added.result}`]);
  });

  it('an itinerary and a setting change their own tags', async () => {
    expect(await tagsOf((trx) => replaceRestaurants(trx, kyoto, [{ name: 'Omen', day: 1, meal: 'lunch' }]))).toEqual([
      `restaurants:${kyoto}`,
    ]);
    expect(await tagsOf((trx) => setSetting(trx, SETTING.homepageHeroImage, '/hero.jpg', T0))).toEqual([
      `setting:${SETTING.homepageHeroImage}`,
    ]);
  });

  it('a change that fails leaves neither its rows nor an outbox entry', async () => {
    await expect(
      commitChange(db, async (trx) => {
        await updatePost(trx, post, { title: 'Half done', updatedAt: T0 });
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await pendingOutbox(db)).toEqual([]);
    expect((await db.selectFrom('posts').select('title').where('id', '=', post).executeTakeFirstOrThrow()).title).toBe('Tofu');
  });

  it('writes outside commitChange record nothing, and a change that touched no page leaves no outbox entry', async () => {
    await updatePost(db, post, { title: 'Seeded', updatedAt: T0 });
    const { tags } = await commitChange(db, async () => 'nothing');
    expect(tags).toEqual([]);
    expect(await pendingOutbox(db)).toEqual([]);
  });
});
