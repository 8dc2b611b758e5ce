import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminContext,
  adminCookie,
  cityPost,
  getJson,
  gone,
  launchBrowser,
  newContext,
  scrollThrough,
  shown,
  startServer,
  type RunningServer,
  type SeedCity,
} from './support.ts';

// Every CSP refusal reaches the console: the browser's own 'Refused to ...' line, and the
// securitypolicyviolation event the init script turns into a line of its own. So does a feature
// the Permissions-Policy denies being asked for, and a feature it names that the browser does not know.
const REFUSED = /Content Security Policy|CSP violation|Refused to|Permissions.Policy/i;

/** Collects every refusal of the policy in the context's pages and frames. */
async function watchPolicy(context: BrowserContext): Promise<string[]> {
  const refusals: string[] = [];
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`),
    );
  });
  context.on('console', (message) => {
    if (REFUSED.test(message.text())) refusals.push(`${message.page()?.url()}: ${message.text()}`);
  });
  // The map's tiles and OpenStreetMap's area map would be fetched from the internet; the test needs neither.
  await context.route(/^https:\/\/(?:tile|www)\.openstreetmap\.org\//, (route) => route.abort());
  return refusals;
}

/** A guide whose only map is OpenStreetMap's area map in a frame: a city generated without coordinates. */
async function guideWithAreaMap(server: RunningServer): Promise<string> {
  const cookie = await adminCookie(server);
  const form = new FormData();
  const csv = 'Day,Restaurant,Neighborhood,Notes\n1,Harbour Grill,Old Port,Sardines off the grill\n2,Upper Bakery,Hilltop,Custard tarts\n';
  form.set('csvFile', new File([csv], 'tallinn.csv', { type: 'text/csv' }));
  form.set('cityName', 'Tallinn');
  const generated = await fetch(`${server.url}/api/admin/generate-guide`, { method: 'POST', headers: { cookie }, body: form });
  if (!generated.ok) throw new Error(`generate-guide: ${generated.status} ${await generated.text()}`);
  const { citySlug } = (await generated.json()) as { citySlug: string };
  const city = await getJson<SeedCity>(server, `/api/cities/${citySlug}`);
  const mapEmbedUrl = 'https://www.openstreetmap.org/export/embed.html?bbox=24.70%2C59.42%2C24.78%2C59.45&layer=mapnik';
  const changed = await fetch(`${server.url}/api/cities/${city.id}`, {
    method: 'PATCH',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ mapEmbedUrl }),
  });
  if (!changed.ok) throw new Error(`PATCH city: ${changed.status} ${await changed.text()}`);
  return `/${citySlug}/guide`;
}

describe('every page works under the Content-Security-Policy and the Permissions-Policy', () => {
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

  it('sends the policy, and readers browse, open the map, the contact dialog and the newsletter form without a refusal', async () => {
    const context = await newContext(browser, server);
    const refusals = await watchPolicy(context);
    const areaMapGuide = await guideWithAreaMap(server);
    try {
      const page = await context.newPage();
      const home = await page.goto('/');
      expect(home?.headers()['content-security-policy']).toMatch(/script-src 'self' 'sha256-/);
      expect(home?.headers()['x-frame-options']).toBe('DENY');
      expect(home?.headers()['permissions-policy']).toMatch(/(?:^|, )camera=\(\)(?:,|$)/);

      // The newsletter island hydrates when reached for, and posts.
      await page.getByRole('heading', { name: 'New guides, first.' }).scrollIntoViewIfNeeded();
      const form = page.locator('form[data-newsletter]');
      await form.getByLabel('Email address').fill(`csp-${Date.now()}@example.com`);
      await shown(page.locator('astro-island:not([ssr]) form[data-newsletter]'));
      await form.getByRole('button', { name: 'Subscribe' }).click();
      await shown(page.getByText('Successfully subscribed!'));

      // The contact dialog is React, fetched on demand; Radix locks the page's scroll with a <style>.
      await page.getByRole('contentinfo').getByRole('link', { name: 'Contact' }).click();
      const dialog = page.getByRole('dialog', { name: 'Get in touch' });
      await shown(dialog);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await gone(dialog);

      const { path } = await cityPost(server);
      for (const visit of ['/city-guides', '/posts', '/sitemap', path, '/no/such/page', areaMapGuide]) {
        await page.goto(visit);
        await scrollThrough(page);
      }
      // The area map is framed from OpenStreetMap.
      expect(await page.locator(`iframe[src^="https://www.openstreetmap.org/"]`).count()).toBe(1);

      // The interactive map: Leaflet, its styles and its markers load on request.
      await page.goto('/san-francisco/guide');
      await (await shown(page.getByRole('button', { name: 'Open the interactive map' }))).click();
      await shown(page.locator('.leaflet-container'));
      await expect.poll(() => page.locator('.map-frame__marker').count()).toBeGreaterThan(0);
      expect(refusals).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('shows the fallback image in place of a hero that fails to load', async () => {
    const context = await newContext(browser, server);
    const refusals = await watchPolicy(context);
    try {
      const page = await context.newPage();
      await page.route(/\/images\/(?!fallback\.jpg)[^?]+\.(?:jpg|webp)$/, (route) => route.abort());
      const { path } = await cityPost(server);
      await page.goto(path);
      const hero = page.locator('[data-hero] img');
      await expect.poll(() => hero.evaluate((image: HTMLImageElement) => new URL(image.currentSrc).pathname)).toBe('/images/fallback.jpg');
      expect(await hero.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
      expect(await page.locator('[data-hero] source').count()).toBe(0);
      expect(refusals).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('lets the admin sign in, edit in place, use /admin and see the editor’s preview frame, without a refusal', async () => {
    const context = await adminContext(browser, server);
    const refusals = await watchPolicy(context);
    try {
      const page: Page = await context.newPage();
      await page.goto('/');
      await page.getByRole('button', { name: 'Edit Image' }).click();
      const heroDialog = page.getByRole('dialog', { name: 'Edit Hero Image' });
      await shown(heroDialog);
      await heroDialog.getByRole('tab', { name: 'Preset Images' }).click();
      await page.keyboard.press('Escape');
      await gone(heroDialog);

      const { path } = await cityPost(server, 2);
      await page.goto(path);
      await shown(page.getByRole('group', { name: 'Page editing' }));
      await page.getByRole('button', { name: 'Add content after section 1' }).click();
      const addDialog = page.getByRole('dialog', { name: 'Add Content' });
      await shown(addDialog);
      await page.keyboard.press('Escape');
      await gone(addDialog);

      await page.goto('/admin');
      await shown(page.getByRole('link', { name: 'New post' }));
      const edit = page.locator('a[href^="/admin/editor?id="]').first();
      await edit.click();
      await page.waitForURL(/\/admin\/editor\?id=\d+$/);
      const preview = page.frameLocator('iframe[title="Preview of the post"]');
      await shown(preview.getByRole('heading', { level: 1 }));
      expect(refusals).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
