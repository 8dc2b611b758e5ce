import { describe, expect, it } from 'vitest';
import { redirectsText } from '@forkcast/shared/urls';
import { seededRandom } from '@forkcast/content-db/testing/random';
import { redirectsFile, siteRedirects, SortedLines } from './redirects.ts';

const cities = [
  { id: 1, slug: 'london', name: 'London' },
  { id: 2, slug: 'kyoto', name: 'Kyoto' },
];

describe('siteRedirects', () => {
  it("sends every other URL of a city's post or guide to its canonical path, and nothing for a post without a city", () => {
    const redirects = siteRedirects(cities, [
      { slug: 'london-sunday-roast-ranked', type: 'post', cityId: 1 },
      { slug: 'kyoto-food-guide', type: 'guide', cityId: 2 },
      { slug: 'eating-alone', type: 'post', cityId: null },
    ]);
    expect(redirectsText(redirects)).toBe(
      [
        '/kyoto/kyoto-food-guide /kyoto/guide 301',
        '/post/kyoto-food-guide /kyoto/guide 301',
        '/post/london-sunday-roast-ranked /london/london-sunday-roast-ranked 301',
        '',
      ].join('\n'),
    );
  });

  it('is empty for a site with no posts', () => {
    expect(redirectsText(siteRedirects(cities, []))).toBe('');
  });
});

describe('redirectsFile', () => {
  it('gives the lines redirectsText sorts, render after render, as links and stored redirects come, go and change', () => {
    const file = (stored: string[], posts: Parameters<typeof siteRedirects>[1], from = cities) =>
      [...stored, ...redirectsText(siteRedirects(from, posts)).split('\n').filter(Boolean)]
        .sort()
        .map((line) => `${line}\n`)
        .join('');
    // Each slug its own post (id) unless a test gives the id: a re-slugged post keeps its id.
    const ids = new Map<string, number>();
    const post = (slug: string, cityId: number | null, type: 'post' | 'guide' = 'post', id?: number) => {
      if (!ids.has(slug)) ids.set(slug, id ?? ids.size + 100);
      return { id: ids.get(slug)!, slug, type, cityId };
    };
    const text = (parts: readonly Uint8Array[]) => Buffer.concat(parts).toString('utf8');
    let posts = [post('london-roast', 1), post('kyoto-food-guide', 2, 'guide'), post('eating-alone', null), post('kyoto-ramen', 2)];
    let stored = ['/old-roast /london/london-roast 301', '/zz /kyoto/guide 302'];
    expect(text(redirectsFile(stored, cities, posts))).toBe(file(stored, posts));
    // A new post, a post re-slugged (a new link object), one unpublished, and the rest the same objects.
    posts = [post('a-new-one', 1), ...posts.slice(0, 2), post('kyoto-udon', 2)];
    expect(text(redirectsFile(stored, cities, posts))).toBe(file(stored, posts));
    expect(text(redirectsFile(stored, cities, posts))).toBe(file(stored, posts));
    // A stored redirect gone, another added, and one the same as a post's own line (kept twice, as a full render keeps it).
    stored = ['/a-first /london/london-roast 301', '/post/london-roast /london/london-roast 301'];
    expect(text(redirectsFile(stored, cities, posts))).toBe(file(stored, posts));
    // A post re-slugged keeps its id: a new link object for the same post.
    const kept = posts[1]!;
    posts = [posts[0]!, post('kyoto-food-guide-2', 2, 'guide', kept.id), ...posts.slice(2)];
    expect(text(redirectsFile(stored, cities, posts))).toBe(file(stored, posts));
    // A city re-slugged changes every line of its posts.
    const moved = [{ id: 1, slug: 'london-city', name: 'London' }, cities[1]!];
    expect(text(redirectsFile(stored, moved, posts))).toBe(file(stored, posts, moved));
    // A new city with its guide changes no other post's lines; a post whose city was unknown gets its lines again when it comes.
    const lost = post('lost-city-post', 4);
    posts = [...posts, lost];
    expect(text(redirectsFile(stored, moved, posts))).toBe(file(stored, posts, moved));
    const grown = [...moved, { id: 3, slug: 'lyon', name: 'Lyon' }, { id: 4, slug: 'porto', name: 'Porto' }];
    posts = [...posts, post('lyon-food-guide', 3, 'guide')];
    expect(text(redirectsFile(stored, grown, posts))).toBe(file(stored, posts, grown));
    // A city gone: its posts' lines are made as for a city the site does not know.
    const shrunk = grown.filter((city) => city.id !== 2);
    expect(text(redirectsFile(stored, shrunk, posts))).toBe(file(stored, posts, shrunk));
    expect(text(redirectsFile(stored, grown, posts))).toBe(file(stored, posts, grown));
    expect(text(redirectsFile([], cities, []))).toBe('');
  });
});

