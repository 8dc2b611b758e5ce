import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBlock, getPostBySlug, listCities, listPosts, type Db } from '@forkcast/content-db';
import { seed } from '@forkcast/content-db/seed';
import { NEWSLETTER_FORM_OUTCOME } from '@forkcast/shared/contracts';
import { readSitemaps } from './sitemaps.ts';
import { renderFixtureSite, SITE, type RenderedSite } from './support.ts';
import { ABOUT } from '../../site/content/about.ts';
import { LEGAL_LAST_UPDATED, PRIVACY_SECTIONS, TERMS_SECTIONS } from '../../site/content/legal.ts';

// Payloads an editor (or someone who stole the editor's session) might put into a block.
const XSS_BLOCKS = [
  '<script>window.__xss = 1</script>Plain text after a script.',
  '<img src=x onerror="window.__xss = 2">',
  '[a javascript link](javascript:window.__xss=3) and [a data link](data:text/html,<script>alert(1)</script>)',
  '<svg><script>window.__xss = 4</script><a xlink:href="javascript:alert(1)"><text>svg</text></a></svg>',
  '<a href="jav&#x09;ascript:alert(1)" onclick="alert(1)">click</a><iframe src="javascript:alert(1)"></iframe>',
  '<details open ontoggle="alert(1)"><summary>x</summary></details><form action="javascript:alert(1)"><button>go</button></form>',
];

const doc = (html: string) => new JSDOM(html).window.document;

const NOT_FOUND_FILES = ['404.html', '404-post.html', '404-guide.html'];

function allFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)));
}

async function addXssBlocks(db: Db): Promise<void> {
  const post = await getPostBySlug(db, 'osaka-kushikatsu-night-crawl');
  const guide = await getPostBySlug(db, 'kyoto-food-guide');
  for (const [index, content] of XSS_BLOCKS.entries()) {
    await createBlock(db, { postId: post!.id, content, position: index, isOriginal: true, now: '2026-01-01T00:00:00.000Z' });
  }
  await createBlock(db, {
    postId: guide!.id,
    content: XSS_BLOCKS.join('\n\n'),
    position: 0,
    isOriginal: true,
    now: '2026-01-01T00:00:00.000Z',
  });
}

/** The admin's pages whose content, headings included, an island renders in the browser. */
const ADMIN_ISLAND_PAGES = [
  '',
  'editor/',
  'city/',
  'cities/',
  'pages/',
  'newsletter/',
  'inbox/',
  'insights/',
  'publishing/',
  'history/',
  'redirects/',
  'people/',
  'profile/',
  'media/',
  'webhooks/',
  'transfer/',
].map((folder) => `admin/${folder}index.html`);

