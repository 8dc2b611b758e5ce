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

export interface SmtpSink {
  /** smtp://127.0.0.1:PORT, for SMTP_URL. */
  url: string;
  received: ReceivedMail[];
  /** Resolves once `count` messages have arrived in all (with the list so far). */
  waitFor: (count: number) => Promise<ReceivedMail[]>;
  /** Answers every further message with this SMTP reply code (for instance 451 or 550), or accepts again with undefined. */
  refuseWith: (code: number | undefined) => void;
  close: () => Promise<void>;
}

/**
 * A real SMTP server on loopback (the `smtp-server` package) that keeps every message it accepts,
 * for tests: what the app sends is checked as a mail server received it.
 */
export async function startSmtpSink(): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const waiting: { count: number; done: (mails: ReceivedMail[]) => void }[] = [];
  let refusal: number | undefined;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refusal !== undefined) {
          callback(Object.assign(new Error('Refused by the test'), { responseCode: refusal }));
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        simpleParser(raw).then(
          (parsed) => {
            received.push({
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
              raw,
              parsed,
            });
            for (const waiter of [...waiting]) {
              if (received.length >= waiter.count) {
                waiting.splice(waiting.indexOf(waiter), 1);
                waiter.done([...received]);
              }
            }
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    waitFor: (count) => (received.length >= count ? Promise.resolve([...received]) : new Promise((done) => waiting.push({ count, done }))),
    refuseWith: (code) => {
      refusal = code;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
