import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * A read a page can be re-checked by without rendering it: a re-runnable query (`key`), the tags
 * whose writes may change its result (`listen`), and a fingerprint of the result the page saw.
 */
export interface QueryRead {
  key: string;
  listen: string[];
  fingerprint: string;
}

interface ReadLog {
  tags: Set<string>;
  queries: Map<string, QueryRead>;
}

const reads = new AsyncLocalStorage<ReadLog>();
const writes = new AsyncLocalStorage<Set<string>>();

const sorted = (tags: Iterable<string>) => [...tags].sort();

/**
 * Runs `work` and collects what the repositories read while it ran (including in awaited calls):
 * the tags of plain reads, whose writes always re-render the page, and the conditional reads
 * (queries with the fingerprint of their result), whose writes re-render it only when the result
 * changed. This is how the publisher learns what each page depends on. Nested and concurrent
 * calls each get their own log.
 */
export async function trackReads<T>(work: () => Promise<T>): Promise<{ result: T; tags: string[]; queries: QueryRead[] }> {
  const log: ReadLog = { tags: new Set(), queries: new Map() };
  const result = await reads.run(log, work);
  const queries = [...log.queries.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return { result, tags: sorted(log.tags), queries };
}

/**
 * Runs `work` and collects the tags of everything the repositories changed while it ran: the write
 * side of `trackReads`. Each repository write names what it changes, so no caller assembles (or
 * forgets) a tag list by hand.
 */
export async function trackWrites<T>(work: () => Promise<T>): Promise<{ result: T; tags: string[] }> {
  const tags = new Set<string>();
  const result = await writes.run(tags, work);
  return { result, tags: sorted(tags) };
}

/** Called by repository reads; does nothing outside trackReads. */
export function recordRead(...tags: string[]): void {
  const current = reads.getStore();
  if (current) for (const tag of tags) current.tags.add(tag);
}

/** Whether reads are being tracked now, so a query computes its fingerprint only when someone keeps it. */
export function trackingReads(): boolean {
  return reads.getStore() !== undefined;
}

/** Called by queries (queries.ts); does nothing outside trackReads. */
export function recordQuery(read: QueryRead): void {
  reads.getStore()?.queries.set(read.key, read);
}

/**
 * Runs `work` with nothing tracked: a query's own repository calls must not add plain tags to the
 * page that runs it, or the page would re-render on every write the query was meant to filter.
 */
export function untracked<T>(work: () => T): T {
  return reads.exit(work);
}

/**
 * Called by repository writes of anything a page can show; does nothing outside trackWrites (the
 * seed and other whole-database fills are followed by a full render instead).
 */
export function recordWrite(...tags: string[]): void {
  const current = writes.getStore();
  if (current) for (const tag of tags) current.add(tag);
}