describe('the seeded site, rendered in full', () => {
  let site: RenderedSite;
  let htmlFiles: string[];

  beforeAll(async () => {
    site = await renderFixtureSite(async ({ db }) => {
      await seed(db);
      await addXssBlocks(db);
    });
    htmlFiles = allFiles(site.dist.siteDir).filter((file) => file.endsWith('.html'));
  });
  afterAll(() => site?.cleanup());

  const page = (route: string) => doc(site.page(route));

  describe('titles and canonical links', () => {
    it('gives home its SPEC title', () => {
      expect(page('/').title).toBe('Forkcast - Curated City Food Guides for Discerning Travelers');
    });

    it.each([
      ['/city-guides', 'City Guides | Forkcast'],
      ['/posts', 'All Posts | Forkcast'],
      ['/posts/guides', 'City Guide Posts | Forkcast'],
      ['/posts/dining', 'Dining Posts | Forkcast'],
      ['/about', 'About | Forkcast'],
      ['/terms', 'Terms of Use | Forkcast'],
      ['/privacy', 'Privacy Policy | Forkcast'],
      ['/sitemap', 'Sitemap | Forkcast'],
      ['/newsletter', 'Newsletter | Forkcast'],
      ['/newsletter/confirmed', "You're subscribed | Forkcast"],
      ['/newsletter/unsubscribe', 'Unsubscribe | Forkcast'],
      ['/newsletter/unsubscribed', "You're unsubscribed | Forkcast"],
      ['/kyoto/guide', 'Kyoto Food Guide | Forkcast'],
      ['/404', 'Page Not Found | Forkcast'],
    ])('titles %s "%s"', (route, title) => {
      expect(page(route).title).toBe(title);
    });

    it('titles a post with its own title', () => {
      expect(page('/osaka/osaka-kushikatsu-night-crawl').title).toMatch(/^One Dip Only.* \| Forkcast$/);
    });

    it('sets canonical = PUBLIC_HOST + path, a description, Open Graph and Twitter tags on every page', () => {
      for (const file of htmlFiles.filter((f) => !NOT_FOUND_FILES.includes(f))) {
        const route = `/${file.replace(/index\.html$/, '')}`.replace(/(.)\/$/, '$1');
        const d = doc(readFileSync(join(site.dist.siteDir, file), 'utf8'));
        expect(d.querySelector('link[rel=canonical]')?.getAttribute('href'), file).toBe(`${SITE.publicHost}${route === '/' ? '/' : route}`);
        expect(d.querySelector('meta[name=description]')?.getAttribute('content')?.length, file).toBeGreaterThan(20);
        expect(d.querySelector('meta[property="og:image"]')?.getAttribute('content'), file).toMatch(/^https:\/\/forkcast\.test\/images\//);
        expect(d.querySelector('meta[name="twitter:card"]')?.getAttribute('content'), file).toBe('summary_large_image');
        expect(d.querySelector('link[rel=alternate][type="application/rss+xml"]'), file).not.toBeNull();
        // The /admin dashboard, its sections and the editors are islands that render their own headings in the browser.
        expect(d.querySelectorAll('h1').length, file).toBe(ADMIN_ISLAND_PAGES.includes(file) ? 0 : 1);
      }
    });

    it('describes every share image for Open Graph and Twitter, and names the locale, on every page', () => {
      for (const file of htmlFiles) {
        const d = doc(readFileSync(join(site.dist.siteDir, file), 'utf8'));
        const meta = (selector: string) => d.querySelector(`meta[${selector}]`)?.getAttribute('content');
        expect(meta('property="og:image"'), file).toBeTruthy();
        expect(meta('property="og:image:alt"')?.trim(), file).toBeTruthy();
        expect(meta('name="twitter:image:alt"'), file).toBe(meta('property="og:image:alt"'));
        expect(meta('property="og:locale"'), file).toBe('en_US');
      }
      const alt = (route: string) => page(route).querySelector('meta[property="og:image:alt"]')?.getAttribute('content');
      expect(alt('/about')).toBe('The Forkcast emblem: a fork on a plate');
      expect(alt('/404')).toBe('The Forkcast emblem: a fork on a plate');
      const post = page('/osaka/osaka-kushikatsu-night-crawl');
      const hero = post.querySelector('[data-hero] img')?.getAttribute('alt');
      expect(hero).toBeTruthy();
      expect(alt('/osaka/osaka-kushikatsu-night-crawl')).toBe(hero);
    });

    it('writes valid JSON-LD: Article and BreadcrumbList on posts, ItemList on listings', () => {
      const types = (route: string) =>
        [...page(route).querySelectorAll('script[type="application/ld+json"]')].map(
          (s) => (JSON.parse(s.textContent!) as { '@type': string })['@type'],
        );
      expect(types('/osaka/osaka-kushikatsu-night-crawl')).toEqual(['Article', 'BreadcrumbList']);
      expect(types('/kyoto/guide')).toEqual(['Article', 'BreadcrumbList']);
      expect(types('/city-guides')).toEqual(['ItemList']);
      expect(types('/')).toEqual(['WebSite', 'ItemList']);
    });
  });

  describe('chrome', () => {
    it('links the header and footer per SPEC, with admin and logout buttons and copyright 2025', () => {
      const d = page('/about');
      expect([...d.querySelectorAll('nav[aria-label=Main] a')].map((a) => a.getAttribute('href'))).toEqual([
        '/',
        '/city-guides',
        '/posts',
        '/about',
      ]);
      const footer = [...d.querySelectorAll('footer a')].map((a) => a.getAttribute('href'));
      for (const href of [
        '/san-francisco/guide',
        '/london/guide',
        '/about',
        '/terms',
        '/privacy',
        '/sitemap',
        '/api/login',
        '/api/logout',
      ]) {
        expect(footer).toContain(href);
      }
      expect(d.querySelector('footer [data-contact-open]')?.textContent).toBe('Contact');
      expect(d.querySelector('footer')?.textContent).toContain('© 2025 Forkcast');
      expect(d.querySelector('.drawer summary .drawer__label--closed')?.textContent).toBe('Menu');
    });
  });

  describe('home', () => {
    it('shows the SPEC headline, the first 6 cities with the Kyoto and Osaka cuts, and the links', () => {
      const d = page('/');
      expect(d.querySelector('h1')?.textContent).toBe('Curated City Food Guides & Itineraries');
      const cards = [...d.querySelectorAll('.city-card')];
      expect(cards.map((c) => c.querySelector('a')?.getAttribute('href'))).toEqual([
        '/san-francisco/guide',
        '/kyoto/guide',
        '/london/guide',
        '/osaka/guide',
        '/lisbon/guide',
        '/athens/guide',
      ]);
      const description = (slug: string) =>
        cards.find((c) => c.querySelector(`a[href="/${slug}/guide"]`))?.querySelector('.city-card__description')?.textContent;
      expect(description('kyoto')).toMatch(/techniques\.$/);
      expect(description('osaka')).toMatch(/tradition\.$/);
      expect(d.querySelector('.home-hero a[href="/city-guides"]')?.textContent).toBe('Explore City Guides');
      expect(
        [...d.querySelectorAll('a')].some((a) => a.textContent === 'See More City Guides' && a.getAttribute('href') === '/city-guides'),
      ).toBe(true);
      expect([...d.querySelectorAll('a')].some((a) => a.textContent === 'View All Posts' && a.getAttribute('href') === '/posts')).toBe(
        true,
      );
      expect(d.querySelector('form[data-newsletter] input[type=email]')).not.toBeNull();
    });

    it('shows the 6 newest posts once each, tagged with the filters that keep them, linked per the card rules', async () => {
      const d = page('/');
      expect([...d.querySelectorAll('.filters label')].map((l) => l.textContent)).toEqual(['All Posts', 'City Guides', 'Dining']);
      expect([...d.querySelectorAll('.filters input')].map((input) => input.hasAttribute('checked'))).toEqual([true, false, false]);
      const newest = await listPosts(site.handle.db, { publishedOnly: true, limit: 6 });
      const items = [...d.querySelectorAll('.latest__list > li')];
      expect(items.length).toBe(6);
      expect(items.map((li) => li.querySelector('.post-card__title')!.textContent)).toEqual(newest.map((post) => post.title));
      expect(items.map((li) => li.getAttribute('data-in'))).toEqual(
        newest.map((post) => (post.type === 'guide' ? 'all guides' : 'all dining')),
      );
      const hrefs = items.map((li) => li.querySelector('a')!.getAttribute('href'));
      expect(hrefs).toContain('/post/in-praise-of-the-november-table');
      expect(d.querySelectorAll('.latest__empty[data-for=all]').length).toBe(0);
    });
  });

  describe('listings', () => {
    it('/city-guides shows every city with the labels and the count', () => {
      const d = page('/city-guides');
      expect(d.querySelectorAll('.city-card').length).toBe(14);
      expect(d.querySelector('.stats')?.textContent).toContain('Cities Covered');
      expect(d.querySelector('.stats dd')?.textContent).toBe('14');
      expect(d.querySelectorAll('.city-card .badge').length).toBe(28);
      expect(d.querySelector('.city-card')?.textContent).toContain('4-7 days');
      expect(d.querySelector('.city-card')?.textContent).toContain('Curated');
    });

    it('/posts shows the stats and tabs that work without JavaScript', () => {
      const d = page('/posts');
      const stats = Object.fromEntries(
        [...d.querySelectorAll('.stats div')].map((div) => [div.querySelector('dt')!.textContent, div.querySelector('dd')!.textContent]),
      );
      expect(stats).toEqual({ 'Total Posts': '46', 'City Guides': '14', 'Cities Covered': '14' });
      expect([...d.querySelectorAll('.tabs a')].map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
        ['All Posts', '/posts'],
        ['City Guides', '/posts/guides'],
        ['Dining Posts', '/posts/dining'],
      ]);
      expect(d.querySelectorAll('.post-card').length).toBe(46);
      expect(page('/posts/guides').querySelectorAll('.post-card').length).toBe(14);
      expect(page('/posts/dining').querySelectorAll('.post-card').length).toBe(32);
      expect(page('/posts/dining').querySelector('.tabs a[aria-current=page]')?.textContent).toBe('Dining Posts');
    });
  });

  describe('posts and guides', () => {
    it('renders a post: breadcrumb, date, excerpt, hero with fallback, body, tags and More from the city', () => {
      const d = page('/london/london-sunday-roast-ranked');
      expect([...d.querySelectorAll('.breadcrumb li')].map((li) => li.textContent)).toEqual([
        'Home',
        'London',
        "Gravy Matters: Ranking London's Pub Sunday Roasts, From Islington to Clapham",
      ]);
      expect(d.querySelector('.article__meta time')?.getAttribute('datetime')).toBe('2026-08-19T08:00:00.000Z');
      const hero = d.querySelector('[data-hero] img')!;
      expect(hero.getAttribute('data-fallback')).toBe('/images/fallback.jpg');
      expect(d.querySelector('[data-hero] source')?.getAttribute('srcset')).toContain('-1024.webp 1024w');
      expect(d.querySelectorAll('.post-body__section').length).toBeGreaterThan(3);
      expect(d.querySelector('.tags')?.textContent).toContain('#');
      expect(d.querySelector('#more-title')?.textContent).toBe('More from London');
      const more = [...d.querySelectorAll('section[aria-labelledby=more-title] .post-card__title a')].map((a) => a.getAttribute('href'));
      expect(more.length).toBe(2); // London has three published dining posts: this one and two more
      expect(more).not.toContain('/london/london-sunday-roast-ranked');
      expect(more.every((href) => href!.startsWith('/london/') && !href!.endsWith('/guide'))).toBe(true);
    });

    it('renders a guide: badge, map frame, itinerary card, body and related posts', () => {
      const d = page('/san-francisco/guide');
      expect(d.querySelector('.guide__meta .badge')?.textContent).toBe('City Guide');
      const map = d.querySelector('figure.map-frame [role=img]')!;
      expect(map.getAttribute('aria-label')).toMatch(/San Francisco/);
      expect(map.closest('[data-map-canvas]')?.getAttribute('style')).toContain('min-height: 400px');
      expect(d.querySelectorAll('.itinerary__list li').length).toBe(3);
      expect(d.querySelector('.itinerary__more')?.textContent).toBe('+11 more');
      const button = d.querySelector('a.itinerary__button')!;
      expect([button.getAttribute('href'), button.getAttribute('target')]).toEqual(['/san-francisco/itinerary', null]);
      expect(d.querySelector('#related-title')?.textContent).toBe('Related San Francisco Posts');
      const related = [...d.querySelectorAll('section[aria-labelledby=related-title] .post-card__title a')].map((a) =>
        a.getAttribute('href'),
      );
      expect(related).toEqual(expect.arrayContaining(['/san-francisco/mission-district-burrito-field-notes']));
      expect(related.length).toBe(3);
    });

    it('has no map frame without a map URL and disables the spreadsheet button without a link', () => {
      expect(page('/kyoto/guide').querySelector('iframe')).toBeNull();
      const d = page('/naples/guide');
      expect(d.querySelector('button.itinerary__button')?.hasAttribute('disabled')).toBe(true);
      expect(d.querySelector('a.itinerary__button')).toBeNull();
    });

    it('writes an itinerary CSV per guide', () => {
      const csv = site.page('/itineraries/san-francisco.csv');
      expect(csv.startsWith('\uFEFFDay,Meal,Restaurant,Neighborhood,Cuisine,Notes,Address,Website,Latitude,Longitude\r\n')).toBe(true);
      expect(csv.trim().split('\r\n').length).toBe(15);
    });
  });

  describe('the newsletter page', () => {
    it('holds the form and a message for each outcome of a form post', () => {
      const d = page('/newsletter');
      expect(d.querySelector('meta[name=robots]')?.getAttribute('content')).toBe('noindex');
      expect(d.querySelector('form[data-newsletter]')?.getAttribute('action')).toBe('/api/newsletter/subscribe/form');
      expect(d.getElementById(NEWSLETTER_FORM_OUTCOME.subscribed)?.querySelector('h2')?.textContent).toBe('Successfully subscribed!');
      expect(d.getElementById(NEWSLETTER_FORM_OUTCOME.failed)?.querySelector('h2')?.textContent).toBe('Subscription failed');
      expect(d.getElementById(NEWSLETTER_FORM_OUTCOME.linkExpired)?.querySelector('h2')?.textContent).toBe('This link has expired');
    });

    it('renders the unsubscribe page of the site folder without a button (only a link from an email has one)', () => {
      const d = page('/newsletter/unsubscribe');
      expect(d.querySelector('meta[name=robots]')?.getAttribute('content')).toBe('noindex');
      expect(d.querySelector('main form')).toBeNull();
      expect(page('/newsletter/unsubscribed').querySelector('form[data-newsletter]')).not.toBeNull();
    });
  });

  describe('legal and sitemap pages', () => {
    it('numbers ten sections of terms and eleven of privacy, updated January 2025', () => {
      expect(page('/terms').querySelectorAll('.legal__sections > li').length).toBe(10);
      expect(page('/privacy').querySelectorAll('.legal__sections > li').length).toBe(11);
      for (const route of ['/terms', '/privacy']) expect(page(route).body.textContent).toContain('Last updated: January 2025');
      expect(page('/terms').body.textContent).toContain('United States');
      expect(page('/privacy').body.textContent).toMatch(/under 13/);
    });

    it('shows About, Terms and Privacy as pages with the text, headings and order they had in code', () => {
      const texts = (d: Document, selector: string) => [...d.querySelectorAll(selector)].map((element) => element.textContent?.trim());
      const about = page('/about');
      expect(about.querySelector('.page-intro .kicker')?.textContent).toBe('About Forkcast');
      expect(about.querySelector('h1')?.textContent).toBe('We plan our trips around lunch');
      expect(texts(about, '.page-intro p:not(.kicker)')).toEqual([ABOUT.lede('Forkcast')]);
      expect(about.querySelector('meta[name=description]')?.getAttribute('content')).toBe(ABOUT.lede('Forkcast'));
      const aboutSections = [
        ...ABOUT.sections,
        {
          heading: 'Write to Us',
          paragraphs: ['Tips, corrections and long emails about a single bowl of noodles are all welcome at hello@forkcast.example.'],
        },
      ];
      expect(texts(about, '.about__section > h2')).toEqual(aboutSections.map((section) => section.heading));
      expect([...about.querySelectorAll('.about__section')].map((section) => texts(section as unknown as Document, '.prose > p'))).toEqual(
        aboutSections.map((section) => section.paragraphs),
      );
      expect(about.querySelector('#contact a')?.getAttribute('href')).toBe('mailto:hello@forkcast.example');
      for (const [route, title, sections, description] of [
        [
          '/terms',
          'Terms of Use',
          TERMS_SECTIONS,
          "The terms that apply when you read or use Forkcast's city food guides and dining posts.",
        ],
        ['/privacy', 'Privacy Policy', PRIVACY_SECTIONS, 'What Forkcast collects, why we collect it, and the choices you have.'],
      ] as const) {
        const d = page(route);
        expect(d.querySelector('h1')?.textContent).toBe(title);
        expect(d.querySelector('.page-intro .kicker')?.textContent).toBe('The fine print');
        expect(d.querySelector('.page-intro .meta')?.textContent).toBe(`Last updated: ${LEGAL_LAST_UPDATED}`);
        expect(d.querySelector('meta[name=description]')?.getAttribute('content')).toBe(description);
        expect(texts(d, '.legal__toc li')).toEqual(sections.map((section) => section.heading));
        expect(texts(d, '.legal__sections > li > h2')).toEqual(sections.map((section, index) => `${index + 1}. ${section.heading}`));
        expect([...d.querySelectorAll('.legal__sections > li')].map((li) => texts(li as unknown as Document, '.prose > p'))).toEqual(
          sections.map((section) => section.paragraphs),
        );
      }
    });

    it('counts 6 + cities + posts, groups posts by the city their slug names, and files the odd San Francisco post with the /post/ posts', async () => {
      const d = page('/sitemap');
      expect(d.body.textContent).toContain('Total pages: 52');
      expect(d.querySelector('#city-guides')?.textContent).toBe('City Guides (14)');
      expect(d.querySelector('#blog-posts')?.textContent).toBe('Blog Posts (32)');
      const groups = Object.fromEntries(
        [...d.querySelectorAll('.sitemap__posts > div')].map((group) => [
          group.querySelector('h3')!.textContent,
          [...group.querySelectorAll('a')].map((a) => a.getAttribute('href')),
        ]),
      );
      expect(groups['San Francisco']?.slice().sort()).toEqual([
        '/san-francisco/san-francisco-richmond-dim-sum-sunday',
        '/san-francisco/san-francisco-sourdough-dawn-patrol',
      ]);
      expect(groups['London']?.slice().sort()).toEqual([
        '/london/london-borough-market-cheese-crawl',
        '/london/london-full-english-breakfast-tour',
        '/london/london-sunday-roast-ranked',
      ]);
      expect(groups['Mexico City']?.length).toBe(2);
      // Grouped with the /post/ posts, but linked at its one canonical URL rather than a redirect.
      expect(groups['More Posts']?.slice().sort()).toEqual([
        '/post/a-practical-guide-to-tipping-abroad',
        '/post/how-to-read-a-market-in-ten-minutes',
        '/post/in-praise-of-the-november-table',
        '/post/packing-a-food-travel-kit',
        '/post/the-art-of-eating-alone-well',
        '/san-francisco/mission-district-burrito-field-notes',
      ]);
      expect(Object.values(groups).flat().length).toBe(32);
      expect(page('/san-francisco/mission-district-burrito-field-notes').title).toMatch(/Burrito/);
    });

    it('renders a not-found page per URL shape, with no canonical link and marked noindex', () => {
      const headings: Record<string, string> = {
        '/404': 'Page Not Found',
        '/404-post': 'Post Not Found',
        '/404-guide': 'City Guide Not Found',
      };
      for (const [route, heading] of Object.entries(headings)) {
        const d = page(route);
        expect(d.querySelector('h1')?.textContent, route).toBe(heading);
        expect(d.querySelector('link[rel=canonical]'), route).toBeNull();
        expect(d.querySelector('meta[property="og:url"]'), route).toBeNull();
        expect(d.querySelector('meta[name=robots]')?.getAttribute('content'), route).toBe('noindex');
      }
    });
  });

  describe('machine-readable files', () => {
    it('lists every public page in the sitemaps and none of the drafts', async () => {
      const xml = await readSitemaps(site.page);
      expect(xml).toContain('<loc>https://forkcast.test/kyoto/guide</loc>');
      expect(xml).not.toContain('/admin<');
      expect(xml).not.toContain('/404');
      expect(xml).not.toContain('/newsletter');
      expect(xml).not.toContain('/admin/editor<');
      expect(xml).not.toContain('/admin/city<');
      // All but the three 404s, /newsletter and its three pages, the admin's pages (its islands, the
      // sign-in page and the three pages of mailed links), and the sitemap files themselves (named in
      // the index).
      const files = (site.page('/sitemap.xml').match(/<loc>/g) ?? []).length;
      expect((xml.match(/<loc>/g) ?? []).length - files).toBe(htmlFiles.length - 7 - ADMIN_ISLAND_PAGES.length - 4);
      expect(xml.match(/<urlset /g)?.length).toBe(files);
    });

    it('publishes every post at exactly one URL, its canonical one, in the sitemaps and the site folder', async () => {
      const xml = await readSitemaps(site.page);
      const locs = [...xml.matchAll(/<loc>https:\/\/forkcast\.test([^<]*)<\/loc>/g)].map((m) => m[1]!);
      const cities = new Map((await listCities(site.handle.db)).map((city) => [city.id, city.slug]));
      const published = (await listPosts(site.handle.db, { publishedOnly: true })).filter((post) => post.type === 'post');
      for (const post of published) {
        const canonical = post.cityId === null ? `/post/${post.slug}` : `/${cities.get(post.cityId)}/${post.slug}`;
        expect(
          locs.filter((loc) => loc.endsWith(`/${post.slug}`)),
          post.slug,
        ).toEqual([canonical]);
      }
      expect(locs).not.toContain('/post/mission-district-burrito-field-notes');
      expect(existsSync(join(site.dist.siteDir, 'post/mission-district-burrito-field-notes'))).toBe(false);
      expect(existsSync(join(site.dist.siteDir, 'post/london-sunday-roast-ranked'))).toBe(false);
      expect(xml).not.toMatch(/_redirects|404-/);
    });

    it("writes _redirects: each city post's /post/ URL and each guide's other URLs, 301 to the canonical one, sorted", async () => {
      const text = site.page('/_redirects');
      const lines = text.trimEnd().split('\n');
      expect(lines).toEqual([...lines].sort());
      expect(lines).toContain('/post/london-sunday-roast-ranked /london/london-sunday-roast-ranked 301');
      expect(lines).toContain('/post/mission-district-burrito-field-notes /san-francisco/mission-district-burrito-field-notes 301');
      expect(lines).toContain('/post/london-food-guide /london/guide 301');
      expect(lines).toContain('/london/london-food-guide /london/guide 301');
      for (const line of lines) expect(line).toMatch(/^\/[a-z0-9-]+\/[a-z0-9-]+ \/[a-z0-9-]+\/[a-z0-9-]+ 301$/);
      // 27 published city posts (one /post/ URL each) and 14 guides (two URLs each); no city-less post.
      expect(lines.length).toBe(27 + 2 * 14);
      expect(text).not.toContain('the-art-of-eating-alone-well');
    });

    it('publishes rss.xml and robots.txt', () => {
      const rss = site.page('/rss.xml');
      expect(rss).toContain('<rss version="2.0"');
      expect((rss.match(/<item>/g) ?? []).length).toBe(30);
      expect(rss).toContain('<link>https://forkcast.test/post/in-praise-of-the-november-table</link>');
      expect(site.page('/robots.txt')).toContain('Sitemap: https://forkcast.test/sitemap.xml');
    });
  });

  describe('what must never appear', () => {
    it('shows unpublished posts nowhere', async () => {
      const drafts = (await listPosts(site.handle.db)).filter((post) => !post.published);
      expect(drafts.length).toBe(2);
      for (const file of allFiles(site.dist.siteDir).filter((f) => /\.(html|xml|csv|txt)$/.test(f))) {
        const text = readFileSync(join(site.dist.siteDir, file), 'utf8');
        for (const draft of drafts) {
          expect(text.includes(draft.slug), `${file} mentions ${draft.slug}`).toBe(false);
          expect(text.includes(draft.title), `${file} mentions ${draft.title}`).toBe(false);
        }
      }
    });

    it('contains no unsanitized script, handler or javascript: URL from content', () => {
      for (const file of htmlFiles) {
        const d = doc(readFileSync(join(site.dist.siteDir, file), 'utf8'));
        for (const script of d.querySelectorAll('script')) {
          const type = script.getAttribute('type');
          expect(type === 'application/ld+json' || type === 'module' || !script.textContent?.includes('__xss'), file).toBe(true);
          expect(script.textContent ?? '', file).not.toContain('__xss');
        }
        for (const element of d.body.querySelectorAll('*')) {
          for (const attr of element.attributes) {
            const value = attr.value.replace(/\s+/g, '').toLowerCase();
            expect(value.startsWith('javascript:') || value.startsWith('data:text'), `${file} ${element.tagName}[${attr.name}]`).toBe(
              false,
            );
            // The Content-Security-Policy refuses every inline handler, so no page has one.
            expect(attr.name.startsWith('on'), `${file} ${element.tagName}[${attr.name}]`).toBe(false);
          }
        }
        expect(
          d.querySelector('main svg, main iframe:not([src^="https://www.openstreetmap.org/"]), main form[action^="javascript"]'),
          file,
        ).toBeNull();
      }
      const body = page('/osaka/osaka-kushikatsu-night-crawl').querySelector('[data-post-body]')!;
      expect(body.textContent).toContain('Plain text after a script.');
      expect(body.querySelector('a[href=""]')?.textContent).toBe('a javascript link');
    });

    it('gives every image alt text, width and height', () => {
      for (const file of htmlFiles) {
        for (const img of doc(readFileSync(join(site.dist.siteDir, file), 'utf8')).querySelectorAll('img')) {
          expect(img.hasAttribute('alt'), `${file} ${img.getAttribute('src')}`).toBe(true);
          if (!img.closest('.post-body__section')) {
            expect(img.getAttribute('width'), file).toMatch(/^\d+$/);
            expect(img.getAttribute('height'), file).toMatch(/^\d+$/);
          }
        }
      }
    });
  });
});

