import { afterEach, describe, expect, it } from 'vitest';
import { routeFile } from '@forkcast/admin-api';
import { getPostBySlug, insertPost } from '@forkcast/content-db';
import { seed } from '@forkcast/content-db/seed';
import { sitemapRange } from '@forkcast/shared/urls';
import { fullBuildOf, readTree, treeDifferences } from './compare.ts';
import { publishingSite, type PublishingSite } from './support.ts';

const json = (method: string, body: unknown) => ({ method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

// Dining posts older than anything seeded, a day apart: the oldest ones fill archive page 1 of
// /posts and of its dining tab, and there are enough of them for several newer archive pages.
const OLD_POSTS = 240;
const oldSlug = (i: number) => `early-table-${i}`;
// The numbered sitemap page of a range of post ids (the range of its sitemap file).
const sitemapPagePath = (range: number) => `/sitemap/${range}`;

describe('archive pages keep their places when a post is unpublished', () => {
  let site: PublishingSite;
  afterEach(() => site?.cleanup());

  it('changes only the archive page and the numbered sitemap page that listed it, and a full build writes the same bytes', async () => {
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

    // More posts than /sitemap lists itself: it counts them and links the numbered pages, each
    // listing the posts of one range of ids, grouped as /sitemap groups them.
    const id = (await getPostBySlug(site.handle.db, oldSlug(3)))!.id;
    const sitemapPages = [...before.keys()].filter((file) => /^sitemap\/\d+\/index\.html$/.test(file));
    expect(sitemapPages.length).toBeGreaterThanOrEqual(2);
    const sitemap = site.page('/sitemap');
    expect(sitemap).toContain(`Blog Posts (${32 + OLD_POSTS})`);
    expect(sitemap).toContain(`Total pages: ${6 + 14 + 32 + OLD_POSTS}`);
    expect(sitemap).not.toContain(`href="/post/${oldSlug(3)}"`);
    for (const file of sitemapPages) expect(sitemap).toContain(`href="/${file.replace('/index.html', '')}"`);
    const ownPage = routeFile(sitemapPagePath(sitemapRange(id)));
    expect(site.page(sitemapPagePath(sitemapRange(id)))).toContain(`>More Posts</h3>`);
    expect(site.page(sitemapPagePath(sitemapRange(id)))).toContain(`href="/post/${oldSlug(3)}"`);
    expect(site.page('/sitemap/1')).toContain('>London</h3>');

    expect((await site.request(`/api/posts/${id}`, json('PATCH', { status: 'draft' }))).status).toBe(200);
    const changed = treeDifferences(before, readTree(site.dist.siteDir));
    expect(changed.filter((file) => sitemapPages.includes(file))).toEqual([ownPage]);
    expect(site.page(sitemapPagePath(sitemapRange(id)))).not.toContain(`href="/post/${oldSlug(3)}"`);
    expect(site.page('/sitemap')).toContain(`Blog Posts (${32 + OLD_POSTS - 1})`);
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

    // A new city changes /sitemap's list of guides, and no numbered page: each reads only its posts' own cities.
    const numberedReads = await site.handle.db
      .selectFrom('pageTags')
      .select('tag')
      .where(
        'path',
        'in',
        sitemapPages.map((file) => `/${file.replace('/index.html', '')}`),
      )
      .execute();
    expect(numberedReads.map((read) => read.tag)).not.toContain('cities');
    const beforeCity = readTree(site.dist.siteDir);
    expect((await site.request('/api/cities', json('POST', { name: 'Valparaíso', country: 'Chile' }))).status).toBe(201);
    expect(treeDifferences(beforeCity, readTree(site.dist.siteDir)).filter((file) => sitemapPages.includes(file))).toEqual([]);
    expect(treeDifferences(readTree(site.dist.siteDir), await fullBuildOf(site.handle.db))).toEqual([]);
  });
});
