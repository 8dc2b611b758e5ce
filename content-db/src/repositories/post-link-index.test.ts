import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createDb, type Db } from '../db.ts';
import { seededRandom } from '../seeded-random.ts';
import { createTempDb, insertTestPost, useTempDb } from '../testing.ts';
import type { PostType } from '../schema.ts';
import { everyLink, keepLinkOrderOnly, linksDigest, listedIds, listSlotIds, publishedFilter, type PostLink } from './post-link-index.ts';
import { countPostsByIdRange, listPostLinks } from './post-link-lists.ts';
import { deletePost, updatePost } from './posts.ts';

describe('the list of every post’s link', () => {
  let db: Db;
  useTempDb(async (fresh) => {
    db = fresh;
    for (const slug of ['one', 'two', 'three']) await insertTestPost(db, slug);
  });

  it('is read once for reads asked for together outside a publish, not once each', async () => {
    // The routes the server lists as it starts ask for it from several lists at once.
    const [first, ...others] = await Promise.all([everyLink(db), everyLink(db), everyLink(db)]);
    for (const other of others) expect(other).toBe(first);
    expect(first!.map((link) => link.slug).sort()).toEqual(['one', 'three', 'two']);
  });

  it('is patched with a change made between two reads', async () => {
    const before = await everyLink(db);
    const id = before.find((link) => link.slug === 'two')!.id;
    await updatePost(db, id, { slug: 'second', updatedAt: '2025-01-02T00:00:00.000Z' });
    const after = await everyLink(db);
    expect(after.map((link) => link.slug).sort()).toEqual(['one', 'second', 'three']);
    // The links that did not change are the same objects: patched, not read again.
    expect(after.find((link) => link.slug === 'one')).toBe(before.find((link) => link.slug === 'one'));
  });
});

describe('the lists cut from the list of every post’s link', () => {
  const TYPES = [undefined, 'post', 'guide'] as const;
  const TAGS = ['Ramen', 'Tacos', 'Wine'];
  const DATES = ['2025-01-01', '2025-01-02', '2025-01-03', '2025-02-01'].map((day) => `${day}T00:00:00.000Z`);

  /** Every list the pages cut from it, as plain values. */
  async function cuts(db: Db) {
    const lists: Record<string, unknown> = {};
    for (const type of TYPES)
      for (const tagSlug of [undefined, 'ramen', 'tacos'])
        for (const order of ['newest', 'oldest'] as const) {
          const args = { ...(type ? { type } : {}), ...(tagSlug ? { tagSlug } : {}), order };
          const slots = await listSlotIds(db, args);
          lists[JSON.stringify(args)] = { listed: await listedIds(db, args), slots, published: (await publishedFilter(db))(slots) };
        }
    for (const type of TYPES) {
      const args = type ? { type } : {};
      lists[`ranges ${type}`] = await countPostsByIdRange(db, { size: 7, ...args });
      lists[`links ${type}`] = (await listPostLinks(db, args)).map((link) => ({ ...link }));
    }
    lists.every = (await everyLink(db)).map((link) => ({ ...link }));
    return lists;
  }

  it('are, after each of many random changes, what a list read from scratch gives', async () => {
    const handle = await createTempDb();
    try {
      const { db } = handle;
      const random = seededRandom(43);
      const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
      const fields = (): { type: PostType; tags: string[]; createdAt: string } => ({
        type: random() < 0.8 ? 'post' : 'guide',
        tags: TAGS.filter(() => random() < 0.4),
        createdAt: pick(DATES),
      });
      const ids: number[] = [];
      let made = 0;
      const add = async () => {
        const published = random() < 0.7;
        ids.push(
          await insertTestPost(db, `post-${++made}`, {
            ...fields(),
            published,
            publishedAt: published || random() < 0.5 ? pick(DATES) : null,
          }),
        );
      };
      const untouched = await insertTestPost(db, 'never-changed');
      for (let i = 0; i < 60; i++) await add();
      // A render thread's connection, kept across the changes as the server's is: the order only.
      const orderOnly = createDb(handle.path);
      keepLinkOrderOnly(orderOnly);
      const untouchedLink = (await everyLink(db)).find((link) => link.id === untouched);
      const at = '2025-03-01T00:00:00.000Z';
      const changes: (() => Promise<void>)[] = [
        add,
        () => updatePost(db, pick(ids), { published: false, updatedAt: at }),
        () => updatePost(db, pick(ids), { published: true, publishedAt: pick(DATES), updatedAt: at }),
        () => updatePost(db, pick(ids), { published: false, publishedAt: null, updatedAt: at }),
        () => updatePost(db, pick(ids), { publishedAt: pick(DATES), updatedAt: at }),
        () => updatePost(db, pick(ids), { slug: `moved-${++made}`, title: `Moved ${made}`, updatedAt: at }),
        () => updatePost(db, pick(ids), { ...fields(), updatedAt: at }),
        async () => {
          const id = pick(ids);
          ids.splice(ids.indexOf(id), 1);
          await deletePost(db, id);
        },
      ];
      for (let step = 0; step < 120; step++) {
        // One change or several between two reads, the same post sometimes changed twice.
        for (let n = 1 + Math.floor(random() * 3); n > 0; n--) await pick(changes)();
        const fresh = createDb(handle.path);
        try {
          const expected = await cuts(fresh);
          expect(await cuts(db), `step ${step}`).toEqual(expected);
          expect(await cuts(orderOnly), `step ${step}, the order only`).toEqual(expected);
        } finally {
          await fresh.destroy();
        }
      }
      await orderOnly.destroy();
      // And the list the cuts come from is what SQLite says, in reader order.
      const { rows } = await sql<{ id: number }>`select id from posts where published = 1
        order by coalesce(published_at, created_at) desc, id desc`.execute(db);
      expect(await listedIds(db, {})).toEqual(rows.map((row) => row.id));
      // Patched all along: a link no change touched is still the object read at the start.
      expect((await everyLink(db)).find((link) => link.id === untouched)).toBe(untouchedLink);
    } finally {
      await handle.cleanup();
    }
  });
});

describe('the fingerprint of a list of links', () => {
  const link = (id: number, title = `Post ${id}`): PostLink => ({
    id,
    slug: `post-${id}`,
    title,
    type: 'post',
    cityId: null,
    publishedAt: `2025-01-01T00:00:${String(id % 60).padStart(2, '0')}.000Z`,
    createdAt: '2025-01-01T00:00:00.000Z',
  });
  const list = (ids: readonly number[]) => ids.map((id) => link(id));
  const ids = Array.from({ length: 500 }, (_, i) => 500 - i);

  it('depends on what the links say, not on which objects say it', () => {
    const kept = list(ids);
    expect(linksDigest(kept)).toBe(linksDigest(list(ids)));
    // Asked again for the same objects (what it keeps from the last time) and for a copy of them.
    expect(linksDigest(kept)).toBe(linksDigest([...kept]));
  });

  it('changes with any link added, removed, moved or changed', () => {
    const kept = list(ids);
    const before = linksDigest(kept);
    const others = [
      [link(501), ...kept],
      kept.filter((one) => one.id !== 250),
      kept.toSpliced(10, 2, kept[11]!, kept[10]!),
      kept.map((one) => (one.id === 128 ? link(128, 'Renamed') : one)),
      kept.slice(0, -1),
    ];
    const digests = others.map(linksDigest);
    for (const digest of digests) expect(digest).not.toBe(before);
    expect(new Set(digests).size).toBe(digests.length);
    // And comes back when the list does.
    expect(linksDigest(kept)).toBe(before);
  });
});