describe('an empty site', () => {
  let site: RenderedSite;
  beforeAll(async () => {
    site = await renderFixtureSite(async () => {});
  });
  afterAll(() => site?.cleanup());

  it('shows the SPEC empty states', () => {
    expect(doc(site.page('/city-guides')).querySelector('.empty-state h2')?.textContent).toBe('No City Guides Yet');
    const posts = doc(site.page('/posts'));
    expect(posts.querySelector('.empty-state p')?.textContent).toBe('No posts found for the selected filter.');
    expect(posts.querySelector('.empty-state a')?.textContent).toBe('View All Posts');
    expect(doc(site.page('/sitemap')).body.textContent).toContain('Total pages: 6');
  });

  it('still renders every fixed page', async () => {
    expect(await listCities(site.handle.db)).toEqual([]);
    for (const route of ['/', '/admin', '/404', '/404-post', '/404-guide', '/rss.xml', '/sitemap.xml', '/robots.txt']) {
      expect(site.page(route).length, route).toBeGreaterThan(50);
    }
    expect(site.page('/_redirects')).toBe('');
  });

  it('has no About, Terms or Privacy until the seed (or migration 0033) adds them as pages', () => {
    for (const route of ['/about', '/terms', '/privacy']) expect(() => site.page(route), route).toThrow(/ENOENT/);
  });
});
