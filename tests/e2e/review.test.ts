import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '@forkcast/admin-api';
import { createDb, createUser, nowIso, type Db } from '@forkcast/content-db';
import { join, launchBrowser, newContext, shown, startServer, type RunningServer } from './support.ts';

/** Looked at by people after a run; outside the repository. */
const SHOTS = '/tmp/shots-review';
const PASSWORD = 'a writer’s long password';
const CONTRIBUTOR = { email: 'cora@forkcast.test', name: 'Cora Contributor' };
const EDITOR = { email: 'eddie@forkcast.test', name: 'Eddie Editor' };
const TITLE = 'Dumplings at the Night Market';
const NOTE = 'Say which stall, and when it opens.';

async function signIn(page: Page, email: string, next: string): Promise<void> {
  await page.goto(`/api/login?next=${encodeURIComponent(next)}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await Promise.all([page.waitForURL((url) => url.pathname === next), page.getByRole('button', { name: 'Sign in' }).click()]);
}

/** Both widths a person checks, a phone and a desktop: the whole page, and the part under review up close. */
async function shoot(page: Page, name: string, part: Locator): Promise<void> {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: join(SHOTS, `${name}-${width}.png`), fullPage: true });
    await part.screenshot({ path: join(SHOTS, `${name}-${width}-part.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe('review: a contributor submits, an editor sends it back with a note, then publishes it', () => {
  let server: RunningServer;
  let browser: Browser;
  let db: Db;
  let writer: BrowserContext;
  let editor: BrowserContext;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    db = createDb(join(server.workDir, 'content.db'));
    const passwordHash = await hashPassword(PASSWORD);
    await createUser(db, { ...CONTRIBUTOR, passwordHash, role: 'contributor', now: nowIso() });
    await createUser(db, { ...EDITOR, passwordHash, role: 'editor', now: nowIso() });
    mkdirSync(SHOTS, { recursive: true });
    writer = await newContext(browser, server);
    editor = await newContext(browser, server);
  });
  afterAll(async () => {
    await browser?.close();
    await db?.destroy();
    await server?.stop();
  });

  it('goes from draft to review to changes requested to review again to live', async () => {
    // The contributor writes a draft and submits it.
    const mine = await writer.newPage();
    await signIn(mine, CONTRIBUTOR.email, '/admin');
    await mine.getByRole('link', { name: 'New post' }).click();
    await mine.getByRole('textbox', { name: 'Title' }).fill(TITLE);
    await mine.waitForURL((url) => url.searchParams.has('id'));
    const id = new URL(mine.url()).searchParams.get('id')!;
    await mine.getByRole('textbox', { name: 'Body (Markdown)' }).click();
    await mine.keyboard.type('Pork and chive, six to a basket.');
    await shown(mine.getByText('All changes saved'));
    await mine.getByRole('button', { name: 'Submit for review' }).click();
    await shown(mine.getByText(/Submitted for review on/));
    expect(await mine.getByRole('textbox', { name: 'Title' }).isDisabled()).toBe(true);
    // Its writer may still preview it, as may every editor below.
    const own = await writer.newPage();
    expect((await own.goto(`/api/posts/${id}/preview`))?.status()).toBe(200);
    await shown(own.getByText('Waiting for review: readers cannot see this page'));
    await own.close();

    // The editors were mailed (no SMTP here: the mail is a file in MAIL_DIR).
    const mailDir = join(server.workDir, 'data', 'mail');
    await expect.poll(() => readdirSync(mailDir, { withFileTypes: false }).length).toBe(1);
    const mail = readFileSync(join(mailDir, readdirSync(mailDir)[0]!), 'utf8');
    expect(mail).toContain(EDITOR.email);
    expect(mail).not.toContain(CONTRIBUTOR.email);

    // The editor finds it waiting, previews it, and sends it back with a note.
    const desk = await editor.newPage();
    await signIn(desk, EDITOR.email, '/admin');
    const queue = await shown(desk.getByRole('region', { name: 'Waiting for review' }));
    await shown(queue.getByRole('link', { name: TITLE, exact: true }));
    await shoot(desk, 'review-queue', queue);
    const preview = await editor.newPage();
    await preview.goto(`/api/posts/${id}/preview`);
    await shown(preview.getByText('Waiting for review: readers cannot see this page'));
    await preview.close();

    await queue.getByRole('link', { name: TITLE, exact: true }).click();
    await shown(desk.getByText(/Waiting for review since/));
    await desk.getByRole('textbox', { name: 'Comment or note for the writer' }).fill(NOTE);
    await desk.getByRole('button', { name: 'Request changes' }).click();
    await shown(desk.locator('.fc-editor__state').getByText('Draft', { exact: true }));

    // The contributor reads the note, changes the post, and submits it again.
    await mine.reload();
    const note = await shown(mine.getByRole('region', { name: 'Changes requested' }));
    expect(await note.textContent()).toContain(NOTE);
    expect(await note.textContent()).toContain(`Changes requested by ${EDITOR.name}`);
    await shoot(mine, 'review-editor-note', note);
    await mine.getByRole('textbox', { name: 'Body (Markdown)' }).click();
    await mine.keyboard.press('End');
    await mine.keyboard.type(' At the stall by the east gate, from 6 pm.');
    await mine.getByRole('button', { name: 'Submit for review' }).click();
    await shown(mine.getByText(/Submitted for review on/));

    // The editor publishes it, and the page is live for readers.
    await desk.goto('/admin');
    await shown(desk.getByRole('region', { name: 'Waiting for review' }).getByRole('link', { name: TITLE, exact: true }));
    await desk.getByRole('region', { name: 'Waiting for review' }).getByRole('link', { name: TITLE, exact: true }).click();
    await desk.getByRole('button', { name: 'Publish now' }).click();
    await shown(desk.locator('.fc-editor__state').getByText('Published', { exact: true }));
    const edited = await desk.request.get(`/api/posts/${id}/edit`);
    const { url } = (await edited.json()) as { url: string };
    const reader = await browser.newPage({ baseURL: server.url });
    const response = await reader.goto(url);
    expect(response?.status()).toBe(200);
    await shown(reader.getByRole('heading', { level: 1, name: TITLE }));
    expect(await reader.content()).toContain('east gate');
    await reader.close();
  });
});
