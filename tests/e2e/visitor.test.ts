import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminCookie,
  exposedRoles,
  getJson,
  gone,
  launchBrowser,
  listenForAnnouncements,
  newContext,
  notifications,
  shown,
  startServer,
  type RunningServer,
  type SeedCity,
  type SeedPost,
} from './support.ts';

// A signed-out reader's journeys through the real server and a real browser.
describe('visitor journeys', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let cities: SeedCity[];
  let posts: SeedPost[];

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    context = await newContext(browser, server);
    page = await context.newPage();
    cities = await getJson<SeedCity[]>(server, '/api/cities');
    posts = await getJson<SeedPost[]>(server, '/api/posts?published=true');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('goes home -> a featured city -> its guide -> a related post -> back to the guide by the breadcrumb', async () => {
    await page.goto('/');
    expect(await page.title()).toBe('Forkcast - Curated City Food Guides for Discerning Travelers');
    await shown(page.getByRole('heading', { level: 1, name: 'Curated City Food Guides & Itineraries' }));
    const featured = page.getByRole('region', { name: 'Featured City Guides' });
    const cards = featured.getByRole('article');
    expect(await cards.count()).toBe(6);
    // The first featured city that has a map (San Francisco, London, Osaka, Athens, ...).
    const city = cities.slice(0, 6).find((c) => c.mapEmbedUrl)!;
    expect(city, 'a featured city with a map').toBeTruthy();
    await Promise.all([page.waitForURL(`**/${city.slug}/guide`), featured.getByRole('link', { name: city.name, exact: true }).click()]);

    await shown(page.getByRole('heading', { level: 1 }));
    await shown(page.getByText('City Guide', { exact: true }));
    // Its places have coordinates: a pinned preview of the map, numbered like the itinerary.
    const map = page.locator('figure.map-frame [role=img]');
    expect(await map.count()).toBe(1);
    expect(await map.getAttribute('aria-label')).toMatch(new RegExp(`^Map of ${city.name}'s food neighborhoods: \\d+ places`));
    expect((await page.locator('[data-map-canvas]').boundingBox())?.height).toBe(480);
    expect(await page.locator('[data-pin]').count()).toBeGreaterThan(3);

    const itinerary = page.getByRole('complementary', { name: `Where to eat in ${city.name}` });
    await shown(itinerary);
    expect(await itinerary.getByRole('listitem').count()).toBe(3);
    expect(await itinerary.getByText(/^\+\d+ more$/).textContent()).toMatch(/^\+[1-9]\d* more$/);
    // No external spreadsheet in the seed: the button opens the itinerary's own table page.
    const spreadsheet = itinerary.getByRole('link', { name: 'Open the Full Itinerary' });
    expect([await spreadsheet.getAttribute('href'), await spreadsheet.getAttribute('target')]).toEqual([`/${city.slug}/itinerary`, null]);

    const related = page.getByRole('region', { name: `Related ${city.name} Posts` });
    const relatedLinks = related.getByRole('heading').getByRole('link');
    const relatedCount = await relatedLinks.count();
    expect(relatedCount).toBeGreaterThan(0);
    expect(relatedCount).toBeLessThanOrEqual(3);
    const first = relatedLinks.first();
    const title = (await first.textContent())!.trim();
    const href = (await first.getAttribute('href'))!;
    expect(href).toMatch(new RegExp(`^/${city.slug}/[a-z0-9-]+$`));
    await Promise.all([page.waitForURL(`**${href}`), first.click()]);

    await shown(page.getByRole('heading', { level: 1, name: title }));
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    expect(await crumbs.getByRole('link').allTextContents()).toEqual(['Home', city.name]);
    await Promise.all([page.waitForURL(`**/${city.slug}/guide`), crumbs.getByRole('link', { name: city.name }).click()]);
    await shown(page.getByRole('complementary', { name: `Where to eat in ${city.name}` }));
  });

  it('filters /posts with the All Posts, City Guides and Dining Posts tabs, which are plain links', async () => {
    const published = {
      all: posts.length,
      guides: posts.filter((p) => p.type === 'guide').length,
      dining: posts.filter((p) => p.type === 'post').length,
    };
    await page.goto('/posts');
    const tabs = page.getByRole('navigation', { name: 'Filter posts' });
    const cardTypes = () =>
      page.locator('main .grid article.post-card').evaluateAll((cards) => cards.map((card) => card.getAttribute('data-type')));
    const current = () => tabs.locator('[aria-current="page"]').textContent();

    expect(await current()).toBe('All Posts');
    expect((await cardTypes()).length).toBe(Math.min(published.all, 48));

    await Promise.all([page.waitForURL('**/posts/guides'), tabs.getByRole('link', { name: 'City Guides' }).click()]);
    expect(await current()).toBe('City Guides');
    const guides = await cardTypes();
    expect(guides.length).toBe(published.guides);
    expect(new Set(guides)).toEqual(new Set(['guide']));

    await Promise.all([page.waitForURL('**/posts/dining'), tabs.getByRole('link', { name: 'Dining Posts' }).click()]);
    expect(await current()).toBe('Dining Posts');
    const dining = await cardTypes();
    expect(dining.length).toBe(published.dining);
    expect(new Set(dining)).toEqual(new Set(['post']));

    await Promise.all([page.waitForURL((url) => url.pathname === '/posts'), tabs.getByRole('link', { name: 'All Posts' }).click()]);
    expect(await current()).toBe('All Posts');
    const stats = await page.locator('main').textContent();
    expect(stats).toContain('Total Posts');
    expect(stats).toContain('Cities Covered');
  });

  it('lists every city with a guide on /city-guides', async () => {
    await page.goto('/city-guides');
    await shown(page.getByRole('heading', { level: 1 }));
    const grid = page.getByRole('region', { name: 'All city guides' });
    const hrefs = await grid
      .getByRole('heading', { level: 2 })
      .getByRole('link')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    const withGuide = new Set(posts.filter((p) => p.type === 'guide').map((p) => p.cityId));
    const expected = cities.filter((c) => withGuide.has(c.id)).map((c) => `/${c.slug}/guide`);
    expect(hrefs.sort()).toEqual(expected.sort());
    expect(await grid.getByText('4-7 days').count()).toBe(expected.length);
    expect(await grid.getByText('Curated', { exact: true }).count()).toBe(expected.length);
  });

  it('counts 6 + cities + posts pages on /sitemap', async () => {
    await page.goto('/sitemap');
    const dining = posts.filter((p) => p.type === 'post').length;
    await shown(page.getByText(`Total pages: ${6 + cities.length + dining}`, { exact: true }));
    await shown(page.getByRole('heading', { name: `City Guides (${cities.length})` }));
    await shown(page.getByRole('heading', { name: `Blog Posts (${dining})` }));
  });

  it('sets the paragraphs of a page apart: each after the first keeps a gap above it', async () => {
    await page.goto('/terms');
    const gaps = await page
      .locator('.prose > p + p')
      .evaluateAll((paragraphs) => paragraphs.map((paragraph) => Number.parseFloat(getComputedStyle(paragraph).marginTop)));
    expect(gaps.length).toBeGreaterThan(5);
    expect(gaps.filter((gap) => !(gap > 0))).toEqual([]);
  });

  it('answers an unknown path with the 404 page and status 404', async () => {
    // Three segments: a two-segment path has a post URL's shape and gets the 'Post Not Found' page.
    const response = await page.goto('/no/such/place');
    expect(response?.status()).toBe(404);
    await shown(page.getByRole('heading', { level: 1, name: 'Page Not Found' }));
    await shown(page.getByRole('link', { name: 'Back to Home' }));
  });

  it('logs a promise rejection nothing handles and suppresses it, so the page reports no uncaught error', async () => {
    const tab = await context.newPage();
    try {
      const uncaught: string[] = [];
      const logged: string[] = [];
      tab.on('pageerror', (error) => uncaught.push(error.message));
      tab.on('console', (message) => {
        if (message.type() === 'error') logged.push(message.text());
      });
      await tab.goto('/', { waitUntil: 'load' });
      await tab.evaluate(() => {
        void Promise.reject(new Error('rejected on purpose'));
      });
      await expect.poll(() => logged.join('\n')).toMatch(/Unhandled promise rejection:.*rejected on purpose/);
      await tab.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
      expect(uncaught).toEqual([]);
    } finally {
      await tab.close();
    }
  });

  it('offers signed-out readers the Admin link to the sign-in page, not Logout', async () => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    expect(await footer.getByRole('link', { name: 'Admin' }).getAttribute('href')).toBe('/api/login');
    expect(await footer.getByRole('link', { name: 'Logout' }).isVisible()).toBe(false);
    await Promise.all([page.waitForURL((url) => url.pathname === '/api/login'), footer.getByRole('link', { name: 'Admin' }).click()]);
    await shown(page.getByRole('heading', { level: 1, name: 'Sign in' }));
  });

  it('opens the mobile drawer at 390 px, shows its links, and Escape closes it with focus back on the toggle', async () => {
    const mobile = await newContext(browser, server, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    try {
      const phone = await mobile.newPage();
      await phone.goto('/', { waitUntil: 'load' });
      const mainNav = phone.getByRole('navigation', { name: 'Main', exact: true });
      expect(await mainNav.isVisible()).toBe(false);
      const toggle = phone.locator('details.drawer > summary');
      await shown(toggle);
      expect(await toggle.innerText()).toBe('Menu');
      await toggle.click();
      const drawerNav = phone.getByRole('navigation', { name: 'Main (mobile)' });
      for (const name of ['Home', 'City Guides', 'Posts', 'About']) await shown(drawerNav.getByRole('link', { name, exact: true }));
      expect(await toggle.innerText()).toBe('Close');
      await expect.poll(() => phone.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Home');
      await phone.keyboard.press('Escape');
      await gone(drawerNav);
      expect(await toggle.innerText()).toBe('Menu');
      expect(await phone.locator('details.drawer').evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
      await expect.poll(() => phone.evaluate(() => document.activeElement?.matches('details.drawer > summary') ?? false)).toBe(true);
      // A link in the drawer navigates (and closes the drawer).
      await toggle.click();
      await Promise.all([phone.waitForURL('**/about'), drawerNav.getByRole('link', { name: 'About' }).click()]);
      await shown(phone.getByRole('heading', { level: 1 }));
    } finally {
      await mobile.close();
    }
  });

  it('validates and sends the contact dialog', async () => {
    await page.goto('/about');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Contact' }).click();
    const dialog = page.getByRole('dialog', { name: 'Get in touch' });
    await shown(dialog);
    const toasts = notifications(page);

    // Modal: the page behind is out of the accessibility tree, yet the toast is still announced.
    expect(await exposedRoles(page)).not.toContain('main');
    const announced = await listenForAnnouncements(page);
    await dialog.getByRole('button', { name: 'Send Message' }).click();
    await shown(toasts.getByText('Please fill in all fields'));
    await expect.poll(async () => (await announced()).filter((text) => text.includes('Please fill in all fields'))).toHaveLength(1);

    await dialog.getByLabel('Name').fill('Ada Traveler');
    await dialog.getByLabel('Email', { exact: true }).fill('ada-at-example');
    await dialog.getByLabel('Subject').fill('A tip for Lisbon');
    await dialog.getByLabel('Message').fill('The bifana stand by the tram stop is worth a detour.');
    expect(await dialog.getByLabel('Message').getAttribute('rows')).toBe('4');
    await dialog.getByRole('button', { name: 'Send Message' }).click();
    await shown(toasts.getByText('Invalid email address'));
    expect(await dialog.isVisible()).toBe(true);

    await dialog.getByLabel('Email', { exact: true }).fill('ada@example.com');
    const sent = page.waitForResponse((r) => r.url().endsWith('/api/contact') && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Send Message' }).click();
    expect((await sent).status()).toBeLessThan(300);
    await shown(toasts.getByText('Message sent!'));
    await gone(dialog);
    // The form was cleared: opening the dialog again shows empty fields.
    await page.getByRole('contentinfo').getByRole('link', { name: 'Contact' }).click();
    await shown(dialog);
    for (const label of ['Name', 'Subject', 'Message']) expect(await dialog.getByLabel(label).inputValue(), label).toBe('');
    expect(await dialog.getByLabel('Email', { exact: true }).inputValue()).toBe('');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await gone(dialog);
    // Closed: the page is back, with focus on the link that opened the dialog.
    expect(await exposedRoles(page)).toContain('main');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest('footer') !== null && document.activeElement?.textContent))
      .toBe('Contact');
  });

  it('signs up for the newsletter, says to check the inbox, and answers a repeat the same', async () => {
    await page.goto('/');
    const form = page.locator('form[data-newsletter]');
    await page.getByRole('heading', { name: 'New guides, first.' }).scrollIntoViewIfNeeded();
    expect(await page.locator('astro-island[ssr] form[data-newsletter]').count(), 'plain HTML until reached for').toBe(1);
    const email = `reader-${Date.now()}@example.com`;
    const toasts = notifications(page);

    // Typing starts the island's hydration (client:interaction); what was typed meanwhile stays.
    await form.getByLabel('Email address').fill(email);
    await shown(page.locator('astro-island:not([ssr]) form[data-newsletter]'));
    expect(await form.getByLabel('Email address').inputValue()).toBe(email);
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await shown(toasts.getByText('Successfully subscribed!'));
    await shown(toasts.getByText('Check your inbox to confirm your subscription.'));
    await expect.poll(() => form.getByLabel('Email address').inputValue()).toBe('');

    // The repeat gets the very same answer, so the page cannot tell a pending address from a new one.
    await form.getByLabel('Email address').fill(email);
    const [repeat] = await Promise.all([
      page.waitForResponse((response) => new URL(response.url()).pathname === '/api/newsletter/subscribe'),
      form.getByRole('button', { name: 'Subscribe' }).click(),
    ]);
    expect(repeat.status()).toBe(200);
    expect(await repeat.json()).toEqual({ message: 'Check your inbox to confirm your subscription.' });
    await shown(toasts.getByText('Check your inbox to confirm your subscription.'));
  });

  it("counts a reader's views without a cookie or storage, a second view as the same visitor, and neither bots nor GPC", async () => {
    // A reader's own browser: Playwright's headless one says HeadlessChrome, which is a bot.
    const READER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
    const visit = async (options: Parameters<typeof newContext>[2], path: string, times = 1) => {
      const visitor = await newContext(browser, server, options);
      const tab = await visitor.newPage();
      const setCookies: string[] = [];
      tab.on('response', (response) => void response.headerValue('set-cookie').then((value) => value && setCookies.push(response.url())));
      for (let i = 0; i < times; i++) {
        const beacon = tab.waitForRequest((request) => request.url().endsWith('/api/collect'));
        await tab.goto(path);
        await beacon;
      }
      const stored = await tab.evaluate(() => [localStorage.length, sessionStorage.length, document.cookie]);
      const cookies = await visitor.cookies();
      await visitor.close();
      return { setCookies, stored, cookies };
    };
    const reader = await visit({ userAgent: READER }, '/city-guides', 2);
    expect(reader).toEqual({ setCookies: [], stored: [0, 0, ''], cookies: [] });
    await visit({}, '/about');
    await visit({ userAgent: READER, extraHTTPHeaders: { 'Sec-GPC': '1' } }, '/about');
    // A search that finds nothing, from the results page.
    await visit({ userAgent: READER }, '/search?q=qwertyuiop');

    const today = new Date().toISOString().slice(0, 10);
    const figures = await fetch(`${server.url}/api/insights?from=${today}&to=${today}`, { headers: { cookie: await adminCookie(server) } });
    const report = (await figures.json()) as {
      pages: { path: string; pageviews: number; visitors: number }[];
      zeroResultSearches: { query: string }[];
    };
    expect(report.pages.find((page) => page.path === '/city-guides')).toEqual({ path: '/city-guides', pageviews: 2, visitors: 1 });
    expect(report.pages.map((page) => page.path)).not.toContain('/about');
    expect(report.zeroResultSearches).toEqual([{ query: 'qwertyuiop', searches: 1 }]);
  });
});
