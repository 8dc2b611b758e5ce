import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getCityBySlug, getGuideForCity, insertPost, listPosts, nowIso, updatePost, deletePost } from '@forkcast/content-db';
import { seed } from '@forkcast/content-db/seed';
import { renderFixtureSite, SITE, type RenderedSite } from './support.ts';

const doc = (html: string) => new JSDOM(html).window.document;

// 70 dining posts newer than anything seeded: the newest 6 hold no guide, and both /posts and the
// dining tab pass two pages' worth of posts, so the oldest 48 of each go to archive page 1.
const EXTRA_DINING = 70;

describe('listings over a site whose newest posts are all dining posts and two guides are gone', () => {
  let site: RenderedSite;

  beforeAll(async () => {
    site = await renderFixtureSite(async ({ db }) => {
      await seed(db);
      const now = nowIso();
      const guideOf = async (slug: string) => (await getGuideForCity(db, (await getCityBySlug(db, slug))!.id))!;
      await updatePost(db, (await guideOf('kyoto')).id, { published: false, updatedAt: now });
      await deletePost(db, (await guideOf('naples')).id);
      for (let i = 1; i <= EXTRA_DINING; i += 1) {
        const day = new Date(Date.UTC(2027, 0, 1, i)).toISOString();
        await insertPost(db, {
          slug: `late-supper-notes-${i}`,
          title: `Late Supper Notes, Evening ${i}`,
          excerpt: 'A short dispatch from the last table of the night.',
          content: 'The kitchen was closing, and the best plate came out last.',
          heroImage: null,
          type: 'post',
          cityId: null,
          published: true,
          publishedAt: day,
          createdAt: day,
          updatedAt: day,
        });
      }
    });
  });
  afterAll(() => site?.cleanup());

  const page = (route: string) => doc(site.page(route));

  describe('home: Latest Posts', () => {
    it('shows the 6 newest posts and, under City Guides, a friendly line instead of a blank area', async () => {
      const d = page('/');
      const items = [...d.querySelectorAll('.latest__list > li')];
      expect(items.length).toBe(6);
      expect(items.map((li) => li.querySelector('a')!.getAttribute('href'))).toEqual(
        [70, 69, 68, 67, 66, 65].map((i) => `/post/late-supper-notes-${i}`),
      );
      expect(items.every((li) => li.getAttribute('data-in') === 'all dining')).toBe(true);
      const empty = [...d.querySelectorAll('.latest__empty')];
      expect(empty.map((p) => p.getAttribute('data-for'))).toEqual(['guides']);
      expect(empty[0]!.textContent).toMatch(/No city guide is among the latest posts/);
      expect(empty[0]!.querySelector('a')?.getAttribute('href')).toBe('/city-guides');
    });
  });

  describe('/city-guides', () => {
    it('lists only the cities whose guide is published, so no card leads to a missing page', async () => {
      const d = page('/city-guides');
      const hrefs = [...d.querySelectorAll('.city-card h2 a')].map((a) => a.getAttribute('href'));
      const published = await listPosts(site.handle.db, { publishedOnly: true, type: 'guide' });
      expect(hrefs.length).toBe(12);
      expect(published.length).toBe(12);
      expect(hrefs).not.toContain('/kyoto/guide');
      expect(hrefs).not.toContain('/naples/guide');
      for (const href of hrefs) expect(() => site.page(href!), href!).not.toThrow();
      expect(d.querySelector('.stats dd')?.textContent).toBe('12');
    });
  });

  describe('/posts tabs and pages', () => {
    it.each([
      ['/posts', 'All Posts'],
      ['/posts/page/1', 'All Posts, Page 1'],
      ['/posts/guides', 'City Guide Posts'],
      ['/posts/dining', 'Dining Posts'],
      ['/posts/dining/page/1', 'Dining Posts, Page 1'],
    ])('%s has its own h1 "%s", title and canonical', (route, heading) => {
      const d = page(route);
      expect([...d.querySelectorAll('h1')].map((h) => h.textContent)).toEqual([heading]);
      expect(d.title).toBe(`${heading} | ${SITE.siteName}`);
      expect(d.querySelector('link[rel=canonical]')?.getAttribute('href')).toBe(`${SITE.publicHost}${route}`);
    });

    it.each([
      ['/posts', undefined],
      ['/posts/dining', 'post'],
    ] as const)('%s lists its newest posts first and archives the oldest 48 places on page 1, each post once', async (base, type) => {
      // A place is a published post or an unpublished one that keeps its date (the Kyoto guide), shown empty.
      const places = (await listPosts(site.handle.db, type ? { type } : {})).filter((post) => post.published || post.publishedAt !== null);
      const shown = (list: typeof places) => list.filter((post) => post.published).map((post) => post.title);
      const all = shown(places);
      const hrefs = (d: Document) => [...d.querySelectorAll('.post-card__title a')].map((a) => a.getAttribute('href'));
      const first = page(base);
      const archive = page(`${base}/page/1`);
      expect(hrefs(first).length + hrefs(archive).length).toBe(all.length);
      expect(new Set([...hrefs(first), ...hrefs(archive)]).size).toBe(all.length);
      // Both read newest first, and the archive holds the oldest places.
      const titles = (d: Document) => [...d.querySelectorAll('.post-card__title a')].map((a) => a.textContent);
      expect(titles(archive)).toEqual(shown(places.slice(-48)));
      expect(titles(first)).toEqual(shown(places.slice(0, -48)));
      const pager = (d: Document) =>
        Object.fromEntries([...d.querySelectorAll('.pager a')].map((a) => [a.textContent, a.getAttribute('href')]));
      expect(pager(first)).toEqual({ 'Older posts': `${base}/page/1` });
      expect(pager(archive)).toEqual({ 'Newer posts': base });
      // Only the first page counts: an archive page that did would change with every new post.
      expect(first.querySelector('.stats')).not.toBeNull();
      expect(archive.querySelector('.stats')).toBeNull();
      expect(archive.querySelector('.page-intro h1 + p')?.textContent).toMatch(/Posts from \w+ \d+, \d{4} to \w+ \d+, \d{4}\./);
    });

    it('titles no tab like /city-guides', () => {
      const titles = ['/posts', '/posts/guides', '/posts/dining', '/city-guides'].map((route) => page(route).title);
      expect(new Set(titles).size).toBe(titles.length);
    });
  });
});
