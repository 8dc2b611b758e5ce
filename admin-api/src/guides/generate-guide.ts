import {
  diffItinerary,
  listRestaurants,
  deleteAllBlocks,
  deleteAllContentItems,
  getGuideForCity,
  insertCity,
  insertPost,
  listCities,
  replaceRestaurants,
  updateCity,
  updatePost,
  type City,
  type Db,
  type RestaurantInput,
} from '@forkcast/content-db';
import type { GuidePreview } from '@forkcast/shared/contracts';
import { itineraryCsvPath } from '@forkcast/shared/urls';
import { writeGuide } from './guide-text.ts';
import { slugify, uniqueSlug } from '@forkcast/shared/slugs';

export interface GenerateGuideInput {
  cityName: string;
  description?: string;
  heroImage?: string;
  /** What the hero image shows; without it the city's name describes it. */
  heroAlt?: string;
  restaurants: RestaurantInput[];
  now: string;
  /** Who uploaded it: the author of a guide it creates (a regenerated guide keeps its authors). */
  writerId: number;
}

export interface GenerateGuideResult {
  cityName: string;
  citySlug: string;
  created: boolean;
}

/**
 * An existing city this upload is for: same slug or same name, ignoring case and accents. A name
 * with no Latin letters has an empty slug, so it only matches the same name exactly (ignoring case).
 */
function findCity(cities: City[], cityName: string): City | undefined {
  const slug = slugify(cityName);
  if (slug === '') return cities.find((city) => city.name.toLocaleLowerCase() === cityName.toLocaleLowerCase());
  return cities.find((city) => city.slug === slug || slugify(city.name) === slug);
}

/**
 * Writes a city, its itinerary and its generated guide (run it inside one commitChange). A new
 * city gets a unique slug and the next display position; uploading again for an existing city
 * replaces its itinerary and regenerates its guide, whose stored blocks and inline items are
 * dropped because their positions referred to the old text.
 */
export async function generateGuide(trx: Db, input: GenerateGuideInput): Promise<GenerateGuideResult> {
  const { restaurants, now } = input;
  const cities = await listCities(trx);
  const existing = findCity(cities, input.cityName);
  // The upload only says which city it is for: 'sao paulo' finds 'São Paulo', whose stored
  // spelling is the editor's and stays, in the city's name and in the regenerated guide alike.
  const cityName = existing?.name ?? input.cityName;
  const text = writeGuide(cityName, input.description, restaurants);
  // A new hero always brings its own alt text, so an old picture's description never outlives it.
  const hero = input.heroImage ? { heroImage: input.heroImage, heroAlt: input.heroAlt ?? cityName } : undefined;

  if (existing) {
    await updateCity(trx, existing.id, {
      ...(input.description ? { description: input.description } : {}),
      ...hero,
      itineraryUrl: existing.itineraryUrl ?? itineraryCsvPath(existing),
      updatedAt: now,
    });
    await replaceRestaurants(trx, existing.id, restaurants);
    const guide = await getGuideForCity(trx, existing.id);
    if (guide) {
      await deleteAllBlocks(trx, guide.id);
      await deleteAllContentItems(trx, guide.id);
      await updatePost(trx, guide.id, {
        title: text.title,
        excerpt: text.excerpt,
        content: text.content,
        tags: text.tags,
        ...hero,
        published: true,
        publishedAt: guide.publishedAt ?? now,
        updatedAt: now,
      });
    } else {
      await insertGuide(trx, existing, text, hero ?? existing, input);
    }
    return { cityName, citySlug: existing.slug, created: false };
  }

  const taken = new Set(cities.map((city) => city.slug));
  const slug = uniqueSlug(slugify(cityName), (candidate) => taken.has(candidate));
  const city = {
    slug,
    name: cityName,
    country: '',
    description: text.description,
    heroImage: hero?.heroImage ?? null,
    heroAlt: hero?.heroAlt ?? cityName,
    mapEmbedUrl: null,
    itineraryUrl: itineraryCsvPath({ slug }),
    displayOrder: Math.max(0, ...cities.map((c) => c.displayOrder)) + 1,
    createdAt: now,
    updatedAt: now,
  };
  const cityId = await insertCity(trx, city);
  await replaceRestaurants(trx, cityId, restaurants);
  await insertGuide(trx, { ...city, id: cityId }, text, city, input);
  return { cityName, citySlug: slug, created: true };
}

/**
 * What `generateGuide` would do with this upload, writing nothing: for a city that exists, how its
 * itinerary changes restaurant by restaurant and whether a guide's text would be regenerated.
 */
export async function previewGuide(db: Db, cityName: string, restaurants: RestaurantInput[]): Promise<GuidePreview> {
  const cities = await listCities(db);
  const existing = findCity(cities, cityName);
  if (!existing) {
    const taken = new Set(cities.map((city) => city.slug));
    return {
      cityName,
      citySlug: uniqueSlug(slugify(cityName), (candidate) => taken.has(candidate)),
      exists: false,
      guideRegenerated: false,
      restaurants: { added: restaurants.map((r) => r.name), removed: [], changed: [], unchanged: 0 },
    };
  }
  const diff = diffItinerary(await listRestaurants(db, existing.id), restaurants);
  const unchanged = restaurants.length - diff.added.length - diff.changed.length;
  const guide = await getGuideForCity(db, existing.id);
  return {
    cityName: existing.name,
    citySlug: existing.slug,
    exists: true,
    guideRegenerated: guide !== undefined,
    restaurants: { ...diff, unchanged },
  };
}

async function insertGuide(
  trx: Db,
  city: Pick<City, 'id' | 'slug' | 'name'>,
  text: ReturnType<typeof writeGuide>,
  hero: { heroImage: string | null; heroAlt: string },
  { now, writerId }: Pick<GenerateGuideInput, 'now' | 'writerId'>,
): Promise<number> {
  const taken = async (slug: string) =>
    (await trx.selectFrom('posts').select('id').where('slug', '=', slug).executeTakeFirst()) !== undefined;
  let slug = `${city.slug}-food-guide`;
  for (let n = 2; await taken(slug); n++) slug = `${city.slug}-food-guide-${n}`;
  return insertPost(trx, {
    slug,
    title: text.title,
    excerpt: text.excerpt,
    content: text.content,
    heroImage: hero.heroImage,
    heroAlt: hero.heroAlt,
    type: 'guide',
    cityId: city.id,
    tags: text.tags,
    published: true,
    publishedAt: now,
    authorIds: [writerId],
    createdAt: now,
    updatedAt: now,
  });
}
