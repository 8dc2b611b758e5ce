import { describe, expect, it } from 'vitest';
import { absoluteUrl, pageTitle } from './site-settings.ts';

const site = { siteName: 'Forkcast', publicHost: 'https://forkcast.example' };

describe('site settings helpers', () => {
  it('makes absolute URLs from the public host and a path, and leaves absolute ones alone', () => {
    expect(absoluteUrl(site, '/')).toBe('https://forkcast.example/');
    expect(absoluteUrl(site, '/kyoto/guide')).toBe('https://forkcast.example/kyoto/guide');
    expect(absoluteUrl(site, '/images/og-default.jpg')).toBe('https://forkcast.example/images/og-default.jpg');
    expect(absoluteUrl(site, 'https://cdn.example/x.jpg')).toBe('https://cdn.example/x.jpg');
  });

  it('suffixes titles with the product name', () => {
    expect(pageTitle(site, 'City Guides')).toBe('City Guides | Forkcast');
  });
});
