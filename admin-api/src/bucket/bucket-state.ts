import type { SiteGeneration } from '@forkcast/content-db';
import type { BucketStore } from './bucket-store.ts';

/** Where the site's bucket records what it shows: hidden, so neither compared nor deleted (see isForeignSiteKey). */
export const STATE_KEY = '.forkcast/state.json';

/**
 * What the bucket holds for a site file, and with which headers. Raised whenever that changes, so a
 * bucket written by an older release has every object put again.
 */
export const BUCKET_FORMAT = 1;

/**
 * What the site's bucket last matched: the full render of the site folder (its id in
 * render-state.json) and the publish generation, as the site folder records its own (see
 * publisher/site-generation.ts). A start whose bucket names another render, a generation the
 * database does not have, or another format compares the whole bucket with the folder.
 */
export interface BucketState extends SiteGeneration {
  format: number;
  render: string;
}

/** The state the bucket records, or undefined when it records none (or one this release cannot read). */
export async function readBucketState(store: BucketStore): Promise<BucketState | undefined> {
  const bytes = await store.read(STATE_KEY);
  if (!bytes) return undefined;
  try {
    const state = JSON.parse(bytes.toString('utf8')) as Partial<BucketState>;
    const { format, render, generation, id } = state;
    return typeof format === 'number' && typeof render === 'string' && typeof generation === 'number' && typeof id === 'string'
      ? { format, render, generation, id }
      : undefined;
  } catch {
    return undefined;
  }
}

/** Records in the bucket what it now shows. */
export async function writeBucketState(store: BucketStore, state: Omit<BucketState, 'format'>): Promise<void> {
  const body = Buffer.from(`${JSON.stringify({ format: BUCKET_FORMAT, ...state })}\n`);
  await store.put(STATE_KEY, { body, contentType: 'application/json', cacheControl: 'no-store' });
}
