import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';

/** A function returning floats in [0, 1). */
export type Random = () => number;

/**
 * A seeded random sequence for tests and the benchmark: the same seed gives the same writes, so a
 * failing property-test run can be replayed from the seed it prints.
 */
export function seededRandom(seed: number): Random {
  const generator = xoroshiro128plus(seed);
  return () => uniformFloat64(generator);
}
