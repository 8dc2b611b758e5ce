import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, listPosts, nowIso, type Db } from '@forkcast/content-db';
import { startSmtpSink, type SmtpSink } from '@forkcast/admin-api/smtp-sink';
import { deploymentEnv, killServer, startServer, type ServerProcess } from './server-process.ts';
import { ADMIN, BUILT, copyBuiltAssets } from './support.ts';

// The real server (make start's code path) sends a post to many subscribers through a real SMTP
// server and is killed with SIGKILL again and again while it does. After the last restart every
// subscriber must have exactly one distinct message (one Message-ID), and nobody else any.
const SUBSCRIBERS = 1200;
const KILLS = 5;

function start(workDir: string, smtpUrl: string): Promise<ServerProcess> {
  return startServer(
    workDir,
    deploymentEnv(workDir, {
      SMTP_URL: smtpUrl,
      MAIL_FROM: 'Forkcast <letter@forkcast.test>',
      // Fast enough that the test is short, slow enough that every kill lands mid-send.
      NEWSLETTER_RATE: '400',
    }),
  );
}

/** Waits until `check` is true, looking every 20 ms (the test's timeout bounds it). */
async function until(check: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 20));
}

async function addConfirmedSubscribers(db: Db, count: number): Promise<string[]> {
  const emails = Array.from({ length: count }, (_, i) => `reader-${String(i).padStart(5, '0')}@example.com`);
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < emails.length; i += 500) {
      await trx
        .insertInto('newsletterSubscribers')
        .values(emails.slice(i, i + 500).map((email) => ({ email, subscribedAt: now, status: 'confirmed' as const, confirmedAt: now })))
        .execute();
    }
  });
  return emails;
}

describe('newsletter crash safety', () => {
  let workDir: string;
  let sink: SmtpSink;
  let running: ServerProcess | undefined;

  beforeAll(async () => {
    workDir = mkdtempSync(join(tmpdir(), 'forkcast-send-crash-'));
    mkdirSync(join(workDir, 'dist'));
    symlinkSync(BUILT.serverDir, join(workDir, 'dist', 'server'));
    copyBuiltAssets(join(workDir, 'dist', 'client'));
    sink = await startSmtpSink({ keep: false });
  });
  afterAll(async () => {
    if (running) await killServer(running);
    await sink?.close();
    rmSync(workDir, { recursive: true, force: true });
  });

  it(`gives each of ${SUBSCRIBERS} subscribers exactly one distinct message across ${KILLS} kills mid-send`, async () => {
    running = await start(workDir, sink.url);
    const db = createDb(deploymentEnv(workDir).DATABASE_PATH!);
    try {
      const emails = await addConfirmedSubscribers(db, SUBSCRIBERS);
      const login = await fetch(`${running.url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(ADMIN),
      });
      const cookie = login.headers
        .getSetCookie()
        .map((line) => line.split(';')[0])
        .join('; ');
      const post = (await listPosts(db, { publishedOnly: true, type: 'post' }))[0]!;
      const started = await fetch(`${running.url}/api/newsletter/sends`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ postId: post.id }),
      });
      expect(started.status, await started.clone().text()).toBe(201);
      const { id: sendId } = (await started.json()) as { id: number };

      // Each kill lands when a further share of the list has been accepted by the SMTP server.
      const acceptedAtKill: number[] = [];
      for (let round = 1; round <= KILLS; round++) {
        const target = Math.floor((SUBSCRIBERS * round) / (KILLS + 1));
        await until(() => sink.accepted.length >= target);
        await killServer(running);
        acceptedAtKill.push(sink.accepted.length);
        running = await start(workDir, sink.url);
      }
      const done = async () =>
        (await db.selectFrom('newsletterSends').select('status').where('id', '=', sendId).executeTakeFirstOrThrow()).status === 'done';
      await until(done);

      const perRecipient = new Map<string, Set<string>>();
      for (const mail of sink.accepted) {
        for (const to of mail.to) perRecipient.set(to, (perRecipient.get(to) ?? new Set()).add(mail.messageId));
      }
      expect([...perRecipient.keys()].sort()).toEqual(emails);
      const notOnce = [...perRecipient].filter(([, ids]) => ids.size !== 1);
      expect(notOnce, 'recipients with other than one distinct Message-ID').toEqual([]);
      const distinct = new Set(sink.accepted.map((mail) => mail.messageId));
      expect(distinct.size).toBe(SUBSCRIBERS);
      const repeats = sink.accepted.length - distinct.size;
      // Only messages in flight when a kill landed (16 at most) or accepted but not yet recorded
      // (a group of at most 32) can go twice.
      expect(repeats).toBeLessThanOrEqual(KILLS * (16 + 32));
      const rows = await db.selectFrom('newsletterDeliveries').select('status').where('sendId', '=', sendId).execute();
      expect(rows.filter((row) => row.status !== 'sent')).toEqual([]);
      console.log(`accepted at each kill: ${acceptedAtKill.join(', ')}; sent again after a kill (same Message-ID): ${repeats}`);
    } finally {
      await db.destroy();
    }
  });
});
