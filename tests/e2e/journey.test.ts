import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '@forkcast/admin-api';
import { createDb, createUser, nowIso, type Db } from '@forkcast/content-db';
import { join, launchBrowser, mailedLink, newContext, shown, startServer, type RunningServer } from './support.ts';

// Issue 41's journey, whole, as the newsroom lives it: an editor invites a writer, the writer joins,
// writes and submits, the editor publishes, and readers meet the byline and the author's page.

/** Looked at by people after a run; outside the repository. */
const SHOTS = '/tmp/shots-journey';
const EDITOR = { email: 'eddie@forkcast.test', name: 'Eddie Editor', password: 'the editor’s long password' };
const WRITER = { email: 'nia@example.com', name: 'Nia Okafor', password: 'nia’s own long password', slug: 'nia-okafor' };
const TITLE = 'Suya Smoke on Allen Avenue';

/** The page at a phone's and a desktop's width, whole, and the part a person checks up close. */
async function shoot(page: Page, name: string, part: Locator): Promise<void> {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: join(SHOTS, `${name}-${width}.png`), fullPage: true });
    await part.screenshot({ path: join(SHOTS, `${name}-${width}-part.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe('the newsroom, from an invitation to a byline', () => {
  let server: RunningServer;
  let browser: Browser;
  let db: Db;
  let mailDir: string;

  beforeAll(async () => {
    mailDir = mkdtempSync(join(tmpdir(), 'forkcast-e2e-journey-'));
    server = await startServer({ env: { MAIL_DIR: mailDir } });
    browser = await launchBrowser();
    db = createDb(join(server.workDir, 'content.db'));
    await createUser(db, {
      email: EDITOR.email,
      name: EDITOR.name,
      passwordHash: await hashPassword(EDITOR.password),
      role: 'editor',
      now: nowIso(),
    });
    mkdirSync(SHOTS, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    await db?.destroy();
    await server?.stop();
    rmSync(mailDir, { recursive: true, force: true });
  });

  it('an editor invites a contributor, who joins, writes and submits; the editor publishes; readers see the byline and the author page', async () => {
    // The editor invites a contributor from People.
    const desk = await (await newContext(browser, server)).newPage();
    await desk.goto('/api/login?next=%2Fadmin%2Fpeople');
    await desk.getByLabel('Email').fill(EDITOR.email);
    await desk.getByLabel('Password').fill(EDITOR.password);
    await Promise.all([desk.waitForURL((url) => url.pathname === '/admin/people'), desk.getByRole('button', { name: 'Sign in' }).click()]);
    await desk.getByLabel('Email').fill(WRITER.email);
    await desk.getByLabel('Role').selectOption('contributor');
    await desk.getByRole('button', { name: 'Send invitation' }).click();
    await shown(desk.getByRole('region', { name: 'Pending invitations' }).getByText(WRITER.email));

    // The contributor opens the mailed link and joins.
    const writer = await (await newContext(browser, server)).newPage();
    await writer.goto(await mailedLink(mailDir, WRITER.email, '/admin/accept'));
    await writer.getByLabel('Your name').fill(WRITER.name);
    await writer.getByLabel('Password').fill(WRITER.password);
    await Promise.all([
      writer.waitForURL((url) => url.pathname === '/admin'),
      writer.getByRole('button', { name: 'Accept and sign in' }).click(),
    ]);
    await shown(writer.getByText(`Signed in as ${WRITER.name} (${WRITER.email}), contributor`));

    // They write a post and submit it for review.
    await writer.getByRole('link', { name: 'New post' }).click();
    await writer.getByRole('textbox', { name: 'Title' }).fill(TITLE);
    await writer.waitForURL((url) => url.searchParams.has('id'));
    await writer.getByRole('textbox', { name: 'Body (Markdown)' }).click();
    await writer.keyboard.type('Beef, yaji and newspaper wrapping, from dusk until the charcoal gives out.');
    await shown(writer.getByText('All changes saved'));
    await writer.getByRole('button', { name: 'Submit for review' }).click();
    await shown(writer.getByText(/Submitted for review on/));

    // The editor finds it waiting, with who sent it, and publishes it.
    await desk.goto('/admin');
    const queue = await shown(desk.getByRole('region', { name: 'Waiting for review' }));
    const item = queue.getByRole('listitem').filter({ hasText: TITLE });
    await shown(item.getByText(`Submitted by ${WRITER.name}`));
    await shoot(desk, 'journey-queue', queue);
    await item.getByRole('link', { name: TITLE, exact: true }).click();
    await desk.getByRole('button', { name: 'Publish now' }).click();
    await shown(desk.locator('.fc-editor__state').getByText('Published', { exact: true }));
    const id = new URL(desk.url()).searchParams.get('id')!;
    const { url } = (await (await desk.request.get(`/api/posts/${id}/edit`)).json()) as { url: string };

    // A reader meets the byline on the post, which leads to the author's page listing it.
    const reader = await browser.newPage({ baseURL: server.url });
    expect((await reader.goto(url))?.status()).toBe(200);
    const byline = await shown(reader.locator('main').getByRole('link', { name: WRITER.name }).first());
    expect(await byline.getAttribute('href')).toBe(`/authors/${WRITER.slug}`);
    await shoot(reader, 'journey-post', reader.locator('main .byline').first());
    await Promise.all([reader.waitForURL((page) => page.pathname === `/authors/${WRITER.slug}`), byline.click()]);
    await shown(reader.getByRole('heading', { level: 1, name: WRITER.name }));
    const listed = await shown(reader.getByRole('region', { name: `Posts by ${WRITER.name}` }));
    expect(await listed.getByRole('link', { name: TITLE }).count()).toBe(1);
    expect(await listed.getByRole('article').count()).toBe(1);
    await shoot(reader, 'journey-author', reader.locator('main'));
    // And the site search finds the new author by name.
    const found = (await (await reader.request.get(`/api/search?q=${encodeURIComponent('Okafor')}`)).json()) as {
      hits: { type: string; url: string }[];
    };
    expect(found.hits).toContainEqual(expect.objectContaining({ type: 'author', url: `/authors/${WRITER.slug}` }));
    await reader.close();
  });
});
