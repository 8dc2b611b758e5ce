import { describe, expect, it } from 'vitest';
import { chunks, MAX_PARAMETERS_PER_STATEMENT } from './chunks.ts';

const numbers = (count: number) => Array.from({ length: count }, (_, i) => i);
const lengths = (count: number, size?: number) => [...chunks(numbers(count), size)].map((slice) => slice.length);

describe('chunks', () => {
  it('yields nothing for no items', () => {
    expect(lengths(0)).toEqual([]);
  });

  it('splits a list into consecutive slices whose lengths are powers of two, longest first', () => {
    expect(lengths(37)).toEqual([32, 4, 1]);
    expect(lengths(64)).toEqual([64]);
    expect(lengths(1)).toEqual([1]);
    expect(lengths(37, 10)).toEqual([8, 8, 8, 8, 4, 1]);
  });

  it('keeps every item once, in order', () => {
    const items = Array.from({ length: 1_234 }, (_, i) => `item ${i}`);
    expect([...chunks(items, 100)].flat()).toEqual(items);
  });

  it('never passes the size, and gives any number of items at most 14 lengths of slice', () => {
    const seen = new Set<number>();
    for (let count = 1; count <= 25_000; count += 7) {
      for (const length of lengths(count)) {
        expect(length).toBeLessThanOrEqual(MAX_PARAMETERS_PER_STATEMENT);
        seen.add(length);
      }
    }
    expect(seen.size).toBeLessThanOrEqual(14);
    for (const length of lengths(3_333, 3_333)) expect(length).toBeLessThanOrEqual(3_333);
  });
});
