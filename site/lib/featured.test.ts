import { describe, expect, it } from 'vitest';
import { featuredDescription } from './featured.ts';

describe('featuredDescription', () => {
  it("cuts Kyoto after 'techniques.' and Osaka after 'tradition.'", () => {
    expect(featuredDescription({ slug: 'kyoto', description: 'Temples and tofu techniques. More to read here.' })).toBe(
      'Temples and tofu techniques.',
    );
    expect(featuredDescription({ slug: 'osaka', description: 'Eat until you drop is a tradition. Street food reigns.' })).toBe(
      'Eat until you drop is a tradition.',
    );
  });

  it('leaves other cities, and descriptions without the word, whole', () => {
    expect(featuredDescription({ slug: 'london', description: 'Old techniques. New tradition. Pies.' })).toBe(
      'Old techniques. New tradition. Pies.',
    );
    expect(featuredDescription({ slug: 'kyoto', description: 'No cut word here.' })).toBe('No cut word here.');
  });

  it('takes the cuts from the site content, or from the table it is given', () => {
    const lisbon = { slug: 'lisbon', description: 'Custard tarts at dawn. Then the rest of the day.' };
    expect(featuredDescription(lisbon, { lisbon: 'dawn.' })).toBe('Custard tarts at dawn.');
    expect(featuredDescription({ slug: 'kyoto', description: 'Old techniques. More.' }, { lisbon: 'dawn.' })).toBe('Old techniques. More.');
  });
});
