import { describe, expect, it } from 'vitest';
import type { Db } from '../db.ts';
import { insertTestPost, useTempDb } from '../testing.ts';
import { everyLink } from './post-link-index.ts';
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
