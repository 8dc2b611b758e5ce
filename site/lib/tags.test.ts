import { describe, expect, it } from 'vitest';
import { tagLink } from './tags.ts';

describe('tags', () => {
  it('links a tag to its page by slug, and gives a tag without a Latin reading no page', () => {
    expect(tagLink('Late Night')).toEqual({ name: 'Late Night', path: '/tags/late-night' });
    expect(tagLink('東京')).toBeUndefined();
  });
});
