/**
 * SQLite refuses a statement with more than 32,766 bound parameters, and a site's page -> tags index
 * or a backlog of outbox ids can pass that (sitemap.xml reads one tag per post). Statements that
 * bind one parameter per item go through this, well under the limit.
 */
export const MAX_PARAMETERS_PER_STATEMENT = 10_000;

/** `items` in consecutive slices of at most `size`. */
export function* chunks<T>(items: readonly T[], size: number = MAX_PARAMETERS_PER_STATEMENT): Generator<T[]> {
  for (let start = 0; start < items.length; start += size) yield items.slice(start, start + size);
}
