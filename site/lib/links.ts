import { canonicalPostPath } from '@forkcast/shared/urls';

/** The city a post card names when a post's city is missing. */
const UNKNOWN_CITY = { slug: 'unknown', name: 'Unknown' } as const;

export interface LinkablePost {
  slug: string;
  type: 'post' | 'guide';
  cityId: number | null;
}

export interface LinkableCity {
  id: number;
  slug: string;
  name: string;
}

/**
 * Where a post card links: a city's guide for a guide with a city, /{citySlug}/{postSlug} for a
 * city post, /post/{slug} for a post with no city.
 */
export function postPath(post: LinkablePost, cities: ReadonlyMap<number, LinkableCity>): string {
  return canonicalPostPath(post, post.cityId === null ? undefined : (cities.get(post.cityId) ?? UNKNOWN_CITY));
}

/** The city shown for a post: its own, or 'Unknown' when the id matches none. */
export function postCity(post: LinkablePost, cities: ReadonlyMap<number, LinkableCity>): Pick<LinkableCity, 'slug' | 'name'> | undefined {
  if (post.cityId === null) return undefined;
  return cities.get(post.cityId) ?? UNKNOWN_CITY;
}

export function guidePath(city: Pick<LinkableCity, 'slug'>): string {
  return `/${city.slug}/guide`;
}

/** Cities by id, for the link rules. */
export function citiesById<C extends LinkableCity>(cities: readonly C[]): Map<number, C> {
  return new Map(cities.map((city) => [city.id, city]));
}
