import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '@forkcast/admin-api';
import { createDb, createUser, nowIso, type Db } from '@forkcast/content-db';
import { join, launchBrowser, mailedLink, newContext, shown, startServer, type RunningServer } from './support.ts';

const SHOTS = '/tmp/shots-invite';
const ADA = { email: 'ada@forkcast.test', name: 'Ada Administrator', password: 'the administrator’s long password' };
const NEWCOMER = { email: 'nia@example.com', name: 'Nia Newcomer', password: 'nia’s own long password' };

async function signIn(page: Page, email: string, password: string, next: string): Promise<void> {
  await page.goto(`/api/login?next=${encodeURIComponent(next)}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await Promise.all([page.waitForURL((url) => url.pathname === next), page.getByRole('button', { name: 'Sign in' }).click()]);
}

describe('joining by invitation, and setting a new password by a mailed link', () => {
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
    await adminPage.getByLabel('Role').selectOption('contributor');
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
});
