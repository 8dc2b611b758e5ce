import { describe, expect, it } from 'vitest';
import { absoluteUrl, canonicalUrl, pageTitle } from './site-settings.ts';

const site = { siteName: 'Forkcast', publicHost: 'https://forkcast.example' };

describe('site settings helpers', () => {
  it('makes canonical URLs from the public host and the path', () => {
    expect(canonicalUrl(site, '/')).toBe('https://forkcast.example/');
    expect(canonicalUrl(site, '/kyoto/guide')).toBe('https://forkcast.example/kyoto/guide');
  });

  it('makes share image URLs absolute and leaves absolute ones alone', () => {
    expect(absoluteUrl(site, '/images/og-default.jpg')).toBe('https://forkcast.example/images/og-default.jpg');
    expect(absoluteUrl(site, 'https://cdn.example/x.jpg')).toBe('https://cdn.example/x.jpg');
  });

  it('suffixes titles with the product name', () => {
    expect(pageTitle(site, 'City Guides')).toBe('City Guides | Forkcast');
  });
});
