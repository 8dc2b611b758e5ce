import { describe, expect, it } from 'vitest';
import { splitParagraphs } from './paragraphs.ts';

describe('splitParagraphs', () => {
  it('splits at blank lines, including CRLF and whitespace-only lines, and drops empty ones', () => {
    expect(splitParagraphs('a\r\n\r\nb\n  \nc\n\n\n\n  d  \n')).toEqual(['a', 'b', 'c', 'd']);
    expect(splitParagraphs('one\nline\nbreaks')).toEqual(['one\nline\nbreaks']);
    expect(splitParagraphs('   ')).toEqual([]);
  });
});
