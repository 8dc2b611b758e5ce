import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Db } from '../db.ts';
import { evaluateQueries, withQueryMemo } from '../queries.ts';
import { seededRandom } from '../seeded-random.ts';
import { createDb } from '../db.ts';
import { createTempDb, insertTestUser, useTempDb } from '../testing.ts';
import { trackReads, trackWrites } from '../tracking.ts';
import { SITEMAP_POSTS_PER_FILE } from '@forkcast/shared/urls';
import { insertCity } from './cities.ts';
import { countPostsByIdRange, hasMorePostsThan, listPostIdRanges, listPostLinks } from './post-link-lists.ts';
import {
  compareArchiveSlots,
  countArchiveSlots,
  countCoveredCities,
  countPublishedPosts,
  getCityGuide,
  listCitiesWithGuide,
  listPostSummaries,
} from './post-lists.ts';
import { listNeighbourPosts } from './post-neighbours.ts';
import { setPostAuthors } from './post-authors.ts';
import { deletePost, insertPost, updatePost } from './posts.ts';
import { getTagPageName, listTagPages } from './tag-pages.ts';

const day = (n: number) => new Date(Date.UTC(2025, 0, 1) + n * 86_400_000).toISOString();

describe('the site’s lists', () => {
  let db: Db;
  let city: number;
  useTempDb(async (fresh) => {
    db = fresh;
    city = await insertCity(db, { slug: 'kyoto', name: 'Kyoto', createdAt: day(0), updatedAt: day(0) });
  });

  const post = (
    slug: string,
    date: number,
    more: { tags?: string[]; type?: 'post' | 'guide'; published?: boolean; cityId?: number | null } = {},
  ) =>
    insertPost(db, {
      slug,
      title: slug,
      type: more.type ?? 'post',
      cityId: more.cityId === undefined ? city : more.cityId,
      tags: more.tags ?? [],
      published: more.published ?? true,
      publishedAt: (more.published ?? true) ? day(date) : null,
      createdAt: day(date),
      updatedAt: day(date),
    });
  const slugs = (posts: { slug: string }[]) => posts.map((p) => p.slug);
  const listedBySql = async (scope: { tagSlug?: string; type?: 'post' | 'guide' }, order: 'newest' | 'oldest') => {
    const direction = order === 'newest' ? 'desc' : 'asc';
    let query = db.selectFrom('posts').select('id').where('published', '=', 1);
    if (scope.type) query = query.where('type', '=', scope.type);
    if (scope.tagSlug !== undefined) {
      const slug = scope.tagSlug;
      query = query.where('id', 'in', (eb) => eb.selectFrom('postTags').select('postId').where('slug', '=', slug));
    }
    const rows = await query.orderBy(sql`coalesce(published_at, created_at)`, direction).orderBy('id', direction).execute();
    return rows.map((row) => row.id);
  };

  it('lists published posts newest first, or oldest first in a window, without their bodies', async () => {
    for (const [i, slug] of ['a', 'b', 'c', 'd', 'e'].entries()) await post(slug, i);
    await post('draft', 9, { published: false });
    expect(slugs(await listPostSummaries(db, {}))).toEqual(['e', 'd', 'c', 'b', 'a']);
    expect(slugs(await listPostSummaries(db, { order: 'oldest', offset: 1, limit: 2 }))).toEqual(['b', 'c']);
    expect(await listPostSummaries(db, { limit: 1 })).toEqual([expect.not.objectContaining({ content: expect.anything() })]);
    expect(await countPublishedPosts(db, {})).toBe(5);
  });

  it("lists on an author's page only that author's posts, in the window an archive page asks for", async () => {
    const ana = await insertTestUser(db, 'owner', 'Ana Ruiz');
    const idris = await insertTestUser(db, 'author', 'Idris Bello');
    const hers = [await post('ana-one', 1), await post('ana-two', 3), await post('ana-three', 5)];
    const his = [await post('idris-one', 2), await post('idris-two', 4)];
    for (const id of hers) await setPostAuthors(db, id, [ana]);
    for (const id of his) await setPostAuthors(db, id, [idris]);
    const page = (authorId: number, window: object) => listPostSummaries(db, { authorId, ...window });
    expect(slugs(await page(idris, { order: 'newest', limit: 10, slots: true }))).toEqual(['idris-two', 'idris-one']);
    expect(slugs(await page(ana, { order: 'newest', limit: 2, slots: true }))).toEqual(['ana-three', 'ana-two']);
    expect(slugs(await page(ana, { order: 'oldest', offset: 0, limit: 2, slots: true }))).toEqual(['ana-one', 'ana-two']);
    // A publish re-checks the pages' lists together: the same answers as each read alone.
    const { queries } = await trackReads(async () => {
      await page(idris, { order: 'newest', limit: 10, slots: true });
      await page(ana, { order: 'oldest', offset: 0, limit: 2, slots: true });
    });
    const checked = await withQueryMemo(db, () =>
      evaluateQueries(
        db,
        queries.map((read) => read.key),
      ),
    );
    for (const read of queries) expect(checked.get(read.key), read.key).toBe(read.fingerprint);
  });

  it('records a list as a conditional read of its set, and each card as a plain read', async () => {
    const id = await post('a', 1, { tags: ['Wine'] });
    const { tags, queries } = await trackReads(() => listPostSummaries(db, { tagSlug: 'wine', limit: 6 }));
    expect(tags).toEqual([`post-card:${id}`]);
    expect(queries.map((read) => read.listen)).toEqual([['posts:tag:wine']]);
  });

  it('gives each post the posts of its city nearest to it in time as its neighbours', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 8; i++) ids.push(await post(`p${i}`, i));
    await post('elsewhere', 3, { cityId: null });
    const neighbours = async (i: number) => slugs(await listNeighbourPosts(db, { postId: ids[i]!, cityId: city, type: 'post', count: 3 }));
    expect(await neighbours(7)).toEqual(['p6', 'p5', 'p4']);
    expect(await neighbours(4)).toEqual(['p5', 'p3', 'p2']);
    expect(await neighbours(0)).toEqual(['p3', 'p2', 'p1']);
    // A new post changes the neighbours of the posts next to it only: here, of the newest one.
    const before = await Promise.all(ids.map((_, i) => neighbours(i)));
    await post('p8', 8);
    const after = await Promise.all(ids.map((_, i) => neighbours(i)));
    expect(ids.map((_, i) => i).filter((i) => before[i]!.join() !== after[i]!.join())).toEqual([7]);
  });

  it("gives each post its nearest neighbours in time, ties and drafts too, as a pass over the city's whole list does", async () => {
    const random = seededRandom(7);
    const ids: number[] = [];
    // Few dates for many posts, so that many share a date and the id decides.
    for (let i = 0; i < 40; i++) ids.push(await post(`p${i}`, Math.floor(random() * 8), { published: random() < 0.85 }));
    const rows = await db.selectFrom('posts').select(['id', 'published', 'publishedAt', 'publishAt', 'createdAt']).execute();
    const dated = (row: (typeof rows)[number], draftDate: boolean) => ({
      id: row.id,
      date: (draftDate ? (row.publishedAt ?? row.publishAt) : row.publishedAt) ?? row.createdAt,
    });
    const older = (a: { id: number; date: string }, b: { id: number; date: string }) =>
      a.date < b.date || (a.date === b.date && a.id < b.id);
    const listed = rows
      .filter((row) => row.published === 1)
      .map((row) => dated(row, false))
      .sort((a, b) => (older(a, b) ? 1 : -1));
    for (const row of rows) {
      const anchor = dated(row, true);
      const others = listed.filter((one) => one.id !== anchor.id);
      const before = others.filter((one) => older(one, anchor));
      const after = others.filter((one) => !older(one, anchor)).reverse();
      const expected: { id: number; date: string }[] = [];
      for (let i = 0; expected.length < 5 && (i < before.length || i < after.length); i++) {
        if (i < before.length) expected.push(before[i]!);
        if (expected.length < 5 && i < after.length) expected.push(after[i]!);
      }
      expected.sort((a, b) => (older(a, b) ? 1 : -1));
      const found = await listNeighbourPosts(db, { postId: row.id, cityId: city, type: 'post', count: 5 });
      expect(
        found.map((one) => one.id),
        `post ${row.id}`,
      ).toEqual(expected.map((one) => one.id));
    }
  });

  it('names a tag page by its newest spelling, counts tag pages, finds guides and id ranges', async () => {
    await post('old', 1, { tags: ['wine'] });
    await post('new', 2, { tags: ['Wine', 'Natural Wine'] });
    const guide = await post('guide', 3, { type: 'guide' });
    expect(await getTagPageName(db, { slug: 'wine' })).toBe('Wine');
    expect(await getTagPageName(db, { slug: 'beer' })).toBeUndefined();
    expect(await listTagPages(db, {})).toEqual([
      { slug: 'natural-wine', count: 1, slots: 1 },
      { slug: 'wine', count: 2, slots: 2 },
    ]);
    expect((await getCityGuide(db, { cityId: city }))?.id).toBe(guide);
    expect(await listCitiesWithGuide(db, {})).toEqual([city]);
    expect(await countCoveredCities(db, {})).toBe(1);
    expect(await listPostIdRanges(db, { size: 2 })).toEqual([1, 2]);
    expect(await countPostsByIdRange(db, { size: 2 })).toEqual([
      { range: 1, count: 2 },
      { range: 2, count: 1 },
    ]);
    expect(await countPostsByIdRange(db, { size: 2, type: 'guide' })).toEqual([{ range: 2, count: 1 }]);
    expect(await hasMorePostsThan(db, { count: 1, type: 'post' })).toBe(true);
    expect(await hasMorePostsThan(db, { count: 2, type: 'post' })).toBe(false);
    expect(await hasMorePostsThan(db, { count: 2 })).toBe(true);
    expect(slugs(await listPostLinks(db, { idFrom: 2, idTo: 3 }))).toEqual(['guide', 'new']);
    const link = { title: 'new', type: 'post', cityId: city, publishedAt: day(2), createdAt: day(2) };
    expect((await listPostLinks(db, { type: 'post' })).map(({ id: _id, ...rest }) => rest)).toEqual([
      { ...link, slug: 'new' },
      { ...link, slug: 'old', title: 'old', publishedAt: day(1), createdAt: day(1) },
    ]);
  });

  it('re-checks every stored read to the same fingerprint a fresh render would record, whatever the writes', async () => {
    const random = seededRandom(11);
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
    const ids: number[] = [];
    for (let i = 0; i < 40; i++)
      ids.push(
        await post(`p${i}`, Math.floor(random() * 30), { tags: [pick(['Wine', 'Tea', 'Rice'])], type: pick(['post', 'post', 'guide']) }),
      );
    const reads = () =>
      trackReads(async () => {
        for (const type of ['post', 'guide', undefined] as const)
          for (const offset of [0, 5, 10, 35])
            await listPostSummaries(db, { ...(type ? { type } : {}), order: 'oldest', offset, limit: 5 });
        await listPostSummaries(db, { limit: 6 });
        await listPostSummaries(db, { tagSlug: 'wine', limit: 3 });
        for (const offset of [0, 3, 6]) await listPostSummaries(db, { tagSlug: 'rice', order: 'oldest', offset, limit: 3 });
        for (const offset of [0, 4, 8]) await listPostSummaries(db, { type: 'post', order: 'oldest', offset, limit: 4, slots: true });
        await listPostSummaries(db, { tagSlug: 'rice', limit: 3, slots: true });
        await countArchiveSlots(db, { tagSlug: 'tea' });
        await compareArchiveSlots(db, { tagSlug: 'rice', from: 3, to: 6 });
        for (const id of ids.slice(0, 12)) await listNeighbourPosts(db, { postId: id, cityId: city, type: 'post', count: 3 });
        await countPublishedPosts(db, { tagSlug: 'tea' });
        for (const from of [5, 10, 20]) await compareArchiveSlots(db, { type: 'post', from, to: from + 5 });
        await listPostLinks(db, { type: 'post' });
        await listPostLinks(db, { idFrom: 1, idTo: 20, withUpdatedAt: true });
        await getTagPageName(db, { slug: 'rice' });
        await getCityGuide(db, { cityId: city });
      });
    let stored = (await reads()).queries;
    for (let round = 0; round < 16; round++) {
      const id = pick(ids);
      const change = pick(['date', 'publish', 'tags', 'type', 'delete', 'add'] as const);
      if (change === 'date') await updatePost(db, id, { publishedAt: day(Math.floor(random() * 30)), updatedAt: day(40) });
      if (change === 'publish') await updatePost(db, id, { published: random() < 0.5, updatedAt: day(40) });
      if (change === 'tags') await updatePost(db, id, { tags: [pick(['Wine', 'Tea', 'Rice', 'wine'])], updatedAt: day(40) });
      if (change === 'type') await updatePost(db, id, { type: pick(['post', 'guide']), updatedAt: day(40) });
      if (change === 'delete') await deletePost(db, id);
      if (change === 'add') ids.push(await post(`n${round}`, Math.floor(random() * 30)));
      // A publish re-checks and renders within one memo: its answers must be what reads outside one get.
      const { checked, rendered } = await withQueryMemo(db, async () => ({
        checked: await evaluateQueries(
          db,
          stored.map((read) => read.key),
        ),
        rendered: (await reads()).queries,
      }));
      const fresh = (await reads()).queries;
      expect(rendered).toEqual(fresh);
      // The lists and counts of every post, a type's and a tag's, cut from the list of every post's
      // link, are SQLite's own answer.
      const scopes = [
        {},
        { type: 'post' as const },
        { type: 'guide' as const },
        ...['wine', 'tea', 'rice'].map((tagSlug) => ({ tagSlug })),
      ];
      for (const scope of scopes)
        for (const order of ['newest', 'oldest'] as const) {
          const expected = await listedBySql(scope, order);
          const label = JSON.stringify({ scope, order });
          expect(
            (await listPostSummaries(db, { ...scope, order, limit: 100 })).map((summary) => summary.id),
            label,
          ).toEqual(expected);
          expect(
            (await listPostSummaries(db, { ...scope, order, offset: 2, limit: 3 })).map((summary) => summary.id),
            label,
          ).toEqual(expected.slice(2, 5));
          expect(await countPublishedPosts(db, scope), label).toBe(expected.length);
        }
      const byKey = new Map(fresh.map((read) => [read.key, read.fingerprint]));
      expect(stored.map((read) => [read.key, checked.get(read.key)])).toEqual(stored.map((read) => [read.key, byKey.get(read.key)]));
      stored = fresh;
    }
  });

  it('keeps every post’s link between reads, patched from the log of changed links, as a fresh read finds it', async () => {
    const other = await createTempDb();
    try {
      const random = seededRandom(23);
      const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
      const at = (n: number) => day(Math.floor(n));
      const write = other.db;
      const cities = [await insertCity(write, { slug: 'lisbon', name: 'Lisbon', createdAt: day(0), updatedAt: day(0) })];
      cities.push(await insertCity(write, { slug: 'porto', name: 'Porto', createdAt: day(0), updatedAt: day(0) }));
      const ids: number[] = [];
      const add = async (i: number) => {
        const published = random() < 0.8;
        const date = at(random() * 10);
        ids.push(
          await insertPost(write, {
            slug: `p${i}`,
            title: `Post ${i}`,
            type: pick(['post', 'guide']),
            cityId: pick([...cities, null]),
            published,
            publishedAt: published ? date : null,
            createdAt: pick([date, at(random() * 10)]),
            updatedAt: date,
          }),
        );
      };
      for (let i = 0; i < 30; i++) await add(i);
      // A connection of its own keeps its own list; each check opens one more, which reads every link afresh.
      const fresh = async () => {
        const reader = createDb(other.path);
        try {
          return await listPostLinks(reader, {});
        } finally {
          await reader.destroy();
        }
      };
      expect(await listPostLinks(write, {})).toEqual(await fresh());
      for (let round = 0; round < 60; round++) {
        const id = pick(ids);
        const change = pick([
          'title',
          'slug',
          'date',
          'publish',
          'type',
          'city',
          'delete',
          'add',
          'untouched',
          'many',
          'city gone',
        ] as const);
        if (change === 'title') await updatePost(write, id, { title: `Retitled ${round}`, updatedAt: day(20) });
        if (change === 'slug') await updatePost(write, id, { slug: `moved-${round}`, updatedAt: day(20) });
        if (change === 'date') await updatePost(write, id, { publishedAt: at(random() * 10), updatedAt: day(20) });
        if (change === 'publish')
          await updatePost(write, id, { published: random() < 0.5, publishedAt: at(random() * 10), updatedAt: day(20) });
        if (change === 'type') await updatePost(write, id, { type: pick(['post', 'guide']), updatedAt: day(20) });
        if (change === 'city') await updatePost(write, id, { cityId: pick([...cities, null]), updatedAt: day(20) });
        if (change === 'delete') await deletePost(write, id);
        if (change === 'add') await add(100 + round);
        // Writes that change no link leave the list as it is.
        if (change === 'untouched') await updatePost(write, id, { excerpt: `Excerpt ${round}`, updatedAt: day(20) });
        if (change === 'many') await write.updateTable('posts').set({ title: sql`title || '!'` }).execute();
        if (change === 'city gone' && cities.length > 1) await write.deleteFrom('cities').where('id', '=', cities.pop()!).execute();
        // Every few rounds the list is read; a reader in between misses several changes at once.
        if (round % 3 === 0) expect(await listPostLinks(write, {})).toEqual(await fresh());
      }
      // A list older than the log's first entry (the log keeps only its last entries) is read whole.
      const known = await listPostLinks(write, {});
      await updatePost(write, ids[0]!, { title: 'After the cut', updatedAt: day(21) });
      await write.deleteFrom('postLinkChanges').execute();
      await updatePost(write, ids[1]!, { title: 'Logged', updatedAt: day(21) });
      const now = await listPostLinks(write, {});
      expect(now).toEqual(await fresh());
      expect(now).not.toEqual(known);
    } finally {
      await other.cleanup();
    }
  });

  it('lets a sitemap file’s list listen to its own id range, which every change of a post in it names', async () => {
    const first = await post('first', 1);
    // The next range starts at the id after the first range's last.
    await sql`update sqlite_sequence set seq = ${SITEMAP_POSTS_PER_FILE} where name = 'posts'`.execute(db);
    const next = await post('next', 2);
    const window = (range: number) => ({ idFrom: (range - 1) * SITEMAP_POSTS_PER_FILE + 1, idTo: range * SITEMAP_POSTS_PER_FILE });
    const read = async (range: number) =>
      (await trackReads(() => listPostLinks(db, { ...window(range), withUpdatedAt: true }))).queries[0]!;
    const [one, two] = [await read(1), await read(2)];
    expect([one.listen, two.listen]).toEqual([['posts:range:1'], ['posts:range:2']]);
    expect((await listPostLinks(db, window(2))).map((link) => link.id)).toEqual([next]);
    const { tags } = await trackWrites(() => updatePost(db, next, { title: 'Renamed', updatedAt: day(3) }));
    expect(tags).toContain('posts:range:2');
    expect(tags).not.toContain('posts:range:1');
    expect((await read(1)).fingerprint).toBe(one.fingerprint);
    const renamed = await read(2);
    expect(renamed.fingerprint).not.toBe(two.fingerprint);
    // A sitemap file shows when each post last changed: that alone is a new answer.
    await updatePost(db, next, { updatedAt: day(4) });
    expect((await read(2)).fingerprint).not.toBe(renamed.fingerprint);
    expect((await trackWrites(() => deletePost(db, first))).tags).toContain('posts:range:1');
    // A window wider than a few ranges listens to every post.
    expect((await trackReads(() => listPostLinks(db, { idFrom: 1, idTo: 100 * SITEMAP_POSTS_PER_FILE }))).queries[0]!.listen).toEqual([
      'posts',
    ]);
  });
});
