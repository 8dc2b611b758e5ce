import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { z } from 'zod';
import type { Db } from '../db.ts';
import { insertCity } from '../repositories/cities.ts';
import { insertPost } from '../repositories/posts.ts';
import { getOwner } from '../repositories/users.ts';
import { replaceRestaurants } from '../repositories/restaurants.ts';
import { rebuildSearchIndex } from '../search/documents.ts';
import { nowIso } from '../db.ts';
import { getSetting, SETTING, setSetting } from '../repositories/settings.ts';
import { seedCitySchema, seedPageSchema, seedPostSchema, type SeedCity, type SeedPage, type SeedPost } from './schema.ts';

export type { SeedCity, SeedPage, SeedPost } from './schema.ts';

/** The seed content shipped with the repository. */
export const DEFAULT_SEED_DIR = fileURLToPath(new URL('../../seed', import.meta.url));

/** The homepage hero until an admin picks another. */
export const DEFAULT_HOMEPAGE_HERO = '/images/presets/european-city.jpg';

// Seeded rows carry fixed timestamps so that two fresh databases render byte-identical sites.
const SEED_TIME = '2024-11-01T00:00:00.000Z';

export interface SeedContent {
  cities: SeedCity[];
  posts: SeedPost[];
  /** About, Terms and Privacy; a seed folder without pages/ has none. */
  pages?: SeedPage[];
}

function readJsonFiles<T>(dir: string, schema: z.ZodType<T>): T[] {
  if (!existsSync(dir)) return [];
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort();
  return files.map((name) => {
    const path = join(dir, name);
    let json: unknown;
    try {
      json = JSON.parse(readFileSync(path, 'utf8'));
    } catch (error) {
      throw new Error(`Invalid seed file ${path}: ${(error as Error).message}`, { cause: error });
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
      throw new Error(`Invalid seed file ${path}: ${problems.join('; ')}`);
    }
    return parsed.data;
  });
}

/** Reads and validates the seed folder (cities/*.json, posts/*.json); throws naming the bad file. */
export function loadSeedContent(dir: string = DEFAULT_SEED_DIR): SeedContent {
  const cities = readJsonFiles(join(dir, 'cities'), seedCitySchema);
  const posts = readJsonFiles(join(dir, 'posts'), seedPostSchema);
  const citySlugs = new Set<string>();
  for (const city of cities) {
    if (citySlugs.has(city.slug)) throw new Error(`Seed content has two cities with the slug '${city.slug}'`);
    citySlugs.add(city.slug);
  }
  const postSlugs = new Set<string>();
  for (const slug of [...cities.map((city) => city.guide.slug), ...posts.map((post) => post.slug)]) {
    if (postSlugs.has(slug)) throw new Error(`Seed content has two posts with the slug '${slug}'`);
    postSlugs.add(slug);
  }
  for (const post of posts) {
    if (post.citySlug !== null && !citySlugs.has(post.citySlug)) {
      throw new Error(`Seed post '${post.slug}' names an unknown city '${post.citySlug}'`);
    }
  }
  const pages = readJsonFiles(join(dir, 'pages'), seedPageSchema);
  return { cities, posts, pages };
}

export interface SeedResult {
  citiesAdded: number;
  postsAdded: number;
  pagesAdded: number;
}

/**
 * Adds whatever seed content the database lacks, matching by slug, in one transaction. Existing
 * rows are never touched, so seeding again is a no-op and never overwrites an editor's changes.
 */
export async function seed(db: Db, content: SeedContent = loadSeedContent()): Promise<SeedResult> {
  return db.transaction().execute(async (trx) => {
    const result: SeedResult = { citiesAdded: 0, postsAdded: 0, pagesAdded: 0 };
    const cityIds = new Map<string, number>();
    for (const row of await trx.selectFrom('cities').select(['id', 'slug']).execute()) cityIds.set(row.slug, row.id);
    const existingPosts = new Set((await trx.selectFrom('posts').select('slug').execute()).map((row) => row.slug));
    // Seeded posts are the owner's; seeded before there is one, the owner adopts them when created at start-up.
    const owner = await getOwner(trx);
    const authorIds = owner ? [owner.id] : [];

    for (const city of content.cities) {
      if (cityIds.has(city.slug)) continue;
      const { guide, restaurants, ...fields } = city;
      const cityId = await insertCity(trx, { ...fields, createdAt: guide.createdAt, updatedAt: guide.updatedAt });
      cityIds.set(city.slug, cityId);
      await replaceRestaurants(trx, cityId, restaurants);
      result.citiesAdded++;
      if (!existingPosts.has(guide.slug)) {
        await insertPost(trx, {
          ...guide,
          heroImage: city.heroImage,
          heroAlt: city.heroAlt,
          type: 'guide',
          cityId,
          published: true,
          authorIds,
        });
        result.postsAdded++;
      }
    }

    for (const post of content.posts) {
      if (existingPosts.has(post.slug)) continue;
      const { citySlug, ...fields } = post;
      await insertPost(trx, { ...fields, type: 'post', cityId: citySlug === null ? null : (cityIds.get(citySlug) ?? null), authorIds });
      result.postsAdded++;
    }

    for (const page of content.pages ?? []) {
      const added = await trx
        .insertInto('sitePages')
        .values({ ...page, status: 'published', createdAt: SEED_TIME, updatedAt: SEED_TIME, publishedAt: SEED_TIME })
        .onConflict((oc) => oc.column('slug').doNothing())
        .executeTakeFirst();
      if (added.numInsertedOrUpdatedRows) result.pagesAdded++;
    }

    await trx
      .insertInto('settings')
      .values({ key: SETTING.homepageHeroImage, value: DEFAULT_HOMEPAGE_HERO, updatedAt: SEED_TIME })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    // The seed writes outside the write path that keeps the search current, so it indexes what it added.
    await rebuildSearchIndex(trx, nowIso());
    return result;
  });
}

/**
 * Seeds a database once in its life: a database that was seeded before is left alone, so a seeded
 * post an editor deleted does not come back at the next start.
 */
export async function seedIfNew(db: Db, content?: SeedContent): Promise<SeedResult> {
  if ((await getSetting(db, SETTING.seededAt)) !== undefined) return { citiesAdded: 0, postsAdded: 0, pagesAdded: 0 };
  const result = await seed(db, content);
  await setSetting(db, SETTING.seededAt, SEED_TIME, SEED_TIME);
  return result;
}
