import {
  addRedirect,
  getCityById,
  insertCity,
  listCities,
  listPosts,
  listSitePages,
  sitePageSlugTaken,
  removeRedirectFrom,
  removeRedirectsTo,
  updateCity,
  deleteCity,
  type City,
  type Db,
} from '@forkcast/content-db';
import { canonicalPostPath, cityPagePaths, itineraryCsvPath, RESERVED_FIRST_SEGMENTS } from '@forkcast/shared/urls';
import { errors } from '../errors.ts';
import { slugify, uniqueSlug } from '@forkcast/shared/slugs';
import type { CityChangeInput, NewCityInput } from './city-input.ts';

/** A city as the authoring API answers with it: the stored city plus its guide's URL. */
export type AuthoredCity = City & { url: string };

export async function authoredCity(db: Db, id: number): Promise<AuthoredCity> {
  const city = await getCityById(db, id);
  if (!city) throw errors.notFound('City not found.');
  return { ...city, url: `/${city.slug}/guide` };
}

/** Every path a city's published content lives at, keyed by what lives there, so two slugs can be paired. */
export async function livePaths(db: Db, city: City): Promise<Map<string, string>> {
  const posts = await listPosts(db, { publishedOnly: true, cityId: city.id });
  const paths = new Map<string, string>();
  for (const post of posts) {
    if (post.type === 'guide') {
      cityPagePaths(city).forEach((path, i) => paths.set(`page:${i}`, path));
    } else paths.set(`post:${post.id}`, canonicalPostPath(post, city));
  }
  return paths;
}

/** A slug an editor chose: URL-safe (the schema checked), not a reserved segment, not another city's. */
async function checkSlug(db: Db, slug: string, cityId?: number): Promise<void> {
  if (RESERVED_FIRST_SEGMENTS.has(slug))
    throw errors.invalidField('slug', `'${slug}' is the name of a page of the site; choose another slug.`);
  const other = (await listCities(db)).find((city) => city.slug === slug && city.id !== cityId);
  if (other) throw errors.conflict(`Another city (${other.name}) already uses that slug.`, 'slug');
  if (await sitePageSlugTaken(db, slug)) throw errors.conflict(`A page already lives at /${slug}.`, 'slug');
}

/** Creates a city (run it inside commitWrite); its pages appear once it has a published guide. */
export async function createCity(db: Db, input: NewCityInput, now: string): Promise<AuthoredCity> {
  const cities = await listCities(db);
  if (input.slug) await checkSlug(db, input.slug);
  const taken = new Set([...cities.map((city) => city.slug), ...(await listSitePages(db)).map((page) => page.slug)]);
  const slug = input.slug ?? uniqueSlug(slugify(input.name), (candidate) => taken.has(candidate));
  const id = await insertCity(db, {
    slug,
    name: input.name,
    country: input.country ?? '',
    description: input.description ?? '',
    heroImage: input.heroImage ?? null,
    heroAlt: input.heroAlt ?? input.name,
    mapEmbedUrl: input.mapEmbedUrl ?? null,
    itineraryUrl: null,
    spreadsheetUrl: input.spreadsheetUrl ?? null,
    displayOrder: input.displayOrder ?? Math.max(0, ...cities.map((city) => city.displayOrder)) + 1,
    createdAt: now,
    updatedAt: now,
  });
  return authoredCity(db, id);
}

/**
 * Applies an editor's change to a city (run it inside commitWrite). A new slug moves every page of
 * the city and leaves a 301 from each old URL; its own itinerary file moves with it.
 */
export async function changeCity(db: Db, id: number, change: CityChangeInput, now: string): Promise<AuthoredCity> {
  const before = await getCityById(db, id);
  if (!before) throw errors.notFound('City not found.');
  const moving = change.slug !== undefined && change.slug !== before.slug;
  if (moving) await checkSlug(db, change.slug!, id);
  const oldPaths = moving ? await livePaths(db, before) : new Map<string, string>();
  // A new picture without its own description is described by the name, never by the old picture's alt.
  const heroAlt = change.heroImage !== undefined && change.heroAlt === undefined ? (change.name ?? before.name) : change.heroAlt;
  const { heroAlt: _heroAlt, ...plain } = change;
  const itineraryUrl =
    moving && before.itineraryUrl === itineraryCsvPath(before) ? { itineraryUrl: itineraryCsvPath({ slug: change.slug! }) } : {};
  await updateCity(db, id, { ...plain, ...(heroAlt === undefined ? {} : { heroAlt }), ...itineraryUrl, updatedAt: now });

  const after = await authoredCity(db, id);
  if (moving) {
    const newPaths = await livePaths(db, after);
    for (const [key, from] of oldPaths) {
      const to = newPaths.get(key);
      if (to) await addRedirect(db, from, to, now);
    }
    for (const to of newPaths.values()) await removeRedirectFrom(db, to);
  }
  return after;
}

/** Deletes a city that no post belongs to any more (run it inside commitWrite). */
export async function removeCity(db: Db, id: number): Promise<void> {
  const city = await getCityById(db, id);
  if (!city) throw errors.notFound('City not found.');
  const posts = await listPosts(db, { cityId: city.id });
  if (posts.length > 0) {
    const count = posts.length === 1 ? '1 post belongs' : `${posts.length} posts belong`;
    throw errors.conflict(`${city.name} cannot be deleted: ${count} to it. Move them to another city or delete them first.`);
  }
  for (const path of cityPagePaths(city)) await removeRedirectsTo(db, path);
  await deleteCity(db, id);
}
