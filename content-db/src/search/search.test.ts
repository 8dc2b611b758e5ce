import { describe, expect, it } from 'vitest';
import { commitChange } from '../changes.ts';
import { createDb, type Db } from '../db.ts';
import { insertCity, updateCity, deleteCity } from '../repositories/cities.ts';
import { createBlock } from '../repositories/content-blocks.ts';
import { addContentItem } from '../repositories/content-items.ts';
import { deletePost, insertPost, updatePost, type NewPost } from '../repositories/posts.ts';
import { setPostAuthors } from '../repositories/post-authors.ts';
import { replaceRestaurants } from '../repositories/restaurants.ts';
import { createSitePage, deleteSitePage, updateSitePage } from '../repositories/site-pages.ts';
import { createUser, updateProfile } from '../repositories/users.ts';
import { createTempDb, useTempDb } from '../testing.ts';
import { rebuildSearchIndex, refreshSearchIndex, searchIndexDrift } from './documents.ts';
import { searchableCities, searchSite, type SearchRequest } from './query.ts';
import { postFixture } from '../testing.ts';

const T0 = '2025-01-01T00:00:00.000Z';
const T1 = '2025-02-01T00:00:00.000Z';

const post = (fields: Partial<NewPost> & { slug: string }): NewPost =>
  postFixture(fields.slug, { title: fields.slug, content: '', ...fields });

const restaurant = (name: string, notes = '') => ({
  name,
  day: 1,
  neighborhood: 'Gion',
  cuisine: 'Ramen',
  meal: 'dinner',
  notes,
  address: null,
  url: null,
  lat: null,
  lng: null,
});

/** The urls found for a query, best first. */
async function urls(db: Db, query: string, options: Partial<SearchRequest> = {}): Promise<string[]> {
  return (await searchSite(db, { query, limit: 50, offset: 0, ...options })).hits.map((hit) => hit.url);
}

const marked = (runs: { text: string; match: boolean }[]) => runs.map((run) => (run.match ? `[${run.text}]` : run.text)).join('');

