import { mkdirSync, statSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join, launchBrowser, newContext, REPO, shown, startServer, type RunningServer } from './support.ts';

/** Written on every run (git-ignored), for people to look at. */
const OUT = join(REPO, 'screenshots');

/** Modules that only a reader who opens search downloads. */
const SEARCH_MODULES = ['open-search', 'SearchDialog'];

const dialogOf = (page: Page) => page.getByRole('dialog', { name: 'Search' });
const optionsOf = (page: Page) => dialogOf(page).getByRole('listbox', { name: 'Results' }).getByRole('option');
const searchBox = (page: Page) =>
  dialogOf(page).getByRole('combobox', { name: 'Search city guides, restaurants, dining posts and authors' });

/**
 * From the last keystroke to the frame after the results list changed, in the page's own clock:
 * what a reader waits for, each time results come in.
 */
async function watchResultLatency(page: Page): Promise<void> {
  await page.evaluate(() => {
    const state = { lastKey: 0, painted: [] as number[] };
    Object.assign(window, { __searchLatency: state });
    document.addEventListener('keydown', () => (state.lastKey = performance.now()), true);
    new MutationObserver(() => {
      const key = state.lastKey;
      requestAnimationFrame(() => requestAnimationFrame(() => state.painted.push(performance.now() - key)));
    }).observe(document.querySelector('[role="listbox"]')!, { childList: true, subtree: true, characterData: true });
  });
}

async function typeAndTime(page: Page, word: string, firstTitle: RegExp): Promise<number> {
  const input = searchBox(page);
  await input.fill('');
  await page.evaluate(() => ((window as unknown as { __searchLatency: { painted: number[] } }).__searchLatency.painted = []));
  await input.pressSequentially(word);
  await shown(optionsOf(page).first().filter({ hasText: firstTitle }));
  await page.waitForFunction(() => (window as unknown as { __searchLatency: { painted: number[] } }).__searchLatency.painted.length > 0);
  return page.evaluate(() =>
    Math.max(...(window as unknown as { __searchLatency: { painted: number[] } }).__searchLatency.painted.slice(-1)),
  );
}

