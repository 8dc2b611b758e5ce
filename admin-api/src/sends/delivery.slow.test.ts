import { createServer } from 'node:net';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  confirmSubscriber,
  createDb,
  getSubscriber,
  listSends,
  startSend,
  subscribe,
  unsubscribe,
  type Db,
  type SendProgress,
} from '@forkcast/content-db';
import { LETTER_UNSUBSCRIBE_SLOT } from '@forkcast/shared/contracts';
import { createTempDb, insertBarePost, type TempDb } from '@forkcast/content-db/testing';
import { loadConfig } from '../config.ts';
import { Mailer } from '../mail/mailer.ts';
import { startSmtpSink, type SmtpSink } from '../mail/smtp-sink.ts';
import { NewsletterLinks } from '../newsletter/links.ts';
import { NewsletterDelivery, type RetryPolicy } from './delivery.ts';

const FROM = 'letter@forkcast.test';
const HOST = 'https://forkcast.test';
const SECRET = 'a test secret';
// Retries come quickly here; the waits still double as they do in production.
const QUICK: RetryPolicy = { baseMs: 20, maxMs: 200, attempts: 3 };
const LETTER = {
  subject: 'Ramen at midnight',
  html: `<p>Slurp.</p><p><a href="${LETTER_UNSUBSCRIBE_SLOT}">Unsubscribe</a></p>`,
  text: `Slurp.\n\nUnsubscribe [${LETTER_UNSUBSCRIBE_SLOT}]`,
};

