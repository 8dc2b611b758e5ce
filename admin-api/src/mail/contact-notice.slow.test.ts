import { readdirSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { listContactMessages } from '@forkcast/content-db';
import { createTestApp, json, type TestApp } from '../testing.ts';
import { startSmtpSink, type SmtpSink } from './smtp-sink.ts';

const MESSAGE = { name: 'Ana <Lisboa>', email: 'ana@example.com', subject: 'Pastéis in Belém', message: 'Where is the best one?\nThanks!' };

describe('contact messages notify the admins by email', () => {
  let sink: SmtpSink;
  let t: TestApp | undefined;
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(() => sink.close());
  afterEach(async () => {
    await t?.cleanup();
    t = undefined;
  });

  it('sends each message to the admins, replying to its sender, with both parts, through the real SMTP server', async () => {
    t = await createTestApp({ env: { SMTP_URL: sink.url, MAIL_FROM: 'Forkcast <letter@forkcast.test>' } });
    const before = sink.received.length;
    expect((await t.request('/api/contact', json('POST', MESSAGE))).status).toBe(201);
    const [mail] = (await sink.waitFor(before + 1)).slice(before);
    expect(mail!.to).toEqual(['editor@forkcast.test']);
    const { parsed } = mail!;
    expect(parsed.from?.value).toEqual([{ name: 'Forkcast', address: 'letter@forkcast.test' }]);
    expect(parsed.replyTo?.value).toEqual([{ name: '', address: 'ana@example.com' }]);
    expect(parsed.subject).toBe('[Forkcast contact] Pastéis in Belém');
    expect(parsed.messageId).toMatch(/@forkcast\.test>$/);
    expect(parsed.date).toBeInstanceOf(Date);
    expect(parsed.text).toContain('Ana <Lisboa> <ana@example.com> wrote');
    expect(parsed.text).toContain('Where is the best one?\nThanks!');
    expect(parsed.html).toContain('<strong>Ana &lt;Lisboa&gt;</strong>');
    expect(mail!.raw).not.toMatch(/^List-Unsubscribe/im);
  });

  it('keeps the message and answers 201 when the mail server refuses the notice', async () => {
    t = await createTestApp({ env: { SMTP_URL: sink.url } });
    sink.refuseWith(550);
    try {
      expect((await t.request('/api/contact', json('POST', MESSAGE))).status).toBe(201);
      expect(await listContactMessages(t.handle.db)).toMatchObject([{ subject: MESSAGE.subject }]);
      // Waits for the refused notice, so the refusal above is what it met.
      await t.cleanup();
    } finally {
      t = undefined;
      sink.refuseWith(undefined);
    }
  });

  it('sends nothing with CONTACT_NOTIFY=false', async () => {
    t = await createTestApp({ env: { SMTP_URL: sink.url, CONTACT_NOTIFY: 'false' } });
    const before = sink.received.length;
    expect((await t.request('/api/contact', json('POST', MESSAGE))).status).toBe(201);
    expect(await listContactMessages(t.handle.db)).toHaveLength(1);
    // A sign-up's confirmation goes out through the same server; the cleanup waits for every
    // message still being sent, so a notice would have arrived by then too.
    expect((await t.request('/api/newsletter/subscribe', json('POST', { email: 'marker@example.com' }))).status).toBe(200);
    await t.cleanup();
    t = undefined;
    expect(sink.received.slice(before).map((mail) => mail.to)).toEqual([['marker@example.com']]);
  });

  it('writes the notice to MAIL_DIR without SMTP_URL', async () => {
    t = await createTestApp();
    expect((await t.request('/api/contact', json('POST', MESSAGE))).status).toBe(201);
    const app = t;
    await expect.poll(() => readdirSync(app.mailDir, { withFileTypes: false }).length).toBe(1);
  });
});
