import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '@forkcast/admin-api';
import { createDb, createUser, nowIso, type Db } from '@forkcast/content-db';
import { join, launchBrowser, mailedLink, newContext, shown, startServer, type RunningServer } from './support.ts';

const SHOTS = '/tmp/shots-invite';
const ADA = { email: 'ada@forkcast.test', name: 'Ada Administrator', password: 'the administrator’s long password' };
const NEWCOMER = { email: 'nia@example.com', name: 'Nia Newcomer', password: 'nia’s own long password' };
// Issue 41's journey: an editor invites a writer, the writer joins, writes and submits, the editor
// publishes, and readers meet the byline and the author's page.
const EDITOR = { email: 'eddie@forkcast.test', name: 'Eddie Editor', password: 'the editor’s long password' };
const WRITER = { email: 'okafor@example.com', name: 'Nia Okafor', password: 'the writer’s own long password', slug: 'nia-okafor' };
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

async function signIn(page: Page, email: string, password: string, next: string): Promise<void> {
  await page.goto(`/api/login?next=${encodeURIComponent(next)}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await Promise.all([page.waitForURL((url) => url.pathname === next), page.getByRole('button', { name: 'Sign in' }).click()]);
}

describe('joining by invitation, setting a new password by a mailed link, and a newcomer’s first byline', () => {
  let server: RunningServer;
  let browser: Browser;
  let db: Db;
  let mailDir: string;

  beforeAll(async () => {
    mailDir = mkdtempSync(join(tmpdir(), 'forkcast-e2e-mail-'));
    server = await startServer({ env: { MAIL_DIR: mailDir } });
    browser = await launchBrowser();
    db = createDb(join(server.workDir, 'content.db'));
    await createUser(db, {
      email: ADA.email,
      name: ADA.name,
      passwordHash: await hashPassword(ADA.password),
      role: 'administrator',
      now: nowIso(),
    });
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

  it('an administrator invites a contributor, who opens the mailed link, chooses name and password and lands signed in', async () => {
    const admin = await newContext(browser, server);
    const adminPage = await admin.newPage();
    await signIn(adminPage, ADA.email, ADA.password, '/admin/people');
    await adminPage.getByLabel('Email').fill(NEWCOMER.email);
    await adminPage.getByLabel('Role', { exact: true }).selectOption('contributor');
    await adminPage.getByRole('button', { name: 'Send invitation' }).click();
    const pending = await shown(adminPage.getByRole('region', { name: 'Pending invitations' }));
    await shown(pending.getByText(NEWCOMER.email));
    for (const width of [390, 1280]) {
      await adminPage.setViewportSize({ width, height: 900 });
      await adminPage.screenshot({ path: join(SHOTS, `people-${width}.png`), fullPage: true });
    }
    await admin.close();

    const link = await mailedLink(mailDir, NEWCOMER.email, '/admin/accept');
    const fresh = await newContext(browser, server);
    const page = await fresh.newPage();
    await page.goto(link);
    await shown(page.getByRole('heading', { name: 'Join the newsroom' }));
    // A short password is refused in the page's alert, which takes the focus.
    await page.getByLabel('Your name').fill(NEWCOMER.name);
    await page.getByLabel('Password').fill('too short!');
    await page.getByRole('button', { name: 'Accept and sign in' }).click();
    const alert = await shown(page.getByRole('alert'));
    expect(await alert.textContent()).toBe('Choose a password of at least 12 characters.');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('alert');
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: join(SHOTS, `accept-${width}.png`), fullPage: true });
    }
    await page.getByLabel('Password').fill(NEWCOMER.password);
    await Promise.all([
      page.waitForURL((url) => url.pathname === '/admin'),
      page.getByRole('button', { name: 'Accept and sign in' }).click(),
    ]);
    await shown(page.getByText(`Signed in as ${NEWCOMER.name} (${NEWCOMER.email}), contributor`));
    await shown(page.getByRole('region', { name: 'Your posts' }));
    expect(await page.getByRole('region', { name: 'Subscribers' }).count()).toBe(0);
    // Every role reaches their own profile; a contributor has no People page.
    expect(await page.getByRole('link', { name: 'People' }).count()).toBe(0);
    await Promise.all([
      page.waitForURL((url) => url.pathname === '/admin/profile'),
      page.getByRole('link', { name: 'Your profile' }).click(),
    ]);
    expect(await (await shown(page.getByLabel('Name'))).inputValue()).toBe(NEWCOMER.name);

    // The link worked once.
    const another = await newContext(browser, server);
    const again = await another.newPage();
    await again.goto(link);
    await again.getByLabel('Your name').fill('Someone Else');
    await again.getByLabel('Password').fill('another long password');
    await again.getByRole('button', { name: 'Accept and sign in' }).click();
    expect(await (await shown(again.getByRole('alert'))).textContent()).toBe('This invitation was accepted already. Sign in instead.');
    await another.close();
    await fresh.close();
  });

  it('a writer who forgot their password asks for a link from the sign-in page and sets a new one', async () => {
    const elsewhere = await newContext(browser, server);
    const other = await elsewhere.newPage();
    await signIn(other, ADA.email, ADA.password, '/admin');

    const context = await newContext(browser, server);
    const page = await context.newPage();
    await page.goto('/api/login?next=/admin');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await shown(page.getByRole('heading', { name: 'Forgot your password?' }));
    await page.getByLabel('Email').fill(ADA.email);
    await page.getByRole('button', { name: 'Email me a link' }).click();
    expect(await (await shown(page.getByRole('alert'))).textContent()).toMatch(/^If an account uses that address/);

    const link = await mailedLink(mailDir, ADA.email, '/admin/reset-password');
    await page.goto(link);
    await page.getByLabel('New password').fill('a fresh long password');
    await Promise.all([
      page.waitForURL((url) => url.pathname === '/admin'),
      page.getByRole('button', { name: 'Set password and sign in' }).click(),
    ]);
    await shown(page.getByText(`Signed in as ${ADA.name} (${ADA.email}), administrator`));
    // The other browser was signed out.
    const answer = await other.evaluate(async () => (await fetch('/api/auth/user')).status);
    expect(answer).toBe(401);
    await context.close();
    await elsewhere.close();
  });

  it('an editor invites a contributor, who joins, writes and submits; the editor publishes; readers see the byline and the author page', async () => {
    // The editor invites a contributor from People.
    const desk = await (await newContext(browser, server)).newPage();
    await signIn(desk, EDITOR.email, EDITOR.password, '/admin/people');
    await desk.getByLabel('Email').fill(WRITER.email);
    await desk.getByLabel('Role', { exact: true }).selectOption('contributor');
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
