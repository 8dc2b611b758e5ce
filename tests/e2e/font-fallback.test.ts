import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cityPost, getJson, launchBrowser, newContext, startServer, type RunningServer, type SeedCity } from './support.ts';

/**
 * On a reader's first page the web fonts are asked for after first paint (the head script marks
 * the page `data-fonts`, site/lib/head-script.ts). Their fallbacks are local serifs resized to the
 * web fonts' metrics (site/lib/font-stacks.ts), so the first screen must not move when they arrive:
 * every heading, paragraph and image in it has the same box with the web fonts as without them.
 */
const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
];

interface Box {
  what: string;
  top: number;
  height: number;
}

/** The boxes of the text and images that start on the first screen. */
/**
 * Records, before any of the page's own scripts run, when the page was marked `data-fonts` and
 * when it first painted, in the page's own clock.
 */
function recordFontsAndPaint() {
  const marks = { fonts: -1, paint: -1 };
  (window as unknown as { marks: typeof marks }).marks = marks;
  new MutationObserver(() => {
    if (marks.fonts < 0 && document.documentElement.hasAttribute('data-fonts')) marks.fonts = performance.now();
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-fonts'] });
  new PerformanceObserver((list) => {
    const paint = list.getEntriesByName('first-contentful-paint')[0];
    if (paint) marks.paint = paint.startTime;
  }).observe({ type: 'paint', buffered: true });
}

/** The page's marks once it has both painted and asked for the fonts. */
async function fontsAndPaint(page: Page): Promise<{ fonts: number; paint: number }> {
  await page.waitForFunction(() => {
    const { marks } = window as unknown as { marks: { fonts: number; paint: number } };
    return marks.fonts >= 0 && marks.paint >= 0;
  });
  return page.evaluate(() => (window as unknown as { marks: { fonts: number; paint: number } }).marks);
}

function firstScreen(page: Page): Promise<Box[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('h1, h2, h3, p, li, img, figure, nav')]
      .map((el) => ({ el, rect: el.getBoundingClientRect() }))
      .filter(({ rect }) => rect.top < window.innerHeight && rect.height > 0)
      .map(({ el, rect }) => ({
        what: `${el.tagName.toLowerCase()} "${(el.textContent || el.getAttribute('alt') || '').trim().slice(0, 40)}"`,
        top: Math.round(rect.top),
        height: Math.round(rect.height),
      })),
  );
}

describe('web font fallbacks', () => {
  let server: RunningServer;
  let browser: Browser;
  let pages: { name: string; path: string }[];

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    const cities = await getJson<SeedCity[]>(server, '/api/cities');
    pages = [
      { name: 'home', path: '/' },
      { name: 'city guides', path: '/city-guides' },
      { name: 'posts', path: '/posts' },
      ...cities.slice(0, 4).map((city) => ({ name: `${city.name} guide`, path: `/${city.slug}/guide` })),
      { name: 'post', path: (await cityPost(server, 3)).path },
    ];
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  for (const viewport of WIDTHS) {
    it(`keep the first screen where the web fonts put it at ${viewport.width} px`, async () => {
      const webFonts = await newContext(browser, server, { viewport });
      const fallbacks = await newContext(browser, server, { viewport });
      await fallbacks.route('**/*.woff2', (route) => route.abort());
      try {
        const [withFonts, withoutFonts] = [await webFonts.newPage(), await fallbacks.newPage()];
        for (const { name, path } of pages) {
          await Promise.all([withFonts.goto(path), withoutFonts.goto(path)]);
          await Promise.all([
            withFonts.waitForSelector('html[data-fonts]', { state: 'attached' }),
            withoutFonts.waitForSelector('html[data-fonts]', { state: 'attached' }),
          ]);
          await Promise.all([withFonts.evaluate(() => document.fonts.ready), withoutFonts.evaluate(() => document.fonts.ready)]);
          expect(
            await withFonts.evaluate(
              () => document.fonts.check('600 32px "Fraunces Variable"') && document.fonts.check('32px "Source Serif 4 Variable"'),
            ),
            `${name}: web fonts loaded`,
          ).toBe(true);
          // The resized local face exists (Liberation Serif on Linux); without it this compares nothing useful.
          const fallbackFaces = await withoutFonts.evaluate(
            async () => (await document.fonts.load('600 32px "Fraunces Variable Fallback: Liberation Serif"')).length,
          );
          expect(fallbackFaces, 'Liberation Serif is installed (apt-get install fonts-liberation)').toBeGreaterThan(0);

          const [expected, actual] = [await firstScreen(withFonts), await firstScreen(withoutFonts)];
          expect(expected.length, `${name}: something on the first screen`).toBeGreaterThan(3);
          expect(actual.slice(0, expected.length), `${name} at ${viewport.width} px`).toEqual(expected);
        }
      } finally {
        await webFonts.close();
        await fallbacks.close();
      }
    });
  }

  it('asks for the web fonts after first paint on a first page, at once on the next', async () => {
    const context = await newContext(browser, server);
    await context.addInitScript(recordFontsAndPaint);
    try {
      const page = await context.newPage();
      const requested: string[] = [];
      page.on('request', (request) => {
        if (request.url().endsWith('.woff2')) requested.push(request.url());
      });
      await page.goto(pages.at(-1)?.path ?? '/');
      const first = await fontsAndPaint(page);
      expect(first.fonts, 'first page: the fonts are asked for after first paint').toBeGreaterThan(first.paint);
      await page.waitForFunction(
        () => document.fonts.check('600 32px "Fraunces Variable"') && document.fonts.check('32px "Source Serif 4 Variable"'),
      );
      expect(requested.length, 'the two web fonts').toBe(2);

      await page.getByRole('banner').getByRole('link', { name: 'City Guides' }).click();
      await page.waitForURL('**/city-guides');
      const next = await fontsAndPaint(page);
      expect(next.fonts, 'a page reached from another of ours: the fonts before first paint').toBeLessThan(next.paint);
    } finally {
      await context.close();
    }
  });

  it('gives readers without scripts the web fonts', async () => {
    const context = await newContext(browser, server, { javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto('/');
      expect(await page.evaluate(() => getComputedStyle(document.querySelector('h1') as Element).fontFamily)).toMatch(
        /^"Fraunces Variable"/,
      );
    } finally {
      await context.close();
    }
  });
});
