import { afterEach, describe, expect, it } from 'vitest';
import { routeFile } from '@forkcast/admin-api';
import { getPostBySlug, insertPost } from '@forkcast/content-db';
import { seed } from '@forkcast/content-db/seed';
import { fullBuildOf, readTree, treeDifferences } from './compare.ts';
import { publishingSite, type PublishingSite } from './support.ts';

const json = (method: string, body: unknown) => ({ method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

// Dining posts older than anything seeded, a day apart: the oldest ones fill archive page 1 of
// /posts and of its dining tab, and there are enough of them for several newer archive pages.
const OLD_POSTS = 240;
const oldSlug = (i: number) => `early-table-${i}`;

describe('archive pages keep their places when a post is unpublished', () => {
  let site: PublishingSite;
  afterEach(() => site?.cleanup());

  it('changes only the archive page that listed it, and a full build writes the same bytes', async () => {
    site = await publishingSite(async ({ db }) => {
      await seed(db);
      for (let i = 1; i <= OLD_POSTS; i += 1) {
        const day = new Date(Date.UTC(2020, 0, i)).toISOString();
        await insertPost(db, {
          slug: oldSlug(i),
          title: `Early Table ${i}`,
          excerpt: 'A dispatch from before the seed.',
          content: 'An old plate, still remembered.',
          heroImage: null,
          type: 'post',
          cityId: null,
          tags: ['Archive'],
          published: true,
          publishedAt: day,
          createdAt: day,
          updatedAt: day,
        });
      }
    });
    const newerArchivePages = [...readTree(site.dist.siteDir).keys()].filter((file) =>
      /^(posts|posts\/dining|tags\/archive)\/page\/([2-9]|\d\d+)\/index\.html$/.test(file),
    );
    expect(newerArchivePages.length).toBeGreaterThanOrEqual(6);
    const before = readTree(site.dist.siteDir);
    const pageOne = site.page('/posts/page/1');
    expect(pageOne).toContain(`href="/post/${oldSlug(3)}"`);

    const id = (await getPostBySlug(site.handle.db, oldSlug(3)))!.id;
    expect((await site.request(`/api/posts/${id}`, json('PATCH', { status: 'draft' }))).status).toBe(200);
    const changed = treeDifferences(before, readTree(site.dist.siteDir));
    // The archive page that listed it changed; none of the newer ones did.
    expect(changed).toContain(routeFile('/posts/page/1'));
    expect(changed.filter((file) => newerArchivePages.includes(file))).toEqual([]);
    expect(site.page('/posts/page/1')).not.toContain(`href="/post/${oldSlug(3)}"`);
    expect(site.page('/posts/page/1')).toContain(`href="/post/${oldSlug(4)}"`);
    expect(treeDifferences(readTree(site.dist.siteDir), await fullBuildOf(site.handle.db))).toEqual([]);

    // Published again, with the date it kept, it fills the same place: the page is as it was.
    expect((await site.request(`/api/posts/${id}`, json('PATCH', { status: 'published' }))).status).toBe(200);
    expect(site.page('/posts/page/1')).toBe(pageOne);
    expect(treeDifferences(before, readTree(site.dist.siteDir)).filter((file) => newerArchivePages.includes(file))).toEqual([]);
    expect(treeDifferences(readTree(site.dist.siteDir), await fullBuildOf(site.handle.db))).toEqual([]);
  });
});
