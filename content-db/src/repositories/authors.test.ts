import { describe, expect, it } from 'vitest';
import type { Db } from '../db.ts';
import { TAG } from '../tags.ts';
import { insertTestPost, insertTestUser, useTempDb } from '../testing.ts';
import { trackReads, trackWrites } from '../tracking.ts';
import { getAuthorPage, listAuthorPages, listAuthors } from './authors.ts';
import { setPostAuthors } from './post-authors.ts';
import { countPublishedPosts, listPostSummaries } from './post-lists.ts';

describe('authors as readers meet them', () => {
  let db: Db;
  useTempDb((fresh) => {
    db = fresh;
  });

  it('reads a byline in its order, recording each author it shows', async () => {
    const ana = await insertTestUser(db, 'author', 'Ana Ruiz');
    const jun = await insertTestUser(db, 'editor', 'Jun Sato');
    const { result, tags } = await trackReads(() => listAuthors(db, [jun, ana]));
    expect(result.map((author) => [author.name, author.slug])).toEqual([
      ['Jun Sato', 'jun-sato'],
      ['Ana Ruiz', 'ana-ruiz'],
    ]);
    expect(tags).toEqual([TAG.author(ana), TAG.author(jun)].sort());
  });

  it('gives cards their authors, and lists an author’s published posts only', async () => {
    const ana = await insertTestUser(db, 'author', 'Ana Ruiz');
    const jun = await insertTestUser(db, 'author', 'Jun Sato');
    const shared = await insertTestPost(db, 'shared', { authorIds: [jun, ana], publishedAt: '2025-01-02T00:00:00.000Z' });
    const own = await insertTestPost(db, 'own', { authorIds: [ana] });
    await insertTestPost(db, 'draft', { authorIds: [ana], published: false });
    const { result, queries } = await trackReads(() => listPostSummaries(db, { authorId: ana, limit: 12 }));
    expect(result.map((post) => [post.id, post.authorIds])).toEqual([
      [shared, [jun, ana]],
      [own, [ana]],
    ]);
    expect(queries[0]?.listen).toEqual([TAG.authorPosts(ana)]);
    expect(await countPublishedPosts(db, { authorId: jun })).toBe(1);
    expect((await listPostSummaries(db, { limit: 1 }))[0]?.authorIds).toEqual([jun, ana]);
  });

  it('has a page only for an author with a published post', async () => {
    const ana = await insertTestUser(db, 'author', 'Ana Ruiz');
    await insertTestUser(db, 'author', 'Jun Sato');
    const post = await insertTestPost(db, 'first', { authorIds: [ana] });
    expect(await listAuthorPages(db, {})).toEqual([{ slug: 'ana-ruiz', count: 1 }]);
    expect(await getAuthorPage(db, { slug: 'ana-ruiz' })).toMatchObject({ id: ana, name: 'Ana Ruiz', bio: '', avatar: null });
    expect(await getAuthorPage(db, { slug: 'jun-sato' })).toBeUndefined();
    // Giving the post away changes which author pages exist: the write says so.
    const eda = await insertTestUser(db, 'editor', 'Eda');
    const { tags } = await trackWrites(() => setPostAuthors(db, post, [eda]));
    expect(tags).toContain(TAG.authors);
    expect(await getAuthorPage(db, { slug: 'ana-ruiz' })).toBeUndefined();
  });
});
