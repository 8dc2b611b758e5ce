import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A message as the SMTP server received it: the envelope, the raw bytes and the parsed message. */
export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  parsed: ParsedMail;
}

/** One accepted message, as few bytes as tell it apart: whom it went to and its Message-ID. */
export interface AcceptedMail {
  to: string[];
  messageId: string;
}

export interface SmtpSink {
  /** smtp://127.0.0.1:PORT, for SMTP_URL. */
  url: string;
  /** Every message accepted, whole and parsed (empty for a sink that keeps only `accepted`). */
  received: ReceivedMail[];
  /** Every message accepted, in order: recipients and Message-ID. */
  accepted: AcceptedMail[];
  /** Resolves once `count` messages have been accepted in all (with the full messages so far, when kept). */
  waitFor: (count: number) => Promise<ReceivedMail[]>;
  /** Answers every further message with this SMTP reply code (for instance 451 or 550), or accepts again with undefined. */
  refuseWith: (code: number | undefined) => void;
  /** Answers RCPT TO for the addresses `policy` gives a code for with that code (451 for now, 550 for good); undefined accepts all. */
  refuseRecipients: (policy: ((address: string) => number | undefined) | undefined) => void;
  close: () => Promise<void>;
}

const MESSAGE_ID = /^Message-ID:\s*(<[^>\r\n]*>)/im;

/**
 * A real SMTP server on loopback (the `smtp-server` package) that keeps every message it accepts,
 * for tests and the mail benchmark: what the app sends is checked as a mail server received it.
 * With `keep: false` it parses nothing and keeps only each message's recipients and Message-ID,
 * so it can take many thousands of messages without growing much. `port` 0 picks a free one.
 */
export async function startSmtpSink(options: { port?: number; keep?: boolean } = {}): Promise<SmtpSink> {
  const keep = options.keep ?? true;
  const received: ReceivedMail[] = [];
  const accepted: AcceptedMail[] = [];
  const waiting: { count: number; done: (mails: ReceivedMail[]) => void }[] = [];
  let refusal: number | undefined;
  let recipientPolicy: ((address: string) => number | undefined) | undefined;
  const arrived = () => {
    for (const waiter of [...waiting]) {
      if (accepted.length >= waiter.count) {
        waiting.splice(waiting.indexOf(waiter), 1);
        waiter.done([...received]);
      }
    }
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // A newsletter send keeps its connections busy; the default of 10 per connection is for people.
    maxClients: 100,
    onRcptTo(address, _session, callback) {
      const code = recipientPolicy?.(address.address);
      if (code === undefined) return callback();
      callback(Object.assign(new Error(code >= 500 ? 'No such mailbox here' : 'Mailbox busy, try later'), { responseCode: code }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refusal !== undefined) {
          callback(Object.assign(new Error('Refused by the test'), { responseCode: refusal }));
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address);
        const messageId = MESSAGE_ID.exec(raw)?.[1] ?? '';
        if (!keep) {
          accepted.push({ to, messageId });
          arrived();
          callback();
          return;
        }
        simpleParser(raw).then(
          (parsed) => {
            received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to, raw, parsed });
            accepted.push({ to, messageId });
            arrived();
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  // A client that vanishes mid-conversation (a sender killed on purpose) resets its connection; that
  // message simply never arrived, which is the sender's business, not an error of the sink.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    accepted,
    waitFor: (count) => (accepted.length >= count ? Promise.resolve([...received]) : new Promise((done) => waiting.push({ count, done }))),
    refuseWith: (code) => {
      refusal = code;
    },
    refuseRecipients: (policy) => {
      recipientPolicy = policy;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
