import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { Mailer, type OutgoingMail } from './mailer.ts';
import { startSmtpSink, type SmtpSink } from './smtp-sink.ts';

const MAIL: OutgoingMail = {
  to: 'reader@example.com',
  subject: 'Confirm your subscription to Forkcast',
  text: 'Open this link: https://forkcast.test/confirm',
  html: '<p>Open <a href="https://forkcast.test/confirm">this link</a>.</p>',
  unsubscribe: { url: 'https://forkcast.test/api/newsletter/unsubscribe/1.abc', mailto: 'letter@forkcast.test' },
};

const quiet = pino({ level: 'silent' });

describe('Mailer over SMTP', () => {
  let sink: SmtpSink;
  let mailer: Mailer;
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(() => sink.close());
  beforeEach(() => {
    mailer = new Mailer(loadConfig({ SMTP_URL: sink.url, MAIL_FROM: 'Forkcast <letter@forkcast.test>' }).mail, quiet);
  });
  afterEach(() => {
    mailer.close();
    sink.refuseWith(undefined);
  });

  it('delivers a message with From, To, Message-ID, Date, the unsubscribe headers and both parts', async () => {
    const before = sink.received.length;
    const sent = await mailer.send(MAIL);
    const [mail] = (await sink.waitFor(before + 1)).slice(before);
    expect(mail!.from).toBe('letter@forkcast.test');
    expect(mail!.to).toEqual(['reader@example.com']);
    const { parsed } = mail!;
    expect(parsed.from?.value).toEqual([{ name: 'Forkcast', address: 'letter@forkcast.test' }]);
    expect(parsed.headers.get('to')).toMatchObject({ value: [{ address: 'reader@example.com' }] });
    expect(parsed.messageId).toBe(sent.messageId);
    expect(parsed.messageId).toMatch(/^<[^@\s]+@forkcast\.test>$/);
    expect(parsed.date).toBeInstanceOf(Date);
    expect(mail!.raw).toMatch(/^Date: /m);
    expect(mail!.raw).toMatch(
      /^List-Unsubscribe:\s+<https:\/\/forkcast\.test\/api\/newsletter\/unsubscribe\/1\.abc>,\s+<mailto:letter@forkcast\.test>\r?$/m,
    );
    expect(mail!.raw.match(/^List-Unsubscribe:/gm)).toHaveLength(1);
    expect(mail!.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    expect(parsed.text?.trim()).toBe(MAIL.text);
    expect(parsed.html).toContain('<a href="https://forkcast.test/confirm">this link</a>');
    expect(sent.file).toBeUndefined();
  });

  it('leaves the list headers off a message that is not to a subscriber', async () => {
    const before = sink.received.length;
    await mailer.send({
      to: 'editor@forkcast.test',
      subject: 'A contact message',
      text: 'Hi',
      html: '<p>Hi</p>',
      replyTo: 'ana@example.com',
    });
    const [mail] = (await sink.waitFor(before + 1)).slice(before);
    expect(mail!.raw).not.toMatch(/^List-Unsubscribe/im);
    expect(mail!.parsed.replyTo?.value).toEqual([{ name: '', address: 'ana@example.com' }]);
  });

  it('rejects when the server refuses the message', async () => {
    sink.refuseWith(550);
    await expect(mailer.send(MAIL)).rejects.toThrow();
  });

  it('logs a failed background send and still becomes idle', async () => {
    sink.refuseWith(451);
    mailer.sendInBackground(MAIL, 'test');
    await mailer.idle();
  });
});

describe('Mailer without SMTP_URL', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'forkcast-mail-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes each message as an .eml file in MAIL_DIR, the same message SMTP would carry, and logs its path', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    const config = loadConfig({ MAIL_DIR: join(dir, 'mail'), PUBLIC_HOST: 'https://forkcast.test' });
    const mailer = new Mailer(config.mail, logger);
    const first = await mailer.send(MAIL);
    const second = await mailer.send({ ...MAIL, to: 'other@example.com' });
    expect(readdirSync(join(dir, 'mail')).sort()).toEqual(
      [first.file, second.file].map((file) => file!.slice(join(dir, 'mail').length + 1)).sort(),
    );
    expect(first.file).toMatch(/\.eml$/);

    const raw = readFileSync(first.file!, 'utf8');
    expect(raw).toContain('\r\n');
    const parsed = await simpleParser(raw);
    expect(parsed.from?.value).toEqual([{ name: 'Forkcast', address: 'newsletter@forkcast.test' }]);
    expect(parsed.messageId).toBe(first.messageId);
    expect(parsed.date).toBeInstanceOf(Date);
    expect(parsed.text?.trim()).toBe(MAIL.text);
    expect(parsed.html).toContain('this link');
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r$/m);

    const logged = lines.map((line) => JSON.parse(line) as { file?: string; msg: string });
    expect(logged.map((entry) => entry.file)).toEqual([first.file, second.file]);
    mailer.close();
  });
});
