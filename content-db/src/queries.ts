import { AsyncLocalStorage } from 'node:async_hooks';
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

function digest(value: unknown): string {
  return hash('sha1', JSON.stringify(value), 'base64url');
}

function fingerprintOf(definition: AnyQuery, result: unknown): string {
  return digest(definition.fingerprint ? definition.fingerprint(result) : result);
}

/** One query's answer within a memo, and its fingerprint once someone needed it. */
interface Answer {
  result: Promise<unknown>;
  fingerprint?: string;
}

interface Memo {
  db: Db;
  answers: Map<string, Answer>;
}

const memos = new AsyncLocalStorage<Memo>();

/**
 * Runs `work` with every query it makes (in any awaited call) answered once per key: the pages of
 * one publish read the same whole-site lists and counts (every post's link, the tag counts, the
 * number of posts), and each would otherwise run them and hash their answers again. Only for work
 * that may see the database as it was when a query first ran: a publish may, because a write that
 * commits meanwhile leaves its outbox entry for the next publish, which checks those queries again.
 * Callers must treat answers as read-only: they are shared.
 */
export function withQueryMemo<T>(db: Db, work: () => Promise<T>): Promise<T> {
  return memos.run({ db, answers: new Map() }, work);
}

function remember<T>(db: Db, key: string, read: () => Promise<T>): Answer {
  const memo = memos.getStore();
  if (memo?.db !== db) return { result: read() };
  let known = memo.answers.get(key);
  if (!known) {
    known = { result: read() };
    memo.answers.set(key, known);
    // A failed read is not remembered: the next page asks again.
    known.result.catch(() => memo.answers.delete(key));
  }
  return known;
}

function answer(definition: AnyQuery, db: Db, key: string, args: unknown): Answer {
  return remember(db, key, () => untracked(() => definition.run(db, args)));
}

/**
 * A read that several answers are cut from (every published post's link: all of them, or those of
 * one type): read once per memo, or at each call outside one.
 */
export function sharedRead<T>(db: Db, name: string, read: () => Promise<T>): Promise<T> {
  return remember(db, `(shared) ${name}`, read).result as Promise<T>;
}

/**
 * Registers a query and returns the function pages call: it answers like any repository read and,
 * while reads are tracked, records itself as a conditional read of the page.
 */
export function defineQuery<A, R>(definition: QueryDefinition<A, R>): (db: Db, args: A) => Promise<R> {
  if (registry.has(definition.name)) throw new Error(`Two queries are named ${definition.name}`);
  registry.set(definition.name, definition);
  return async (db, args) => {
    const key = queryKey(definition.name, args);
    const known = answer(definition, db, key, args);
    const result = (await known.result) as R;
    if (trackingReads()) {
      known.fingerprint ??= fingerprintOf(definition, result);
      recordQuery({ key, listen: definition.listen(args, result), fingerprint: known.fingerprint });
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
      await Promise.all(
        calls.map(async (call) => {
          const known = answer(definition, db, call.key, call.args);
          known.fingerprint ??= fingerprintOf(definition, await known.result);
          fingerprints.set(call.key, known.fingerprint);
        }),
      );
    }
  }
  return fingerprints;
}
