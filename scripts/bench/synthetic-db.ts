import { fileURLToPath } from 'node:url';
import { createDb, insertCity, insertPost, migrateToLatest, replaceRestaurants, SETTING, setSetting, type Db } from '@forkcast/content-db';
import { loadSeedContent, seed as addSeedContent } from '@forkcast/content-db/seed';
import { seededRandom } from '@forkcast/content-db/testing/random';

const DAY = 24 * 60 * 60 * 1000;
const START = Date.parse('2024-11-01T00:00:00.000Z');

/**
 * A database with the seed's shape at a larger size: `cities` cities, each with a guide and ten
 * itinerary rows, and `posts` posts in all (guides included), about one in twenty without a city
 * and one in fifty a draft. Text is recombined from the real seed's paragraphs.
 */
export async function createSyntheticDb(path: string, { cities, posts }: { cities: number; posts: number }): Promise<Db> {
  const db = createDb(path);
  await migrateToLatest(db);
  const seed = loadSeedContent();
  const paragraphs = [...seed.cities.flatMap((c) => c.guide.content.split('\n\n')), ...seed.posts.flatMap((p) => p.content.split('\n\n'))];
  const heroes = [...new Set([...seed.cities.map((c) => c.heroImage), ...seed.posts.map((p) => p.heroImage)])];
  const restaurants = seed.cities.flatMap((c) => c.restaurants);
  // Seeded, so every run benchmarks the same content.
  const random = seededRandom(7);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const body = (count: number) => Array.from({ length: count }, () => pick(paragraphs)).join('\n\n');
  const at = (offsetDays: number) => new Date(START + offsetDays * DAY).toISOString();

  await db.transaction().execute(async (trx) => {
    const cityIds: number[] = [];
    for (let i = 0; i < cities; i++) {
      const template = seed.cities[i % seed.cities.length]!;
      const slug = `${template.slug}-${i + 1}`;
      const cityId = await insertCity(trx, {
        slug,
        name: `${template.name} ${i + 1}`,
        country: template.country,
        description: template.description,
        heroImage: template.heroImage,
        heroAlt: template.heroAlt,
        mapEmbedUrl: template.mapEmbedUrl,
        itineraryUrl: `/itineraries/${slug}.csv`,
        displayOrder: i + 1,
        createdAt: at(i % 700),
        updatedAt: at(i % 700),
      });
      cityIds.push(cityId);
      await replaceRestaurants(
        trx,
        cityId,
        Array.from({ length: 10 }, () => pick(restaurants)),
      );
      await insertPost(trx, {
        slug: `${slug}-food-guide`,
        title: `${template.guide.title} (${i + 1})`,
        excerpt: template.guide.excerpt,
        content: body(9),
        heroImage: template.heroImage,
        heroAlt: template.heroAlt,
        type: 'guide',
        cityId,
        tags: template.guide.tags,
        published: true,
        publishedAt: at(i % 700),
        createdAt: at(i % 700),
        updatedAt: at(i % 700),
      });
    }
    for (let i = 0; i < posts - cities; i++) {
      const template = pick(seed.posts);
      const cityIndex = random() < 0.05 ? -1 : Math.floor(random() * cities);
      const day = Math.floor(random() * 730);
      const published = random() >= 0.02;
      await insertPost(trx, {
        slug: `${cityIndex === -1 ? 'notes' : `${seed.cities[cityIndex % seed.cities.length]!.slug}-${cityIndex + 1}`}-story-${i + 1}`,
        title: `${template.title} No. ${i + 1}`,
        excerpt: template.excerpt,
        content: body(5),
        heroImage: pick(heroes),
        heroAlt: template.heroAlt,
        type: 'post',
        cityId: cityIndex === -1 ? null : cityIds[cityIndex]!,
        tags: template.tags,
        published,
        publishedAt: published ? at(day) : null,
        createdAt: at(day),
        updatedAt: at(day),
      });
    }
    // Its own content: the serving load starts the server as `make start` does, which would
    // otherwise add the seed's cities and posts and publish them before it listens.
    await setSetting(trx, SETTING.seededAt, at(0), at(0));
  });
  // About, Terms and Privacy, as every real site has them from its seed: the footer links them.
  await addSeedContent(db, { cities: [], posts: [], pages: seed.pages ?? [] });
  return db;
}

/**
 * `node scripts/bench/synthetic-db.ts <path> <posts> <cities>`: `make bench` generates its database
 * in a process of its own, so that the process it then measures as the server holds nothing the
 * generation left in its heap and malloc's arenas.
 */
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [path, posts, cities] = process.argv.slice(2);
  const db = await createSyntheticDb(path!, { posts: Number(posts), cities: Number(cities) });
  await db.destroy();
}
