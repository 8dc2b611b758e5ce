import { describe, expect, it } from 'vitest';
import type { Db } from '../db.ts';
import { insertTestPost, useTempDb } from '../testing.ts';
import { everyLink, linksDigest, type PostLink } from './post-link-index.ts';
import { updatePost } from './posts.ts';

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
