import { describe, expect, it } from 'vitest';
import type { Db } from './db.ts';
import { defineQuery, evaluateQueries, sharedRead, withQueryMemo } from './queries.ts';
import { recordRead, trackReads } from './tracking.ts';

// The queries below never touch the database: what is tested is how they are recorded and re-run.
const db = {} as Db;
let answer = ['a', 'b'];
let runs = 0;

const letters = defineQuery({
  name: 'test.letters',
  run: async (_db, args: { limit: number; from?: string }) => {
    runs++;
    // A repository read inside a query must not become a plain tag of the page.
    recordRead('inner');
    return answer.slice(0, args.limit).map((letter) => ({ letter, from: args.from }));
  },
  listen: (_args, rows) => ['letters', ...rows.map((row) => `letter:${row.letter}`)],
  fingerprint: (rows) => rows.map((row) => row.letter),
});

const counted = defineQuery({
  name: 'test.counted',
  run: async (_db, n: number) => n * 2,
  listen: () => ['numbers'],
  reads: (n) => [`number:${n}`],
  evaluate: async (_db, all: number[]) => {
    runs++;
    return all.map((n) => n * 2);
  },
});

describe('defineQuery', () => {
  it('answers like a plain read, and records itself only while reads are tracked', async () => {
    answer = ['a', 'b', 'c'];
    expect(await letters(db, { limit: 2 })).toEqual([
      { letter: 'a', from: undefined },
      { letter: 'b', from: undefined },
    ]);
    const { tags, queries } = await trackReads(() => letters(db, { from: 'x', limit: 1 }));
    expect(tags).toEqual([]);
    expect(queries).toEqual([
      { key: 'test.letters {"from":"x","limit":1}', listen: ['letters', 'letter:a'], fingerprint: expect.any(String) },
    ]);
  });

  it('keys equal arguments alike whatever their order, and fingerprints only what the page sees', async () => {
    answer = ['a', 'b'];
    const one = await trackReads(() => letters(db, { limit: 2, from: 'x' }));
    const two = await trackReads(() => letters(db, { from: 'y', limit: 2 }));
    expect(one.queries[0]!.key).toBe('test.letters {"from":"x","limit":2}');
    expect(one.queries[0]!.fingerprint).toBe(two.queries[0]!.fingerprint);
  });

  it('records the plain reads that go with its answer', async () => {
    expect((await trackReads(() => counted(db, 4))).tags).toEqual(['number:4']);
  });

  it('refuses two queries of one name', () => {
    expect(() => defineQuery({ name: 'test.letters', run: async () => 1, listen: () => [] })).toThrow('Two queries are named test.letters');
  });
});

describe('evaluateQueries', () => {
  it('re-runs stored queries and tells when their answer changed', async () => {
    answer = ['a', 'b'];
    const { queries } = await trackReads(() => letters(db, { limit: 2 }));
    const [read] = queries;
    expect((await evaluateQueries(db, [read!.key])).get(read!.key)).toBe(read!.fingerprint);
    answer = ['a', 'c'];
    expect((await evaluateQueries(db, [read!.key])).get(read!.key)).not.toBe(read!.fingerprint);
  });

  it('answers many argument sets of one query with one batch when the query can, as running each would', async () => {
    const reads = (await Promise.all([1, 2, 3].map((n) => trackReads(() => counted(db, n))))).map(({ queries }) => queries[0]!);
    runs = 0;
    const fingerprints = await evaluateQueries(
      db,
      reads.map((read) => read.key),
    );
    expect(runs).toBe(1);
    expect(reads.map((read) => fingerprints.get(read.key))).toEqual(reads.map((read) => read.fingerprint));
  });

  it('gives a query that no longer exists no fingerprint', async () => {
    expect(await evaluateQueries(db, ['test.renamed {}'])).toEqual(new Map([['test.renamed {}', undefined]]));
  });
});

describe('withQueryMemo', () => {
  it('runs each query once per arguments within it, and the page and the re-check share one fingerprint', async () => {
    answer = ['a', 'b'];
    runs = 0;
    const { first, second, checked } = await withQueryMemo(db, async () => {
      const first = await trackReads(() => letters(db, { limit: 2 }));
      answer = ['z'];
      const second = await trackReads(() => letters(db, { limit: 2 }));
      const checked = await evaluateQueries(db, [first.queries[0]!.key]);
      return { first, second, checked };
    });
    expect(runs).toBe(1);
    expect(second.result).toBe(first.result);
    expect(second.queries).toEqual(first.queries);
    expect(checked.get(first.queries[0]!.key)).toBe(first.queries[0]!.fingerprint);
    // Outside it (and in the next one) the database is read again.
    expect(await letters(db, { limit: 2 })).toEqual([{ letter: 'z', from: undefined }]);
    expect(runs).toBe(2);
  });

  it('keeps apart other arguments, other databases and concurrent memos', async () => {
    answer = ['a', 'b'];
    runs = 0;
    const other = {} as Db;
    await withQueryMemo(db, async () => {
      await Promise.all([letters(db, { limit: 1 }), letters(db, { limit: 1 }), letters(db, { limit: 2 }), letters(other, { limit: 1 })]);
    });
    expect(runs).toBe(3);
    await Promise.all([withQueryMemo(db, () => letters(db, { limit: 1 })), withQueryMemo(db, () => letters(db, { limit: 1 }))]);
    expect(runs).toBe(5);
  });

  it('does not remember a read that failed', async () => {
    let attempts = 0;
    const read = async () => {
      attempts++;
      if (attempts === 1) throw new Error('database is locked');
      return attempts;
    };
    await withQueryMemo(db, async () => {
      await expect(sharedRead(db, 'test.flaky', read)).rejects.toThrow('database is locked');
      expect(await sharedRead(db, 'test.flaky', read)).toBe(2);
      expect(await sharedRead(db, 'test.flaky', read)).toBe(2);
    });
    expect(attempts).toBe(2);
  });
});
