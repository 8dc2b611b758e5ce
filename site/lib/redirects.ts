import { alternatePostPaths, type Redirect } from '@forkcast/shared/urls';
import { citiesById, postPath, type LinkableCity, type LinkablePost } from './links';

/**
 * Every redirect a static host can serve from a file: each published post's other URLs (the
 * /post/{slug} of a city post, and both other URLs of a city's guide) to its canonical path.
 */
export function siteRedirects(cities: readonly LinkableCity[], publishedPosts: readonly LinkablePost[]): Redirect[] {
  const byId = citiesById(cities);
  return publishedPosts.flatMap((post) => {
    const city = post.cityId === null ? undefined : byId.get(post.cityId);
    return alternatePostPaths(post, city).map((from) => ({ from, to: postPath(post, byId) }));
  });
}

/** A post's lines of the redirects file (`from to 301`), each of its other URLs to its canonical path. */
function postLines(post: LinkablePost, byId: ReadonlyMap<number, LinkableCity>): string[] {
  const city = post.cityId === null ? undefined : byId.get(post.cityId);
  const to = postPath(post, byId);
  return alternatePostPaths(post, city).map((from) => `${from} ${to} 301`);
}

/** Two sorted lists of lines as one sorted list. */
export function mergeSorted(a: readonly string[], b: readonly string[]): string[] {
  const merged: string[] = [];
  let [i, j] = [0, 0];
  while (i < a.length && j < b.length) merged.push(a[i]! <= b[j]! ? a[i++]! : b[j++]!);
  while (i < a.length) merged.push(a[i++]!);
  while (j < b.length) merged.push(b[j++]!);
  return merged;
}

// The last list of links the posts' lines were made for, with each link's lines and all of them
// sorted: the list of every post's link keeps a link's object until the link changes, so the next
// render makes the lines of the links that are new and sorts only those, not every post's again.
let known: { cities: string; links: ReadonlySet<LinkablePost>; lines: WeakMap<LinkablePost, string[]>; sorted: string[] } | undefined;

/** Every line siteRedirects gives for these posts, sorted, as `redirectsText` sorts them. */
export function sortedPostRedirectLines(cities: readonly LinkableCity[], posts: readonly LinkablePost[]): string[] {
  const key = cities.map((city) => `${city.id}:${city.slug}`).join('/');
  const byId = citiesById(cities);
  const current = new Set(posts);
  if (known?.cities !== key) {
    const lines = new WeakMap<LinkablePost, string[]>();
    const all: string[] = [];
    for (const post of current) {
      const own = postLines(post, byId);
      lines.set(post, own);
      all.push(...own);
    }
    known = { cities: key, links: current, lines, sorted: all.sort() };
    return known.sorted;
  }
  const { lines } = known;
  const gone = new Set<string>();
  for (const post of known.links) if (!current.has(post)) for (const line of lines.get(post) ?? []) gone.add(line);
  const fresh: string[] = [];
  for (const post of current) {
    if (known.links.has(post)) continue;
    const own = postLines(post, byId);
    lines.set(post, own);
    fresh.push(...own);
  }
  const kept = gone.size > 0 ? known.sorted.filter((line) => !gone.has(line)) : known.sorted;
  known = { cities: key, links: current, lines, sorted: fresh.length > 0 ? mergeSorted(kept, fresh.sort()) : kept };
  return known.sorted;
}