describe('site search in the browser', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    mkdirSync(OUT, { recursive: true });
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('opens with /, shows results as you type, and lands on the second result after arrow down and Enter', async () => {
    const context = await newContext(browser, server);
    try {
      const page = await context.newPage();
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
      });
      await page.goto('/');
      await page.waitForLoadState('networkidle');
      expect(
        scripts.filter((path) => SEARCH_MODULES.some((name) => path.includes(name))),
        'search code before it is asked for',
      ).toEqual([]);

      await page.locator('body').press('/');
      const dialog = await shown(dialogOf(page));
      const input = searchBox(page);
      await expect.poll(() => input.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(scripts.some((path) => path.includes('open-search'))).toBe(true);

      await input.pressSequentially('ichijoji');
      await shown(optionsOf(page).first());
      const options = optionsOf(page);
      expect(await options.count()).toBeGreaterThanOrEqual(2);
      await expect.poll(() => options.first().getAttribute('aria-selected')).toBe('true');
      await expect.poll(() => dialog.locator('mark').first().textContent()).toBe('Ichijōji');
      const second = await options.nth(1).locator('a').getAttribute('href');
      await input.press('ArrowDown');
      await expect.poll(() => options.nth(1).getAttribute('aria-selected')).toBe('true');
      expect(await input.getAttribute('aria-activedescendant')).toBe(await options.nth(1).getAttribute('id'));
      await Promise.all([page.waitForURL((url) => url.pathname === second), input.press('Enter')]);
      expect(new URL(page.url()).pathname).toBe(second);
    } finally {
      await context.close();
    }
  });

  it('filters by type and city, closes with Escape and gives focus back to the header link', async () => {
    const context = await newContext(browser, server);
    try {
      const page = await context.newPage();
      await page.goto('/city-guides');
      const opener = page.getByRole('link', { name: 'Search' });
      await opener.click();
      const dialog = await shown(dialogOf(page));
      await searchBox(page).pressSequentially('ramen');
      await shown(optionsOf(page).first());
      await dialog.getByRole('radio', { name: /Restaurants/ }).check();
      await expect.poll(async () => (await optionsOf(page).allTextContents()).every((text) => text.startsWith('Restaurant'))).toBe(true);
      await dialog.getByRole('combobox', { name: 'City', exact: true }).selectOption('kyoto');
      await expect.poll(async () => (await optionsOf(page).allTextContents()).every((text) => /^RestaurantKyoto/.test(text))).toBe(true);
      await page.keyboard.press('Escape');
      await expect.poll(() => opener.evaluate((el) => el === document.activeElement)).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('paints the first results soon after the last keystroke, on a warm index (reported, not asserted)', async () => {
    const context = await newContext(browser, server);
    try {
      const page = await context.newPage();
      await page.goto('/');
      await page.locator('body').press('/');
      await shown(dialogOf(page));
      await watchResultLatency(page);
      // Warms the server's index pages and the dialog's code paths; not counted.
      await typeAndTime(page, 'sushi', /Sushi/i);
      const samples: number[] = [];
      for (const [word, title] of [
        ['ramen', /Ramen/i],
        ['noodles', /Noodle/i],
        ['tacos', /Taco/i],
        ['lisbon', /Lisbon/i],
        ['market', /Market/i],
      ] as const) {
        samples.push(await typeAndTime(page, word, title));
      }
      samples.sort((a, b) => a - b);
      console.log(
        `Search dialog, last keystroke to results painted (ms, ${samples.length} queries, debounce included): median ${samples[2]!.toFixed(0)}, all ${samples.map((ms) => ms.toFixed(0)).join(' ')}`,
      );
      expect(samples).toHaveLength(5);
    } finally {
      await context.close();
    }
  });

  it('without JavaScript: the header link leads to /search, a plain GET form whose answer lists results with the words marked', async () => {
    const context = await newContext(browser, server, { javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto('/');
      await page.getByRole('link', { name: 'Search' }).click();
      await page.waitForURL((url) => url.pathname === '/search');
      expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
      const form = page.getByRole('search');
      await form.getByRole('searchbox').fill('noodles');
      await form.getByRole('combobox', { name: 'Type' }).selectOption('post');
      await Promise.all([
        page.waitForURL((url) => url.searchParams.get('q') === 'noodles'),
        form.getByRole('button', { name: 'Search' }).click(),
      ]);
      expect(new URL(page.url()).searchParams.get('type')).toBe('post');
      await shown(page.getByRole('heading', { level: 1, name: 'Results for “noodles”' }));
      const hits = page.locator('.search-hit');
      expect(await hits.count()).toBeGreaterThan(0);
      expect((await hits.locator('.search-hit__type').allTextContents()).every((text) => text === 'Dining post')).toBe(true);
      expect((await hits.locator('mark').allTextContents()).every((text) => /^noodle/i.test(text))).toBe(true);
      const first = await hits.first().getByRole('link').getAttribute('href');
      await hits.first().getByRole('link').click();
      await page.waitForURL((url) => url.pathname === first);
    } finally {
      await context.close();
    }
  });

  it('screenshots of the dialog and the /search page at 390 and 1280 px', async () => {
    for (const width of [390, 1280]) {
      const context = await newContext(browser, server, {
        viewport: { width, height: width === 390 ? 844 : 900 },
        ...(width === 390 ? { isMobile: true, hasTouch: true } : {}),
      });
      try {
        const page = await context.newPage();
        await page.goto('/');
        await page.getByRole('link', { name: 'Search' }).click();
        await shown(dialogOf(page));
        await searchBox(page).pressSequentially('ramen');
        await shown(optionsOf(page).nth(2));
        await searchBox(page).press('ArrowDown');
        await page.evaluate(() => document.fonts.ready);
        const dialogShot = join(OUT, `search-dialog-${width}.png`);
        await page.screenshot({ path: dialogShot, animations: 'disabled', caret: 'hide' });
        expect(statSync(dialogShot).size).toBeGreaterThan(10_000);

        await page.goto('/search?q=ramen');
        await page.evaluate(() => document.fonts.ready);
        const pageShot = join(OUT, `search-page-${width}.png`);
        await page.screenshot({ path: pageShot, fullPage: true, animations: 'disabled', caret: 'hide' });
        expect(statSync(pageShot).size).toBeGreaterThan(10_000);
      } finally {
        await context.close();
      }
    }
  });
});
