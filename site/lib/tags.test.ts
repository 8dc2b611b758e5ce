import { describe, expect, it } from 'vitest';
import { tagLink } from './tags.ts';

describe('tags', () => {
  it('links a tag to its page by slug, and gives a tag without a Latin reading no page', () => {
    expect(tagLink('Late Night')).toEqual({ name: 'Late Night', path: '/tags/late-night' });
    expect(tagLink('東京')).toBeUndefined();
  });

  it('gives the same answer however often a tag is linked, each spelling under its own name', () => {
    for (let i = 0; i < 3; i++) {
      expect(tagLink('東京')).toBeUndefined();
      expect(tagLink('Late Night')).toEqual({ name: 'Late Night', path: '/tags/late-night' });
      expect(tagLink('late-night')).toEqual({ name: 'late-night', path: '/tags/late-night' });
    }
  });
});
