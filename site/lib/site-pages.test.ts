import { describe, expect, it } from 'vitest';
import { pageDescription, pageParts, shownPage } from './site-pages';

describe('pageDescription', () => {
  it('is the first paragraph as plain text, past any heading', () => {
    expect(pageDescription('## Hours\n\nCome **hungry**; see [the map](/map).\n\nMore.', 'Forkcast')).toBe('Come hungry; see the map.');
  });

  it('is cut at a word near 160 characters, and is the site name for an empty page', () => {
    const long = pageDescription(`${'noodle '.repeat(40)}end`, 'Forkcast');
    expect(long.length).toBeLessThanOrEqual(160);
    expect(long.endsWith('noodle…')).toBe(true);
    expect(pageDescription('', 'Forkcast')).toBe('Forkcast');
  });
});

describe('pageParts', () => {
  it('takes a first # line as the heading, the text before the first ## as the intro, and each ## as a section with its anchor', () => {
    const parts = pageParts('# Lunch first\n\nThe lede.\n\n## One\n\nA.\n\n```\n## not a heading\n```\n\n## Two {#contact}\n\nB.\n\nC.');
    expect(parts).toEqual({
      headline: 'Lunch first',
      intro: 'The lede.',
      sections: [
        { heading: 'One', body: 'A.\n\n```\n## not a heading\n```' },
        { heading: 'Two', anchor: 'contact', body: 'B.\n\nC.' },
      ],
    });
    expect(pageParts('Only text.')).toEqual({ intro: 'Only text.', sections: [] });
  });
});

describe('shownPage', () => {
  const NO_SEO = { metaTitle: null, metaDescription: null, ogImage: null, canonicalUrl: null, noindex: false };
  it("shows the site's name for its token, and falls back to it for the kicker and to the first paragraph for the description", () => {
    expect(shownPage({ ...NO_SEO, title: 'On {site}', kicker: '', content: '{site} eats.' }, 'Tablefare')).toEqual({
      title: 'On Tablefare',
      kicker: 'Tablefare',
      description: 'Tablefare eats.',
      content: 'Tablefare eats.',
      seo: NO_SEO,
    });
    expect(
      shownPage(
        { ...NO_SEO, title: 'T', kicker: 'About {site}', metaTitle: 'Of {site}', metaDescription: 'All {site}.', content: '' },
        'X',
      ),
    ).toMatchObject({
      kicker: 'About X',
      seo: { metaTitle: 'Of X', metaDescription: 'All X.' },
    });
  });
});
