import { writeFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminContext,
  cityPost,
  getJson,
  join,
  launchBrowser,
  mkdtempSync,
  newContext,
  notifications,
  REPO,
  rmSync,
  shown,
  startServer,
  tmpdir,
  type RunningServer,
  type SeedCity,
  type SeedPost,
} from './support.ts';

const isCall = (method: string, path: RegExp) => (response: Response) =>
  response.request().method() === method && path.test(new URL(response.url()).pathname);

/** Runs `action`, which makes a write the page answers by reloading itself, and waits for both. */
async function writeAndReload(page: Page, match: (response: Response) => boolean, action: () => Promise<unknown>): Promise<Response> {
  const reloaded = page.waitForEvent('load');
  reloaded.catch(() => undefined);
  const [response] = await Promise.all([page.waitForResponse(match), action()]);
  if (response.status() >= 300) throw new Error(`${response.url()}: ${response.status()} ${await response.text()}`);
  await reloaded;
  return response;
}

describe('the safety net: undo, trash and history in the browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let admin: BrowserContext;
  let page: Page;
  let workDir: string;

  /** The text of `path` (of its `part`) as a signed-out reader gets it, and the page's status. */
  async function asVisitor(path: string, part = 'main'): Promise<{ status: number; text: string }> {
    const context = await newContext(browser, server);
    try {
      const visitor = await context.newPage();
      const response = await visitor.goto(path);
      const text = (await visitor.locator(part).first().innerText()).replace(/\s+/g, ' ');
      return { status: response?.status() ?? 0, text };
    } finally {
      await context.close();
    }
  }

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    admin = await adminContext(browser, server);
    page = await admin.newPage();
    workDir = mkdtempSync(join(tmpdir(), 'forkcast-e2e-revisions-'));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (workDir) rmSync(workDir, { recursive: true, force: true });
  });

  it('edits a block, undoes it from the toast, and readers see the page as before', async () => {
    const { post, path } = await cityPost(server);
    const before = await asVisitor(path);
    const edited = `An edit to take back ${Date.now()}.`;
    await page.goto(path);
    await page.getByRole('button', { name: 'Edit section 2' }).click();
    const dialog = await shown(page.getByRole('dialog', { name: 'Edit section 2' }));
    await dialog.getByRole('textbox', { name: 'Markdown' }).fill(edited);
    await writeAndReload(page, isCall('POST', new RegExp(`^/api/posts/${post.id}/blocks$`)), () =>
      dialog.getByRole('button', { name: 'Save' }).click(),
    );
    expect((await asVisitor(path)).text).toContain(edited);

    // The success message survives the reload with its Undo, which takes the edit back and republishes.
    const toasts = notifications(page);
    await shown(toasts.getByText('Content section saved successfully'));
    await writeAndReload(page, isCall('POST', /^\/api\/changes\/\d+\/undo$/), () => toasts.getByRole('button', { name: 'Undo' }).click());
    await shown(toasts.getByText('Change undone'));
    const after = await asVisitor(path);
    expect(after.text).not.toContain(edited);
    expect(after.text).toBe(before.text);
  });

  it('deletes a post in the editor, restores it from the trash on /admin, and its page is back', async () => {
    const { post, path } = await cityPost(server);
    expect((await asVisitor(path)).status).toBe(200);
    await page.goto(`/admin/editor?id=${post.id}`);
    await page.getByRole('button', { name: 'Delete post' }).click();
    const dialog = await shown(page.getByRole('dialog', { name: 'Delete this post?' }));
    expect(await dialog.innerText()).toContain('It waits in the trash on /admin/history for 30 days');
    await Promise.all([page.waitForURL('**/admin'), dialog.getByRole('button', { name: 'Delete' }).click()]);
    // The message crossed over to the dashboard.
    await shown(notifications(page).getByText('Post deleted'));
    expect((await asVisitor(path)).status).toBe(404);

    await page.goto('/admin/history');
    const trash = page.getByRole('region', { name: 'Trash' });
    const restore = await shown(trash.getByRole('button', { name: `Restore ${post.title}` }));
    const [response] = await Promise.all([
      page.waitForResponse(isCall('POST', new RegExp(`^/api/trash/post/${post.id}/restore$`))),
      restore.click(),
    ]);
    expect(response.status()).toBe(200);
    await shown(notifications(page).getByText('Restored from the trash'));
    await shown(trash.getByText('The trash is empty.'));
    const back = await asVisitor(path);
    expect(back.status).toBe(200);
    expect(back.text).toContain(post.title);
  });

  it('re-uploads a CSV for a city after a confirm naming the changes, then restores the previous guide from history', async () => {
    const cities = await getJson<SeedCity[]>(server, '/api/cities');
    const city = cities.find((candidate) => candidate.slug === 'lisbon') ?? cities[0]!;
    const guide = await getJson<SeedPost>(server, `/api/cities/${city.slug}/guide`);
    const guidePath = `/${city.slug}/guide`;
    // The guide's body and itinerary card, which the upload replaces (its 'last updated' date moves on with any change).
    const readGuide = async () => {
      const body = await asVisitor(guidePath, '[data-post-body]');
      const card = await asVisitor(guidePath, '[data-itinerary-city-id]');
      return `${body.text} | ${card.text}`;
    };
    const before = await readGuide();
    const csv = join(workDir, 'replacement.csv');
    writeFileSync(csv, 'Day,Meal,Restaurant,Neighborhood,Notes\n1,Lunch,Harbour Noodle Counter,Docks,Order the broth\n');

    await page.goto('/admin/cities');
    const generator = page.getByRole('region', { name: 'Generate a city guide' });
    await generator.getByLabel('Itinerary CSV file').setInputFiles(csv);
    await generator.getByLabel('City name').fill(city.name.toLowerCase());
    await generator.getByRole('button', { name: 'Generate Guide' }).click();
    const question = await shown(
      page.getByRole('alertdialog', { name: `Replace the itinerary of ${city.name} and regenerate its guide?` }),
    );
    const asked = await question.innerText();
    expect(asked).toContain('Restaurants added (1): Harbour Noodle Counter');
    expect(asked).toContain('Restaurants removed');
    expect(asked).toContain(`The guide text at /${city.slug}/guide will be regenerated`);
    expect(await readGuide()).toBe(before);

    const [upload] = await Promise.all([
      page.waitForResponse((response) => isCall('POST', /^\/api\/admin\/generate-guide$/)(response) && response.status() === 200),
      question.getByRole('button', { name: 'Replace and regenerate' }).click(),
    ]);
    expect(upload.headers()['x-forkcast-change']).toMatch(/^\d+$/);
    await shown(notifications(page).getByText('Guide Generated!'));
    const regenerated = await readGuide();
    expect(regenerated).toContain('Harbour Noodle Counter');
    expect(regenerated).not.toBe(before);
    const newTitle = (await getJson<SeedPost>(server, `/api/cities/${city.slug}/guide`)).title;

    // The guide's history, from the recent changes in History and trash: the version before the upload comes back.
    await page.goto('/admin/history');
    const recent = page.getByRole('region', { name: 'Recent changes' });
    await recent
      .getByRole('button', { name: `History of ${newTitle}` })
      .first()
      .click();
    const history = await shown(page.getByRole('dialog', { name: /^History of / }));
    const versions = history.getByRole('listitem');
    await shown(versions.first());
    expect(await versions.first().innerText()).toContain('Regenerated from a CSV upload');
    await versions.nth(1).getByRole('button', { name: 'Show changes' }).click();
    await shown(versions.nth(1).locator('.fc-history__changes'));
    await writeAndReload(page, isCall('POST', /^\/api\/revisions\/\d+\/restore$/), () =>
      versions
        .nth(1)
        .getByRole('button', { name: /^Restore this version/ })
        .click(),
    );
    await shown(notifications(page).getByText('Version restored'));
    // The guide's text is back; its itinerary has its own history (the city's), and stays as uploaded.
    const restored = await asVisitor(guidePath, '[data-post-body]');
    expect(restored.text).toBe(before.split(' | ')[0]);
    expect((await getJson<SeedPost>(server, `/api/cities/${city.slug}/guide`)).title).toBe(guide.title);
  });

  it('shows the history at 1280 and 390 px', async () => {
    const { post, path } = await cityPost(server);
    await page.goto(path);
    await page.getByRole('button', { name: 'Edit section 1' }).click();
    const dialog = await shown(page.getByRole('dialog', { name: 'Edit section 1' }));
    await dialog.getByRole('textbox', { name: 'Markdown' }).fill('A sharper opening line, written at the counter.');
    await writeAndReload(page, isCall('POST', new RegExp(`^/api/posts/${post.id}/blocks$`)), () =>
      dialog.getByRole('button', { name: 'Save' }).click(),
    );
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.goto(`/admin/editor?id=${post.id}`);
      await page.getByRole('button', { name: 'History' }).click();
      const history = await shown(page.getByRole('dialog', { name: /^History of / }));
      const first = history.getByRole('listitem').first();
      await first.getByRole('button', { name: 'Show changes' }).click();
      await shown(first.locator('.fc-diff'));
      await page.screenshot({ path: join(REPO, 'screenshots', `history-${width}.png`) });
      await page.keyboard.press('Escape');
      await page.goto('/admin/history');
      const recent = await shown(page.getByRole('region', { name: 'Recent changes' }));
      await shown(recent.getByRole('listitem').first());
      await recent.scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(REPO, 'screenshots', `history-dashboard-${width}.png`), fullPage: true });
    }
  });
});
