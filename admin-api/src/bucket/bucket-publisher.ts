import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import PQueue from 'p-queue';
import type { Logger } from 'pino';
import {
  clearBucketObjects,
  countBucketQueue,
  currentGeneration,
  dueBucketObjects,
  isKnownGeneration,
  nextBucketRetry,
  nowIso,
  queueBucketObjects,
  queuedBucketObjects,
  recordBucketFailures,
  type BucketTarget,
  type Db,
  type QueuedObject,
} from '@forkcast/content-db';
import { retryTime } from '../publisher/retry.ts';
import type { BucketStore } from './bucket-store.ts';
import { bucketDifference, type BucketDifference } from './reconcile.ts';
import {
  desiredSiteObject,
  isForeignSiteKey,
  parseRedirects,
  REDIRECTS_KEY,
  siteKeyPath,
  siteRedirects,
  uploadObjectHeaders,
  type BucketObject,
} from './site-objects.ts';
import { BUCKET_FORMAT, readBucketState, writeBucketState, type BucketState } from './bucket-state.ts';

interface SiteBucketTarget {
  store: BucketStore;
  /** The site folder the bucket mirrors. */
  siteDir: string;
  /** The full render the folder shows (render-state.json): a new one means the bucket must be compared anew. */
  renderId: () => Promise<string | undefined>;
}

interface UploadsBucketTarget {
  store: BucketStore;
  uploadDir: string;
}

export interface BucketPublisherOptions {
  db: Db;
  logger: Logger;
  site?: SiteBucketTarget;
  uploads?: UploadsBucketTarget;
  /** How long a write waits for the bucket before it answers with its objects still queued. */
  waitMs?: number;
  /** Whether this process may write the buckets now (it holds the database lease). */
  mayPublish?: () => boolean;
  /** Told the URL paths whose objects reached a bucket after the write that changed them answered (for the CDN's purge). */
  onLateSync?: (paths: string[]) => void;
}

/** How a write's objects fared: no error once the bucket holds them all. */
export interface PushOutcome {
  error?: string;
}

/** What one bucket is doing, for the publish status. */
interface BucketTargetStatus {
  url: string;
  queued: number;
  failing: number;
  /** Comparing the whole bucket with the site folder (or the uploads), as after a full render. */
  reconciling: boolean;
}

export interface BucketStatus {
  site: BucketTargetStatus | null;
  uploads: BucketTargetStatus | null;
}

const WAIT_MS = 2_000;
// Requests to the buckets at once: enough to hide a round trip, few enough for a small bucket.
const CONCURRENCY = 8;
// Queued objects taken per round of the background drain.
const BATCH = 256;
// How often the queue is looked at even when nothing is due (objects `make sync-bucket` queued from another process).
const POLL_MS = 5_000;
// The bucket's state record is written this long after the queue empties, once for a burst of writes.
const STATE_DELAY_MS = 1_000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());
const message = (error: unknown) =>
  error instanceof Error ? `${error.name === 'Error' ? '' : `${error.name}: `}${error.message}` : String(error);

/**
 * Publishes the site folder, and the uploads, to S3-compatible object storage. A publish queues the
 * keys it changed in the transaction that records it (queueBucketObjects); `push` then puts what
 * the folder holds for each key now (or deletes it), and the write answers once the bucket holds
 * them, or after `waitMs` with them still queued. Whatever fails stays queued with its error and is
 * tried again in the background with the publisher's growing waits, so a bucket that is down or
 * slow never loses a change or holds up a write for long. Every transfer reads the folder as it is
 * when it starts, and transfers of one key never overlap, so the bucket ends as the folder is.
 *
 * At start, and after any full render, the whole bucket is compared with the folder (listing the
 * bucket and comparing MD5s) and what differs is queued; the bucket's state record (bucket-state.ts)
 * says which render and publish generation it last matched, so a restart knows when it must.
 */
