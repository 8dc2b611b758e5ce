import { gzipSync } from 'node:zlib';
import type { Browser, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cityPost,
  getJson,
  launchBrowser,
  newContext,
  scrollThrough,
  shown,
  startServer,
  type RunningServer,
  type SeedCity,
} from './support.ts';

/** Modules only the signed-in admin may need; a visitor must never download them. */
const ADMIN_MODULES = ['boot', 'Dashboard', 'HeroEditor', 'BlockEditor', 'AddContent', 'PostContentAdmin', 'PostEditor', 'CityEditor'];
/** The search dialog's modules: downloaded only once a reader opens search. */
const SEARCH_MODULES = ['open-search', 'SearchDialog'];

const gzipBytes = (data: Buffer | string) => gzipSync(data).length;

interface Measured {
  page: string;
  files: { url: string; raw: number; gzip: number }[];
  inline: { count: number; gzip: number };
  requests: string[];
  css: { admin: string[]; repeated: string[] };
}

async function measure(browser: Browser, server: RunningServer, path: string, prepare: (page: Page) => Promise<void>): Promise<Measured> {
  const context = await newContext(browser, server, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  try {
    const page = await context.newPage();
    const scripts: Promise<{ url: string; raw: number; gzip: number }>[] = [];
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    page.on('response', (response: Response) => {
      const type = response.headers()['content-type'] ?? '';
      if (response.request().resourceType() === 'script' || /javascript|ecmascript/.test(type)) {
        scripts.push(response.body().then((body) => ({ url: response.url(), raw: body.length, gzip: gzipBytes(body) })));
      }
    });
    const response = await page.goto(path, { waitUntil: 'load' });
    expect(response?.status()).toBe(200);
    await shown(page.getByRole('heading', { level: 1 }));
    await prepare(page);
    await page.waitForLoadState('networkidle');
    // The page's own CSS: what is there for the admin alone, and what is written twice.
    const css = await page.evaluate(() => {
      const rules = [...document.styleSheets].flatMap((sheet) => [...sheet.cssRules].map((rule) => rule.cssText));
      return {
        admin: rules.filter((rule) => /\.fc-(admin|dash)/.test(rule)),
        repeated: rules.filter((rule, index) => rules.indexOf(rule) !== index),
      };
    });
    const inlineSources = await page
      .locator('script:not([src])')
      .evaluateAll((elements) => elements.filter((el) => !/json/i.test(el.getAttribute('type') ?? '')).map((el) => el.textContent ?? ''));
    return {
      page: path,
      files: await Promise.all(scripts),
      inline: { count: inlineSources.length, gzip: inlineSources.reduce((sum, source) => sum + gzipBytes(source), 0) },
      requests,
      css,
    };
  } finally {
    await context.close();
  }
}

describe('JavaScript a signed-out visitor downloads', () => {
  let server: RunningServer;
  let browser: Browser;
  let paths: { home: string; guide: string; post: string };
  const results: Measured[] = [];

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    const cities = await getJson<SeedCity[]>(server, '/api/cities');
    paths = { home: '/', guide: `/${cities.find((c) => c.mapEmbedUrl)!.slug}/guide`, post: (await cityPost(server, 3)).path };
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    const rows = results.map((m) => {
      const external = m.files.reduce((sum, f) => sum + f.gzip, 0);
      const raw = m.files.reduce((sum, f) => sum + f.raw, 0);
      return `| ${m.page} | ${m.files.length} | ${raw} | ${external} | ${m.inline.count} | ${m.inline.gzip} | ${external + m.inline.gzip} |`;
    });
    const files = results.flatMap((m) => m.files.map((f) => `  ${m.page}: ${new URL(f.url).pathname} ${f.raw} B, ${f.gzip} B gzip`));
    console.log(
      [
        'JavaScript per page (bytes; gzip = gzip -6 of each body):',
        '| page | script files | raw | files gzip | inline scripts | inline gzip | total gzip |',
        '|---|---|---|---|---|---|---|',
        ...rows,
        'files:',
        ...files,
      ].join('\n'),
    );
  });

  const check = (m: Measured, { allowedApi = [] as string[] } = {}) => {
    results.push(m);
    const admin = m.files.filter((f) => ADMIN_MODULES.some((name) => new URL(f.url).pathname.includes(name)));
    expect(
      admin.map((f) => f.url),
      `admin modules downloaded on ${m.page}`,
    ).toEqual([]);
    expect(m.css.admin, `admin styles in the CSS of ${m.page}`).toEqual([]);
    expect(m.css.repeated, `rules written twice in the CSS of ${m.page}`).toEqual([]);
    // Nor does the page ask who is signed in: only the admin's UI hint loads that code. Its one
    // call is the page-view beacon, sent once.
    const api = m.requests.filter((url) => new URL(url).pathname.startsWith('/api/'));
    expect(
      api.filter((url) => new URL(url).pathname === '/api/collect'),
      `page-view beacons on ${m.page}`,
    ).toHaveLength(1);
    expect(
      api.filter((url) => !allowedApi.includes(new URL(url).pathname) && new URL(url).pathname !== '/api/collect'),
      `API calls on ${m.page}`,
    ).toEqual([]);
  };

  const loadsSearch = (m: Measured) => m.files.some((f) => SEARCH_MODULES.some((name) => new URL(f.url).pathname.includes(name)));

  const loadsNewsletter = (m: Measured) => m.files.some((f) => new URL(f.url).pathname.includes('NewsletterForm'));

  it('home, read to the bottom: the newsletter island stays plain HTML', async () => {
    const m = await measure(browser, server, paths.home, scrollThrough);
    expect(loadsNewsletter(m), 'the newsletter island loaded without being touched').toBe(false);
    expect(loadsSearch(m), 'the search dialog loaded without being opened').toBe(false);
    check({ ...m, page: `${m.page} (read)` });
  });

  it('home, after tapping into the newsletter form (its island hydrates)', async () => {
    const m = await measure(browser, server, paths.home, async (page) => {
      await scrollThrough(page);
      await page.locator('form[data-newsletter]').getByLabel('Email address').tap();
      await shown(page.locator('astro-island:not([ssr]) form[data-newsletter]'));
    });
    expect(loadsNewsletter(m), 'the newsletter island loaded').toBe(true);
    check({ ...m, page: `${m.page} (newsletter)` });
  });

  it('home, after opening search with / and typing (its dialog loads)', async () => {
    const m = await measure(browser, server, paths.home, async (page) => {
      await page.locator('body').press('/');
      await page
        .getByRole('dialog', { name: 'Search' })
        .getByRole('combobox', { name: /^Search/ })
        .pressSequentially('ramen');
      await shown(page.getByRole('listbox', { name: 'Results' }).getByRole('option'));
    });
    expect(loadsSearch(m), 'the search dialog loaded').toBe(true);
    check({ ...m, page: `${m.page} (search)` }, { allowedApi: ['/api/search'] });
  });

  it('a guide', async () => {
    const m = await measure(browser, server, paths.guide, scrollThrough);
    expect(loadsSearch(m), 'the search dialog loaded without being opened').toBe(false);
    check(m);
  });

  it('a post', async () => {
    const m = await measure(browser, server, paths.post, scrollThrough);
    expect(loadsSearch(m), 'the search dialog loaded without being opened').toBe(false);
    check(m);
  });
});
