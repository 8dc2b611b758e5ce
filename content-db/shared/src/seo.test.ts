import { describe, expect, it } from 'vitest';
import { EMPTY_SEO, isCanonicalUrl, isShareImage, resolveSeo } from './seo';

const defaults = {
  title: 'Pho in Hanoi | Forkcast',
  description: 'Where to eat pho.',
  image: '/images/hero.jpg',
  canonical: 'https://forkcast.test/posts/pho',
};

describe('resolveSeo', () => {
  it('keeps every default when the fields are empty or blank', () => {
    expect(resolveSeo(defaults, {})).toEqual({ ...defaults, noindex: false });
    expect(resolveSeo(defaults, EMPTY_SEO)).toEqual({ ...defaults, noindex: false });
    expect(resolveSeo(defaults, { metaTitle: '  ', metaDescription: '' })).toEqual({ ...defaults, noindex: false });
  });

  it('puts each set field in place of its default', () => {
    const head = resolveSeo(defaults, {
      metaTitle: 'Hanoi’s best pho',
      metaDescription: 'Six bowls.',
      ogImage: '/uploads/pho.jpg',
      canonicalUrl: 'https://example.com/pho',
      noindex: true,
    });
    expect(head).toEqual({
      title: 'Hanoi’s best pho',
      description: 'Six bowls.',
      image: '/uploads/pho.jpg',
      canonical: 'https://example.com/pho',
      noindex: true,
    });
  });

  it('never lets a document index a page its layout keeps out of search', () => {
    expect(resolveSeo({ ...defaults, noindex: true }, { noindex: false }).noindex).toBe(true);
  });
});

describe('isCanonicalUrl and isShareImage', () => {
  it('take https addresses and site paths, and refuse the rest', () => {
    for (const ok of ['https://example.com/pho', '/kyoto/ramen', '/']) expect(isCanonicalUrl(ok)).toBe(true);
    for (const bad of [
      'http://example.com/pho',
      'javascript:alert(1)',
      '//evil.test/x',
      '/a/../b',
      'pho',
      `https://x.test/${'a'.repeat(2048)}`,
    ])
      expect(isCanonicalUrl(bad)).toBe(false);
    for (const ok of ['https://cdn.example/pho.jpg', '/uploads/pho.jpg', '/images/presets/a.jpg']) expect(isShareImage(ok)).toBe(true);
    for (const bad of [
      '/kyoto/ramen',
      'http://cdn.example/pho.jpg',
      'https://cdn.example/pho card.jpg',
      '/uploads/../secret',
      'data:image/png;base64,AA',
    ])
      expect(isShareImage(bad)).toBe(false);
  });
});
