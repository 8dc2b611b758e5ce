import { describe, expect, it } from 'vitest';
import { tagLink, tagPageName } from './tags.ts';

describe('tags', () => {
  it('links a tag to its page by slug, and gives a tag without a Latin reading no page', () => {
    expect(tagLink('Late Night')).toEqual({ name: 'Late Night', path: '/tags/late-night' });
    expect(tagLink('東京')).toBeUndefined();
  });

  it('names a tag page by the spelling of its newest post', () => {
    const posts = [{ tags: ['Coffee', 'wine'] }, { tags: ['Wine'] }];
    expect(tagPageName(posts, 'wine')).toBe('wine');
    expect(tagPageName(posts.slice(1), 'wine')).toBe('Wine');
    expect(tagPageName(posts, 'beer')).toBeUndefined();
  });
});