export class BucketPublisher {
  readonly #options: BucketPublisherOptions;
  readonly #waitMs: number;
  readonly #requests = new PQueue({ concurrency: CONCURRENCY });
  // The last transfer of each key (`target:key`): the next one of the same key waits for it.
  readonly #chains = new Map<string, Promise<unknown>>();
  #timer: NodeJS.Timeout | undefined;
  #stateTimer: NodeJS.Timeout | undefined;
  #draining: Promise<void> | undefined;
  readonly #background = new Set<Promise<unknown>>();
  // The error of each bucket whose last transfers all failed, until one succeeds.
  readonly #failing = new Map<BucketTarget, string>();
  #stopped = true;
  readonly #reconciling = new Set<BucketTarget>();
  // Set while the site's bucket may differ from the folder in ways the queue does not hold.
  #siteBehind = false;

  constructor(options: BucketPublisherOptions) {
    this.#options = options;
    this.#waitMs = options.waitMs ?? WAIT_MS;
  }

  /** Whether a bucket is configured for `target`. */
  has(target: BucketTarget): boolean {
    return this.#options[target] !== undefined;
  }

  /**
   * Puts the queued objects of these keys into the bucket now and resolves once it holds them, or
   * with the error of the first that failed, or after the wait with them still queued.
   */
  async push(target: BucketTarget, keys: readonly string[]): Promise<PushOutcome> {
    if (!this.has(target) || keys.length === 0) return {};
    // A bucket that refused its last objects is not waited for: the write's objects join the queue,
    // which the background tries with growing waits, until the bucket takes one again.
    const failing = this.#failing.get(target);
    if (failing !== undefined) {
      this.#scheduleDrain(0);
      return { error: `the bucket is failing (${failing}); the change is queued and retried` };
    }
    let answered = false;
    const work = (async () => {
      const rows = await queuedBucketObjects(this.#options.db, target, keys);
      const transferred = Promise.withResolvers<Map<number, string>>();
      this.#transferAll(rows, () => answered, transferred.resolve).catch(transferred.reject);
      return transferred.promise;
    })();
    const timeout = sleep(this.#waitMs).then(() => 'timeout' as const);
    const result = await Promise.race([work.catch((error: unknown) => new Map([[0, message(error)]])), timeout]);
    answered = true;
    if (result === 'timeout') {
      this.#scheduleDrain(0);
      return { error: `the bucket did not take the change within ${this.#waitMs} ms; it stays queued and is retried` };
    }
    const [first] = result.values();
    if (first !== undefined) this.#scheduleDrain(0);
    return first === undefined ? {} : { error: `the bucket refused ${result.size === 1 ? 'a file' : `${result.size} files`}: ${first}` };
  }

  /** The store of a target's bucket, if one is configured. */
  store(target: BucketTarget): BucketStore | undefined {
    return this.#options[target]?.store;
  }

  /** Queues keys of a bucket (in a transaction of their own), due at once. */
  async queue(target: BucketTarget, keys: readonly string[]): Promise<void> {
    if (keys.length > 0) await queueBucketObjects(this.#options.db, target, keys, nowIso());
  }

  /** Queues uploaded files (in a transaction of their own: an upload writes nothing else) and pushes them. */
  async publishUploads(names: readonly string[]): Promise<PushOutcome> {
    if (!this.has('uploads') || names.length === 0) return {};
    await this.queue('uploads', names);
    return this.push('uploads', names);
  }

  /**
   * Starts the background work: objects whose try is due are put, and each bucket is compared with
   * its folder when it may differ from it (`fullRender`: the site folder was just rendered anew).
   */
  start({ fullRender = false }: { fullRender?: boolean } = {}): void {
    this.#stopped = false;
    // In the background: a bucket that is down or slow must not hold up the server's start.
    if (this.#options.site) this.#track(this.#checkSite(fullRender));
    if (this.#options.uploads) this.#reconcileInBackground('uploads', {});
    this.#scheduleDrain(0);
  }

  /** Resolves once the comparisons started so far are done and nothing queued is due (for tests and `make sync-bucket`). */
  async settled(): Promise<void> {
    while (this.#background.size > 0) await Promise.allSettled([...this.#background]);
    await this.#draining;
    await Promise.allSettled([...this.#chains.values()]);
  }

  /** Compares the site's bucket with the folder when its state record says it may differ. */
  async #checkSite(fullRender: boolean): Promise<void> {
    const site = this.#options.site;
    if (!site) return;
    this.#siteBehind = true;
    const state = await readBucketState(site.store).catch(() => undefined);
    if (!fullRender && (await this.#stateIsCurrent(state))) {
      this.#siteBehind = false;
      return;
    }
    this.#reconcileInBackground('site', { everything: state !== undefined && !isCurrentFormat(state) });
  }

  #track(work: Promise<unknown>): void {
    const tracked = work
      .catch((error: unknown) => this.#options.logger.error({ err: error }, 'bucket work failed'))
      .finally(() => this.#background.delete(tracked));
    this.#background.add(tracked);
  }

  /** Stops the background work; transfers under way finish. */
  stop(): void {
    this.#stopped = true;
    clearTimeout(this.#timer);
    clearTimeout(this.#stateTimer);
  }

  /** Waits for the transfers under way. */
  async close(): Promise<void> {
    this.stop();
    await Promise.allSettled([...this.#background]);
    await this.#draining;
    await Promise.allSettled([...this.#chains.values()]);
    await this.#requests.onIdle();
  }

  /**
   * Compares the bucket with its folder, queues every key that differs and puts (or deletes) them
   * all before it resolves; what fails stays queued. `everything` queues every key of the folder,
   * as when the headers the objects are stored with have changed. Resolves to what it changed.
   */
  async reconcile(target: BucketTarget, { everything = false }: { everything?: boolean } = {}): Promise<BucketDifference> {
    const config = this.#options[target];
    if (!config) return { put: [], deleted: [] };
    this.#reconciling.add(target);
    try {
      if (target === 'site') this.#siteBehind = true;
      const difference = await bucketDifference(target, this.#options, { everything });
      const keys = [...difference.put, ...difference.deleted];
      await queueBucketObjects(this.#options.db, target, keys, nowIso());
      // Every difference is queued now: the queue emptying means the bucket matches the folder.
      if (target === 'site') this.#siteBehind = false;
      const failures = await this.#transferAll(await queuedBucketObjects(this.#options.db, target, keys), () => false);
      if (target === 'site' && failures.size === 0) await this.#recordState();
      if (failures.size > 0) this.#scheduleDrain(0);
      return difference;
    } finally {
      this.#reconciling.delete(target);
    }
  }

  /** What each bucket is doing, for the publish status. */
  async status(): Promise<BucketStatus> {
    const counts = await countBucketQueue(this.#options.db);
    const of = (target: BucketTarget): BucketTargetStatus | null => {
      const config = this.#options[target];
      const reconciling = this.#reconciling.has(target) || (target === 'site' && this.#siteBehind);
      return config ? { url: config.store.location.url, ...counts[target], reconciling } : null;
    };
    return { site: of('site'), uploads: of('uploads') };
  }

  #reconcileInBackground(target: BucketTarget, options: { everything?: boolean }, attempt = 1): void {
    if (target === 'site') this.#siteBehind = true;
    this.#track(
      this.reconcile(target, options).catch((error: unknown) => {
        const wait = Date.parse(retryTime(nowIso())(attempt)) - Date.now();
        this.#options.logger.error({ err: error, target, retryInMs: wait }, 'could not compare the bucket with its folder; trying again');
        if (!this.#stopped) setTimeout(() => this.#reconcileInBackground(target, options, attempt + 1), wait).unref();
      }),
    );
  }

  async #stateIsCurrent(state: BucketState | undefined): Promise<boolean> {
    if (!state || !isCurrentFormat(state)) return false;
    const renderId = await this.#options.site?.renderId();
    return renderId !== undefined && state.render === renderId && (await isKnownGeneration(this.#options.db, state));
  }

  /**
   * Transfers queued objects, one transfer of a key at a time, and records how each went: the row
   * is removed once the bucket holds it, or keeps its error and a later try. Resolves to the
   * errors by row id. `answered` says whether the write waiting for them has answered already.
   */
  async #transferAll(
    rows: readonly QueuedObject[],
    answered: () => boolean,
    transferred?: (failures: Map<number, string>) => void,
  ): Promise<Map<number, string>> {
    const redirects = this.#options.site ? await siteRedirects(this.#options.site.siteDir) : new Map<string, string>();
    const failures = new Map<number, string>();
    const done: number[] = [];
    const paths: string[] = [];
    // A key's next transfer waits until this one's outcome is recorded too, so the queue never
    // sees an older outcome land after a newer one.
    const recorded = Promise.withResolvers<void>();
    const chained: [string, Promise<unknown>][] = [];
    await Promise.all(
      rows.map(async (row) => {
        const chainKey = `${row.target}:${row.key}`;
        const previous = this.#chains.get(chainKey) ?? Promise.resolve();
        const settled = previous
          .then(() => this.#transfer(row, redirects))
          .then(
            (changed) => {
              done.push(row.id);
              paths.push(...changed);
            },
            (error: unknown) => void failures.set(row.id, message(error)),
          );
        const chain = settled.then(() => recorded.promise);
        this.#chains.set(chainKey, chain);
        chained.push([chainKey, chain]);
        await settled;
      }),
    );
    const succeeded = new Set(rows.filter((row) => !failures.has(row.id)).map((row) => row.target));
    for (const target of succeeded) this.#failing.delete(target);
    const targetOf = new Map(rows.map((row) => [row.id, row.target]));
    for (const [id, error] of failures) {
      const target = targetOf.get(id);
      if (target !== undefined && !succeeded.has(target)) this.#failing.set(target, error);
    }
    // The write waiting for these objects answers now; recording that the bucket holds them is
    // not on its path (a crash before it lands puts them again, which changes nothing).
    transferred?.(failures);
    const now = nowIso();
    try {
      await this.#options.db.transaction().execute(async (trx) => {
        await clearBucketObjects(trx, done);
        await recordBucketFailures(
          trx,
          [...failures].map(([id, error]) => ({ id, error })),
          now,
          retryTime(now),
        );
      });
    } finally {
      recorded.resolve();
      for (const [chainKey, chain] of chained) if (this.#chains.get(chainKey) === chain) this.#chains.delete(chainKey);
    }
    if (failures.size > 0)
      this.#options.logger.warn(
        { failed: failures.size, first: [...failures.values()][0] },
        'some objects could not be put into their bucket; they stay queued',
      );
    if (answered() && paths.length > 0) this.#options.onLateSync?.(paths.sort());
    if (done.length > 0) this.#scheduleState();
    return failures;
  }

  /** Makes the bucket hold, under one queued key, what its folder holds now; resolves to the URL paths it changed. */
  async #transfer(row: QueuedObject, redirects: Map<string, string>): Promise<string[]> {
    if (this.#options.mayPublish && !this.#options.mayPublish()) throw new Error('this server does not hold the database lease');
    if (row.target === 'uploads') {
      const uploads = this.#options.uploads;
      if (!uploads) throw new Error('UPLOADS_BUCKET is not set');
      const body = await readFile(join(uploads.uploadDir, row.key)).catch(() => undefined);
      await this.#store(uploads.store, row.key, body && { body, ...uploadObjectHeaders(row.key) });
      return [`/uploads/${row.key}`];
    }
    const site = this.#options.site;
    if (!site) throw new Error('SITE_BUCKET is not set');
    if (isForeignSiteKey(row.key)) return [];
    if (row.key !== REDIRECTS_KEY) {
      await this.#store(site.store, row.key, await desiredSiteObject(site.siteDir, row.key, redirects));
      return [siteKeyPath(row.key)];
    }
    // `_redirects` says which redirect objects the bucket holds: those whose line changed since the
    // copy in the bucket are stored first, and the file itself last, so a transfer cut short is
    // done again in full.
    const stored = parseRedirects((await this.#requests.add(() => site.store.read(REDIRECTS_KEY)))?.toString('utf8') ?? '');
    const changed = [...new Set([...stored.keys(), ...redirects.keys()])].filter(
      (key) => stored.get(key) !== redirects.get(key) && !isForeignSiteKey(key),
    );
    await Promise.all(changed.map(async (key) => this.#store(site.store, key, await desiredSiteObject(site.siteDir, key, redirects))));
    await this.#store(site.store, REDIRECTS_KEY, await desiredSiteObject(site.siteDir, REDIRECTS_KEY, redirects));
    return [siteKeyPath(REDIRECTS_KEY), ...changed.map(siteKeyPath)];
  }

  async #store(store: BucketStore, key: string, object: BucketObject | undefined): Promise<void> {
    if (object) {
      await this.#requests.add(() => store.put(key, object));
      return;
    }
    const failed = await this.#requests.add(() => store.delete([key]));
    const error = failed?.get(key);
    if (error) throw new Error(error);
  }

  #scheduleDrain(delayMs: number): void {
    if (this.#stopped) return;
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => void this.#drain(), delayMs);
    this.#timer.unref();
  }

  /** Puts every queued object whose try is due, round after round, then waits for the next. */
  #drain(): Promise<void> {
    this.#draining ??= (async () => {
      try {
        for (;;) {
          const due = (await dueBucketObjects(this.#options.db, nowIso(), BATCH)).filter(
            (row) => !this.#chains.has(`${row.target}:${row.key}`) && this.has(row.target),
          );
          if (due.length === 0 || this.#stopped) break;
          await this.#transferAll(due, () => true);
          if (due.length < BATCH) break;
        }
      } catch (error) {
        this.#options.logger.error({ err: error }, 'the bucket queue could not be read; trying again');
      } finally {
        this.#draining = undefined;
      }
      const next = await nextBucketRetry(this.#options.db).catch(() => undefined);
      const untilNext = next === undefined ? POLL_MS : Math.max(0, Date.parse(next) - Date.now());
      this.#scheduleDrain(Math.min(POLL_MS, Math.max(untilNext, 50)));
    })();
    return this.#draining;
  }

  #scheduleState(): void {
    if (!this.#options.site || this.#stateTimer !== undefined) return;
    this.#stateTimer = setTimeout(() => {
      this.#stateTimer = undefined;
      this.#recordState().catch((error: unknown) => this.#options.logger.warn({ err: error }, "could not record the bucket's state"));
    }, STATE_DELAY_MS);
    this.#stateTimer.unref();
  }

  /**
   * Records in the bucket which render and publish generation it now shows, once nothing of the
   * site is queued: every publish up to that generation queued its keys in its own transaction, so
   * with none left the bucket holds them all.
   */
  async #recordState(): Promise<void> {
    const site = this.#options.site;
    if (!site || this.#siteBehind) return;
    const { queued, generation } = await this.#options.db.transaction().execute(async (trx) => ({
      queued: (await countBucketQueue(trx)).site.queued,
      generation: await currentGeneration(trx),
    }));
    const render = await site.renderId();
    if (queued > 0 || render === undefined) return;
    await this.#requests.add(() => writeBucketState(site.store, { render, ...generation }));
  }
}

function isCurrentFormat(state: BucketState): boolean {
  return state.format === BUCKET_FORMAT;
}
