import { AsyncLocalStorage } from 'node:async_hooks';

const reads = new AsyncLocalStorage<Set<string>>();

/**
 * Runs `work` and collects the tags of everything the repositories read while it ran (including
 * in awaited calls): this is how the publisher learns what each page depends on. Nested and
 * concurrent calls each get their own set.
 */
export async function trackReads<T>(work: () => Promise<T>): Promise<{ result: T; tags: string[] }> {
  const tags = new Set<string>();
  const result = await reads.run(tags, work);
  return { result, tags: [...tags].sort() };
}

/** Called by repository reads; does nothing outside trackReads. */
export function recordRead(...tags: string[]): void {
  const current = reads.getStore();
  if (current) for (const tag of tags) current.add(tag);
}