/** Waits, without any deadline of its own (the test's timeout is the limit), until `check` passes. */
async function eventually<T>(check: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      return await check();
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

async function confirmed(db: Db, email: string): Promise<number> {
  const { subscriber } = await subscribe(db, email, new Date().toISOString());
  await confirmSubscriber(db, subscriber.id, new Date().toISOString());
  return subscriber.id;
}

describe('newsletter delivery against a real SMTP server', () => {
  let handle: TempDb;
  let sink: SmtpSink | undefined;
  let delivery: NewsletterDelivery | undefined;
  let postId: number;
  beforeEach(async () => {
    handle = await createTempDb();
    postId = await insertBarePost(handle.db, 'ramen', new Date().toISOString());
  });
  afterEach(async () => {
    await delivery?.stop();
    await sink?.close();
    await handle.cleanup();
    delivery = undefined;
    sink = undefined;
  });

  function worker(smtpUrl: string, options: { bounceLimit?: number; rate?: number; db?: Db } = {}): NewsletterDelivery {
    const config = loadConfig({ SMTP_URL: smtpUrl, MAIL_FROM: `Forkcast <${FROM}>`, PUBLIC_HOST: HOST });
    delivery = new NewsletterDelivery({
      db: options.db ?? handle.db,
      mailer: new Mailer(config.mail, pino({ level: 'silent' }), { pool: true }),
      links: async () => new NewsletterLinks(SECRET, HOST),
      from: FROM,
      logger: pino({ level: 'silent' }),
      rate: options.rate ?? 1000,
      bounceLimit: options.bounceLimit ?? 2,
      retry: QUICK,
    });
    return delivery;
  }

  // As the API does: the send and its rows in one transaction, so the worker never sees one without the other.
  const startLetter = () =>
    handle.db.transaction().execute((trx) => startSend(trx, { postId, ...LETTER, messageKey: 'k3y', now: new Date().toISOString() }));
  const progress = async (): Promise<SendProgress> => (await listSends(handle.db))[0]!;
  const finished = () =>
    eventually(async () => {
      const send = await progress();
      if (send.status !== 'done') throw new Error('still sending');
      return send;
    });

  it('delivers the letter once to every confirmed subscriber, each with their own unsubscribe link and a stable Message-ID', async () => {
    sink = await startSmtpSink();
    const ids = [await confirmed(handle.db, 'ana@example.com'), await confirmed(handle.db, 'bo@example.com')];
    await startLetter();
    worker(sink.url).start();
    expect(await finished()).toMatchObject({ total: 2, sent: 2, failed: 0, skipped: 0, remaining: 0 });

    const links = new NewsletterLinks(SECRET, HOST);
    const byRecipient = new Map(sink.received.map((mail) => [mail.to.join(), mail]));
    expect([...byRecipient.keys()].sort()).toEqual(['ana@example.com', 'bo@example.com']);
    for (const [index, email] of ['ana@example.com', 'bo@example.com'].entries()) {
      const mail = byRecipient.get(email)!;
      const own = links.unsubscribeUrl({ id: ids[index]!, email });
      expect(mail.from).toBe(FROM);
      expect(mail.parsed.subject).toBe('Ramen at midnight');
      expect(mail.parsed.messageId).toMatch(/^<k3y\.\d+@forkcast\.test>$/);
      expect(mail.parsed.date).toBeInstanceOf(Date);
      const headers = mail.raw.slice(0, mail.raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, ' ');
      expect(headers).toContain(`\nList-Unsubscribe: <${own}>, <mailto:${FROM}?subject=unsubscribe>\r\n`);
      expect(mail.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
      expect(mail.parsed.html).toContain(`<a href="${own}">Unsubscribe</a>`);
      expect(mail.parsed.text).toContain(`Unsubscribe [${own}]`);
      expect(mail.raw).not.toContain(LETTER_UNSUBSCRIBE_SLOT);
    }
    expect(new Set(sink.accepted.map((mail) => mail.messageId)).size).toBe(2);
  });

  it('tries a temporary refusal (4xx) again later, and sends it once it is taken', async () => {
    sink = await startSmtpSink();
    await confirmed(handle.db, 'busy@example.com');
    await confirmed(handle.db, 'fine@example.com');
    let refusals = 0;
    sink.refuseRecipients((address) => (address === 'busy@example.com' && refusals++ < 2 ? 451 : undefined));
    await startLetter();
    worker(sink.url).start();
    expect(await finished()).toMatchObject({ sent: 2, failed: 0, remaining: 0 });
    expect(refusals).toBe(3);
    expect(sink.accepted.map((mail) => mail.to.join()).sort()).toEqual(['busy@example.com', 'fine@example.com']);
    const row = await handle.db
      .selectFrom('newsletterDeliveries')
      .selectAll()
      .where('email', '=', 'busy@example.com')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
  });

  it('gives up on an address still refusing for now after every attempt', async () => {
    sink = await startSmtpSink();
    await confirmed(handle.db, 'busy@example.com');
    sink.refuseRecipients(() => 451);
    await startLetter();
    worker(sink.url).start();
    expect(await finished()).toMatchObject({ sent: 0, failed: 1, remaining: 0 });
    const row = await handle.db.selectFrom('newsletterDeliveries').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'failed', attempts: QUICK.attempts });
    expect(row.lastError).toContain('451');
  });

  it('marks a permanent refusal (5xx) failed at once, and a subscriber bounced after the limit in a row, so the next send skips them', async () => {
    sink = await startSmtpSink();
    const gone = await confirmed(handle.db, 'gone@example.com');
    await confirmed(handle.db, 'here@example.com');
    sink.refuseRecipients((address) => (address === 'gone@example.com' ? 550 : undefined));
    worker(sink.url, { bounceLimit: 2 }).start();

    await startLetter();
    delivery!.wake();
    expect(await finished()).toMatchObject({ sent: 1, failed: 1 });
    expect(await getSubscriber(handle.db, gone)).toMatchObject({ status: 'confirmed', hardBounces: 1 });

    await startLetter();
    delivery!.wake();
    expect(await finished()).toMatchObject({ total: 2, sent: 1, failed: 1 });
    expect(await getSubscriber(handle.db, gone)).toMatchObject({ status: 'bounced', hardBounces: 2, bouncedAt: expect.any(String) });

    const { recipients } = await startLetter();
    expect(recipients).toBe(1);
    delivery!.wake();
    await finished();
    expect(sink.accepted.map((mail) => mail.to.join())).toEqual(['here@example.com', 'here@example.com', 'here@example.com']);
  });

  it('skips a subscriber who left after the send started', async () => {
    sink = await startSmtpSink();
    const left = await confirmed(handle.db, 'left@example.com');
    await confirmed(handle.db, 'stays@example.com');
    await startLetter();
    await unsubscribe(handle.db, left, new Date().toISOString());
    worker(sink.url).start();
    expect(await finished()).toMatchObject({ sent: 1, skipped: 1 });
    expect(sink.accepted.map((mail) => mail.to.join())).toEqual(['stays@example.com']);
  });

  it('waits while the mail server cannot be reached, without counting it against anyone, then delivers', async () => {
    const port = await freePort();
    await confirmed(handle.db, 'ana@example.com');
    await startLetter();
    const worker_ = worker(`smtp://127.0.0.1:${port}`);
    let announced = 0;
    worker_.onProgress(() => announced++);
    worker_.start();
    const state = await eventually(async () => {
      if (!worker_.state.waitingUntil) throw new Error('not waiting yet');
      return worker_.state;
    });
    expect(state.problem).toMatch(/ECONNREFUSED|connect/i);
    const row = await handle.db.selectFrom('newsletterDeliveries').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'queued', attempts: 0 });

    sink = await startSmtpSink({ port });
    expect(await finished()).toMatchObject({ sent: 1 });
    expect(sink.accepted).toHaveLength(1);
    expect(worker_.state).toEqual({});
    expect(announced).toBeGreaterThan(0);
  });

  it('never sends a delivery that one worker claimed from a second worker on the same database', async () => {
    sink = await startSmtpSink();
    const emails = Array.from({ length: 60 }, (_, i) => `reader-${String(i).padStart(2, '0')}@example.com`);
    for (const email of emails) await confirmed(handle.db, email);
    await startLetter();
    // Two workers, each on its own connection to the one file, as two servers would be.
    const otherDb = createDb(handle.path);
    const first = worker(sink.url);
    const second = worker(sink.url, { db: otherDb });
    try {
      first.start();
      second.start();
      expect(await finished()).toMatchObject({ total: emails.length, sent: emails.length, remaining: 0 });
      await Promise.all([first.idle(), second.idle()]);
      expect(sink.accepted.map((mail) => mail.to.join()).sort()).toEqual(emails);
    } finally {
      await first.stop();
      await second.stop();
      delivery = undefined;
      await otherDb.destroy();
    }
  });
});
