/**
 * `make bench-mail`: one post sent as the newsletter to BENCH_MAIL_SUBSCRIBERS confirmed
 * subscribers (default 10,000) through a real SMTP server on loopback (the tests' sink, in a
 * process of its own, as a mail server would be), by the same code the server runs: the letter
 * rendered by the built site, the send started with one row per subscriber, the delivery worker
 * over a pooled SMTP connection. NEWSLETTER_RATE is set to its maximum (BENCH_MAIL_RATE changes
 * it), so the machine, not the limit, sets the pace. Reports messages a second, the total time
 * and peak memory; the same send to a tenth of the list runs first, so the two peaks show whether
 * memory grows with the list. Each size runs in a fresh process. Writes bench-results/mail.md.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pino } from 'pino';
import { createNewsletterSends, distPaths, loadConfig, loadRenderer } from '@forkcast/admin-api';
import { startSmtpSink } from '@forkcast/admin-api/smtp-sink';
import { createDb, listPosts, listSends, migrateToLatest, nowIso } from '@forkcast/content-db';
import { seed } from '@forkcast/content-db/seed';

const ROOT = resolve(import.meta.dirname, '..', '..');
const OUT = join(ROOT, 'bench-results');
const SUBSCRIBERS = Number(process.env.BENCH_MAIL_SUBSCRIBERS ?? 10_000);
const RATE = process.env.BENCH_MAIL_RATE ?? '100000';
const SITE = { siteName: 'Forkcast', publicHost: 'https://forkcast.example' };
const MB = 1024 * 1024;

interface RunResult {
  subscribers: number;
  /** From the send's start (letter rendered, rows written) to its last message accepted and recorded. */
  totalMs: number;
  /** Rendering the letter and writing the rows, the part before the first message. */
  startMs: number;
  sent: number;
  peakRssMb: number;
  peakHeapMb: number;
  heapBeforeMb: number;
  /** The heap after the send and a full collection: what the send left behind. */
  heapAfterMb: number;
  /** CPU time (user + system) this process spent per message, start included. */
  cpuMsPerMessage: number;
}

/** The SMTP server's role: listen, say where, count what arrives, and tell the parent when asked. */
async function runSink(): Promise<void> {
  const sink = await startSmtpSink({ keep: false });
  process.send!({ url: sink.url });
  let cpuSince = process.cpuUsage();
  process.on('message', (message: { count?: boolean }) => {
    if (!message.count) return;
    const distinct = new Set(sink.accepted.map((mail) => mail.messageId)).size;
    const cpu = process.cpuUsage(cpuSince);
    process.send!({ accepted: sink.accepted.length, distinct, sinkCpuMs: (cpu.user + cpu.system) / 1000 });
    sink.accepted.length = 0;
    cpuSince = process.cpuUsage();
  });
}

