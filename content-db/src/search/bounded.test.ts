import { describe, expect, it } from 'vitest';
import { commitChange } from '../changes.ts';
import type { Db } from '../db.ts';
import { insertCity } from '../repositories/cities.ts';
import { insertPost } from '../repositories/posts.ts';
import { postFixture, useTempDb } from '../testing.ts';
import { searchSite } from './query.ts';

// A small count limit stands for the 1,000 of a real site: more rows match 'tofu' than it.
const LIMIT = 5;
const T0 = '2025-01-01T00:00:00.000Z';

describe('a search that matches more rows than its count limit', () => {
  let db: Db;
  useTempDb(async (fresh) => {
    db = fresh;
    await commitChange(db, async (trx) => {
      const kyoto = await insertCity(trx, { slug: 'kyoto', name: 'Kyoto', createdAt: T0, updatedAt: T0 });
      const osaka = await insertCity(trx, { slug: 'osaka', name: 'Osaka', createdAt: T0, updatedAt: T0 });
      // Eight posts in Kyoto, four in Osaka, two guides, all with tofu in the body; one with it in the title, the oldest.
      const posts = [
        postFixture('tofu-title', { title: 'Tofu at dawn', content: 'Tofu.', cityId: kyoto, publishedAt: '2024-01-01T00:00:00.000Z' }),
        ...Array.from({ length: 7 }, (_, i) =>
          postFixture(`kyoto-${i}`, { title: `Kyoto ${i}`, content: 'Tofu and rice.', cityId: kyoto }),
        ),
        ...Array.from({ length: 4 }, (_, i) =>
          postFixture(`osaka-${i}`, { title: `Osaka ${i}`, content: 'Tofu and rice.', cityId: osaka }),
        ),
        postFixture('kyoto-guide', { title: 'Kyoto guide', type: 'guide', content: 'Tofu and temples.', cityId: kyoto }),
        postFixture('osaka-guide', { title: 'Osaka guide', type: 'guide', content: 'Tofu and castles.', cityId: osaka }),
      ];
      for (const post of posts) await insertPost(trx, post);
    });
  });

  const search = (fields: { query: string; type?: 'guide' | 'post'; city?: string; offset?: number }) =>
    searchSite(db, { limit: 20, offset: 0, ...fields }, { countLimit: LIMIT });

  it("says the total only up to the limit ('5+'), and ranks the newest five matches", async () => {
    const answer = await search({ query: 'tofu' });
    expect(answer).toMatchObject({ total: LIMIT, totalExact: false, facetsExact: false });
    expect(answer.hits).toHaveLength(LIMIT);
    // The facets count the same five: lower bounds.
    const { types, cities } = answer.facets;
    expect(types.post + types.guide).toBe(LIMIT);
    expect(cities.reduce((sum, city) => sum + city.count, 0)).toBeLessThanOrEqual(LIMIT);
    // Nothing to page to beyond the five.
    expect((await search({ query: 'tofu', offset: LIMIT })).hits).toEqual([]);
  });

  it('counts a filter exactly below the limit, finding matches the newest five do not hold', async () => {
    const guides = await search({ query: 'tofu', type: 'guide' });
    expect(guides).toMatchObject({ total: 2, totalExact: true });
    expect(guides.hits.map((hit) => hit.url).sort()).toEqual(['/kyoto/guide', '/osaka/guide']);
    expect(guides.facets.types.guide).toBe(2);
    const osaka = await search({ query: 'tofu', city: 'osaka' });
    expect(osaka).toMatchObject({ total: 5, totalExact: true });
    expect(osaka.facets.cities.find((city) => city.slug === 'osaka')?.count).toBe(5);
    const both = await search({ query: 'tofu', type: 'post', city: 'osaka' });
    expect(both).toMatchObject({ total: 4, totalExact: true });
    expect(both.hits.every((hit) => hit.type === 'post' && hit.city?.slug === 'osaka')).toBe(true);
    expect((await search({ query: 'tofu', city: 'kyoto' })).totalExact).toBe(false);
    expect((await search({ query: 'tofu', city: 'nowhere' })).total).toBe(0);
  });

  it('is exact below the limit: every count, and a title match first however old', async () => {
    const answer = await searchSite(db, { query: 'tofu', limit: 20, offset: 0 });
    expect(answer).toMatchObject({ total: 14, totalExact: true, facetsExact: true });
    expect(answer.facets.types).toEqual({ guide: 2, post: 12, restaurant: 0, author: 0, page: 0 });
    expect(answer.facets.cities).toEqual([
      { slug: 'kyoto', name: 'Kyoto', count: 9 },
      { slug: 'osaka', name: 'Osaka', count: 5 },
    ]);
    expect(answer.hits[0]?.title).toBe('Tofu at dawn');
  });

  it('searches the word as typed, not as the start of longer ones, once it alone passes the limit', async () => {
    await commitChange(db, (trx) => insertPost(trx, postFixture('tofuya', { title: 'Tofuya', content: 'Yuba.' })));
    const typed = await search({ query: 'tofu' });
    expect(typed.hits.map((hit) => hit.title)).not.toContain('Tofuya');
    expect((await searchSite(db, { query: 'tofu', limit: 20, offset: 0 })).hits.map((hit) => hit.title)).toContain('Tofuya');
  });
});
