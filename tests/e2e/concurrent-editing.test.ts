import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '@forkcast/admin-api/offline';
import { createDb, createUser, nameFromEmail, nowIso } from '@forkcast/content-db';
import { ADMIN, cityPost, launchBrowser, newContext, REPO, shown, startServer, type RunningServer, type SeedPost } from './support.ts';

const ANA = { email: 'ana@forkcast.test', name: 'Ana', password: 'a second editor, a second passphrase' };
const THEIR_TITLE = 'Counters after midnight, revisited';
const MY_WORDS = 'Bring cash: the late counters take nothing else.';
/** A heartbeat is every 20 s; the second editor is named at the first one's next beat at the latest. */
const PRESENCE_WAIT_MS = 45_000;

async function signInAs(browser: Browser, server: RunningServer, who: { email: string; password: string }): Promise<BrowserContext> {
  const context = await newContext(browser, server, { timezoneId: 'UTC' });
  const page = await context.newPage();
  await page.goto('/api/login?next=%2Fadmin');
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await Promise.all([page.waitForURL((url) => url.pathname === '/admin'), page.getByRole('button', { name: 'Sign in' }).click()]);
  await page.close();
  return context;
}

// Two editors with the same post open: each is told the other is there; the one who saves second
// is shown the first one's change beside their own, applies theirs on top, and the page has both.
describe('two editors on one post', () => {
  let server: RunningServer;
  let browser: Browser;
  let mine: Page;
  let theirs: Page;
  let post: SeedPost;
  let path: string;

  beforeAll(async () => {
    server = await startServer();
    // A second editor of the newsroom.
    const db = createDb(join(server.workDir, 'content.db'));
    await createUser(db, {
      email: ANA.email,
      passwordHash: await hashPassword(ANA.password),
      name: ANA.name,
      role: 'editor',
      now: nowIso(),
    });
    await db.destroy();
    browser = await launchBrowser();
    ({ post, path } = await cityPost(server));
    theirs = await (await signInAs(browser, server, ANA)).newPage();
    mine = await (await signInAs(browser, server, ADMIN)).newPage();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('says who else has the post open', { timeout: 90_000 }, async () => {
    await theirs.goto(`/admin/editor?id=${post.id}`);
    await shown(theirs.getByRole('textbox', { name: 'Title' }));
    await mine.goto(`/admin/editor?id=${post.id}`);
    await shown(mine.getByText(`${ANA.name} is also editing this post.`));
    await shown(theirs.getByText(`${nameFromEmail(ADMIN.email)} is also editing this post.`), PRESENCE_WAIT_MS);
    await theirs.screenshot({ path: join(REPO, 'screenshots', 'presence.png') });
  });

  it('shows the second save the first one beside it, and applies it on top', { timeout: 90_000 }, async () => {
    await theirs.getByRole('textbox', { name: 'Title' }).fill(THEIR_TITLE);
    await theirs.getByRole('button', { name: 'Update' }).click();
    await shown(theirs.getByText('All changes saved'));

    // My edit was made to the version before theirs.
    await mine.getByRole('textbox', { name: 'Body (Markdown)' }).click();
    await mine.keyboard.press('Control+End');
    await mine.keyboard.type(`\n\n${MY_WORDS}`);
    await mine.getByRole('button', { name: 'Update' }).click();
    const conflict = await shown(mine.getByRole('alert').filter({ hasText: `${ANA.name} changed this post at` }));
    const their = conflict.getByRole('region', { name: `Their change (${ANA.name})` });
    expect(await their.getByRole('region', { name: /Title$/ }).innerText()).toContain('revisited');
    expect(await conflict.getByRole('region', { name: 'Your change' }).getByRole('region', { name: /Text$/ }).innerText()).toContain(
      'Bring cash',
    );
    // The choice comes to the editor, wherever they were typing.
    expect(await conflict.evaluate((element) => element === document.activeElement)).toBe(true);
    await mine.screenshot({ path: join(REPO, 'screenshots', 'conflict.png') });

    await conflict.getByRole('button', { name: 'Apply my edit on top' }).click();
    await shown(mine.getByText('All changes saved'));
    expect(await mine.getByRole('alert').count()).toBe(0);
    expect(await mine.getByRole('textbox', { name: 'Title' }).inputValue()).toBe(THEIR_TITLE);
  });

  it('publishes both: their title and my words on the page', async () => {
    const page = await (await fetch(`${server.url}${path}`)).text();
    expect(page).toContain(THEIR_TITLE);
    expect(page).toContain(MY_WORDS);
  });
});
