import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { countBucketQueue, failingBucketObjects, nowIso, queueBucketObjects, recordGeneration, type Db } from '@forkcast/content-db';
import { createTempDb, type TempDb } from '@forkcast/content-db/testing';
import { BucketPublisher } from './bucket-publisher.ts';
import { readBucketState, STATE_KEY } from './bucket-state.ts';
import { bucketDifferences, expectedSiteBucket, readBucket, startS3Server, type TestS3Server } from './bucket-testing.ts';

const SITE_URL = 's3://forkcast-site/live';
const UPLOADS_URL = 's3://forkcast-site/live/uploads';

describe('publishing to a bucket', () => {
  let s3: TestS3Server;
  let handle: TempDb;
  let db: Db;
  let siteDir: string;
  let uploadDir: string;
  let bucket: BucketPublisher;
  let renderId = 'render-1';
  const late: string[][] = [];

  const write = (file: string, text: string) => {
    mkdirSync(dirname(join(siteDir, file)), { recursive: true });
    writeFileSync(join(siteDir, file), text);
  };
  const folderTree = () =>
    new Map(
      readdirSync(siteDir, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => [relative(siteDir, join(entry.parentPath, entry.name)), readFileSync(join(entry.parentPath, entry.name))]),
    );
  const publish = async (keys: string[]) => {
    await db.transaction().execute((trx) => queueBucketObjects(trx, 'site', keys, nowIso()));
    return bucket.push('site', keys);
  };
  const differences = async () => bucketDifferences(await readBucket(s3.client, s3.store(SITE_URL)), expectedSiteBucket(folderTree()));
  const newPublisher = (waitMs = 2000) =>
    new BucketPublisher({
      db,
      logger: pino({ level: 'silent' }),
      site: { store: s3.store(SITE_URL), siteDir, renderId: async () => renderId },
      uploads: { store: s3.store(UPLOADS_URL), uploadDir },
      waitMs,
      onLateSync: (paths) => late.push(paths),
    });

  beforeAll(async () => {
    s3 = await startS3Server(['forkcast-site']);
  });
  afterAll(() => s3.close());
  beforeEach(async () => {
    handle = await createTempDb();
    db = handle.db;
    siteDir = mkdtempSync(join(tmpdir(), 'forkcast-bucket-site-'));
    uploadDir = mkdtempSync(join(tmpdir(), 'forkcast-bucket-uploads-'));
    write('index.html', '<p>home</p>');
    write('index.html.br', 'brotli bytes');
    write('kyoto/guide/index.html', '<p>Kyoto</p>');
    write('rss.xml', '<rss/>');
    write('404.html', '<p>not found</p>');
    write('_astro/app.1a2b.js', 'console.log(1)');
    write('_redirects', '/post/kyoto-guide /kyoto/guide 301\n');
    late.length = 0;
    bucket = newPublisher();
    await bucket.reconcile('site');
  });
  afterEach(async () => {
    await bucket.close();
    // Each test starts from an empty bucket.
    const store = s3.store(SITE_URL);
    const keys: string[] = [];
    for await (const { key } of store.list()) keys.push(key);
    await store.delete(keys);
    await handle.cleanup();
    rmSync(siteDir, { recursive: true, force: true });
    rmSync(uploadDir, { recursive: true, force: true });
  });

  it('puts each file under its one URL with the headers the server sends, without compressed copies', async () => {
    const objects = await readBucket(s3.client, s3.store(SITE_URL));
    expect([...objects.keys()].sort()).toEqual([
      '404.html',
      '_astro/app.1a2b.js',
      '_redirects',
      'index.html',
      'kyoto/guide',
      'post/kyoto-guide',
      'rss.xml',
    ]);
    expect(objects.get('kyoto/guide')).toMatchObject({
      contentType: 'text/html; charset=utf-8',
      cacheControl: 'public, max-age=0, must-revalidate',
    });
    expect(objects.get('_astro/app.1a2b.js')?.cacheControl).toBe('public, max-age=31536000, immutable');
    expect(objects.get('404.html')?.cacheControl).toBe('no-cache');
    expect(objects.get('rss.xml')?.contentType).toBe('application/rss+xml; charset=utf-8');
    expect(await differences()).toEqual([]);
  });

  it('puts a changed page and deletes a page that is gone before the push resolves', async () => {
    write('kyoto/guide/index.html', '<p>Kyoto, edited</p>');
    write('osaka/guide/index.html', '<p>Osaka</p>');
    rmSync(join(siteDir, 'rss.xml'));
    expect(await publish(['kyoto/guide', 'osaka/guide', 'rss.xml'])).toEqual({});
    expect(await differences()).toEqual([]);
    await bucket.settled();
    expect(await countBucketQueue(db)).toEqual({ site: { queued: 0, failing: 0 }, uploads: { queued: 0, failing: 0 } });
    const page = await fetch(s3.websiteUrl('forkcast-site', 'live/kyoto/guide'));
    expect(await page.text()).toBe('<p>Kyoto, edited</p>');
  });

  it('stores each 301 as a redirect the website endpoint answers, and drops those that are gone', async () => {
    const redirect = await fetch(s3.websiteUrl('forkcast-site', 'live/post/kyoto-guide'), { redirect: 'manual' });
    expect([redirect.status, redirect.headers.get('location')]).toEqual([301, '/kyoto/guide']);
    write('_redirects', '/kyoto/old-ramen /kyoto/ramen 301\n');
    expect(await publish(['_redirects'])).toEqual({});
    expect(await differences()).toEqual([]);
    expect((await fetch(s3.websiteUrl('forkcast-site', 'live/post/kyoto-guide'), { redirect: 'manual' })).status).toBe(404);
    const moved = await fetch(s3.websiteUrl('forkcast-site', 'live/kyoto/old-ramen'), { redirect: 'manual' });
    expect(moved.headers.get('location')).toBe('/kyoto/ramen');
  });

  it('keeps what a bucket that is down refuses queued with its error, and puts it once the bucket is back', async () => {
    await s3.stop();
    try {
      write('kyoto/guide/index.html', '<p>Kyoto, during the outage</p>');
      const outcome = await publish(['kyoto/guide']);
      expect(outcome.error).toMatch(/the bucket refused a file/);
      await bucket.settled();
      const [failing] = await failingBucketObjects(db, 10);
      expect(failing).toMatchObject({ target: 'site', key: 'kyoto/guide', attempts: 1 });
      expect(failing?.error).toBeTruthy();
      // While the bucket is failing, a write does not wait for it: its objects join the queue at once.
      write('index.html', '<p>home, during the outage</p>');
      expect((await publish(['index.html'])).error).toMatch(/^the bucket is failing \(.+\); the change is queued and retried$/);
      // The folder is what the server serves; only the bucket is behind.
      expect(readFileSync(join(siteDir, 'kyoto/guide/index.html'), 'utf8')).toBe('<p>Kyoto, during the outage</p>');
    } finally {
      await s3.start();
    }
    bucket.start();
    await expect.poll(async () => (await countBucketQueue(db)).site.queued, { timeout: 20_000, interval: 200 }).toBe(0);
    expect(await differences()).toEqual([]);
    write('kyoto/guide/index.html', '<p>Kyoto, after the outage</p>');
    expect(await publish(['kyoto/guide']), 'a bucket that took objects again is waited for again').toEqual({});
    // The CDN is told again once the bucket holds what the write's own purge came too early for.
    expect(late.flat()).toContain('/kyoto/guide');
  });

  it('answers a write after the wait when the bucket is slow, and the put lands later', async () => {
    await bucket.close();
    bucket = newPublisher(1);
    write('kyoto/guide/index.html', '<p>Kyoto, slowly</p>');
    const outcome = await publish(['kyoto/guide']);
    expect(outcome.error).toMatch(/did not take the change within 1 ms/);
    await bucket.settled();
    await expect.poll(async () => (await countBucketQueue(db)).site.queued, { timeout: 10_000, interval: 100 }).toBe(0);
    expect(await differences()).toEqual([]);
  });

  it('reconciles a bucket someone changed: uploads what differs, deletes what the folder lacks, leaves uploads and hidden keys', async () => {
    const store = s3.store(SITE_URL);
    const html = { contentType: 'text/html', cacheControl: 'no-store' };
    await store.put('kyoto/guide', { body: Buffer.from('tampered'), ...html });
    await store.put('stray/page', { body: Buffer.from('stray'), ...html });
    await store.delete(['rss.xml']);
    await s3.store(UPLOADS_URL).put('ab12.jpg', { body: Buffer.from('jpeg'), contentType: 'image/jpeg', cacheControl: 'x' });
    const changed = await bucket.reconcile('site');
    expect(changed).toEqual({ put: ['kyoto/guide', 'rss.xml'], deleted: ['stray/page'] });
    expect(await differences()).toEqual([]);
    expect(await bucket.reconcile('site')).toEqual({ put: [], deleted: [] });
    const keys: string[] = [];
    for await (const { key } of s3.store(UPLOADS_URL).list()) keys.push(key);
    expect(keys).toEqual(['ab12.jpg']);
  });

  it('records what the bucket shows, and compares it anew only when a start finds it behind', async () => {
    const generation = await recordGeneration(db, nowIso());
    await bucket.reconcile('site');
    expect(await readBucketState(s3.store(SITE_URL))).toEqual({ format: 1, render: 'render-1', ...generation });
    const stray = { body: Buffer.from('stray'), contentType: 'text/html', cacheControl: 'no-store' };
    await s3.store(SITE_URL).put('stray/page', stray);
    bucket.start();
    await bucket.settled();
    expect(await differences(), 'a current bucket is not compared at start').toEqual(['stray/page']);
    await bucket.close();
    renderId = 'render-2';
    bucket = newPublisher();
    bucket.start();
    await bucket.settled();
    expect(await differences(), 'a new full render has the whole bucket compared').toEqual([]);
    expect((await readBucketState(s3.store(SITE_URL)))?.render).toBe('render-2');
    renderId = 'render-1';
  });

  it('puts uploads under their names, kept for good', async () => {
    writeFileSync(join(uploadDir, 'ab12.jpg'), 'jpeg bytes');
    writeFileSync(join(uploadDir, '.ab12.jpg.tmp'), 'half');
    expect(await bucket.publishUploads(['ab12.jpg'])).toEqual({});
    writeFileSync(join(uploadDir, 'cd34.jpg'), 'more jpeg bytes');
    expect(await bucket.reconcile('uploads')).toEqual({ put: ['cd34.jpg'], deleted: [] });
    const objects = await readBucket(s3.client, s3.store(UPLOADS_URL));
    expect([...objects.keys()].sort()).toEqual(['ab12.jpg', 'cd34.jpg']);
    expect(objects.get('ab12.jpg')).toMatchObject({ contentType: 'image/jpeg', cacheControl: 'public, max-age=31536000, immutable' });
    expect(STATE_KEY.startsWith('.')).toBe(true);
  });
});