describe('site search', () => {
  let db: Db;
  let kyoto: number;
  let guide: number;
  useTempDb(async (fresh) => {
    db = fresh;
    await commitChange(db, async (trx) => {
      kyoto = await insertCity(trx, { slug: 'kyoto', name: 'Kyoto', createdAt: T0, updatedAt: T0 });
      guide = await insertPost(
        trx,
        post({ slug: 'kyoto-guide', title: 'Kyoto Food Guide', type: 'guide', cityId: kyoto, content: 'Temples and tofu.' }),
      );
      await replaceRestaurants(trx, kyoto, [restaurant('Menya Inoichi', 'A clear shoyu broth worth the queue.')]);
      await insertPost(
        trx,
        post({
          slug: 'ichijoji-ramen',
          title: 'The ramen street of Ichijōji',
          excerpt: 'Twenty shops, one long evening.',
          content: 'Start at the north end.\n\nThe best noodle is [at Takayasu](https://example.com/takayasu-link).',
          cityId: kyoto,
        }),
      );
    });
  });

  it('finds a term in each field: title, excerpt, body, a restaurant (leading to its guide) and the city', async () => {
    expect(await urls(db, 'ichijoji')).toEqual(['/kyoto/ichijoji-ramen']);
    expect(await urls(db, 'evening')).toEqual(['/kyoto/ichijoji-ramen']);
    expect(await urls(db, 'takayasu')).toEqual(['/kyoto/ichijoji-ramen']);
    expect(await urls(db, 'inoichi')).toEqual(['/kyoto/guide']);
    expect(await urls(db, 'shoyu broth')).toEqual(['/kyoto/guide']);
    expect((await urls(db, 'kyoto')).sort()).toEqual(['/kyoto/guide', '/kyoto/guide', '/kyoto/ichijoji-ramen']);
    const [found] = (await searchSite(db, { query: 'menya', limit: 5, offset: 0 })).hits;
    expect(found).toMatchObject({ type: 'restaurant', title: 'Menya Inoichi', city: { slug: 'kyoto', name: 'Kyoto' } });
  });

  it('indexes what the page shows, not the Markdown: a link counts by its text, not its address', async () => {
    expect(await urls(db, 'link')).toEqual([]);
    expect(await urls(db, 'example')).toEqual([]);
  });

  it('folds accents and stems: ichijoji finds Ichijōji, noodles finds noodle', async () => {
    expect(await urls(db, 'ICHIJOJI')).toEqual(['/kyoto/ichijoji-ramen']);
    expect(await urls(db, 'noodles')).toEqual(['/kyoto/ichijoji-ramen']);
    expect(await urls(db, 'ichijōji temples')).toEqual([]);
  });

  it('takes the last word as the start of a longer one, as a reader types', async () => {
    expect(await urls(db, 'ram')).toContain('/kyoto/ichijoji-ramen');
    expect(await urls(db, 'ramen stre')).toEqual(['/kyoto/ichijoji-ramen']);
  });

  it('marks the matched words in the title and in a passage of the excerpt or body', async () => {
    const [hit] = (await searchSite(db, { query: 'ichijoji', limit: 5, offset: 0 })).hits;
    expect(marked(hit!.titleRuns)).toBe('The ramen street of [Ichijōji]');
    expect(marked(hit!.snippet)).toBe('Twenty shops, one long evening.');
    const [body] = (await searchSite(db, { query: 'noodles', limit: 5, offset: 0 })).hits;
    expect(marked(body!.snippet)).toBe('Start at the north end. The best [noodle] is at Takayasu.');
  });

  it('ranks a match in the title above one in the excerpt above one in the body', async () => {
    await commitChange(db, async (trx) => {
      await insertPost(trx, post({ slug: 'in-body', title: 'Three', content: 'A long walk for okonomiyaki at the end.' }));
      // A long body makes the whole row long, which bm25 alone would hold against its title match.
      await insertPost(
        trx,
        post({ slug: 'in-title', title: 'A long evening of okonomiyaki', content: 'Cabbage and batter. '.repeat(300) }),
      );
      await insertPost(trx, post({ slug: 'in-excerpt', title: 'Two', excerpt: 'Okonomiyaki at dusk.' }));
    });
    expect(await urls(db, 'okonomiyaki')).toEqual(['/post/in-title', '/post/in-excerpt', '/post/in-body']);
  });

  it('filters by type and by city, and counts each filter value', async () => {
    const answer = await searchSite(db, { query: 'kyoto', limit: 50, offset: 0, type: 'restaurant' });
    expect(answer.hits.map((hit) => hit.title)).toEqual(['Menya Inoichi']);
    expect(answer.total).toBe(1);
    expect(answer.facets.types).toEqual({ guide: 1, post: 1, restaurant: 1, author: 0, page: 0 });
    expect(answer.facets.cities).toEqual([{ slug: 'kyoto', name: 'Kyoto', count: 1 }]);
    expect(await urls(db, 'ramen', { city: 'osaka' })).toEqual([]);
    expect((await urls(db, 'ramen', { city: 'kyoto' })).length).toBe(2);
  });

  it('pages through the matches', async () => {
    const all = await urls(db, 'kyoto');
    const second = await searchSite(db, { query: 'kyoto', limit: 1, offset: 1 });
    expect(second.total).toBe(3);
    expect(second.hits.map((hit) => hit.url)).toEqual([all[1]]);
  });

  it('searches the nearest words the index holds when the words as typed find nothing, and says so', async () => {
    const respelt = await searchSite(db, { query: 'ramne strete', limit: 5, offset: 0 });
    expect(respelt.correctedQuery).toBe('ramen street');
    expect(respelt.hits.map((hit) => hit.url)).toEqual(['/kyoto/ichijoji-ramen']);
    expect((await searchSite(db, { query: 'ramen', limit: 5, offset: 0 })).correctedQuery).toBeNull();
    const nothing = await searchSite(db, { query: 'zzyzx', limit: 5, offset: 0 });
    expect(nothing).toMatchObject({ correctedQuery: null, total: 0, hits: [] });
  });

  it('keeps the narrow rows it groups and orders matches by equal to the documents, through every change', async () => {
    const facets = () => db.selectFrom('searchFacets').select(['id', 'kind', 'citySlug', 'city', 'date']).orderBy('id').execute();
    const documents = () => db.selectFrom('searchDocuments').select(['id', 'kind', 'citySlug', 'city', 'date']).orderBy('id').execute();
    expect((await facets()).length).toBeGreaterThan(0);
    expect(await facets()).toEqual(await documents());
    await commitChange(db, (trx) => updateCity(trx, kyoto, { name: 'Kyōto', updatedAt: T1 }));
    await commitChange(db, (trx) => replaceRestaurants(trx, kyoto, [restaurant('Menya Inoichi')]));
    await commitChange(db, (trx) => deletePost(trx, guide));
    expect(await facets()).toEqual(await documents());
    await db.transaction().execute((trx) => rebuildSearchIndex(trx, T1));
    expect(await facets()).toEqual(await documents());
  });

  it('lists the cities something can be found in', async () => {
    expect(await searchableCities(db)).toEqual([{ slug: 'kyoto', name: 'Kyoto' }]);
  });

  it('reads nothing a reader types as FTS5 syntax, and finds nothing in a query without words', async () => {
    for (const query of [
      '"',
      '"ramen',
      'ramen"',
      '*',
      'ramen*',
      'NEAR(ramen street)',
      'ramen OR tofu',
      '-ramen',
      'title:ramen',
      '^ramen',
      '(ramen',
      'ramen AND',
      'AND',
      'NOT',
      "d'ramen",
      '  ',
      '!!!',
      '\u{1F35C}',
      'ramen\u0000',
    ]) {
      await expect(searchSite(db, { query, limit: 10, offset: 0 }), query).resolves.toBeDefined();
    }
    expect(await urls(db, 'ramen OR tofu')).toEqual([]);
    expect(await urls(db, 'title:ramen')).toEqual([]);
    expect(await urls(db, '"ramen')).toContain('/kyoto/ichijoji-ramen');
    expect((await searchSite(db, { query: '  !!! ', limit: 10, offset: 0 })).total).toBe(0);
  });

  it('never holds drafts, scheduled posts, an older guide of a city, or the restaurants of a city without a published guide', async () => {
    await commitChange(db, async (trx) => {
      await insertPost(trx, post({ slug: 'draft', title: 'Secret yakitori', published: false, publishedAt: null }));
      await insertPost(trx, post({ slug: 'soon', title: 'Scheduled yakitori', published: false, publishedAt: null, publishAt: T1 }));
      await insertPost(
        trx,
        post({ slug: 'old-guide', title: 'Old yakitori guide', type: 'guide', cityId: kyoto, publishedAt: '2020-01-01T00:00:00.000Z' }),
      );
      const osaka = await insertCity(trx, { slug: 'osaka', name: 'Osaka', createdAt: T0, updatedAt: T0 });
      await replaceRestaurants(trx, osaka, [restaurant('Yakitori Unlisted')]);
    });
    expect(await urls(db, 'yakitori')).toEqual([]);
  });

  it('follows every change in the same transaction: edits, bodies, publishing, itineraries, renames and deletions', async () => {
    const ramen = (await db.selectFrom('posts').select('id').where('slug', '=', 'ichijoji-ramen').executeTakeFirstOrThrow()).id;
    await commitChange(db, (trx) => updatePost(trx, ramen, { title: 'The soba street', updatedAt: T1 }));
    expect(await urls(db, 'soba')).toEqual(['/kyoto/ichijoji-ramen']);
    expect(await urls(db, 'ichijoji')).toEqual([]);

    await commitChange(db, (trx) =>
      createBlock(trx, { postId: ramen, content: 'Rewritten: **tempura** now.', position: 1, isOriginal: true, now: T1 }),
    );
    expect(await urls(db, 'tempura')).toEqual(['/kyoto/ichijoji-ramen']);
    expect(await urls(db, 'takayasu')).toEqual([]);
    await commitChange(db, (trx) => addContentItem(trx, { postId: guide, type: 'text', content: 'Try the yuba.', position: 1, now: T1 }));
    expect(await urls(db, 'yuba')).toEqual(['/kyoto/guide']);

    await commitChange(db, (trx) => replaceRestaurants(trx, kyoto, [restaurant('Honke Owariya')]));
    expect(await urls(db, 'inoichi')).toEqual([]);
    expect(await urls(db, 'owariya')).toEqual(['/kyoto/guide']);

    await commitChange(db, (trx) => updateCity(trx, kyoto, { slug: 'kyoto-city', name: 'Kyōto City', updatedAt: T1 }));
    expect((await urls(db, 'kyoto city')).sort()).toEqual(['/kyoto-city/guide', '/kyoto-city/guide', '/kyoto-city/ichijoji-ramen']);

    await commitChange(db, (trx) => updatePost(trx, guide, { published: false, updatedAt: T1 }));
    expect(await urls(db, 'owariya')).toEqual([]);
    expect(await urls(db, 'temples')).toEqual([]);
    await commitChange(db, (trx) => updatePost(trx, guide, { published: true, updatedAt: T1 }));
    expect(await urls(db, 'owariya')).toEqual(['/kyoto-city/guide']);

    await commitChange(db, (trx) => updatePost(trx, ramen, { cityId: null, updatedAt: T1 }));
    expect(await urls(db, 'soba')).toEqual(['/post/ichijoji-ramen']);
    await commitChange(db, (trx) => deletePost(trx, ramen));
    expect(await urls(db, 'soba')).toEqual([]);
    await commitChange(db, async (trx) => {
      await deletePost(trx, guide);
      await deleteCity(trx, kyoto);
    });
    expect(await urls(db, 'owariya')).toEqual([]);
    expect(await searchIndexDrift(db)).toEqual({ missing: [], extra: [] });
  });

  it('keeps a row that a change would write again as it is, and replaces one whose text changed', async () => {
    const ramen = (await db.selectFrom('posts').select('id').where('slug', '=', 'ichijoji-ramen').executeTakeFirstOrThrow()).id;
    const rowOf = () => db.selectFrom('searchDocuments').selectAll().where('postId', '=', ramen).executeTakeFirstOrThrow();
    const before = await rowOf();
    // Neither the hero nor the search and social fields are in a row: it stays, with its id.
    await commitChange(db, (trx) =>
      updatePost(trx, ramen, { heroImage: '/images/posts/ramen.jpg', metaDescription: 'Noodles, late.', updatedAt: T1 }),
    );
    expect(await rowOf()).toEqual(before);
    await commitChange(db, (trx) => updatePost(trx, ramen, { excerpt: 'Broth until midnight.', updatedAt: T1 }));
    const after = await rowOf();
    expect(after.id).not.toBe(before.id);
    expect(after.excerpt).toBe('Broth until midnight.');
    expect(await urls(db, 'midnight')).toEqual(['/kyoto/ichijoji-ramen']);
    expect(await searchIndexDrift(db)).toEqual({ missing: [], extra: [] });
  });

  it("finds an author's page by name and bio while they have a published post, following every change", async () => {
    const kenji = await commitChange(db, (trx) =>
      createUser(trx, {
        email: 'kenji@forkcast.test',
        passwordHash: 'x',
        name: 'Kenji Mori',
        role: 'owner',
        bio: 'Counts noodle shops.',
        now: T0,
      }),
    ).then((change) => change.result);
    // No published post yet: no author page, nothing to find.
    expect(await urls(db, 'kenji')).toEqual([]);
    const ramen = (await db.selectFrom('posts').select('id').where('slug', '=', 'ichijoji-ramen').executeTakeFirstOrThrow()).id;
    await commitChange(db, (trx) => setPostAuthors(trx, ramen, [kenji]));
    expect(await urls(db, 'kenji')).toEqual(['/authors/kenji-mori']);
    const [hit] = (await searchSite(db, { query: 'noodle shops', limit: 5, offset: 0, type: 'author' })).hits;
    expect(hit).toMatchObject({ type: 'author', title: 'Kenji Mori', url: '/authors/kenji-mori', city: null });
    expect((await searchSite(db, { query: 'kenji', limit: 5, offset: 0 })).facets.types).toMatchObject({ author: 1 });
    // Renamed and re-slugged, found under the new page only.
    await commitChange(db, (trx) => updateProfile(trx, kenji, { name: 'Kenji Moriyama', slug: 'kenji-moriyama' }, T1));
    expect(await urls(db, 'moriyama')).toEqual(['/authors/kenji-moriyama']);
    expect(await urls(db, 'kenji')).toEqual(['/authors/kenji-moriyama']);
    expect(await searchIndexDrift(db)).toEqual({ missing: [], extra: [] });
    // Their last post taken down: their page goes, and so does the result.
    await commitChange(db, (trx) => updatePost(trx, ramen, { published: false, updatedAt: T1 }));
    expect(await urls(db, 'kenji')).toEqual([]);
    expect(await searchIndexDrift(db)).toEqual({ missing: [], extra: [] });
  });

  it('finds a published page an editor wrote by its title and text, following every change', async () => {
    const page = await commitChange(db, (trx) =>
      createSitePage(trx, { title: 'Visiting Us', slug: 'visiting', content: 'Our kitchen opens to **readers** on Fridays.' }, T0),
    ).then((change) => change.result);
    // A draft is not on the site: nothing to find.
    expect(await urls(db, 'kitchen')).toEqual([]);
    await commitChange(db, (trx) => updateSitePage(trx, page.id, { status: 'published' }, T1));
    const [hit] = (await searchSite(db, { query: 'kitchen readers', limit: 5, offset: 0, type: 'page' })).hits;
    expect(hit).toMatchObject({ type: 'page', title: 'Visiting Us', url: '/visiting', city: null });
    await commitChange(db, (trx) => updateSitePage(trx, page.id, { slug: 'visit-us', content: 'Open on Saturdays too.' }, T1));
    expect(await urls(db, 'saturdays')).toEqual(['/visit-us']);
    expect(await urls(db, 'kitchen')).toEqual([]);
    expect(await searchIndexDrift(db)).toEqual({ missing: [], extra: [] });
    await commitChange(db, (trx) => deleteSitePage(trx, page.id));
    expect(await urls(db, 'saturdays')).toEqual([]);
    expect(await searchIndexDrift(db)).toEqual({ missing: [], extra: [] });
  });

  it('tells a write that bypassed the write path from a current index', async () => {
    expect(await searchIndexDrift(db)).toEqual({ missing: [], extra: [] });
    await insertPost(db, post({ slug: 'bypass', title: 'Unindexed gyoza' }));
    const drift = await searchIndexDrift(db);
    expect(drift.missing).toHaveLength(1);
    expect(drift.missing[0]).toContain('Unindexed gyoza');
    expect(await urls(db, 'gyoza')).toEqual([]);
    expect(await rebuildSearchIndex(db, T1)).toEqual({ documents: 4, changed: 1 });
    expect(await urls(db, 'gyoza')).toEqual(['/post/bypass']);
    expect(await rebuildSearchIndex(db, T1)).toEqual({ documents: 4, changed: 0 });
  });

  it('rebuilds an archive larger than one batch to the rows computed from scratch, keeping the rows that stand', async () => {
    const rows = () => db.selectFrom('searchDocuments').select(['id', 'url', 'title']).orderBy('id').execute();
    const kept = await rows();
    // Written past the write path: newer and older posts, an older guide of the city (whose page
    // shows the newest guide only), and a stale row for a post that never existed.
    const dated = (slug: string, day: string, fields: Partial<NewPost> = {}) =>
      insertPost(db, post({ slug, title: `Bypassed ${slug}`, publishedAt: `${day}T00:00:00.000Z`, ...fields }));
    await dated('newest', '2025-01-30');
    await dated('older-kyoto-guide', '2024-12-02', { type: 'guide', cityId: kyoto });
    await dated('middle', '2025-01-15');
    await dated('oldest', '2024-12-01');
    await db
      .insertInto('searchDocuments')
      .values({
        kind: 'post',
        postId: 999,
        cityId: null,
        url: '/post/stale',
        title: 'Stale',
        excerpt: '',
        body: '',
        city: '',
        citySlug: null,
        date: T0,
      })
      .execute();

    expect(await rebuildSearchIndex(db, T1, { batchSize: 1 })).toEqual({ documents: 6, changed: 4 });
    expect(await searchIndexDrift(db)).toEqual({ missing: [], extra: [] });
    const after = await rows();
    expect(after.slice(0, kept.length)).toEqual(kept);
    // The new rows follow the kept ones, newest first, as a rebuild from nothing orders them.
    expect(after.slice(kept.length).map((row) => row.url)).toEqual(['/post/newest', '/post/middle', '/post/oldest']);
    expect(await rebuildSearchIndex(db, T1, { batchSize: 2 })).toEqual({ documents: 6, changed: 0 });
  });
});

