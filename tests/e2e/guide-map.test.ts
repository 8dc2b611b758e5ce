import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, scrollThrough, shown, startServer, type RunningServer } from './support.ts';

const GUIDE = '/san-francisco/guide';

// Tiles come from openstreetmap.org; the test needs none of them and sends no traffic there.
async function withoutTiles(page: Page): Promise<string[]> {
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  await page.route('https://tile.openstreetmap.org/**', (route) => route.abort());
  return requests;
}

describe('the guide map', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('loads no map code until the reader opens it, then shows numbered pins with named popups in the same box', async () => {
    const context = await newContext(browser, server);
    try {
      const page = await context.newPage();
      const requests = await withoutTiles(page);
      await page.goto(GUIDE, { waitUntil: 'load' });
      await scrollThrough(page);
      await page.waitForLoadState('networkidle');
      expect(requests.filter((url) => /interactive-map|tile\.openstreetmap/.test(url))).toEqual([]);

      // Where the map box and the caption under it sit in the document (not the viewport).
      const layout = () =>
        page.evaluate(() => {
          const box = (selector: string) => {
            const rect = document.querySelector(selector)!.getBoundingClientRect();
            return [rect.width, rect.height, rect.top + window.scrollY].map(Math.round);
          };
          return { canvas: box('[data-map-canvas]'), caption: box('figure.map-frame figcaption') };
        });
      const before = await layout();
      const open = await shown(page.getByRole('button', { name: 'Open the interactive map' }));
      await open.click();
      await shown(page.locator('.leaflet-container'));
      expect(requests.some((url) => url.includes('interactive-map'))).toBe(true);
      const markers = page.locator('.map-frame__marker');
      await expect.poll(() => markers.count()).toBe(14);
      expect(await markers.first().textContent()).toBe('1');
      expect(await layout()).toEqual(before);
      // Focus moves into the map, so the keyboard can pan it and reach the markers.
      expect(await page.evaluate(() => document.activeElement?.classList.contains('leaflet-container'))).toBe(true);
      await page.getByRole('button', { name: '1. Tidewater Bakehouse' }).click();
      expect(await (await shown(page.locator('.leaflet-popup-content'))).textContent()).toBe('1. Tidewater Bakehouse');
      expect(await page.locator('.leaflet-control-attribution').textContent()).toContain('OpenStreetMap');
    } finally {
      await context.close();
    }
  });

  it('fits a phone: the 400px minimum height never widens the page', async () => {
    const context = await newContext(browser, server, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    try {
      const page = await context.newPage();
      await withoutTiles(page);
      await page.goto(GUIDE);
      const canvas = await shown(page.locator('[data-map-canvas]'));
      const box = (await canvas.boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(400);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      // The pins keep their size on a small screen.
      expect((await page.locator('[data-pin]').first().boundingBox())?.width).toBe(30);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    } finally {
      await context.close();
    }
  });

  it('without JavaScript keeps the preview and the link to the area, and offers no dead button', async () => {
    const context = await newContext(browser, server, { javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(GUIDE);
      await shown(page.locator('[data-map-canvas] [role=img]'));
      expect(await page.locator('[data-pin]').count()).toBe(14);
      expect(await page.getByRole('button', { name: 'Open the interactive map' }).isVisible()).toBe(false);
      expect(await page.getByRole('link', { name: 'See the area on OpenStreetMap' }).getAttribute('href')).toMatch(
        /^https:\/\/www\.openstreetmap\.org\/#map=/,
      );
    } finally {
      await context.close();
    }
  });
});
