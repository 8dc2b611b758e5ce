import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchType } from '@forkcast/shared/contracts';
import { seed } from '../seed/index.ts';
import { createTempDb, type TempDb } from '../testing.ts';
import { searchSite } from './query.ts';

// What the seeded site answers, pinned: bounding the work of a search must not change the results
// of a site whose queries all match fewer rows than the bound.
describe('search over the seeded site', () => {
  let handle: TempDb;
  beforeAll(async () => {
    handle = await createTempDb();
    await seed(handle.db);
  });
  afterAll(() => handle.cleanup());

  const found = async (query: string, filters: { type?: SearchType; city?: string } = {}) => {
    const answer = await searchSite(handle.db, { query, limit: 10, offset: 0, ...filters });
    return {
      total: answer.total,
      types: answer.facets.types,
      cities: answer.facets.cities.map((city) => `${city.slug} ${city.count}`),
      hits: answer.hits.map((hit) => `${hit.type} ${hit.url} ${hit.title}`),
    };
  };

  it.each([['ramen'], ['the'], ['coffee'], ['market'], ['kyoto'], ['sushi breakfast'], ['street food'], ['ra']])(
    'pins the results of %s',
    async (query) => {
      expect(await found(query)).toMatchSnapshot();
    },
  );

  it('pins the results under a type and a city filter', async () => {
    expect(await found('the', { type: 'restaurant' })).toMatchSnapshot();
    expect(await found('the', { city: 'kyoto' })).toMatchSnapshot();
    expect(await found('food', { type: 'post', city: 'lisbon' })).toMatchSnapshot();
  });

  it('pins the second page of a common word', async () => {
    const answer = await searchSite(handle.db, { query: 'the', limit: 10, offset: 10 });
    expect(answer.hits.map((hit) => hit.url)).toMatchSnapshot();
  });
});
