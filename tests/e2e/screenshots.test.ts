import { mkdirSync, statSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminContext,
  cityPost,
  getJson,
  join,
  launchBrowser,
  newContext,
  REPO,
  scrollThrough,
  shown,
  startServer,
  type RunningServer,
  type SeedCity,
} from './support.ts';

/** Written on every run (git-ignored), for people to look at. */
const OUT = join(REPO, 'screenshots');
const WIDTHS = [390, 1280] as const;

/** Everything the page will show: lazy images scrolled in and loaded, fonts ready. */
async function settle(page: Page): Promise<void> {
  await scrollThrough(page);
  await page.evaluate(async () => {
    window.scrollTo(0, 0);
    await document.fonts.ready;
    // Lazy images the scroll did not reach (inside dialogs, scroll boxes) are fetched now.
    for (const img of document.images) if (!img.complete && img.loading === 'lazy') img.loading = 'eager';
  });
  await page.waitForFunction(() => [...document.images].every((img) => img.complete), undefined, { timeout: 30_000 });
}

/**
 * A whole-page shot also captures what lies beyond the screen, where the browser skips painting
 * `.below-fold` blocks until a reader scrolls near them: they are rendered for the picture.
 */
const RENDER_BELOW_FOLD = '.below-fold { content-visibility: visible; }';

/** Pages are shot whole; an open dialog as the screen shows it (the page behind is the same as in its own shot). */
async function shoot(page: Page, name: string, { fullPage = true } = {}): Promise<string> {
  const file = join(OUT, `${name}.png`);
  await page.screenshot({ path: file, fullPage, animations: 'disabled', caret: 'hide', ...(fullPage ? { style: RENDER_BELOW_FOLD } : {}) });
  expect(statSync(file).size, file).toBeGreaterThan(10_000);
  return file;
}

describe('screenshots', () => {
  let server: RunningServer;
  let browser: Browser;
  let guidePath: string;
  let postPath: string;
  let cityName: string;
  const written: string[] = [];

  beforeAll(async () => {
    mkdirSync(OUT, { recursive: true });
    server = await startServer();
    browser = await launchBrowser();
    const cities = await getJson<SeedCity[]>(server, '/api/cities');
    guidePath = `/${cities[0]!.slug}/guide`;
    cityName = cities[0]!.name;
    postPath = (await cityPost(server, 3)).path;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    console.log(`screenshots written:\n${written.join('\n')}`);
  });

  for (const width of WIDTHS) {
    const viewport = { width, height: width === 390 ? 844 : 900 };
    const mobile = width === 390 ? { isMobile: true, hasTouch: true, deviceScaleFactor: 1 } : {};

    it(`public pages at ${width} px`, async () => {
      const context: BrowserContext = await newContext(browser, server, { viewport, ...mobile, reducedMotion: 'reduce' });
      try {
        const page = await context.newPage();
        for (const [name, path] of [
          ['home', '/'],
          ['city-guides', '/city-guides'],
          ['posts', '/posts'],
          ['guide', guidePath],
          ['post', postPath],
        ] as const) {
          await page.goto(path, { waitUntil: 'load' });
          await shown(page.getByRole('heading', { level: 1 }));
          await settle(page);
          written.push(await shoot(page, `${width}-${name}`));
        }
        // The contact dialog, open over the home page.
        await page.goto('/', { waitUntil: 'load' });
        await page.getByRole('contentinfo').getByRole('link', { name: 'Contact' }).click();
        await shown(page.getByRole('dialog', { name: 'Get in touch' }));
        await settle(page);
        written.push(await shoot(page, `${width}-contact-dialog`, { fullPage: false }));
      } finally {
        await context.close();
      }
    });

    it(`admin pages at ${width} px`, async () => {
      const context = await adminContext(browser, server, { viewport, ...mobile, reducedMotion: 'reduce' });
      try {
        const page = await context.newPage();
        await page.goto('/admin', { waitUntil: 'load' });
        await shown(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }));
        await shown(page.getByRole('region', { name: 'Posts', exact: true }).getByRole('table'));
        await page.waitForLoadState('networkidle');
        await settle(page);
        written.push(await shoot(page, `${width}-admin`));
        // A section of its own, behind the sidebar.
        await page.goto('/admin/newsletter', { waitUntil: 'load' });
        await shown(page.getByRole('heading', { name: 'Subscribers' }));
        await page.waitForLoadState('networkidle');
        await settle(page);
        written.push(await shoot(page, `${width}-admin-newsletter`));

        // The hero editor, open over the home page, on its preset tab (thumbnails show).
        await page.goto('/', { waitUntil: 'load' });
        await page.getByRole('button', { name: 'Edit Image' }).click();
        const dialog = page.getByRole('dialog', { name: 'Edit Hero Image' });
        await shown(dialog);
        await dialog.getByRole('tab', { name: 'Preset Images' }).click();
        await dialog.getByRole('radio', { name: 'Restaurant Interior' }).check();
        await shown(dialog.getByRole('img', { name: 'Preview of the new hero image' }));
        await settle(page);
        written.push(await shoot(page, `${width}-hero-editor`, { fullPage: false }));

        // A post as the admin sees it: the edit and add controls between sections.
        await page.goto(postPath, { waitUntil: 'load' });
        await shown(page.getByRole('button', { name: 'Add content after section 1' }));
        await settle(page);
        written.push(await shoot(page, `${width}-post-admin`));

        // The dashboard's lists on their own, and the editors they open.
        await page.goto('/admin', { waitUntil: 'load' });
        const posts = page.getByRole('region', { name: 'Posts', exact: true });
        await shown(posts.getByRole('table'));
        await page.waitForLoadState('networkidle');
        await settle(page);
        written.push(join(OUT, `${width}-posts-list.png`));
        await posts.screenshot({ path: written.at(-1)!, animations: 'disabled', caret: 'hide' });
        await page.goto('/admin/cities', { waitUntil: 'load' });
        const cities = page.getByRole('region', { name: 'Cities', exact: true });
        await shown(cities.getByRole('table'));
        await page.waitForLoadState('networkidle');
        await settle(page);
        written.push(join(OUT, `${width}-cities-list.png`));
        await cities.screenshot({ path: written.at(-1)!, animations: 'disabled', caret: 'hide' });
        await cities.getByRole('link', { name: cityName }).click();
        await shown(page.getByRole('region', { name: 'Guide and posts' }));
        await page.waitForLoadState('networkidle');
        await settle(page);
        written.push(await shoot(page, `${width}-city-editor`));
        await page.getByRole('link', { name: 'Edit the guide' }).click();
        await shown(page.getByText('All changes saved'));
        await page.waitForLoadState('networkidle');
        await settle(page);
        written.push(await shoot(page, `${width}-post-editor`));

        // The page the editor previews, with its Preview bar, as the Preview link opens it.
        const id = new URL(page.url()).searchParams.get('id');
        await page.goto(`/api/posts/${id}/preview`, { waitUntil: 'load' });
        await shown(page.getByRole('complementary', { name: 'Preview' }));
        await settle(page);
        written.push(await shoot(page, `${width}-preview`));
      } finally {
        await context.close();
      }
    });
  }
});
