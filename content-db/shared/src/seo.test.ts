import { describe, expect, it } from 'vitest';
import { SEO_LIMITS, resolveSeo, seoFieldsSchema } from './seo';

const defaults = {
  title: 'Pho in Hanoi · Forkcast',
  description: 'Where to eat pho.',
  image: '/images/hero.jpg',
  canonical: 'https://forkcast.test/posts/pho',
};

describe('seoFieldsSchema', () => {
  it('accepts empty fields and every field set', () => {
    expect(seoFieldsSchema.parse({})).toEqual({});
    const full = {
      metaTitle: 'Pho',
      metaDescription: 'Soup.',
      ogImage: '/images/a.jpg',
      canonicalUrl: 'https://example.com/pho',
      noindex: true,
    };
    expect(seoFieldsSchema.parse(full)).toEqual(full);
  });

  it('refuses a canonical URL that is not an absolute http(s) address, with a message that says so', () => {
    for (const canonicalUrl of ['/posts/pho', 'javascript:alert(1)', 'ftp://example.com/x', 'not a url']) {
      const result = seoFieldsSchema.safeParse({ canonicalUrl });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toMatch(/absolute http\(s\) URL/);
    }
  });

  it('refuses fields over their length limits, naming the limit', () => {
    const title = seoFieldsSchema.safeParse({ metaTitle: 'x'.repeat(SEO_LIMITS.metaTitle + 1) });
    expect(title.error?.issues[0]?.message).toContain(String(SEO_LIMITS.metaTitle));
    const description = seoFieldsSchema.safeParse({ metaDescription: 'x'.repeat(SEO_LIMITS.metaDescription + 1) });
    expect(description.error?.issues[0]?.message).toContain(String(SEO_LIMITS.metaDescription));
  });
});

describe('resolveSeo', () => {
  it('keeps every default when the fields are empty or blank', () => {
    const expected = { ...defaults, noindex: false };
    expect(resolveSeo(defaults, {})).toEqual(expected);
    expect(resolveSeo(defaults, { metaTitle: '  ', metaDescription: '', ogImage: null, canonicalUrl: null, noindex: null })).toEqual(
      expected,
    );
  });

  it('lets each set field replace its default', () => {
    const fields = {
      metaTitle: 'Best pho',
      metaDescription: 'Ten bowls.',
      ogImage: '/images/card.jpg',
      canonicalUrl: 'https://example.com/pho',
      noindex: true,
    };
    expect(resolveSeo(defaults, fields)).toEqual({
      title: 'Best pho',
      description: 'Ten bowls.',
      image: '/images/card.jpg',
      canonical: 'https://example.com/pho',
      noindex: true,
    });
  });
});
