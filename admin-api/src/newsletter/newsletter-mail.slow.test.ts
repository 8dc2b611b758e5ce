import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ensureSecret, getSubscriber, listSubscribers, SETTING, subscribe } from '@forkcast/content-db';
import { NEWSLETTER_PAGES, newsletterOutcomeUrl } from '@forkcast/shared/contracts';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '../mail/smtp-sink.ts';
import { createTestApp, json, ORIGIN, type QueryPlugin, type TestApp } from '../testing.ts';
import { NewsletterLinks } from './links.ts';
import { UnconfirmedPurge } from './purge.ts';

const SIGNED_UP = { message: 'Check your inbox to confirm your subscription.' };
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** The https link of the List-Unsubscribe header. */
function unsubscribeLink(mail: ReceivedMail): string {
  const header = /^List-Unsubscribe:\s+<([^>]+)>,\s+<(mailto:[^>]+)>\r?$/m.exec(mail.raw);
  expect(header, 'one List-Unsubscribe header with an https link and a mailto').not.toBeNull();
  return header![1]!;
}

/** The confirmation link, the same in the text and the HTML part. */
function confirmLink(parsed: ParsedMail): string {
  const inText = /https?:\/\/\S+\/api\/newsletter\/confirm\?token=[\w.-]+/.exec(parsed.text ?? '')?.[0];
  const inHtml = /href="(https?:\/\/[^"]+\/api\/newsletter\/confirm\?token=[\w.-]+)"/.exec(parsed.html || '')?.[1];
  expect(inText).toBeDefined();
  expect(inHtml).toBe(inText);
  return inText!;
}

/** The path and query of a link that must point at PUBLIC_HOST. */
function onSite(link: string): string {
  const url = new URL(link);
  expect(url.origin).toBe(ORIGIN);
  return `${url.pathname}${url.search}`;
}