/** One send of one post to `subscribers` readers, in this process, against the sink at `smtpUrl`. */
async function runSend(subscribers: number, smtpUrl: string): Promise<RunResult> {
  const dir = mkdtempSync(join(tmpdir(), 'forkcast-bench-mail-'));
  try {
    const db = createDb(join(dir, 'content.db'));
    await migrateToLatest(db);
    await seed(db);
    const now = nowIso();
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < subscribers; i += 1000) {
        const batch = Array.from({ length: Math.min(1000, subscribers - i) }, (_, j) => ({
          email: `reader-${i + j}@example.com`,
          subscribedAt: now,
          status: 'confirmed' as const,
          confirmedAt: now,
        }));
        await trx.insertInto('newsletterSubscribers').values(batch).execute();
      }
    });
    const config = loadConfig({
      DATABASE_PATH: join(dir, 'content.db'),
      PUBLIC_HOST: SITE.publicHost,
      SMTP_URL: smtpUrl,
      MAIL_FROM: 'Forkcast <letter@forkcast.example>',
      NEWSLETTER_RATE: RATE,
    });
    const pages = await loadRenderer(distPaths(join(ROOT, 'dist')).serverEntry, db, SITE);
    // A running server has rendered pages (a guide's, with Markdown) before anyone sends; so has this one.
    await pages.render((await pages.listRoutes()).find((route) => route.endsWith('/guide')) ?? '/');
    const sends = createNewsletterSends({ db, config, logger: pino({ level: 'silent' }), pages });
    const post = (await listPosts(db, { publishedOnly: true, type: 'post' }))[0]!;

    globalThis.gc?.();
    const heapBefore = process.memoryUsage().heapUsed;
    let peakRss = process.memoryUsage().rss;
    let peakHeap = heapBefore;
    const sample = setInterval(() => {
      const { rss, heapUsed } = process.memoryUsage();
      peakRss = Math.max(peakRss, rss);
      peakHeap = Math.max(peakHeap, heapUsed);
    }, 20);

    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    const send = await sends.send(post.id);
    const startMs = performance.now() - started;
    let progress = send;
    while (progress.status !== 'done') {
      await sends.delivery.idle();
      progress = (await listSends(db)).find((candidate) => candidate.id === send.id)!;
      if (progress.status !== 'done') await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const totalMs = performance.now() - started;
    const cpu = process.cpuUsage(cpuBefore);
    clearInterval(sample);
    await sends.delivery.stop();
    globalThis.gc?.();
    const heapAfter = process.memoryUsage().heapUsed;
    await db.destroy();
    return {
      subscribers,
      totalMs,
      startMs,
      sent: progress.sent,
      peakRssMb: peakRss / MB,
      peakHeapMb: peakHeap / MB,
      heapBeforeMb: heapBefore / MB,
      heapAfterMb: heapAfter / MB,
      cpuMsPerMessage: (cpu.user + cpu.system) / 1000 / Math.max(1, progress.sent),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function ask<T>(child: ChildProcess, message: unknown): Promise<T> {
  return new Promise((resolve) => {
    child.once('message', (answer) => resolve(answer as T));
    if (message !== undefined) child.send(message as object);
  });
}

async function orchestrate(): Promise<void> {
  const self = import.meta.filename;
  const sink = fork(self, ['sink'], { stdio: 'inherit' });
  const { url } = await ask<{ url: string }>(sink, undefined);
  const rows: (RunResult & { accepted: number; distinct: number; sinkCpuMs: number })[] = [];
  try {
    for (const size of [Math.max(1, Math.round(SUBSCRIBERS / 10)), SUBSCRIBERS]) {
      console.log(`Sending one post to ${size.toLocaleString('en-US')} subscribers…`);
      const runner = fork(self, ['send', String(size), url], { stdio: 'inherit', execArgv: [...process.execArgv, '--expose-gc'] });
      const result = await ask<RunResult>(runner, undefined);
      await new Promise((done) => runner.once('exit', done));
      const counted = await ask<{ accepted: number; distinct: number; sinkCpuMs: number }>(sink, { count: true });
      rows.push({ ...result, ...counted });
    }
  } finally {
    sink.kill();
  }

  const line = (r: (typeof rows)[number]) =>
    [
      '',
      r.subscribers.toLocaleString('en-US'),
      ((r.sent / r.totalMs) * 1000).toFixed(0),
      `${(r.totalMs / 1000).toFixed(2)} s`,
      `${(r.startMs / 1000).toFixed(2)} s`,
      `${r.cpuMsPerMessage.toFixed(2)} ms + ${(r.sinkCpuMs / Math.max(1, r.accepted)).toFixed(2)} ms`,
      `${r.peakRssMb.toFixed(0)} MB`,
      `${(r.peakHeapMb - r.heapBeforeMb).toFixed(1)} MB`,
      `${(r.heapAfterMb - r.heapBeforeMb).toFixed(1)} MB`,
      `${r.sent} sent, ${r.distinct} distinct received${r.accepted === r.distinct ? '' : ` (${r.accepted} in all)`}`,
      '',
    ]
      .join(' | ')
      .trim();
  const table = [
    '| subscribers | messages/s | total time | of which start (render + rows) | CPU per message (sender + SMTP server) | peak RSS | peak heap growth | heap kept after | check |',
    '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
    ...rows.map(line),
  ].join('\n');
  const report = [
    '# Newsletter send benchmark',
    '',
    `One post sent to confirmed subscribers through a local SMTP server (another process) on ${availableParallelism()} cores (load average ${loadavg()[0]!.toFixed(1)} when it ended), Node ${process.version}, NEWSLETTER_RATE=${RATE}, nodemailer's pool of 5 connections.`,
    '',
    table,
    '',
    'Peak heap growth counts garbage not yet collected as well; heap kept after is measured after a full collection, so it is what the send left behind.',
    '',
  ].join('\n');
  console.log(`\n${table}`);
  mkdirSync(OUT, { recursive: true });
  writeFileSync(join(OUT, 'mail.md'), report);
  console.log('\nWrote bench-results/mail.md');
}

const [role, size, url] = process.argv.slice(2);
if (role === 'sink') await runSink();
else if (role === 'send') {
  const result = await runSend(Number(size), url!);
  process.send!(result, () => process.exit(0));
} else await orchestrate();
