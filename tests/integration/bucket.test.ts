import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '@forkcast/content-db/testing/random';
import { countBucketQueue, createDb, listPosts, pendingOutbox, type Db } from '@forkcast/content-db';
import { bucketDifferences, expectedSiteBucket, readBucket, startS3Server, type TestS3Server } from '@forkcast/admin-api/bucket-testing';
import { PUBLISH_HEADER, parsePublishReport, type PublishStatus } from '@forkcast/shared/contracts';
import { fullBuildOf } from './compare.ts';
import { deploymentEnv, killServer, runScript, signIn, startServer, type ServerProcess } from './server-process.ts';
import { BUILT, copyBuiltAssets } from './support.ts';

// The real server (make start's code path) publishing into an S3-compatible server (s3rver, in a
// child process): every write lands in the bucket before it answers; a bucket that is down keeps
// the write's pages queued; kill -9 mid-publish and `make sync-bucket` both end with a bucket
// holding exactly what a fresh full build of the database gives, byte for byte and header for header.
const SITE_BUCKET = 's3://forkcast-site/live';
const UPLOADS_BUCKET = 's3://forkcast-site/live/uploads';
const KILL_ROUNDS = 4;

describe('publishing to a bucket', () => {
  let s3: TestS3Server;
  let workDir: string;
  let env: Record<string, string>;
  let running: ServerProcess | undefined;
  let db: Db;

  const start = async () => {
    running = await startServer(workDir, env);
    return running;
  };
  const status = async (server: ServerProcess): Promise<PublishStatus> => {
    const cookie = await signIn(server.url);
    return (await (await fetch(`${server.url}/api/admin/publish-status`, { headers: { cookie } })).json()) as PublishStatus;
  };
  /** Waits until nothing waits for the site's bucket, and it is not being compared with the folder. */
  const settled = async (server: ServerProcess) => {
    await expect
      .poll(
        async () => {
          const { queueLength, bucket } = await status(server);
          return queueLength === 0 && bucket?.site?.queued === 0 && !bucket.site.reconciling && bucket.uploads?.queued === 0;
        },
        { timeout: 60_000, interval: 250 },
      )
      .toBe(true);
  };
  const bucketVersusFullBuild = async () =>
    bucketDifferences(await readBucket(s3.client, s3.store(SITE_BUCKET)), expectedSiteBucket(await fullBuildOf(db)));

  beforeAll(async () => {
    s3 = await startS3Server(['forkcast-site']);
    workDir = mkdtempSync(join(tmpdir(), 'forkcast-bucket-'));
    mkdirSync(join(workDir, 'dist'));
    symlinkSync(BUILT.serverDir, join(workDir, 'dist', 'server'));
    copyBuiltAssets(join(workDir, 'dist', 'client'));
    env = deploymentEnv(workDir, { SITE_BUCKET, UPLOADS_BUCKET, ...s3.env });
    await start();
    db = createDb(env.DATABASE_PATH!);
  });
  afterAll(async () => {
    if (running) await killServer(running);
    await db?.destroy();
    await s3?.close();
    rmSync(workDir, { recursive: true, force: true });
  });

  it('fills an empty bucket at the first start, then puts each write before it answers', async () => {
    const server = running!;
    await settled(server);
    expect(await bucketVersusFullBuild()).toEqual([]);

    const cookie = await signIn(server.url);
    const [post] = (await listPosts(db)).filter((each) => each.published && each.cityId !== null && each.type === 'post');
    const answer = await fetch(`${server.url}/api/posts/${post!.id}/content`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ type: 'text', content: 'Read through the bucket at once.', position: 0 }),
    });
    expect(answer.status).toBe(201);
    expect(parsePublishReport(answer.headers.get(PUBLISH_HEADER))).toBeDefined();
    // Read-your-writes through the bucket: no waiting, the object is there when the write answers.
    const objects = await readBucket(s3.client, s3.store(SITE_BUCKET));
    const expected = expectedSiteBucket(await fullBuildOf(db));
    expect(bucketDifferences(objects, expected)).toEqual([]);
    const { urls } = (await status(server)).lastPublish!;
    expect(urls.length).toBeGreaterThan(0);
    // What a CDN in front of the bucket's website endpoint gets (docs/operations.md): the page at its
    // one URL with the server's headers, and a 301 for each line of _redirects.
    const page = await fetch(s3.websiteUrl('forkcast-site', `live${urls[0]}`));
    expect([page.status, page.headers.get('content-type'), page.headers.get('cache-control')]).toEqual([
      200,
      'text/html; charset=utf-8',
      'public, max-age=0, must-revalidate',
    ]);
    expect(await page.text()).toContain('Read through the bucket at once.');
    const [from, to] = (await (await fetch(`${server.url}/_redirects`)).text()).split('\n')[0]!.split(' ');
    const redirect = await fetch(s3.websiteUrl('forkcast-site', `live${from}`), { redirect: 'manual' });
    expect([redirect.status, redirect.headers.get('location')]).toEqual([301, to]);

    const png = await sharp({ create: { width: 32, height: 24, channels: 3, background: '#8e44ad' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.set('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'dot.png');
    const upload = await fetch(`${server.url}/api/upload`, { method: 'POST', headers: { cookie }, body: form });
    expect(upload.status).toBe(201);
    const { url } = (await upload.json()) as { url: string };
    const uploads = await readBucket(s3.client, s3.store(UPLOADS_BUCKET));
    expect(uploads.get(url.replace('/uploads/', ''))).toMatchObject({
      contentType: 'image/jpeg',
      cacheControl: 'public, max-age=31536000, immutable',
    });
    // Its social card, which a page may name as soon as the image is its share image, came with it.
    expect(uploads.get(url.replace('/uploads/', '').replace('.jpg', '-og-500-500.jpg'))).toMatchObject({
      contentType: 'image/jpeg',
      cacheControl: 'public, max-age=31536000, immutable',
    });
  });

  it('keeps a write whose bucket is down queued with its error, and puts it once the bucket is back', async () => {
    const server = running!;
    const cookie = await signIn(server.url);
    const [post] = (await listPosts(db)).filter((each) => each.published);
    await s3.stop();
    try {
      const answer = await fetch(`${server.url}/api/posts/${post!.id}/content`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ type: 'text', content: 'Written while the bucket is down.', position: 0 }),
      });
      expect(answer.status).toBe(201);
      expect(decodeURIComponent(answer.headers.get('x-forkcast-publish') ?? '')).toMatch(/^failed; reason=the bucket refused/);
      // The server's own site folder is current.
      const page = await fetch(`${server.url}${(await status(server)).lastPublish!.urls.find((path) => path.includes(post!.slug))}`);
      expect(await page.text()).toContain('Written while the bucket is down.');
      const { bucket } = await status(server);
      expect(bucket?.site?.failing).toBeGreaterThan(0);
      expect(bucket?.failingObjects[0]).toMatchObject({ bucket: 'site', attempts: expect.any(Number) });
    } finally {
      await s3.start();
    }
    await settled(server);
    expect(await bucketVersusFullBuild()).toEqual([]);
  });

  it(`holds a full build's exact objects after being killed mid-publish ${KILL_ROUNDS} times`, async () => {
    const random = seededRandom(4343);
    // Changes a kill caught before the bucket held them: outbox entries not published, or objects still queued.
    const interrupted: number[] = [];
    for (let round = 0; round < KILL_ROUNDS; round++) {
      const { url } = running!;
      const cookie = await signIn(url);
      const posts = await listPosts(db);
      const send = (path: string, method: string, body: unknown) =>
        fetch(`${url}${path}`, { method, headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify(body) }).catch(
          () => undefined,
        );
      const burst = Array.from({ length: 6 }, (_, i) => {
        const post = posts[Math.floor(random() * posts.length)]!;
        switch (i % 3) {
          case 0:
            return send(`/api/posts/${post.slug}/published`, 'PATCH', { published: !post.published });
          case 1:
            return send(`/api/posts/${post.slug}/hero-image`, 'PATCH', {
              heroImage: `/images/posts/${['tea', 'wine', 'pizza'][round % 3]}.jpg`,
            });
          default:
            return send(`/api/posts/${post.id}/content`, 'POST', { type: 'text', content: `Round ${round}, note ${i}.`, position: 0 });
        }
      });
      await new Promise((resolve) => setTimeout(resolve, 20 + Math.floor(random() * 200)));
      await killServer(running!);
      await Promise.all(burst);
      interrupted.push((await pendingOutbox(db)).length + (await countBucketQueue(db)).site.queued);
      await start();
      await settled(running!);
      expect(await bucketVersusFullBuild(), `round ${round}`).toEqual([]);
    }
    console.log(`changes caught short of the bucket by a kill, per round: ${interrupted.join(', ')}`);
    expect(
      interrupted.some((count) => count > 0),
      'at least one kill landed before the bucket held a write',
    ).toBe(true);
  });

  it('make sync-bucket puts back what someone changed in the bucket, and says what it changed', async () => {
    await killServer(running!);
    running = undefined;
    const store = s3.store(SITE_BUCKET);
    const html = { contentType: 'text/html', cacheControl: 'no-store' };
    await store.put('about', { body: Buffer.from('tampered'), ...html });
    await store.put('stray/page', { body: Buffer.from('stray'), ...html });
    await store.delete(['rss.xml']);
    const run = await runScript('sync-bucket.ts', [], workDir, env);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`put     ${SITE_BUCKET}/about\n`);
    expect(run.stdout).toContain(`put     ${SITE_BUCKET}/rss.xml\n`);
    expect(run.stdout).toContain(`deleted ${SITE_BUCKET}/stray/page\n`);
    expect(run.stdout).toContain(`${SITE_BUCKET}: 2 put, 1 deleted, 0 failed (by this process).`);
    expect(await bucketVersusFullBuild()).toEqual([]);
    const again = await runScript('sync-bucket.ts', [], workDir, env);
    expect(again.stdout).toContain(`${SITE_BUCKET}: 0 put, 0 deleted, 0 failed`);
  });
});
