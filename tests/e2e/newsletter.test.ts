import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '@forkcast/admin-api/smtp-sink';
import { mkdirSync } from 'node:fs';
import { adminContext, join, launchBrowser, newContext, notifications, REPO, shown, startServer, type RunningServer } from './support.ts';

const READER = 'reader@example.com';
const STAYS = 'stays@example.com';

/** The confirmation link of an email, from its plain-text part. */
const confirmLink = (mail: ReceivedMail) => /https?:\/\/\S+\/api\/newsletter\/confirm\?token=[\w.-]+/.exec(mail.parsed.text ?? '')![0];

// A reader's and the editor's whole newsletter journey against the real server and a real SMTP
// server: sign up on the home page, confirm from the email, get a post, leave with the letter's
// unsubscribe link, and be left out of the next one.
describe('the newsletter, from sign-up to unsubscribe', () => {
  let sink: SmtpSink;
  let server: RunningServer;
  let browser: Browser;
  let reader: BrowserContext;
  let admin: BrowserContext;
  let page: Page;
  let posts: { id: number; title: string }[];

  /** Waits for the next message to `email` after the first `since` messages, and returns it. */
  async function nextMailTo(email: string, since: number): Promise<ReceivedMail> {
    for (let count = since + 1; ; count++) {
      const mails = await sink.waitFor(count);
      const found = mails.slice(since).find((mail) => mail.to.includes(email));
      if (found) return found;
    }
  }

  beforeAll(async () => {
    sink = await startSmtpSink();
    server = await startServer({ env: { SMTP_URL: sink.url, MAIL_FROM: 'Forkcast <letter@forkcast.test>' } });
    browser = await launchBrowser();
    reader = await newContext(browser, server);
    admin = await adminContext(browser, server);
    page = await reader.newPage();
    posts = ((await (await fetch(`${server.url}/api/posts?type=post`)).json()) as { id: number; title: string }[]).slice(0, 2);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await sink?.close();
  });

  it('signs a reader up on the home page and confirms from the link in the email', async () => {
    await page.goto('/');
    const form = page.locator('form[data-newsletter]');
    await form.getByLabel('Email address').fill(READER);
    await shown(page.locator('astro-island:not([ssr]) form[data-newsletter]'));
    const since = sink.accepted.length;
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await shown(notifications(page).getByText('Successfully subscribed!'));

    const confirmation = await nextMailTo(READER, since);
    expect(confirmation.parsed.subject).toBe('Confirm your subscription to Forkcast');
    await page.goto(confirmLink(confirmation));
    expect(new URL(page.url()).pathname).toBe('/newsletter/confirmed');
    await shown(page.getByRole('heading', { name: "You're subscribed" }));

    // A second reader, signed up and confirmed the same way without a browser.
    const before = sink.accepted.length;
    await fetch(`${server.url}/api/newsletter/subscribe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: STAYS }),
    });
    expect((await fetch(confirmLink(await nextMailTo(STAYS, before)))).url).toMatch(/\/newsletter\/confirmed$/);
  });

  it('sends a post from its editor, with the progress shown as it goes, and both readers get it', async () => {
    const editor = await admin.newPage();
    await editor.goto(`/admin/editor?id=${posts[0]!.id}`);
    const panel = editor.locator('.fc-letter');
    await panel.getByRole('button', { name: 'Send to subscribers' }).click();
    const dialog = editor.getByRole('dialog', { name: 'Send this post to your subscribers?' });
    await shown(dialog.getByText('2 confirmed subscribers'));
    const since = sink.accepted.length;
    await dialog.getByRole('button', { name: 'Send now' }).click();
    // The badge turns to Sent without the page being reloaded: the server pushed the progress.
    await shown(panel.locator('.fc-send__badge', { hasText: /^Sent$/ }));
    expect(await panel.getByRole('progressbar').getAttribute('aria-valuetext')).toBe('2 of 2 handled');
    await sink.waitFor(since + 2);
    const letters = sink.received.slice(since);
    expect(letters.map((mail) => mail.to.join()).sort()).toEqual([READER, STAYS]);
    expect(letters.every((mail) => mail.parsed.subject === posts[0]!.title)).toBe(true);
    await editor.close();

    // The letter as a mail client shows its HTML part, shot at both widths for people to look at.
    const html = letters[0]!.parsed.html;
    expect(html).toBeTruthy();
    mkdirSync(join(REPO, 'screenshots'), { recursive: true });
    const viewer = await reader.newPage();
    for (const width of [390, 1280]) {
      await viewer.setViewportSize({ width, height: 900 });
      await viewer.setContent(html as string, { waitUntil: 'load' });
      await shown(viewer.getByRole('link', { name: 'View in browser' }));
      await viewer.screenshot({ path: join(REPO, 'screenshots', `letter-${width}.png`), fullPage: true });
    }
    await viewer.close();
  });

  it('unsubscribes the reader with the one button the letter’s link opens', async () => {
    const letter = sink.received.find((mail) => mail.to.includes(READER) && mail.parsed.subject === posts[0]!.title)!;
    const link = /<a [^>]*href="([^"]+)"[^>]*>Unsubscribe<\/a>/.exec(letter.parsed.html || '')![1]!;
    expect(letter.raw.replace(/\r?\n[ \t]+/g, ' ')).toContain(`List-Unsubscribe: <${link}>`);
    await page.goto(link);
    const buttons = page.getByRole('button', { name: 'Unsubscribe' });
    expect(await buttons.count()).toBe(1);
    await Promise.all([page.waitForURL((url) => url.pathname === '/newsletter/unsubscribed'), buttons.click()]);
    await shown(page.getByRole('heading', { level: 1 }));
  });

  it('leaves the reader out of the next send, made from /admin/newsletter', async () => {
    const dashboard = await admin.newPage();
    await dashboard.goto('/admin/newsletter');
    const card = dashboard.locator('.fc-dash-sends');
    await card.getByLabel('Post to send').selectOption({ label: posts[1]!.title });
    await card.getByRole('button', { name: 'Send to subscribers' }).click();
    const dialog = dashboard.getByRole('dialog', { name: 'Send this post to your subscribers?' });
    await shown(dialog.getByText('1 confirmed subscriber '));
    const since = sink.accepted.length;
    await dialog.getByRole('button', { name: 'Send now' }).click();
    const item = card.locator('.fc-dash-sends__item', { hasText: posts[1]!.title });
    await shown(item.locator('.fc-send__badge', { hasText: /^Sent$/ }));
    await sink.waitFor(since + 1);
    expect(sink.received.slice(since).map((mail) => [mail.to.join(), mail.parsed.subject])).toEqual([[STAYS, posts[1]!.title]]);
    await dashboard.close();
  });
});
