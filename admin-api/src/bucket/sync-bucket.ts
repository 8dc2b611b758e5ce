import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from 'pino';
import { queuedBucketObjects, readLease, type BucketTarget, type Db } from '@forkcast/content-db';
import type { Config } from '../config.ts';
import { liveness } from '../lease/process-identity.ts';
import { renderedRenderId, type DistPaths } from '../publisher/site-build.ts';
import { bucketDifference } from './reconcile.ts';
import type { BucketPublisher } from './bucket-publisher.ts';
import type { BucketStore } from './bucket-store.ts';
import { bucketPublisherFromConfig } from './from-config.ts';

/** What `make sync-bucket` changed in one bucket. */
export interface SyncReport {
  target: BucketTarget;
  url: string;
  put: string[];
  deleted: string[];
  /** Keys the bucket refused; they stay queued (the server retries them). */
  failed: { key: string; error: string }[];
  /** Who put the objects: this process, or the running server that holds the database. */
  by: 'this process' | 'the server';
}

/** The buckets cannot be reconciled now; nothing was changed. */
export class SyncRefused extends Error {
  override name = 'SyncRefused';
}

export interface SyncOptions {
  db: Db;
  config: Pick<Config, 'siteBucket' | 'uploadsBucket' | 'uploadDir'>;
  dist: DistPaths;
  logger: Logger;
  env?: Record<string, string | undefined>;
  /** How long to wait for a running server to put what was queued for it. */
  serverWaitMs?: number;
}

const POLL_MS = 250;

/**
 * Makes each configured bucket equal its folder: lists it, compares checksums (the uploads by name
 * and size), and puts and deletes the difference. While a server holds the database, the keys are
 * queued for it to put (it looks at the queue every few seconds), so no two processes ever write
 * one key; otherwise this process puts them. Resolves to what changed in each bucket.
 */
export async function syncBuckets({ db, config, dist, logger, env, serverWaitMs = 5 * 60_000 }: SyncOptions): Promise<SyncReport[]> {
  if (!config.siteBucket && !config.uploadsBucket) throw new SyncRefused('neither SITE_BUCKET nor UPLOADS_BUCKET is set');
  if (config.siteBucket && (!existsSync(join(dist.siteDir, 'index.html')) || (await renderedRenderId(dist)) === undefined)) {
    throw new SyncRefused(`${dist.siteDir} holds no complete render: run make build (or make start) first`);
  }
  const lease = await readLease(db);
  // A server killed a moment ago leaves its lease until it expires: only one that runs puts for us.
  const serverRuns =
    lease !== undefined && lease.role === 'server' && Date.parse(lease.expiresAt) > Date.now() && liveness(lease) !== 'ended';
  const bucket = await bucketPublisherFromConfig({ db, config, dist, logger, ...(env ? { env } : {}) });
  if (!bucket) return [];
  const reports: SyncReport[] = [];
  try {
    for (const target of ['site', 'uploads'] as const) {
      const location = target === 'site' ? config.siteBucket : config.uploadsBucket;
      if (!location) continue;
      let difference: { put: string[]; deleted: string[] };
      if (serverRuns) {
        difference = await bucketDifference(target, {
          ...(config.siteBucket ? { site: { store: storeOf(bucket, 'site'), siteDir: dist.siteDir } } : {}),
          ...(config.uploadsBucket ? { uploads: { store: storeOf(bucket, 'uploads'), uploadDir: config.uploadDir } } : {}),
        });
        await bucket.queue(target, [...difference.put, ...difference.deleted]);
        await waitForServer(db, target, [...difference.put, ...difference.deleted], serverWaitMs);
      } else {
        difference = await bucket.reconcile(target);
      }
      const failed = (await queuedBucketObjects(db, target, [...difference.put, ...difference.deleted]))
        .filter((row) => row.error !== null)
        .map((row) => ({ key: row.key, error: row.error ?? '' }));
      reports.push({ target, url: location.url, ...difference, failed, by: serverRuns ? 'the server' : 'this process' });
    }
  } finally {
    await bucket.close();
  }
  return reports;
}

function storeOf(bucket: BucketPublisher, target: BucketTarget): BucketStore {
  const store = bucket.store(target);
  if (!store) throw new Error(`no ${target} bucket`);
  return store;
}

/** Waits until the server has put every queued key, or tried each at least once. */
async function waitForServer(db: Db, target: BucketTarget, keys: readonly string[], timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const rows = await queuedBucketObjects(db, target, keys);
    if (rows.every((row) => row.error !== null)) return;
    if (Date.now() > until)
      throw new SyncRefused(
        `the server has not put ${rows.length} queued objects within ${Math.round(timeoutMs / 1000)} s; they stay queued`,
      );
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
