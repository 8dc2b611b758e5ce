/**
 * SQLite refuses a statement with more than 32,766 bound parameters, and a site's page -> tags index
 * or a backlog of outbox ids can pass that (sitemap.xml reads one tag per post). Statements that
 * bind one parameter per item go through this, well under the limit.
 */
export const MAX_PARAMETERS_PER_STATEMENT = 10_000;

/**
 * `items` in consecutive slices of at most `size`, each as long as a power of two (37 items: 32, 4
 * and 1). A statement binding one parameter per item has a different text for every length, and
 * the connection prepares and keeps a statement per text: with any length, a publish prepared a
 * one-off statement for nearly every list it wrote or looked up, and their native memory
 * fragmented the server's heap. With these lengths a statement has at most 14 shapes, and the same
 * few serve every publish, which lowered the server's peak memory (see docs/performance.md).
 */
export function* chunks<T>(items: readonly T[], size: number = MAX_PARAMETERS_PER_STATEMENT): Generator<T[]> {
  for (let start = 0; start < items.length; ) {
    const length = 2 ** Math.floor(Math.log2(Math.min(size, items.length - start)));
    yield items.slice(start, start + length);
    start += length;
  }
}
