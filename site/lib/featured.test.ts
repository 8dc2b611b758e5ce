import { describe, expect, it } from 'vitest';
import { featuredDescription } from './featured.ts';

describe('featuredDescription', () => {
  it("cuts Kyoto after 'techniques.' and Osaka after 'tradition.'", () => {
    expect(featuredDescription({ slug: 'kyoto', description: 'Temples and tofu techniques. More to read here.' })).toBe('Temples and tofu techniques.');
    expect(featuredDescription({ slug: 'osaka', description: 'Eat until you drop is a tradition. Street food reigns.' })).toBe('Eat until you drop is a tradition.');
  });

  it('leaves other cities, and descriptions without the word, whole', () => {
    expect(featuredDescription({ slug: 'london', description: 'Old techniques. New tradition. Pies.' })).toBe('Old techniques. New tradition. Pies.');
    expect(featuredDescription({ slug: 'kyoto', description: 'No cut word here.' })).toBe('No cut word here.');
  });
});