describe('newsletter email against a real SMTP server', () => {
  let sink: SmtpSink;
  let t: TestApp;
  let ip = 0;
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(() => sink.close());
  beforeEach(async () => {
    sink.refuseWith(undefined);
    t = await createTestApp({ env: { SMTP_URL: sink.url, MAIL_FROM: 'Forkcast <letter@forkcast.test>' } });
  });
  afterEach(() => t.cleanup());

  /** Signs up; once it answers, whatever mail it queued has been sent (or refused). */
  const signUp = async (email: string) => {
    const res = await t.request('/api/newsletter/subscribe', { ...json('POST', { email }), ip: `10.7.0.${++ip % 250}` });
    await t.mailer.idle();
    return res;
  };
  /** Signs up and returns the one message that arrived for it. */
  const signUpAndReceive = async (email: string) => {
    const before = sink.received.length;
    const res = await signUp(email);
    expect(res.status).toBe(200);
    const mails = (await sink.waitFor(before + 1)).slice(before);
    expect(mails.map((mail) => mail.to)).toEqual([[email]]);
    return mails[0]!;
  };
  /** The recipients of everything received since `since`, once a marker sign-up has arrived after it. */
  const receivedSince = async (since: number) => {
    const marker = `marker-${since}-${Date.now()}@example.com`;
    await signUpAndReceive(marker);
    return sink.received
      .slice(since)
      .map((mail) => mail.to.join())
      .filter((to) => to !== marker);
  };
  const oneClick = (path: string, body = 'List-Unsubscribe=One-Click') =>
    t.request(path, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });

  it('sends a confirmation with From, To, Message-ID, Date, both parts and the RFC 8058 unsubscribe headers', async () => {
    const mail = await signUpAndReceive('reader@example.com');
    const { parsed } = mail;
    expect(mail.from).toBe('letter@forkcast.test');
    expect(parsed.from?.value).toEqual([{ name: 'Forkcast', address: 'letter@forkcast.test' }]);
    expect(parsed.headers.get('to')).toMatchObject({ value: [{ address: 'reader@example.com' }] });
    expect(parsed.subject).toBe('Confirm your subscription to Forkcast');
    expect(parsed.messageId).toMatch(/^<[^@\s]+@forkcast\.test>$/);
    expect(parsed.date).toBeInstanceOf(Date);
    expect(mail.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    expect(mail.raw).toMatch(
      /^List-Unsubscribe:\s+<http:\/\/localhost\/api\/newsletter\/unsubscribe\/[\w.-]+>,\s+<mailto:letter@forkcast\.test\?subject=unsubscribe>/m,
    );
    expect(parsed.text).toContain('Confirm my subscription: http://localhost/api/newsletter/confirm?token=');
    expect(parsed.html).toContain('>Confirm my subscription</a>');
    expect(parsed.text).toContain(unsubscribeLink(mail));
    expect(parsed.html).toContain(`href="${unsubscribeLink(mail)}"`);
    confirmLink(parsed);
  });

  it('confirms through the link in the email, and lands on the confirmation page every time it is opened', async () => {
    const mail = await signUpAndReceive('reader@example.com');
    const link = onSite(confirmLink(mail.parsed));
    for (let i = 0; i < 2; i++) {
      const res = await t.request(link);
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe(NEWSLETTER_PAGES.confirmed);
    }
    expect(await listSubscribers(t.handle.db)).toMatchObject([
      { email: 'reader@example.com', status: 'confirmed', confirmedAt: expect.any(String) },
    ]);
  });

  it('answers new, pending and confirmed addresses alike, and mails only the new one', async () => {
    const first = await signUp('new@example.com');
    const body = await first.json();
    await sink.waitFor(sink.received.length);
    const since = sink.received.length;
    const pending = await signUp('new@example.com');
    await subscribe(t.handle.db, 'confirmed@example.com', new Date().toISOString());
    await t.handle.db
      .updateTable('newsletterSubscribers')
      .set({ status: 'confirmed' })
      .where('email', '=', 'confirmed@example.com')
      .execute();
    const confirmed = await signUp('confirmed@example.com');
    expect([first.status, pending.status, confirmed.status]).toEqual([200, 200, 200]);
    expect([body, await pending.json(), await confirmed.json()]).toEqual([SIGNED_UP, SIGNED_UP, SIGNED_UP]);
    expect(await receivedSince(since)).toEqual([]);
  });

  it('re-sends the confirmation of a pending address at most once an hour', async () => {
    await signUpAndReceive('reader@example.com');
    const since = sink.received.length;
    expect((await signUp('reader@example.com')).status).toBe(200);
    expect(await receivedSince(since)).toEqual([]);

    // An hour later (the last confirmation's time moved back), a sign-up sends it again, once.
    await t.handle.db
      .updateTable('newsletterSubscribers')
      .set({ confirmationSentAt: new Date(Date.now() - HOUR - 1000).toISOString() })
      .where('email', '=', 'reader@example.com')
      .execute();
    const again = sink.received.length;
    expect((await signUp('reader@example.com')).status).toBe(200);
    expect((await signUp('reader@example.com')).status).toBe(200);
    expect(await receivedSince(again)).toEqual(['reader@example.com']);
  });

  it('refuses a confirmation link that expired or was altered, and keeps the address pending', async () => {
    await signUpAndReceive('reader@example.com');
    const subscriber = (await listSubscribers(t.handle.db))[0]!;
    const links = new NewsletterLinks(await ensureSecret(t.handle.db, SETTING.newsletterSecret, new Date().toISOString()), ORIGIN);
    const expired = onSite(links.confirmUrl(subscriber, new Date(Date.now() - 7 * DAY - 1000).toISOString()));
    const forged = onSite(new NewsletterLinks('another secret', ORIGIN).confirmUrl(subscriber, new Date().toISOString()));
    for (const path of [expired, forged, '/api/newsletter/confirm?token=1.99999999999.abc', '/api/newsletter/confirm']) {
      const res = await t.request(path);
      expect(res.status, path).toBe(303);
      expect(res.headers.get('location'), path).toBe(newsletterOutcomeUrl('linkExpired'));
    }
    expect((await getSubscriber(t.handle.db, subscriber.id))!.status).toBe('pending');
  });

  it('unsubscribes with one POST of List-Unsubscribe=One-Click; opening the link only shows the button', async () => {
    const mail = await signUpAndReceive('reader@example.com');
    await t.request(onSite(confirmLink(mail.parsed)));
    const link = onSite(unsubscribeLink(mail));

    const page = await t.request(link);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    const html = await page.text();
    expect(html.match(/<button/g)).toHaveLength(1);
    expect(html).toContain(`action="${link}"`);
    expect(html).toContain('name="List-Unsubscribe" value="One-Click"');
    expect((await listSubscribers(t.handle.db))[0]!.status).toBe('confirmed');

    expect((await oneClick(link, 'List-Unsubscribe=Later')).status).toBe(400);
    expect((await listSubscribers(t.handle.db))[0]!.status).toBe('confirmed');

    for (let i = 0; i < 2; i++) {
      const res = await oneClick(link);
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe(NEWSLETTER_PAGES.unsubscribed);
    }
    expect(await listSubscribers(t.handle.db)).toMatchObject([{ status: 'unsubscribed', unsubscribedAt: expect.any(String) }]);

    // A multipart one-click POST (RFC 8058 allows either encoding) works the same.
    const form = new FormData();
    form.set('List-Unsubscribe', 'One-Click');
    expect((await t.request(link, { method: 'POST', body: form })).status).toBe(303);
  });

  it('refuses an altered unsubscribe link without changing anything', async () => {
    const mail = await signUpAndReceive('reader@example.com');
    const link = onSite(unsubscribeLink(mail));
    const altered = link.replace(/.$/, (ch) => (ch === 'A' ? 'B' : 'A'));
    expect((await t.request(altered)).status).toBe(400);
    expect((await oneClick(altered)).status).toBe(400);
    expect((await oneClick('/api/newsletter/unsubscribe/nonsense')).status).toBe(400);
    expect((await listSubscribers(t.handle.db))[0]!.status).toBe('pending');
  });

  it('lets a reader who left sign up again, with a new confirmation that the old link cannot stand in for', async () => {
    const first = await signUpAndReceive('reader@example.com');
    const oldConfirm = onSite(confirmLink(first.parsed));
    await t.request(oldConfirm);
    await oneClick(onSite(unsubscribeLink(first)));
    // At most one confirmation a mailbox an hour, leaving or not: an hour on, the sign-up sends one.
    const since = sink.received.length;
    expect((await signUp('reader@example.com')).status).toBe(200);
    expect(await receivedSince(since)).toEqual([]);
    const reader = async () => (await listSubscribers(t.handle.db)).find((s) => s.email === 'reader@example.com')!;
    expect((await reader()).status).toBe('unsubscribed');
    await t.handle.db
      .updateTable('newsletterSubscribers')
      .set({ confirmationSentAt: new Date(Date.now() - HOUR - 1000).toISOString() })
      .where('email', '=', 'reader@example.com')
      .execute();

    const second = await signUpAndReceive('reader@example.com');
    expect((await reader()).status).toBe('pending');
    expect((await t.request(oldConfirm)).headers.get('location')).toBe(newsletterOutcomeUrl('linkExpired'));
    expect((await t.request(onSite(confirmLink(second.parsed)))).headers.get('location')).toBe(NEWSLETTER_PAGES.confirmed);
    expect((await reader()).status).toBe('confirmed');
  });

  it('answers as ever when the server refuses the confirmation, and sends it on the next sign-up', async () => {
    sink.refuseWith(451);
    const refused = await signUp('reader@example.com');
    expect(refused.status).toBe(200);
    expect(await refused.json()).toEqual(SIGNED_UP);
    await t.mailer.idle();
    sink.refuseWith(undefined);
    await signUpAndReceive('reader@example.com');
  });

  it('purges pending sign-ups whose confirmation expired, and nobody else', async () => {
    await signUpAndReceive('stale@example.com');
    await signUpAndReceive('fresh@example.com');
    const confirmed = await signUpAndReceive('confirmed@example.com');
    await t.request(onSite(confirmLink(confirmed.parsed)));
    const eightDaysAgo = new Date(Date.now() - 8 * DAY).toISOString();
    await t.handle.db
      .updateTable('newsletterSubscribers')
      .set({ subscribedAt: eightDaysAgo, confirmationSentAt: eightDaysAgo })
      .where('email', 'in', ['stale@example.com', 'confirmed@example.com'])
      .execute();
    expect(await new UnconfirmedPurge({ db: t.handle.db, logger: pino({ level: 'silent' }) }).run()).toBe(1);
    expect((await listSubscribers(t.handle.db)).map((s) => s.email).sort()).toEqual(['confirmed@example.com', 'fresh@example.com']);
  });
});

