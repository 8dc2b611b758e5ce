import { describe, expect, it } from 'vitest';
import {
  alternatePostPaths,
  barePath,
  canonicalPostPath,
  compressedOriginal,
  isCompressibleFile,
  isNotFoundRoute,
  isRenderedFile,
  missingTarget,
  redirectLocation,
  redirectsText,
} from './urls.ts';

const london = { slug: 'london' };

describe('canonicalPostPath', () => {
  it('follows the post card rule: city post, city guide, no city', () => {
    expect(canonicalPostPath({ slug: 'london-sunday-roast-ranked', type: 'post' }, london)).toBe('/london/london-sunday-roast-ranked');
    expect(canonicalPostPath({ slug: 'london-food-guide', type: 'guide' }, london)).toBe('/london/guide');
    expect(canonicalPostPath({ slug: 'eating-alone', type: 'post' }, undefined)).toBe('/post/eating-alone');
    expect(canonicalPostPath({ slug: 'a-cityless-guide', type: 'guide' }, undefined)).toBe('/post/a-cityless-guide');
  });

  it('names the other URLs of a city post or guide, none for a post without a city', () => {
    expect(alternatePostPaths({ slug: 'london-sunday-roast-ranked', type: 'post' }, london)).toEqual(['/post/london-sunday-roast-ranked']);
    expect(alternatePostPaths({ slug: 'london-food-guide', type: 'guide' }, london)).toEqual([
      '/post/london-food-guide',
      '/london/london-food-guide',
    ]);
    expect(alternatePostPaths({ slug: 'eating-alone', type: 'post' }, undefined)).toEqual([]);
  });
});

describe('barePath', () => {
  it('gives the one URL of a page asked for with a trailing slash or its index.html', () => {
    expect(barePath('/about/')).toBe('/about');
    expect(barePath('/about/index.html')).toBe('/about');
    expect(barePath('/about/index.html/')).toBe('/about');
    expect(barePath('/london/guide/index.html')).toBe('/london/guide');
    expect(barePath('/index.html')).toBe('/');
    expect(barePath('/index.html/')).toBe('/');
    expect(barePath('/rss.xml/')).toBe('/rss.xml');
    expect(barePath('/_astro/app.1a2b.js/')).toBe('/_astro/app.1a2b.js');
    expect(barePath('/uploads/')).toBe('/uploads');
    expect(barePath('/search/')).toBe('/search');
  });

  it('leaves alone what already is one: the home page, bare paths, files, the API, and paths it cannot vouch for', () => {
    for (const path of [
      '/',
      '/about',
      '/london/guide',
      '/rss.xml',
      '/sitemap.xml',
      '/_astro/app.1a2b.js',
      '/uploads/0a1b.jpg',
      '/about/index.htm',
      '/about/not-index.html',
      '/api/',
      '/api/posts/',
      '/api/posts/index.html',
      '//about/',
      '//evil.example/',
      '/about//',
      '/.hidden/',
      '/a/../b/',
      '/caf\u00e9/',
      '/a b/',
      '/a%2Fb/',
      '/a\\b/',
      '',
    ])
      expect(barePath(path), path).toBeUndefined();
  });
});

describe('missingTarget', () => {
  it('reads post and guide URL shapes, with or without a trailing slash', () => {
    expect(missingTarget('/post/no-such-post')).toEqual({ kind: 'post', slug: 'no-such-post' });
    expect(missingTarget('/london/no-such-post/')).toEqual({ kind: 'post', slug: 'no-such-post' });
    expect(missingTarget('/nowhere/guide')).toEqual({ kind: 'guide' });
  });

  it('treats everything else as a missing page', () => {
    for (const path of [
      '/',
      '/nowhere',
      '/no/such/page',
      '/posts/whatever',
      '/admin/nothing',
      '/images/x.jpg',
      '/London/Post',
      '/post/%2F%2Fevil.example',
      '/post/a--b',
    ]) {
      expect(missingTarget(path), path).toEqual({ kind: 'page' });
    }
  });

  it('knows the not-found routes', () => {
    expect(['/404', '/404-post', '/404-guide'].every(isNotFoundRoute)).toBe(true);
    expect(isNotFoundRoute('/404-other')).toBe(false);
  });
});

describe('redirectLocation', () => {
  it('keeps the query string', () => {
    expect(redirectLocation('/london/roast', '?utm_source=mail&x=1')).toBe('/london/roast?utm_source=mail&x=1');
    expect(redirectLocation('/london/roast', '')).toBe('/london/roast');
    expect(redirectLocation('/london/roast', '?')).toBe('/london/roast');
  });

  it('takes an itinerary file, whose city moved, as a target', () => {
    expect(redirectLocation('/itineraries/kyoto-city.csv', '')).toBe('/itineraries/kyoto-city.csv');
  });

  it('refuses anything that is not a site path built from slugs', () => {
    for (const path of [
      '//evil.example/x',
      'https://evil.example/',
      '/\\evil.example',
      '/post/../x',
      '',
      '/kyoto/x.csv',
      '/itineraries/../x.csv',
    ]) {
      expect(() => redirectLocation(path, ''), path).toThrow();
    }
  });
});

describe('redirectsText', () => {
  it('writes one sorted `from to 301` line per redirect', () => {
    expect(
      redirectsText([
        { from: '/post/b', to: '/x/b' },
        { from: '/post/a', to: '/x/a' },
      ]),
    ).toBe('/post/a /x/a 301\n/post/b /x/b 301\n');
  });
});

describe('isRenderedFile', () => {
  it('counts pages, feeds, spreadsheets and their compressed copies as rendered', () => {
    for (const file of [
      'index.html',
      'kyoto/guide/index.html.br',
      '404.html.gz',
      'rss.xml',
      'sitemap.xml.br',
      'robots.txt',
      'itineraries/kyoto.csv.gz',
      'authors/ana-ruiz/rss.xml.br',
      'authors/ana-ruiz/page/2/index.html',
    ])
      expect(isRenderedFile(file), file).toBe(true);
  });

  it('counts what the build copies, and compressed copies of it, as not rendered', () => {
    for (const file of ['favicon.svg', 'favicon.svg.br', '_astro/app.js.gz', 'images/fallback.jpg', 'samples/itinerary-sample.csv.br'])
      expect(isRenderedFile(file), file).toBe(false);
  });
});

describe('compressedOriginal', () => {
  it('names the file a .br or .gz copy stands for, only for text files', () => {
    expect(compressedOriginal('kyoto/guide/index.html.br')).toBe('kyoto/guide/index.html');
    expect(compressedOriginal('_astro/app.js.gz')).toBe('_astro/app.js');
    expect(compressedOriginal('index.html')).toBeUndefined();
    expect(compressedOriginal('photo.jpg.gz')).toBeUndefined();
    expect(isCompressibleFile('_redirects')).toBe(false);
  });
});
