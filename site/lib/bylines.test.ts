import { describe, expect, it } from 'vitest';
import { bylineParts, bylineText } from './bylines';

const ana = { name: 'Ana Ruiz', slug: 'ana-ruiz' };
const jun = { name: 'Jun Sato', slug: 'jun-sato' };
const eda = { name: 'Eda Kaya', slug: 'eda-kaya' };

describe('bylines', () => {
  it('joins names as a reader would say them', () => {
    expect(bylineText([ana])).toBe('Ana Ruiz');
    expect(bylineText([ana, jun])).toBe('Ana Ruiz and Jun Sato');
    expect(bylineText([ana, jun, eda])).toBe('Ana Ruiz, Jun Sato, and Eda Kaya');
  });

  it('keeps each author beside their own name, even when two share a name', () => {
    const twin = { name: 'Ana Ruiz', slug: 'ana-ruiz-2' };
    expect(bylineParts([ana, twin])).toEqual([{ author: ana }, { text: ' and ' }, { author: twin }]);
  });
});
