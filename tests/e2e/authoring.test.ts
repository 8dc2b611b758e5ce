import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSitemaps } from '../integration/sitemaps.ts';
import { readFileSync } from 'node:fs';
import { adminContext, adminCookie, gone, join, launchBrowser, REPO, shown, startServer, type RunningServer } from './support.ts';

const TITLE = 'Quayside grilled sardines';
const WAIT_LIVE_MS = 15_000;

/** What a visitor gets for a path: status and, for a redirect, where it points. */
async function visit(server: RunningServer, path: string): Promise<{ status: number; location: string | null; body: string }> {
  const response = await fetch(`${server.url}${path}`, { redirect: 'manual' });
  return { status: response.status, location: response.headers.get('location'), body: await response.text() };
}

/** A listing as a visitor (or a search engine, for the sitemaps) reads it. */
async function listed(server: RunningServer, path: string): Promise<string> {
  return path === '/sitemap.xml' ? readSitemaps(async (each) => (await visit(server, each)).body) : (await visit(server, path)).body;
}

async function until(check: () => Promise<boolean>, timeout = WAIT_LIVE_MS): Promise<void> {
  const deadline = Date.now() + timeout;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A datetime-local value `seconds` from now, in UTC (the context's zone). */
function inSeconds(seconds: number): string {
  return new Date(Date.now() + seconds * 1000).toISOString().slice(0, 19);
}

// The editor's whole journey with a post, checked from a fresh visitor's side at every step.
describe('writing, scheduling and retiring a post in the editor', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let id: string;
  let path: string;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    context = await adminContext(browser, server, { timezoneId: 'UTC' });
    page = await context.newPage();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const hiddenFromVisitors = async (slug: string) => {
    expect((await visit(server, path)).status).toBe(404);
    for (const listing of ['/', '/posts', '/sitemap.xml', '/rss.xml']) expect(await listed(server, listing), listing).not.toContain(slug);
    expect((await visit(server, `/api/posts/${slug}`)).status).toBe(404);
  };

  it('writes a new post that saves itself as a draft no visitor can find', async () => {
    await page.goto('/admin');
    await page.getByRole('link', { name: 'New post' }).click();
    await page.waitForURL('**/admin/editor');
    await page.getByRole('textbox', { name: 'Title' }).fill(TITLE);
    await page.getByLabel('Excerpt').fill('Charcoal, salt and a harbour wall.');
    await page.getByRole('textbox', { name: 'Body (Markdown)' }).click();
    await page.keyboard.type('Sardines taste best in June, straight off the grill. **Eat them with your hands.**');
    await page.waitForURL(/\/admin\/editor\?id=\d+$/);
    id = new URL(page.url()).searchParams.get('id')!;
    await shown(page.getByText('All changes saved'));
    await shown(page.getByText('14 words'));
    path = '/post/quayside-grilled-sardines';
    await hiddenFromVisitors('quayside-grilled-sardines');
  });

  it('previews the draft as its page, with the Preview bar', async () => {
    const [preview] = await Promise.all([context.waitForEvent('page'), page.getByRole('link', { name: 'Preview' }).click()]);
    await preview.waitForLoadState();
    await shown(preview.getByRole('complementary', { name: 'Preview' }));
    expect(await preview.getByRole('heading', { level: 1 }).innerText()).toBe(TITLE);
    expect(await preview.locator('meta[name=robots]').getAttribute('content')).toBe('noindex');
    // The page as readers will get it: the signed-in editor's controls stay off the preview.
    await preview.waitForLoadState('networkidle');
    expect(await preview.getByRole('group', { name: 'Page editing' }).count()).toBe(0);
    await preview.close();
  });

  it('schedules it a few seconds ahead and it goes live everywhere on time', async () => {
    await page.getByLabel('Go live at (your time)').fill(inSeconds(5));
    await page.getByRole('button', { name: 'Schedule' }).click();
    await shown(page.getByText(/^Scheduled to go live on/));
    await hiddenFromVisitors('quayside-grilled-sardines');
    // One publish writes the page and every listing; wait for the last of them to land.
    await until(async () => (await visit(server, '/rss.xml')).body.includes(path) && (await listed(server, '/sitemap.xml')).includes(path));
    expect((await visit(server, path)).status).toBe(200);
    expect((await visit(server, '/posts')).body).toContain(path);
  });

  it('shows edits to the live post in the preview frame before Update, while readers keep the saved page', async () => {
    await page.reload();
    await shown(page.getByText('This post is live: Update publishes your changes to readers at once.'));
    await page.getByRole('textbox', { name: 'Body (Markdown)' }).click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' Ask for the smallest ones.');
    const preview = page.frameLocator('iframe[title="Preview of the post"]');
    await shown(preview.getByText('Ask for the smallest ones.'));
    expect((await visit(server, path)).body).not.toContain('Ask for the smallest ones.');
    await page.getByRole('button', { name: 'Update' }).click();
    await until(async () => (await visit(server, path)).body.includes('Ask for the smallest ones.'));
  });

  it('picks the hero from the media library, and the page crops it at the focal point set in /admin/media', async () => {
    // An image in the library, uploaded as the picker's Upload tab would.
    const form = new FormData();
    form.append(
      'image',
      new File([readFileSync(join(REPO, 'public', 'images', 'posts', 'bakery.jpg'))], 'harbour-grill.jpg', { type: 'image/jpeg' }),
    );
    const upload = await fetch(`${server.url}/api/upload`, { method: 'POST', body: form, headers: { cookie: await adminCookie(server) } });
    const { url } = (await upload.json()) as { url: string };
    await page.getByRole('button', { name: 'Choose hero image' }).click();
    const picker = page.getByRole('dialog', { name: 'Choose an image' });
    await picker.getByRole('button', { name: /harbour-grill\.jpg/ }).click();
    await gone(picker);
    expect(await page.getByRole('textbox', { name: 'Hero image' }).inputValue()).toBe(url);
    await page.getByRole('button', { name: 'Update' }).click();
    await until(async () => (await visit(server, path)).body.includes(url));

    // A short window, where the picker is held to 55% of its height and the image to its proportions.
    await page.setViewportSize({ width: 1280, height: 500 });
    await page.goto('/admin/media');
    await page.getByRole('button', { name: /harbour-grill\.jpg/ }).click();
    const detail = page.getByRole('dialog', { name: 'harbour-grill.jpg' });
    await shown(detail.getByRole('link', { name: TITLE }));
    const focal = detail.getByRole('button', { name: /^Focal point at/ });
    // The picker is the image's own box from the start (its size reserved before it loads), so a
    // click's place on it is its place on the image.
    const box = (await focal.boundingBox())!;
    const ratio = await focal.locator('img').evaluate(async (img: HTMLImageElement) => {
      await img.decode();
      return img.naturalWidth / img.naturalHeight;
    });
    expect(box.width / box.height).toBeCloseTo(ratio, 1);
    await focal.click({ position: { x: box.width * 0.25, y: box.height * 0.75 } });
    await detail.getByRole('button', { name: 'Save' }).click();
    const hero = async () =>
      /<img src="\/uploads\/[^"]+" [^>]*style="object-position: ([\d.]+)% ([\d.]+)%"/.exec((await visit(server, path)).body);
    await until(async () => (await hero()) !== null);
    const [, x, y] = (await hero())!;
    expect(Math.abs(Number(x) - 25)).toBeLessThan(3);
    expect(Math.abs(Number(y) - 75)).toBeLessThan(3);
  });

  it('re-slugs the live post, and the old URL answers 301', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/admin/editor?id=${id}`);
    const slug = page.getByRole('textbox', { name: 'Slug' });
    await slug.fill('harbour-sardines');
    await page.getByRole('button', { name: 'Update' }).click();
    await shown(page.getByText('URL: /post/harbour-sardines'));
    const old = await visit(server, path);
    expect([old.status, old.location]).toEqual([301, '/post/harbour-sardines']);
    path = '/post/harbour-sardines';
    expect((await visit(server, path)).status).toBe(200);
  });

  it("sets its search and social fields in the SEO panel: the previews follow, the page's head carries them, noindex leaves the sitemap", async () => {
    await page.getByText('SEO & social').click();
    const metaTitle = page.getByRole('textbox', { name: 'Meta title' });
    expect(await metaTitle.getAttribute('placeholder')).toBe(`${TITLE} | Forkcast`);
    await metaTitle.fill('Grilled sardines by the harbour wall');
    await page.getByRole('textbox', { name: 'Meta description' }).fill('Where Porto grills its sardines in June, and how to eat them.');
    const result = page.getByTestId('serp-preview');
    await shown(result.getByText('Grilled sardines by the harbour wall'));
    await shown(result.getByText('Where Porto grills its sardines in June, and how to eat them.'));
    await shown(page.getByTestId('card-preview').getByText('Grilled sardines by the harbour wall'));
    await page.getByRole('button', { name: 'Update' }).click();
    await until(async () => (await visit(server, path)).body.includes('<title>Grilled sardines by the harbour wall</title>'));
    const head = (await visit(server, path)).body;
    expect(head).toContain('<meta name="description" content="Where Porto grills its sardines in June, and how to eat them.">');
    expect(head).toContain('<meta property="og:title" content="Grilled sardines by the harbour wall">');
    expect(head).not.toContain('<meta name="robots"');
    expect(await listed(server, '/sitemap.xml')).toContain(path);

    await page.getByRole('checkbox', { name: /Hide from search engines/ }).check();
    await shown(result.getByText('Not shown in search results (noindex)'));
    await page.getByRole('button', { name: 'Update' }).click();
    await until(async () => !(await listed(server, '/sitemap.xml')).includes(path));
    expect((await visit(server, path)).body).toContain('<meta name="robots" content="noindex">');
    // Still live for readers who follow a link.
    expect((await visit(server, '/posts')).body).toContain(path);
  });

  it('unpublishes it after a confirmation, and it leaves every listing', async () => {
    await page.getByRole('button', { name: 'Unpublish' }).click();
    const dialog = page.getByRole('dialog', { name: 'Unpublish this post?' });
    await dialog.getByRole('button', { name: 'Unpublish' }).click();
    await shown(page.getByRole('button', { name: 'Publish now' }));
    await hiddenFromVisitors('harbour-sardines');
  });

  it('deletes it after a confirmation naming it', async () => {
    await page.getByRole('button', { name: 'Delete post' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this post?' });
    expect(await dialog.innerText()).toContain(`'${TITLE}'`);
    await Promise.all([page.waitForURL('**/admin'), dialog.getByRole('button', { name: 'Delete' }).click()]);
    const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    expect((await fetch(`${server.url}/api/posts/${id}/edit`, { headers: { cookie } })).status).toBe(404);
  });
});
