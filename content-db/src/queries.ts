import { hash } from 'node:crypto';
import type { Db } from './db.ts';
import { recordQuery, recordRead, trackingReads, untracked } from './tracking.ts';

/**
 * A read a page can depend on conditionally: when a write changes one of the tags it listens to,
 * the publisher runs it again with the same arguments and re-renders the pages that read it only if
 * its fingerprint changed. A new post then re-renders the three posts whose 'More from' list it
 * joins, not every post of its city, and the archive page it lands on, not every archive page.
 *
 * For that to be exact, `fingerprint` must cover everything the caller can see of the result, and
 * `run` must depend on nothing but the database and `args` (no clock, no randomness).
 */
export interface QueryDefinition<A, R> {
  /** Unique among all queries; stored with the arguments, so renaming one re-renders its readers once. */
  name: string;
  run(db: Db, args: A): Promise<R>;
  /** The tags whose writes may change the result, given the arguments and the result the page saw. */
  listen(args: A, result: R): string[];
  /** Plain reads that go with the result (e.g. each listed post's card): a write of one re-renders the page. */
  reads?(args: A, result: R): string[];
  /** What the result is compared by; the whole result when absent. */
  fingerprint?(result: R): unknown;
  /**
   * What `fingerprint` would give for many argument sets at once, in the same order (every page of
   * one list with one scan, reading only what the fingerprint covers). Without it, each is run.
   */
  evaluate?(db: Db, args: A[]): Promise<unknown[]>;
}

type AnyQuery = QueryDefinition<any, any>;

const registry = new Map<string, AnyQuery>();

/** JSON with object keys sorted, so equal arguments always make the same key. */
function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : item,
  );
}

function queryKey(name: string, args: unknown): string {
  return `${name} ${stableJson(args ?? null)}`;
}

function parseKey(key: string): { name: string; args: unknown } {
  const space = key.indexOf(' ');
  return { name: key.slice(0, space), args: JSON.parse(key.slice(space + 1)) };
}

const digest = (value: unknown) => hash('sha1', JSON.stringify(value), 'base64url');

function fingerprintOf(definition: AnyQuery, result: unknown): string {
  return digest(definition.fingerprint ? definition.fingerprint(result) : result);
}

/**
 * Registers a query and returns the function pages call: it answers like any repository read and,
 * while reads are tracked, records itself as a conditional read of the page.
 */
export function defineQuery<A, R>(definition: QueryDefinition<A, R>): (db: Db, args: A) => Promise<R> {
  if (registry.has(definition.name)) throw new Error(`Two queries are named ${definition.name}`);
  registry.set(definition.name, definition);
  return async (db, args) => {
    const result = await untracked(() => definition.run(db, args));
    if (trackingReads()) {
      recordQuery({
        key: queryKey(definition.name, args),
        listen: definition.listen(args, result),
        fingerprint: fingerprintOf(definition, result),
      });
      if (definition.reads) recordRead(...definition.reads(args, result));
    }
    return result;
  };
}

/**
 * Runs the stored queries again and returns each one's fingerprint now. A key whose query no
 * longer exists (renamed or removed in a new build) gets no fingerprint, so its readers re-render.
 */
export async function evaluateQueries(db: Db, keys: Iterable<string>): Promise<Map<string, string | undefined>> {
  const byName = new Map<string, { key: string; args: unknown }[]>();
  for (const key of keys) {
    const { name, args } = parseKey(key);
    const calls = byName.get(name);
    if (calls) calls.push({ key, args });
    else byName.set(name, [{ key, args }]);
  }
  const fingerprints = new Map<string, string | undefined>();
  for (const [name, calls] of byName) {
    const definition = registry.get(name);
    if (!definition) {
      for (const { key } of calls) fingerprints.set(key, undefined);
      continue;
    }
    const args = calls.map((call) => call.args);
    if (definition.evaluate) {
      const values = await definition.evaluate(db, args);
      calls.forEach((call, i) => fingerprints.set(call.key, digest(values[i])));
    } else {
      const results = await Promise.all(args.map((each) => definition.run(db, each)));
      calls.forEach((call, i) => fingerprints.set(call.key, fingerprintOf(definition, results[i])));
    }
  }
  return fingerprints;
}
