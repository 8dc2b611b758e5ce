import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cityPost,
  getJson,
  launchBrowser,
  newContext,
  shown,
  startServer,
  type RunningServer,
  type SeedCity,
  type SeedPost,
} from './support.ts';

// Every public page is plain HTML: with JavaScript off it is complete, readable and navigable.
describe('with JavaScript disabled', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let pages: { name: string; path: string; minText: number }[];
  let post: { post: SeedPost; path: string };

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    context = await newContext(browser, server, { javaScriptEnabled: false });
    page = await context.newPage();
    const cities = await getJson<SeedCity[]>(server, '/api/cities');
    post = await cityPost(server, 3);
    pages = [
      { name: 'home', path: '/', minText: 1000 },
      { name: 'city guides', path: '/city-guides', minText: 1000 },
      { name: 'posts', path: '/posts', minText: 1000 },
      { name: 'guide', path: `/${cities[0]!.slug}/guide`, minText: 1500 },
      { name: 'post', path: post.path, minText: 1000 },
      { name: 'about', path: '/about', minText: 500 },
      { name: 'terms', path: '/terms', minText: 1500 },
      { name: 'privacy', path: '/privacy', minText: 1500 },
      { name: 'sitemap', path: '/sitemap', minText: 500 },
      { name: 'newsletter', path: '/newsletter', minText: 150 },
    ];
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('really runs no script', async () => {
    await page.goto('/');
    // Islands never hydrate, even when reached for: Astro removes the ssr marker when they do.
    await page.getByRole('heading', { name: 'New guides, first.' }).scrollIntoViewIfNeeded();
    await page.locator('form[data-newsletter]').getByLabel('Email address').click();
    expect(await page.locator('astro-island[ssr]').count()).toBeGreaterThan(0);
    expect(await page.locator('astro-island:not([ssr])').count()).toBe(0);
  });

  it('renders every public page type complete: a title, a heading, its text, alt on every image', async () => {
    const report: string[] = [];
    for (const { name, path, minText } of pages) {
      const response = await page.goto(path);
      expect(response?.status(), name).toBe(200);
      expect(await page.title(), name).toMatch(/Forkcast/);
      const h1 = page.getByRole('heading', { level: 1 });
      expect(await h1.count(), `${name}: one h1`).toBe(1);
      expect((await h1.innerText()).trim().length, `${name}: h1 text`).toBeGreaterThan(3);
      const text = (await page.locator('main').innerText()).replace(/\s+/g, ' ').trim();
      expect(text.length, `${name}: main text`).toBeGreaterThan(minText);
      expect(await page.locator('img:not([alt])').count(), `${name}: images without alt`).toBe(0);
      // Content images (not decorative ones with alt="") say what they show.
      const images = await page
        .locator('main img')
        .evaluateAll((imgs) => imgs.map((img) => ({ alt: img.getAttribute('alt'), src: img.getAttribute('src') })));
      expect(
        images.every((img) => img.src && img.src !== ''),
        `${name}: image sources`,
      ).toBe(true);
      // Header and footer navigation are there.
      const nav = page.getByRole('navigation', { name: 'Main', exact: true });
      expect(await nav.getByRole('link').allInnerTexts(), `${name}: header nav`).toEqual(['Home', 'City Guides', 'Posts', 'About']);
      await shown(page.getByRole('contentinfo').getByRole('link', { name: 'Sitemap' }));
      report.push(
        `${name.padEnd(12)} ${path.padEnd(44)} h1="${(await h1.innerText()).trim().slice(0, 40)}" text=${text.length} chars, ${images.length} images`,
      );
    }
    console.log(report.join('\n'));
  });

  it('shows the pieces that matter on a guide and a post without script', async () => {
    const guide = pages.find((p) => p.name === 'guide')!;
    await page.goto(guide.path);
    await shown(page.getByRole('complementary', { name: /^Where to eat in / }));
    expect(await page.getByRole('complementary').getByRole('listitem').count()).toBe(3);
    await page.goto(post.path);
    const paragraphs = post.post.content.split(/\n\s*\n/).filter((p) => p.trim() !== '');
    expect(await page.locator('[data-post-body] > .post-body__section').count()).toBe(paragraphs.length);
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    expect(await crumbs.getByRole('link').count()).toBe(2);
  });

  it('navigates home -> posts -> a post by plain links', async () => {
    await page.goto('/');
    await Promise.all([
      page.waitForURL((url) => url.pathname === '/posts'),
      page.getByRole('navigation', { name: 'Main', exact: true }).getByRole('link', { name: 'Posts' }).click(),
    ]);
    await shown(page.getByRole('heading', { level: 1, name: 'All Posts' }));
    const first = page.locator('main .grid article.post-card').first().getByRole('heading').getByRole('link');
    const title = (await first.innerText()).trim();
    const href = (await first.getAttribute('href'))!;
    await Promise.all([page.waitForURL((url) => url.pathname === href), first.click()]);
    await shown(page.getByRole('heading', { level: 1, name: title }));
    // And back home through the breadcrumb.
    await Promise.all([
      page.waitForURL((url) => url.pathname === '/'),
      page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Home' }).click(),
    ]);
    await shown(page.getByRole('heading', { level: 1, name: 'Curated City Food Guides & Itineraries' }));
  });

  it('home: the latest-posts filters work without script (radio buttons and CSS)', async () => {
    await page.goto('/');
    const latest = page.getByRole('region', { name: 'Latest Posts' });
    const visibleBadges = () =>
      latest
        .locator('li')
        .evaluateAll((items) =>
          items.filter((li) => (li as HTMLElement).offsetParent !== null).map((li) => li.querySelector('.badge')?.textContent?.trim()),
        );
    expect((await visibleBadges()).length).toBeGreaterThan(0);
    await latest.locator('label[for="latest-guides"]').click();
    const guides = await visibleBadges();
    expect(guides.length).toBeGreaterThan(0);
    expect(new Set(guides)).toEqual(new Set(['City Guide']));
    await latest.locator('label[for="latest-dining"]').click();
    const dining = await visibleBadges();
    expect(dining.length).toBeGreaterThan(0);
    expect(new Set(dining)).toEqual(new Set(['Dining']));
  });

  it('subscribes to the newsletter by a plain form post and says so on the newsletter page', async () => {
    const ok = page.getByRole('heading', { name: 'Successfully subscribed!' });
    const failed = page.getByRole('heading', { name: 'Subscription failed' });
    await page.goto('/');
    const form = page.locator('form[data-newsletter]');
    await form.getByLabel('Email address').fill(`no-script-${Date.now()}@example.com`);
    await Promise.all([
      page.waitForURL((url) => url.pathname === '/newsletter' && url.hash === '#subscribed'),
      form.getByRole('button', { name: 'Subscribe' }).click(),
    ]);
    await shown(ok);
    expect(await failed.isVisible()).toBe(false);

    // A refusal the browser's own check lets through (the server's pattern is stricter) lands on the failure message.
    await form.getByLabel('Email address').fill('reader@example');
    await Promise.all([page.waitForURL((url) => url.hash === '#not-subscribed'), form.getByRole('button', { name: 'Subscribe' }).click()]);
    await shown(failed);
    expect(await ok.isVisible()).toBe(false);
  });

  it('the admin dashboard says it needs JavaScript and links to the sign-in', async () => {
    await page.goto('/admin');
    // (Chromium with script execution turned off through DevTools still hides <noscript> with its
    // user-agent style, so this checks the markup a browser with JavaScript really off shows.)
    const noscript = page.locator('main noscript');
    expect(await noscript.textContent()).toContain('The dashboard needs JavaScript.');
    expect(await noscript.locator('a').getAttribute('href')).toBe('/api/login?next=/admin');
  });
});
