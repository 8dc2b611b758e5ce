import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { commitChange, getPostById, getSubscriberByEmail, listPosts, updatePost, type Post } from '@forkcast/content-db';
import { NEWSLETTER_PAGES, type NewsletterSend } from '@forkcast/shared/contracts';
import { seed } from '@forkcast/content-db/seed';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '@forkcast/admin-api/smtp-sink';
import { publishingSite, SITE, type PublishingSite } from './support.ts';

// Posts sent as newsletters by the real app (real renderer, real publisher, real SQLite) through a
// real SMTP server, checked as that server received them; every link is followed against the app.

const json = (method: string, body: unknown) => ({ method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** The header block with folded lines joined, as a mail program reads it: one header a line, each between line feeds. */
const headersOf = (mail: ReceivedMail) =>
  `\n${mail.raw
    .slice(0, mail.raw.search(/\r?\n\r?\n/))
    .replace(/\r?\n[ \t]+/g, ' ')
    .replace(/\r\n/g, '\n')}\n`;

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/'/g, '&#39;');

/** A link's path and query on the site, after checking it points at PUBLIC_HOST. */
function onSite(link: string): string {
  const url = new URL(link);
  expect(url.origin).toBe(SITE.publicHost);
  return `${url.pathname}${url.search}`;
}

describe('sending a post as a newsletter', () => {
  let sink: SmtpSink;
  let site: PublishingSite;
  let ip = 0;
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(() => sink.close());
  beforeEach(async () => {
    sink.refuseWith(undefined);
    site = await publishingSite(({ db }) => seed(db).then(() => undefined), {
      env: { SMTP_URL: sink.url, MAIL_FROM: 'Forkcast <letter@forkcast.test>' },
    });
  });
  afterEach(() => site.cleanup());

  const mailsTo = (email: string, since = 0) => sink.received.slice(since).filter((mail) => mail.to.includes(email));
  /** Signs up through the API and confirms with the link in the email, as a reader does. */
  async function confirmedReader(email: string): Promise<void> {
    const before = sink.accepted.length;
    const res = await site.request('/api/newsletter/subscribe', {
      ...json('POST', { email }),
      admin: false,
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.1.0.${++ip}` },
    });
    expect(res.status).toBe(200);
    await sink.waitFor(before + 1);
    const [confirmation] = mailsTo(email).slice(-1);
    const link = /https?:\/\/\S+\/api\/newsletter\/confirm\?token=[\w.-]+/.exec(confirmation!.parsed.text ?? '')![0];
    const confirmed = await site.request(onSite(link), { admin: false });
    expect(confirmed.headers.get('location')).toBe(NEWSLETTER_PAGES.confirmed);
  }
  const publishedPosts = async (): Promise<Post[]> => listPosts(site.handle.db, { publishedOnly: true, type: 'post' });
  const progress = async (id: number): Promise<NewsletterSend> => {
    const { sends } = (await (await site.request('/api/newsletter/sends')).json()) as { sends: NewsletterSend[] };
    return sends.find((send) => send.id === id)!;
  };
  /** Starts a send through the API and waits until its worker has finished it. */
  async function send(postId: number): Promise<NewsletterSend> {
    const res = await site.request('/api/newsletter/sends', json('POST', { postId }));
    expect(res.status, await res.clone().text()).toBe(201);
    const started = (await res.json()) as NewsletterSend;
    for (;;) {
      await site.sends.delivery.idle();
      const now = await progress(started.id);
      if (now.status === 'done') return now;
    }
  }

  it('mails the letter to every confirmed reader: headers, both parts, inlined styles, absolute links, a working view-in-browser and unsubscribe', async () => {
    await confirmedReader('ana@example.com');
    await confirmedReader('bo@example.com');
    const post = (await publishedPosts()).find((candidate) => candidate.cityId !== null)!;
    const since = sink.received.length;
    const done = await send(post.id);
    expect(done).toMatchObject({ postId: post.id, subject: post.title, status: 'done', total: 2, sent: 2, failed: 0, remaining: 0 });

    const letters = sink.received.slice(since);
    expect(letters.map((mail) => mail.to.join()).sort()).toEqual(['ana@example.com', 'bo@example.com']);
    const mail = letters.find((letter) => letter.to.includes('ana@example.com'))!;
    const { parsed } = mail;
    const headers = headersOf(mail);
    expect(mail.from).toBe('letter@forkcast.test');
    expect(parsed.from?.value).toEqual([{ name: 'Forkcast', address: 'letter@forkcast.test' }]);
    expect(parsed.headers.get('to')).toMatchObject({ value: [{ address: 'ana@example.com' }] });
    expect(parsed.subject).toBe(post.title);
    expect(parsed.messageId).toMatch(/^<[\w-]+\.\d+@forkcast\.test>$/);
    expect(parsed.date).toBeInstanceOf(Date);
    expect(headers).toContain('\nList-Unsubscribe-Post: List-Unsubscribe=One-Click\n');
    const unsubscribe =
      /\nList-Unsubscribe: <(https:\/\/forkcast\.test\/api\/newsletter\/unsubscribe\/[\w.-]+)>, <mailto:letter@forkcast\.test\?subject=unsubscribe>\n/.exec(
        headers,
      )![1]!;

    // The HTML: the site's type and colours inlined into the elements, every link and image absolute.
    const html = parsed.html || '';
    expect(html).toMatch(/<h1[^>]*style="[^"]*font-family: *Fraunces/);
    expect(html).toContain(`>${escapeHtml(post.title)}</h1>`);
    expect(html).not.toMatch(/<link\b/);
    expect([...html.matchAll(/<img [^>]*src="([^"]+)"/g)].map((m) => m[1]!).every((src) => /^https?:\/\//.test(src))).toBe(true);
    expect([...html.matchAll(/<a [^>]*href="([^"]+)"/g)].map((m) => m[1]!).filter((href) => !/^(?:https?:|mailto:)/.test(href))).toEqual(
      [],
    );
    const viewInBrowser = /<a [^>]*href="([^"]+)"[^>]*>View in browser<\/a>/.exec(html)![1]!;
    expect(html).toContain(`href="${unsubscribe}"`);
    // The plain-text part says the same, links written out.
    expect(parsed.text).toContain(post.title);
    expect(parsed.text).toContain(`View in browser [${viewInBrowser}]`);
    expect(parsed.text).toContain(`Unsubscribe [${unsubscribe}]`);
    expect(parsed.text).not.toMatch(/<[a-z]/);

    // View in browser opens the post's own page on the site.
    const page = await site.request(onSite(viewInBrowser), { admin: false });
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(new RegExp(`<h1[^>]*>${escapeHtml(post.title).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</h1>`));

    // The one-click unsubscribe works, and the next send skips that reader.
    const left = await site.request(onSite(unsubscribe), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
      admin: false,
    });
    expect(left.headers.get('location')).toBe(NEWSLETTER_PAGES.unsubscribed);
    expect((await getSubscriberByEmail(site.handle.db, 'ana@example.com'))!.status).toBe('unsubscribed');
    const next = (await publishedPosts()).find((candidate) => candidate.id !== post.id)!;
    const before = sink.received.length;
    expect(await send(next.id)).toMatchObject({ total: 1, sent: 1 });
    expect(sink.received.slice(before).map((m) => m.to.join())).toEqual(['bo@example.com']);
  });

  it('sends a test to one address first, without starting a send', async () => {
    const post = (await publishedPosts())[0]!;
    const before = sink.received.length;
    const res = await site.request('/api/newsletter/sends/test', json('POST', { postId: post.id, email: 'editor@forkcast.test' }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: 'Test sent to editor@forkcast.test.' });
    const [test] = sink.received.slice(before);
    expect(test!.to).toEqual(['editor@forkcast.test']);
    expect(test!.parsed.subject).toBe(`[Test] ${post.title}`);
    // Not a subscriber: no list headers, and the footer link explains instead of unsubscribing anyone.
    expect(test!.raw).not.toMatch(/^List-Unsubscribe/im);
    expect(test!.parsed.html).toContain(`href="${SITE.publicHost}${NEWSLETTER_PAGES.unsubscribe}"`);
    expect(((await (await site.request('/api/newsletter/sends')).json()) as { sends: unknown[] }).sends).toEqual([]);

    sink.refuseWith(554);
    const refused = await site.request('/api/newsletter/sends/test', json('POST', { postId: post.id, email: 'editor@forkcast.test' }));
    expect(refused.status).toBe(502);
    expect(await refused.json()).toMatchObject({ code: 'mail_refused', message: expect.stringContaining('554') });
  });

  it('refuses a draft, a second send of a post, a send nobody would get, and anyone signed out', async () => {
    const [post, other] = await publishedPosts();
    expect((await site.request('/api/newsletter/sends', json('POST', { postId: post!.id }))).status).toBe(409);
    await confirmedReader('ana@example.com');
    expect((await site.request('/api/newsletter/sends', { ...json('POST', { postId: post!.id }), admin: false })).status).toBe(401);
    await send(post!.id);
    const again = await site.request('/api/newsletter/sends', json('POST', { postId: post!.id }));
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: 'conflict', message: expect.stringContaining('already sent') });
    await commitChange(site.handle.db, (trx) => updatePost(trx, other!.id, { published: false, updatedAt: new Date().toISOString() }));
    const draft = await site.request('/api/newsletter/sends', json('POST', { postId: other!.id }));
    expect(draft.status).toBe(409);
    expect((await site.request('/api/newsletter/sends', json('POST', { postId: 999_999 }))).status).toBe(404);
    expect((await site.request('/api/newsletter/sends', json('POST', { postId: 'one' }))).status).toBe(400);
  });

  it('sends a scheduled post when it goes live, and not before', async () => {
    await confirmedReader('ana@example.com');
    const post = (await publishedPosts())[0]!;
    const soon = new Date(Date.now() + 3_600_000).toISOString();
    await commitChange(site.handle.db, (trx) => updatePost(trx, post.id, { published: false, publishAt: soon, updatedAt: soon }));
    const res = await site.request('/api/newsletter/sends', json('POST', { postId: post.id }));
    expect(res.status).toBe(201);
    const waiting = (await res.json()) as NewsletterSend;
    expect(waiting).toMatchObject({ status: 'waiting', total: 0 });
    const before = sink.received.length;

    // Its time comes (moved to the past here) and the scheduler puts it live.
    await site.handle.db
      .updateTable('posts')
      .set({ publishAt: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', post.id)
      .execute();
    await site.scheduler.publishDue();
    await site.sends.idle();
    await site.sends.delivery.idle();
    expect((await getPostById(site.handle.db, post.id))!.status).toBe('published');
    expect(await progress(waiting.id)).toMatchObject({ status: 'done', total: 1, sent: 1 });
    expect(sink.received.slice(before).map((mail) => [mail.to.join(), mail.parsed.subject])).toEqual([['ana@example.com', post.title]]);
  });

  it('streams every send and its progress to the admin as server-sent events', async () => {
    await confirmedReader('ana@example.com');
    const post = (await publishedPosts())[0]!;
    const done = await send(post.id);
    const controller = new AbortController();
    const res = await site.request('/api/newsletter/sends/events', { signal: controller.signal });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = res.body!.getReader();
    let text = '';
    while (!text.includes('\n\n')) text += new TextDecoder().decode((await reader.read()).value);
    controller.abort();
    const event = /^event: sends\ndata: (.+)$/m.exec(text)!;
    expect(JSON.parse(event[1]!)).toEqual({ sends: [done], delivery: {} });
    expect((await site.request('/api/newsletter/sends/events', { admin: false })).status).toBe(401);
  });
});
