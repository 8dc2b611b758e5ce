// SPEC §2: the featured cards on home cut these two cities' descriptions right after a given word.
const CUT_AFTER: Readonly<Record<string, string>> = {
  kyoto: 'techniques.',
  osaka: 'tradition.',
};

/** A city's description as its featured card on home shows it. */
export function featuredDescription(city: { slug: string; description: string }): string {
  const marker = CUT_AFTER[city.slug];
  if (!marker) return city.description;
  const at = city.description.indexOf(marker);
  return at === -1 ? city.description : city.description.slice(0, at + marker.length);
}

/** How many cities home features (SPEC §9). */
export const FEATURED_CITY_COUNT = 6;
