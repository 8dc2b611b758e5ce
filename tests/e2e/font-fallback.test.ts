import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cityPost, getJson, launchBrowser, newContext, startServer, type RunningServer, type SeedCity } from './support.ts';

/**
 * The web fonts swap in after first paint. Their fallbacks are local serifs resized to the web
 * fonts' metrics (site/lib/font-stacks.ts), so the first screen must not move when they arrive:
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
});
