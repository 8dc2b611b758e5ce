import { countCityContent, getCityById, getGuideForCity, listCities, listPosts, type City, type Db, type Post } from '@forkcast/content-db';
import type { CityOverview } from '@forkcast/shared/contracts';
import { errors } from '../errors.ts';

const NOTHING = { posts: 0, restaurants: 0 };

/** An overview before its version is added (see versions/answers.ts). */
type Overview = Omit<CityOverview, 'version'>;

function overviewOf(city: City, counts: { posts: number; restaurants: number }, guide: Post | undefined): Overview {
  return {
    ...city,
    url: `/${city.slug}/guide`,
    postCount: counts.posts,
    restaurantCount: counts.restaurants,
    guide: guide ? { id: guide.id, title: guide.title, status: guide.status, publishAt: guide.publishAt } : null,
  };
}

/** Every city in display order, with what belongs to it and its guide's state: the admin's cities list. */
export async function cityOverviews(db: Db): Promise<Overview[]> {
  const [cities, counts, guides] = await Promise.all([listCities(db), countCityContent(db), listPosts(db, { type: 'guide' })]);
  // Newest first, so the first guide seen for a city is the one its page shows.
  const guideOf = new Map<number, Post>();
  for (const guide of guides) if (guide.cityId !== null && !guideOf.has(guide.cityId)) guideOf.set(guide.cityId, guide);
  return cities.map((city) => overviewOf(city, counts.get(city.id) ?? NOTHING, guideOf.get(city.id)));
}

/** One city as the city editor loads it. */
export async function cityOverview(db: Db, id: number): Promise<Overview> {
  const city = await getCityById(db, id);
  if (!city) throw errors.notFound('City not found.');
  const [counts, guide] = await Promise.all([countCityContent(db), getGuideForCity(db, id)]);
  return overviewOf(city, counts.get(id) ?? NOTHING, guide);
}
