/**
 * For tests: an S3-compatible server in a child process (s3-server-process.ts), and what a bucket
 * holds read back object by object, to compare with what a site folder says it should hold.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { BucketStore } from './bucket-store.ts';
import { parseBucketUrl, type BucketLocation } from './bucket-url.ts';
import { isForeignSiteKey, parseRedirects, redirectObject, siteObjectHeaders, siteObjectKey } from './site-objects.ts';

const PROCESS = fileURLToPath(new URL('./s3-server-process.ts', import.meta.url));

export interface TestS3Server {
  port: number;
  /** The AWS SDK's settings that reach it (any key is accepted). */
  env: Record<string, string>;
  client: S3Client;
  store: (url: string) => BucketStore;
  /** The URL its website endpoint answers a key at, as a CDN in front of the bucket would ask. */
  websiteUrl: (bucket: string, key: string) => string;
  /** Stops it (its objects stay in its folder); `start` brings it back on the same port. */
  stop: () => Promise<void>;
  start: () => Promise<void>;
  /** Stops it and removes its folder. */
  close: () => Promise<void>;
}

function launch(directory: string, port: number, buckets: readonly string[]): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, ['--openssl-legacy-provider', PROCESS, directory, String(port), ...buckets], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /\{"port":(\d+)\}/.exec(output);
      if (match) resolve({ child, port: Number(match[1]) });
    });
    child.once('exit', (code) => reject(new Error(`the S3 server exited (${code}): ${output}`)));
  });
}

const stopChild = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.removeAllListeners('exit');
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });

/** Starts an S3-compatible server on an ephemeral loopback port, with these buckets made. */
export async function startS3Server(buckets: readonly string[]): Promise<TestS3Server> {
  const directory = mkdtempSync(join(tmpdir(), 'forkcast-s3-'));
  let running = await launch(directory, 0, buckets);
  const { port } = running;
  const env = {
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
    AWS_REGION: 'us-east-1',
    AWS_ENDPOINT_URL_S3: `http://127.0.0.1:${port}`,
  };
  // Configured as the SDK would configure itself from `env` in a server process started with it.
  const client = new S3Client({
    endpoint: env.AWS_ENDPOINT_URL_S3,
    region: env.AWS_REGION,
    credentials: { accessKeyId: env.AWS_ACCESS_KEY_ID, secretAccessKey: env.AWS_SECRET_ACCESS_KEY },
    forcePathStyle: true,
  });
  return {
    port,
    env,
    client,
    store: (url) => new BucketStore(location(url), client),
    websiteUrl: (bucket, key) => `http://127.0.0.1:${port}/${bucket}/${key}`,
    stop: () => stopChild(running.child),
    start: async () => {
      running = await launch(directory, port, buckets);
    },
    close: async () => {
      client.destroy();
      await stopChild(running.child);
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

export function location(url: string): BucketLocation {
  const parsed = parseBucketUrl(url);
  if ('problem' in parsed) throw new Error(parsed.problem);
  return parsed;
}

/** One object as a test compares it: a digest of its bytes and the headers it is sent with. */
export interface ObjectFacts {
  sha256: string;
  contentType: string;
  cacheControl: string;
  redirect: string | undefined;
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Every object of a bucket location (but the hidden ones and the uploads below a site's prefix), read back whole. */
export async function readBucket(client: S3Client, store: BucketStore): Promise<Map<string, ObjectFacts>> {
  const objects = new Map<string, ObjectFacts>();
  const { bucket, prefix } = store.location;
  for await (const { key } of store.list()) {
    if (isForeignSiteKey(key)) continue;
    const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: prefix ? `${prefix}/${key}` : key }));
    objects.set(key, {
      sha256: sha256(await answer.Body!.transformToByteArray()),
      contentType: answer.ContentType ?? '',
      cacheControl: answer.CacheControl ?? '',
      redirect: answer.WebsiteRedirectLocation,
    });
  }
  return objects;
}

/** What the site's bucket must hold for a site folder's files (relative path -> bytes), as a full build writes them. */
export function expectedSiteBucket(tree: ReadonlyMap<string, Buffer>): Map<string, ObjectFacts> {
  const objects = new Map<string, ObjectFacts>();
  for (const [path, bytes] of tree) {
    const file = path.split('\\').join('/');
    const key = siteObjectKey(file);
    if (key === undefined) continue;
    objects.set(key, { sha256: sha256(bytes), ...siteObjectHeaders(file), redirect: undefined });
  }
  for (const [key, to] of parseRedirects(tree.get('_redirects')?.toString('utf8') ?? '')) {
    if (objects.has(key)) continue;
    const object = redirectObject(to);
    objects.set(key, { sha256: sha256(object.body), contentType: object.contentType, cacheControl: object.cacheControl, redirect: to });
  }
  return objects;
}

/** The keys whose objects differ between two readings (bytes or headers), or that only one has. */
export function bucketDifferences(a: ReadonlyMap<string, ObjectFacts>, b: ReadonlyMap<string, ObjectFacts>): string[] {
  const differences: string[] = [];
  for (const [key, facts] of a) if (JSON.stringify(facts) !== JSON.stringify(b.get(key))) differences.push(key);
  for (const key of b.keys()) if (!a.has(key)) differences.push(key);
  return differences.sort();
}
