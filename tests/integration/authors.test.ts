import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, getCityById, getOwner, insertPost, listPosts, setPostAuthors } from '@forkcast/content-db';
import { canonicalPostPath } from '@forkcast/shared/urls';
import { seed } from '@forkcast/content-db/seed';
import { FIXTURE_TIME } from '@forkcast/content-db/testing';
import { ADMIN_NAME, renderFixtureSite, SITE, type RenderedSite } from './support.ts';

const doc = (html: string) => new JSDOM(html).window.document;
const text = (node: Element | null | undefined) => node?.textContent?.replace(/\s+/g, ' ').trim();

// Enough posts of Jun's alone for his page to pass two pages' worth, so it has an archive page as /posts does.
const JUNS_POSTS = 100;

describe('bylines and author pages', () => {
  let site: RenderedSite;
  // The path of a seeded post that Jun writes with the owner.
  let sharedPath = '';

  beforeAll(async () => {
    site = await renderFixtureSite(async ({ db }) => {
      await seed(db);
      const jun = await createUser(db, {
        email: 'jun@forkcast.test',
        passwordHash: 'x',
        name: 'Jun Sato',
        role: 'author',
        bio: 'Follows night markets from Taipei to Oaxaca.',
        avatar: '/images/posts/bakery.jpg',
        now: FIXTURE_TIME,
      });
      await createUser(db, { email: 'quiet@forkcast.test', passwordHash: 'x', name: 'Quiet Writer', role: 'author', now: FIXTURE_TIME });
      const owner = (await getOwner(db))!;
      const [first] = await listPosts(db, { publishedOnly: true, type: 'post' });
      sharedPath = canonicalPostPath(first!, first!.cityId === null ? undefined : await getCityById(db, first!.cityId));
      await setPostAuthors(db, first!.id, [owner.id, jun]);
      for (let i = 1; i <= JUNS_POSTS; i += 1) {
        const day = new Date(Date.UTC(2020, 0, 1, i)).toISOString();
        await insertPost(db, {
          slug: `night-market-${i}`,
          title: `Night Market, Stall ${i}`,
          excerpt: 'Skewers, smoke and a queue worth joining.',
          content: 'The queue moved fast.',
          type: 'post',
          cityId: null,
          published: true,
          publishedAt: day,
          createdAt: day,
          updatedAt: day,
          authorIds: [jun],
        });
      }
    });
  });
  afterAll(() => site?.cleanup());

  it('bylines a post with its authors joined as a reader says them, each linking to their page', () => {
    const d = doc(site.page(sharedPath));
    const byline = d.querySelector('.article__header .byline');
    expect(text(byline)).toBe(`By ${ADMIN_NAME} and Jun Sato`);
    expect([...byline!.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual(['/authors/ana-ruiz', '/authors/jun-sato']);
    const article = [...d.querySelectorAll('script[type="application/ld+json"]')]
      .map((script) => JSON.parse(script.textContent!) as { '@type': string; author?: unknown })
      .find((ld) => ld['@type'] === 'Article');
    expect(article?.author).toEqual([
      { '@type': 'Person', name: ADMIN_NAME, url: `${SITE.publicHost}/authors/ana-ruiz` },
      { '@type': 'Person', name: 'Jun Sato', url: `${SITE.publicHost}/authors/jun-sato` },
    ]);
  });

  it('bylines every card and a guide', () => {
    const cards = [...doc(site.page('/posts')).querySelectorAll('.post-card')];
    expect(cards.length).toBeGreaterThan(0);
    expect(cards.every((card) => /^By /.test(text(card.querySelector('.byline')) ?? ''))).toBe(true);
    expect(text(doc(site.page('/kyoto/guide')).querySelector('.guide__header .byline'))).toBe(`By ${ADMIN_NAME}`);
  });

  it('gives an author a page: name, bio, portrait, their posts paged like /posts, a feed, title and description', () => {
    const d = doc(site.page('/authors/jun-sato'));
    expect(text(d.querySelector('h1'))).toBe('Jun Sato');
    expect(d.title).toBe(`Jun Sato | ${SITE.siteName}`);
    expect(d.querySelector('meta[name="description"]')?.getAttribute('content')).toBe('Follows night markets from Taipei to Oaxaca.');
    expect(d.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${SITE.publicHost}/authors/jun-sato`);
    expect(d.querySelector('.author-intro__portrait')?.getAttribute('alt')).toBe('Portrait of Jun Sato');
    expect(text(d.querySelector('.author-intro__bio'))).toBe('Follows night markets from Taipei to Oaxaca.');
    expect(d.querySelector('link[rel="alternate"][href="/authors/jun-sato/rss.xml"]')).not.toBeNull();
    const first = d.querySelectorAll('.post-card').length;
    const archive = doc(site.page('/authors/jun-sato/page/1')).querySelectorAll('.post-card').length;
    expect(first + archive).toBe(JUNS_POSTS + 1);
    expect(archive).toBe(48);
    expect(d.querySelector('.pager a[rel="next"]')?.getAttribute('href')).toBe('/authors/jun-sato/page/1');
    const feed = site.page('/authors/jun-sato/rss.xml');
    expect(feed).toContain('<title>Jun Sato on Forkcast</title>');
    expect(feed.match(/<item>/g)).toHaveLength(30);
    expect(feed).toContain('<dc:creator>Jun Sato</dc:creator>');
  });

  it('lists authors with published posts in the sitemap, and gives one without any no page', () => {
    const pages = site.page('/sitemaps/pages.xml');
    expect(pages).toContain(`<loc>${SITE.publicHost}/authors/jun-sato</loc>`);
    expect(pages).toContain(`<loc>${SITE.publicHost}/authors/ana-ruiz</loc>`);
    expect(pages).not.toContain('/authors/quiet-writer');
    expect(() => site.page('/authors/quiet-writer')).toThrow(/ENOENT/);
  });
});
