import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { SendMailOptions, Transporter } from 'nodemailer';
import PQueue from 'p-queue';
import type { Logger } from 'pino';
import type { MailConfig } from '../config.ts';

/** One message to one reader. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  /**
   * Where the reader leaves the list: an https link that unsubscribes with one POST (RFC 8058) and
   * a mailbox. Given, the message carries List-Unsubscribe and List-Unsubscribe-Post.
   */
  unsubscribe?: { url: string; mailto: string };
  /**
   * The Message-ID to send under, `<unique@domain>`; without it nodemailer makes a random one.
   * A newsletter delivery gives the same one on every attempt, so a reader's mail system can tell
   * a message sent again after a crash from a new one.
   */
  messageId?: string;
}

export interface SentMail {
  messageId: string;
  /** The .eml file the message was written to, when no SMTP server is configured. */
  file?: string;
}

/**
 * Sends mail through the SMTP server in SMTP_URL, or, without one, writes each message as an .eml
 * file to MAIL_DIR and logs its path, so a site without a mail server still works and a person can
 * open what would have been sent. Both ways build the message with nodemailer's own composer
 * and hand the same bytes to the transport, so the file holds exactly what SMTP would carry.
 */
export class Mailer {
  readonly #config: MailConfig;
  readonly #pool: boolean;
  /**
   * Made, with nodemailer, on the first message rather than when the server starts (see
   * renderLetter): the composer builds each message whole (nodemailer's own pipeline: list
   * headers, Message-ID, Date, envelope), and the transport, absent without SMTP_URL, carries it
   * to the SMTP server.
   */
  #transports: Promise<{ composer: Transporter; transport: Transporter | undefined }> | undefined;
  readonly #dir: string | undefined;
  readonly #logger: Logger;
  readonly #inFlight = new Set<Promise<unknown>>();
  // Mail sent after answering goes out a few messages at a time, however many requests queue it.
  readonly #later = new PQueue({ concurrency: 4 });

  /**
   * With `pool`, SMTP messages share a few long-lived connections (what a newsletter send needs)
   * instead of one connection each; SMTP_URL's own `maxConnections` and `maxMessages` still apply.
   */
  constructor(config: MailConfig, logger: Logger, options: { pool?: boolean } = {}) {
    this.#config = config;
    this.#pool = options.pool ?? false;
    this.#logger = logger;
    this.#dir = config.smtpUrl ? undefined : resolve(config.dir);
  }

  #loadTransports() {
    this.#transports ??= import('nodemailer').then(({ default: nodemailer }) => {
      const { from, smtpUrl } = this.#config;
      return {
        composer: nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' }, { from }),
        transport: smtpUrl ? nodemailer.createTransport(this.#pool ? { url: smtpUrl, pool: true } : smtpUrl) : undefined,
      };
    });
    return this.#transports;
  }

  /** Sends one message; rejects when the server refuses it or cannot be reached. */
  async send(mail: OutgoingMail): Promise<SentMail> {
    const options: SendMailOptions = {
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
      ...(mail.messageId ? { messageId: mail.messageId } : {}),
      ...(mail.unsubscribe
        ? {
            // One header naming both ways out (RFC 2369), as mailbox providers read it.
            list: { unsubscribe: [[mail.unsubscribe.url, mail.unsubscribe.mailto]] },
            headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
          }
        : {}),
    };
    // The message is built whole first, then handed to SMTP as one buffer: streamed to the server
    // as it is built, it would reach the socket a line at a time, a system call each (most of the
    // time a newsletter send takes).
    const { composer, transport } = await this.#loadTransports();
    const built = await composer.sendMail(options);
    const messageId = String(built.messageId);
    const raw = built.message as Buffer;
    if (transport) {
      await transport.sendMail({ envelope: built.envelope, raw });
      return { messageId };
    }
    const file = await this.#writeFile(raw);
    this.#logger.info({ file, to: mail.to, subject: mail.subject }, 'mail written to file (no SMTP_URL set)');
    return { messageId, file };
  }

  /**
   * Sends without making the caller wait; a failure is logged. `idle()` waits for these, so a
   * graceful stop does not drop them.
   */
  sendInBackground(mail: OutgoingMail, what: string): void {
    this.later(what, async () => {
      await this.send(mail);
    });
  }

  /**
   * Queues `work` (composing and sending mail) to start only once the request that queued it has
   * answered, so the answer never waits on it; a failure is logged as `what`. `idle()` waits for
   * it, so a graceful stop does not drop it.
   */
  later(what: string, work: () => Promise<void>): void {
    const done = new Promise((start) => setImmediate(start))
      .then(() => this.#later.add(work))
      .then(
        () => undefined,
        (error: unknown) => this.#logger.error({ err: error, what }, 'could not send mail'),
      );
    this.#inFlight.add(done);
    void done.finally(() => this.#inFlight.delete(done));
  }

  /** How mail leaves: through SMTP_URL, or as files in MAIL_DIR. */
  get transport(): 'smtp' | 'files' {
    return this.#dir === undefined ? 'smtp' : 'files';
  }

  /** Messages sent in the background and not yet sent or failed. */
  get sending(): number {
    return this.#inFlight.size;
  }

  /** Resolves once every message sent in the background has been sent or has failed. */
  async idle(): Promise<void> {
    while (this.#inFlight.size > 0) await Promise.all(this.#inFlight);
  }

  /** Closes the SMTP connections, once any message loaded them (a load that failed has none). */
  close(): void {
    void this.#transports?.then(
      ({ composer, transport }) => {
        composer.close();
        transport?.close();
      },
      () => undefined,
    );
  }

  // Named by time, so a folder listing reads in sending order, plus random bytes so two messages
  // in the same millisecond never share a name; written whole under a temporary name first.
  async #writeFile(message: Buffer): Promise<string> {
    const dir = this.#dir!;
    await mkdir(dir, { recursive: true });
    const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
    const file = join(dir, name);
    await writeFile(`${file}.tmp`, message);
    await rename(`${file}.tmp`, file);
    return file;
  }
}
