import { describe, expect, it } from 'vitest';
import { condensed, fieldDiffs, reapplyOnTop } from './field-diffs';

describe('fieldDiffs', () => {
  it('gives a word diff of each field whose text differs, and nothing for the rest', () => {
    expect(
      fieldDiffs(
        [
          ['Title', 'Ramen at night'],
          ['Excerpt', 'Same.'],
        ],
        [
          ['Title', 'Ramen at dawn'],
          ['Excerpt', 'Same.'],
        ],
      ),
    ).toEqual([
      {
        label: 'Title',
        parts: [{ value: 'Ramen at ' }, { value: 'night', removed: true }, { value: 'dawn', added: true }],
      },
    ]);
  });
});

describe('condensed', () => {
  it('cuts long unchanged runs down to whole words at their ends around each change, and keeps the changes whole', () => {
    const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');
    const [first, , , middle] = condensed([
      { value: `${words(40)} and` },
      { value: 'old', removed: true },
      { value: 'new', added: true },
      { value: ` then ${words(40)}` },
      { value: 'c', added: true },
      { value: 'short' },
    ]);
    expect(first!.value).toMatch(/^… ?(word\d+ )+and$/);
    expect(first!.value.length).toBeLessThanOrEqual(82);
    expect(middle!.value).toMatch(/^ then (word\d+ )+…( ?word\d+)+$/);
    expect(middle!.value).not.toMatch(/…\S*ord/);
    const untouched = [{ value: 'short' }, { value: 'x', added: true }];
    expect(condensed(untouched)).toEqual(untouched);
  });
});

describe('reapplyOnTop', () => {
  const base = { title: 'Ramen', excerpt: 'Late.', content: 'One.\n\nTwo.\n\nThree.', tags: 'kyoto' };

  it('keeps their fields and lays the ones the editor changed over them', () => {
    const theirs = { ...base, title: 'Ramen after dark', tags: 'kyoto, ramen' };
    const mine = { ...base, excerpt: 'Late, and loud.' };
    expect(reapplyOnTop(base, mine, theirs)).toEqual({ ...theirs, excerpt: 'Late, and loud.' });
  });

  it('merges text both changed in different paragraphs', () => {
    const theirs = { ...base, content: 'One, theirs.\n\nTwo.\n\nThree.' };
    const mine = { ...base, content: 'One.\n\nTwo.\n\nThree, mine.' };
    expect(reapplyOnTop(base, mine, theirs).content).toBe('One, theirs.\n\nTwo.\n\nThree, mine.');
    const next = { ...base, content: 'One.\n\nTwo, mine.\n\nThree.' };
    expect(reapplyOnTop(base, next, theirs).content).toBe('One, theirs.\n\nTwo, mine.\n\nThree.');
  });

  it('takes the editor’s text where both changed the same words', () => {
    const theirs = { ...base, title: 'Theirs' };
    const mine = { ...base, title: 'Mine' };
    expect(reapplyOnTop(base, mine, theirs).title).toBe('Mine');
  });
});