describe('newsletter email without SMTP_URL', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.cleanup());

  it('writes the confirmation as an .eml file in MAIL_DIR whose link confirms', async () => {
    const res = await t.request('/api/newsletter/subscribe', json('POST', { email: 'reader@example.com' }));
    expect(res.status).toBe(200);
    await t.mailer.idle();
    const files = readdirSync(t.mailDir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const raw = readFileSync(join(t.mailDir, files[0]!), 'utf8');
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r$/m);
    const parsed = await simpleParser(raw);
    expect(parsed.to).toMatchObject({ value: [{ address: 'reader@example.com' }] });
    const confirmed = await t.request(onSite(confirmLink(parsed)));
    expect(confirmed.headers.get('location')).toBe(NEWSLETTER_PAGES.confirmed);
    expect((await listSubscribers(t.handle.db))[0]!.status).toBe('confirmed');
  });
});

describe('answering a sign-up', () => {
  let sink: SmtpSink;
  let t: TestApp;
  // The SQL of every statement the app runs, in order.
  const statements: string[] = [];
  const recorder: QueryPlugin = {
    transformQuery: (args) => {
      statements.push(t.handle.db.getExecutor().compileQuery(args.node, args.queryId).sql);
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  beforeEach(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ env: { SMTP_URL: sink.url }, dbPlugins: [recorder] });
  });
  afterEach(async () => {
    await t.cleanup();
    await sink.close();
  });

  /** Signs up from a fresh address: what the app ran until it answered, and whether any mail had arrived by then. */
  async function answer(email: string, ip: string) {
    statements.length = 0;
    const mailed = sink.accepted.length;
    const res = await t.request('/api/newsletter/subscribe', { ...json('POST', { email }), ip });
    const work = [...statements];
    const mailedBeforeAnswer = sink.accepted.length - mailed;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(SIGNED_UP);
    // What the answer left behind is done before the next sign-up, so it cannot count as that one's work.
    await t.mailer.idle();
    return { work, mailedBeforeAnswer };
  }

  it('does the same work for a new, a pending and a confirmed address, answers before mailing, and the mail still arrives', async () => {
    await subscribe(t.handle.db, 'confirmed@example.com', new Date().toISOString());
    await t.handle.db
      .updateTable('newsletterSubscribers')
      .set({ status: 'confirmed' })
      .where('email', '=', 'confirmed@example.com')
      .execute();

    const fresh = await answer('new@example.com', '10.8.0.1');
    const pending = await answer('NEW@example.com', '10.8.0.2');
    const confirmed = await answer('confirmed@example.com', '10.8.0.3');

    expect(fresh.work.length).toBeGreaterThan(0);
    expect(pending.work).toEqual(fresh.work);
    expect(confirmed.work).toEqual(fresh.work);
    expect([fresh.mailedBeforeAnswer, pending.mailedBeforeAnswer, confirmed.mailedBeforeAnswer]).toEqual([0, 0, 0]);
    // The one confirmation due went out after its answer, to the new address only.
    expect(sink.received.map((mail) => mail.to)).toEqual([['new@example.com']]);
  });
});