describe('site search under writes', () => {
  it('answers readers on another connection with the index before or after each change, never between', async () => {
    const handle = await createTempDb();
    const reader = createDb(handle.path);
    try {
      const db = handle.db;
      const id = (
        await commitChange(db, (trx) => insertPost(trx, post({ slug: 'rewritten', title: 'Steady tonkatsu', content: 'Version 0.' })))
      ).result;
      let writing = false;
      let readsDuringWrites = 0;
      const versions: number[] = [];
      const writes = (async () => {
        for (let version = 1; version <= 40; version++) {
          await commitChange(db, async (trx) => {
            writing = true;
            await updatePost(trx, id, { content: `Version ${version}.`, updatedAt: T1 });
            // The rows are rewritten (commitChange does it again, to the same effect), and the
            // change stays open while the reader runs.
            await refreshSearchIndex(trx, [`post:${id}`]);
            await new Promise((resolve) => setImmediate(resolve));
          });
          writing = false;
        }
      })();
      let done = false;
      void writes.finally(() => (done = true));
      while (!done) {
        const during = writing;
        const answer = await searchSite(reader, { query: 'tonkatsu', limit: 5, offset: 0 });
        expect(answer.hits.map((hit) => hit.url)).toEqual(['/post/rewritten']);
        versions.push(Number(/Version (\d+)/.exec(answer.hits[0]!.snippet.map((run) => run.text).join(''))![1]));
        if (during) readsDuringWrites++;
        await new Promise((resolve) => setImmediate(resolve));
      }
      await writes;
      expect(readsDuringWrites, 'reads that ran while a change was open').toBeGreaterThan(0);
      expect(versions).toEqual([...versions].sort((a, b) => a - b));
      expect((await searchSite(reader, { query: 'version 40', limit: 5, offset: 0 })).total).toBe(1);
    } finally {
      await reader.destroy();
      await handle.cleanup();
    }
  });
});
