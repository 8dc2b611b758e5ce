/**
 * `make bench-bucket`: what publishing to a bucket adds to an editor's write. BENCH_WRITES block
 * edits (default 100) through the app with its publisher, as make start runs it, first publishing
 * to the site folder alone, then with SITE_BUCKET pointing at an S3-compatible server on loopback
 * (s3rver, in a process of its own, as the tests run it), each write answering once the bucket
 * holds its pages. The two alternate write by write, so a busy moment of the machine lands on both.
 * Prints p50 and p95 of each and what the bucket added; writes bench-results/bucket.md.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pino } from 'pino';
import { createPublishingApp, distPaths, ensureFullRender, hashPassword, loadConfig, type PublishingApp } from '@forkcast/admin-api';
import { startS3Server } from '@forkcast/admin-api/bucket-testing';
import { countBucketQueue, createUser, listPosts, nowIso } from '@forkcast/content-db';
import { openContentDb } from '@forkcast/content-db/open';
import { PUBLISH_HEADER, parsePublishReport } from '@forkcast/shared/contracts';

const ROOT = resolve(import.meta.dirname, '..', '..');
const BUILT = distPaths(join(ROOT, 'dist'));
const WRITES = Number(process.env.BENCH_WRITES ?? 100);
const SITE = { siteName: 'Forkcast', publicHost: 'https://forkcast.example' };
const ADMIN = { email: 'bench@forkcast.example', password: 'bench password, long enough' };

const percentile = (values: readonly number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

const work = mkdtempSync(join(tmpdir(), 'forkcast-bench-bucket-'));
const s3 = await startS3Server(['forkcast-bench']);
try {
  // The AWS SDK reads its settings from the environment, as in a server started with them.
  Object.assign(process.env, s3.env);
  const dist = { ...distPaths(join(work, 'dist')), serverDir: BUILT.serverDir, serverEntry: BUILT.serverEntry };
  mkdirSync(dist.siteDir, { recursive: true });
  symlinkSync(BUILT.serverDir, join(work, 'dist', 'server'));
  cpSync(BUILT.siteDir, dist.siteDir, { recursive: true });
  const databasePath = join(work, 'content.db');
  const { db } = await openContentDb(databasePath, { searchIndex: false });
  await ensureFullRender({ db, dist, site: SITE, force: true });
  await createUser(db, {
    email: ADMIN.email,
    passwordHash: await hashPassword(ADMIN.password),
    name: 'Editor',
    role: 'owner',
    now: nowIso(),
  });

  const env = { DATABASE_PATH: databasePath, UPLOAD_DIR: join(work, 'uploads'), PUBLIC_HOST: SITE.publicHost, LOG_LEVEL: 'silent' };
  const send = async (context: { app: PublishingApp['app']; cookie: string }, path: string, method: string, body: unknown) => {
    const response = await context.app.request(`${SITE.publicHost}${path}`, {
      method,
      headers: { 'content-type': 'application/json', cookie: context.cookie },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response;
  };
  const contextOf = async (published: PublishingApp) => {
    const login = await published.app.request(`${SITE.publicHost}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const cookie = login.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    return { app: published.app, cookie };
  };
  const logger = pino({ level: 'silent' });
  const folderOnly = await createPublishingApp({ db, config: loadConfig(env), dist, logger });
  const withBucket = await createPublishingApp({
    db,
    config: loadConfig({ ...env, SITE_BUCKET: 's3://forkcast-bench/site' }),
    dist,
    logger,
  });
  console.log('Filling the bucket...');
  await withBucket.bucket?.reconcile('site');

  const contexts = { folder: await contextOf(folderOnly), bucket: await contextOf(withBucket) };
  // A block on each of a few posts, made untimed; each timed write edits one of them (one page changes).
  const posts = (await listPosts(db, { publishedOnly: true })).filter((post) => post.type === 'post').slice(0, 20);
  const blocks: { postId: number; blockId: number }[] = [];
  for (const post of posts) {
    const created = await send(contexts.folder, `/api/posts/${post.id}/blocks`, 'POST', {
      content: 'Bench.',
      position: 0,
      isOriginal: true,
    });
    blocks.push({ postId: post.id, blockId: ((await created.json()) as { id: number }).id });
  }
  const times = { folder: [] as number[], bucket: [] as number[] };
  // The two alternate write by write, after one untimed write each (the first request to the bucket opens its connection).
  for (let i = -1; i < WRITES; i++) {
    for (const variant of ['folder', 'bucket'] as const) {
      const { postId, blockId } = blocks[(i + blocks.length) % blocks.length]!;
      const started = performance.now();
      const answer = await send(contexts[variant], `/api/posts/${postId}/blocks/${blockId}`, 'PUT', { content: `Edit ${i} ${variant}.` });
      const ms = performance.now() - started;
      if (!parsePublishReport(answer.headers.get(PUBLISH_HEADER))) throw new Error(`not published: ${answer.headers.get(PUBLISH_HEADER)}`);
      if (i >= 0) times[variant].push(ms);
    }
  }
  const queued = (await countBucketQueue(db)).site.queued;
  if (queued > 0) throw new Error(`${queued} objects still queued: the bucket did not take every write`);
  const row = (name: string, values: number[]) =>
    `| ${name} | ${values.length} | ${percentile(values, 50).toFixed(1)} | ${percentile(values, 95).toFixed(1)} |`;
  const added = percentile(times.bucket, 95) - percentile(times.folder, 95);
  const report = [
    '# Block edit with and without SITE_BUCKET',
    '',
    `Command: \`make bench-bucket\` (BENCH_WRITES=${WRITES}); bucket: s3rver on loopback, in a process of its own.`,
    '',
    '| publish to | writes | p50 ms | p95 ms |',
    '| --- | --- | --- | --- |',
    row('site folder', times.folder),
    row('site folder + bucket', times.bucket),
    '',
    `The bucket adds ${added.toFixed(1)} ms at p95 (${(percentile(times.bucket, 50) - percentile(times.folder, 50)).toFixed(1)} ms at p50).`,
    '',
  ].join('\n');
  console.log(report);
  mkdirSync(join(ROOT, 'bench-results'), { recursive: true });
  writeFileSync(join(ROOT, 'bench-results', 'bucket.md'), report);
  await withBucket.bucket?.close();
  await withBucket.publisher.close();
  await folderOnly.publisher.close();
  withBucket.mailer.close();
  folderOnly.mailer.close();
  await db.destroy();
} finally {
  await s3.close();
  rmSync(work, { recursive: true, force: true });
}
