import { FEATURED_DESCRIPTION_CUTS } from '../content/site';

/** A city's description as its featured card on home shows it: cut after the word its slug names in `cuts`. */
export function featuredDescription(
  city: { slug: string; description: string },
  cuts: Readonly<Record<string, string>> = FEATURED_DESCRIPTION_CUTS,
): string {
  const marker = cuts[city.slug];
  if (!marker) return city.description;
  const at = city.description.indexOf(marker);
  return at === -1 ? city.description : city.description.slice(0, at + marker.length);
}

/** How many cities home features. */
export const FEATURED_CITY_COUNT = 6;
