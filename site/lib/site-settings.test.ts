import { describe, expect, it } from 'vitest';
import { canonicalUrl, pageTitle } from './site-settings.ts';

const site = { siteName: 'Forkcast', publicHost: 'https://forkcast.example' };

describe('site settings helpers', () => {
  it('makes canonical URLs from the public host and the path', () => {
    expect(canonicalUrl(site, '/')).toBe('https://forkcast.example/');
    expect(canonicalUrl(site, '/kyoto/guide')).toBe('https://forkcast.example/kyoto/guide');
  });

  it('suffixes titles with the product name', () => {
    expect(pageTitle(site, 'City Guides')).toBe('City Guides | Forkcast');
  });
});
