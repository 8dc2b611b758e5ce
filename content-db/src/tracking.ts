import { AsyncLocalStorage } from 'node:async_hooks';

const reads = new AsyncLocalStorage<Set<string>>();
const writes = new AsyncLocalStorage<Set<string>>();

async function collect<T>(store: AsyncLocalStorage<Set<string>>, work: () => Promise<T>): Promise<{ result: T; tags: string[] }> {
  const tags = new Set<string>();
  const result = await store.run(tags, work);
  return { result, tags: [...tags].sort() };
}

/**
 * Runs `work` and collects the tags of everything the repositories read while it ran (including
 * in awaited calls): this is how the publisher learns what each page depends on. Nested and
 * concurrent calls each get their own set.
 */
export function trackReads<T>(work: () => Promise<T>): Promise<{ result: T; tags: string[] }> {
  return collect(reads, work);
}

/**
 * Runs `work` and collects the tags of everything the repositories changed while it ran: the write
 * side of `trackReads`. Each repository write names what it changes, so no caller assembles (or
 * forgets) a tag list by hand.
 */
export function trackWrites<T>(work: () => Promise<T>): Promise<{ result: T; tags: string[] }> {
  return collect(writes, work);
}

/** Called by repository reads; does nothing outside trackReads. */
export function recordRead(...tags: string[]): void {
  const current = reads.getStore();
  if (current) for (const tag of tags) current.add(tag);
}

/**
 * Called by repository writes of anything a page can show; does nothing outside trackWrites (the
 * seed and other whole-database fills are followed by a full render instead).
 */
export function recordWrite(...tags: string[]): void {
  const current = writes.getStore();
  if (current) for (const tag of tags) current.add(tag);
}
