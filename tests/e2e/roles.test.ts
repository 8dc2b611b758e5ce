import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '@forkcast/admin-api';
import { createDb, createUser, nowIso, type Db } from '@forkcast/content-db';
import { adminCookie, cityPost, gone, join, launchBrowser, newContext, REPO, shown, startServer, type RunningServer } from './support.ts';

/** Written on every run (git-ignored), for people to look at. */
const OUT = join(REPO, 'screenshots');
const PASSWORD = 'a writer’s long password';
const CONTRIBUTOR = { email: 'cora@forkcast.test', name: 'Cora Contributor' };
const AUTHOR = { email: 'aiko@forkcast.test', name: 'Aiko Author' };

/** Signs in through the sign-in page, on to `next`. */
async function signIn(page: Page, email: string, next: string): Promise<void> {
  await page.goto(`/api/login?next=${encodeURIComponent(next)}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await Promise.all([page.waitForURL((url) => url.pathname === next), page.getByRole('button', { name: 'Sign in' }).click()]);
}

describe('each role sees only the controls it may use', () => {
  let server: RunningServer;
  let browser: Browser;
  let db: Db;
  let authorId: number;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    // Invitations come later: the writers are made in the server's database, as `make admin-password` would.
    db = createDb(join(server.workDir, 'content.db'));
    const passwordHash = await hashPassword(PASSWORD);
    await createUser(db, { ...CONTRIBUTOR, passwordHash, role: 'contributor', now: nowIso() });
    authorId = await createUser(db, { ...AUTHOR, passwordHash, role: 'author', now: nowIso() });
    mkdirSync(OUT, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    await db?.destroy();
    await server?.stop();
  });

  it('shows a contributor their own posts and New post on /admin, and lets them write a draft but not publish it', async () => {
    const context = await newContext(browser, server);
    const page = await context.newPage();
    await signIn(page, CONTRIBUTOR.email, '/admin');
    await shown(page.getByText(`Signed in as ${CONTRIBUTOR.name} (${CONTRIBUTOR.email}), contributor`));
    const posts = await shown(page.getByRole('region', { name: 'Your posts' }));
    await shown(posts.getByText('No posts match.'));
    for (const name of ['Cities', 'Generate a city guide', 'Sends', 'Subscribers', 'Messages', 'Publish status', 'Trash'])
      expect(await page.getByRole('region', { name }).count(), name).toBe(0);
    await page.screenshot({ path: join(OUT, 'roles-contributor-dashboard.png'), fullPage: true });

    await posts.getByRole('link', { name: 'New post' }).click();
    await page.getByRole('textbox', { name: 'Title' }).fill('Night market dumplings');
    // A draft saves itself once typing pauses, and the editor moves to its id.
    await page.waitForURL((url) => url.searchParams.has('id'));
    await shown(page.getByRole('button', { name: 'Save draft' }));
    for (const name of ['Publish now', 'Schedule', 'History']) expect(await page.getByRole('button', { name }).count(), name).toBe(0);
    await shown(page.getByRole('button', { name: 'Delete post' }));
    await page.screenshot({ path: join(OUT, 'roles-contributor-editor.png'), fullPage: true });

    await page.goto('/admin');
    await shown(page.getByRole('region', { name: 'Your posts' }).getByRole('link', { name: /Night market dumplings/ }));
    await context.close();
  });

  it('gives a contributor no editing controls on a published page', async () => {
    const { path } = await cityPost(server);
    const context = await newContext(browser, server);
    const page = await context.newPage();
    await signIn(page, CONTRIBUTOR.email, path);
    expect(await page.evaluate(() => document.documentElement.dataset.role)).toBe('contributor');
    // The controls boot from the same module for every role; give it the time it takes an editor's to show.
    await page.waitForLoadState('networkidle');
    expect(await page.locator('[data-admin-slot]').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Edit Image' }).count()).toBe(0);
    await context.close();
  });

  it("gives an author the controls of their own post, without its history, and none of another's", async () => {
    const { post, path } = await cityPost(server);
    const owner = await adminCookie(server);
    const given = await fetch(`${server.url}/api/posts/${post.id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', cookie: owner, origin: server.url },
      body: JSON.stringify({ authorIds: [authorId] }),
    });
    expect(given.status, await given.text()).toBe(200);

    const context = await newContext(browser, server);
    const page = await context.newPage();
    await signIn(page, AUTHOR.email, path);
    await shown(page.getByRole('group', { name: 'Page editing' }));
    await shown(page.locator('figure[data-hero]').getByRole('button', { name: 'Edit Image' }));
    await gone(page.getByRole('button', { name: 'History of this post' }));
    await page.screenshot({ path: join(OUT, 'roles-author-own-post.png') });

    await page.goto('/');
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('button', { name: 'Edit Image' }).count()).toBe(0);
    await context.close();
  });
});