describe('redirectsFile, render after render of random lists', () => {
  it('gives what a render from scratch gives, as links come, go, change, move in the list and cities change', () => {
    const random = seededRandom(29);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
    let places = [
      { id: 1, slug: 'london', name: 'London' },
      { id: 2, slug: 'kyoto', name: 'Kyoto' },
      { id: 3, slug: 'lyon', name: 'Lyon' },
    ];
    let nextId = 1;
    let made = 0;
    const link = (id = nextId++) => ({
      id,
      slug: `post-${++made}`,
      type: random() < 0.8 ? ('post' as const) : ('guide' as const),
      cityId: random() < 0.1 ? null : pick([1, 2, 3, 4]),
    });
    let posts = Array.from({ length: 40 }, () => link());
    const expected = (list: typeof posts) =>
      redirectsText(siteRedirects(places, list))
        .split('\n')
        .filter(Boolean)
        .map((line) => `${line}\n`)
        .join('');
    const text = (parts: readonly Uint8Array[]) => Buffer.concat(parts).toString('utf8');
    const changes = [
      () => posts.splice(Math.floor(random() * (posts.length + 1)), 0, link()),
      () => posts.splice(Math.floor(random() * posts.length), 1),
      // A new link for the same post (re-slugged, moved to another city), in its place or elsewhere.
      () => {
        const at = Math.floor(random() * posts.length);
        const [old] = posts.splice(at, 1);
        posts.splice(random() < 0.5 ? at : Math.floor(random() * (posts.length + 1)), 0, link(old!.id));
      },
      // The same link object in another place.
      () => {
        const [moved] = posts.splice(Math.floor(random() * posts.length), 1);
        posts.splice(Math.floor(random() * (posts.length + 1)), 0, moved!);
      },
      () => {
        const id = pick([1, 2, 3, 4]);
        const others = places.filter((city) => city.id !== id);
        places = random() < 0.3 ? others : [...others, { id, slug: `city-${++made}`, name: `City ${id}` }];
      },
    ];
    for (let step = 0; step < 400; step++) {
      for (let n = 1 + Math.floor(random() * 3); n > 0; n--) if (posts.length > 0) pick(changes)();
      posts = [...posts];
      expect(text(redirectsFile([], places, posts)), `step ${step}`).toBe(expected(posts));
    }
  });
});

describe('SortedLines', () => {
  it('keeps its lines as a sort of all of them would, through thousands of lines coming and going, twins too', () => {
    const text = (parts: readonly Uint8Array[]) => Buffer.concat(parts).toString('utf8');
    const random = seededRandom(11);
    const word = () => `/p/${Math.floor(random() * 3000).toString(36)}`;
    const expected = Array.from({ length: 2500 }, word).sort();
    const lines = new SortedLines(expected);
    for (let step = 0; step < 6000; step++) {
      if (random() < 0.6 || expected.length === 0) {
        const line = word();
        lines.add(line);
        expected.push(line);
        expected.sort();
      } else {
        const line = random() < 0.9 ? expected[Math.floor(random() * expected.length)]! : word();
        lines.delete(line);
        const at = expected.indexOf(line);
        if (at >= 0) expected.splice(at, 1);
      }
      // Often enough that changes meet blocks kept as bytes as well as blocks being changed.
      if (step % 50 === 0) expect(text(lines.parts())).toBe(expected.map((line) => `${line}\n`).join(''));
    }
    expect(text(lines.parts())).toBe(expected.map((line) => `${line}\n`).join(''));
    for (const line of expected) lines.delete(line);
    expect(lines.parts()).toEqual([]);
    lines.add('/only');
    expect(text(lines.parts())).toBe('/only\n');
  });
});
