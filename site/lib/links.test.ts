import { describe, expect, it } from 'vitest';
import { citiesById, guidePath, postCity, postPath } from './links.ts';

const cities = citiesById([
  { id: 1, slug: 'kyoto', name: 'Kyoto' },
  { id: 2, slug: 'san-francisco', name: 'San Francisco' },
]);

describe('post card links', () => {
  it('links a guide with a city to the city guide', () => {
    expect(postPath({ slug: 'kyoto-food-guide', type: 'guide', cityId: 1 }, cities)).toBe('/kyoto/guide');
  });

  it('links a post with a city under the city', () => {
    expect(postPath({ slug: 'mission-burritos', type: 'post', cityId: 2 }, cities)).toBe('/san-francisco/mission-burritos');
  });

  it('links a post with no city to /post/{slug}', () => {
    expect(postPath({ slug: 'packing-a-food-kit', type: 'post', cityId: null }, cities)).toBe('/post/packing-a-food-kit');
    expect(postPath({ slug: 'orphan-guide', type: 'guide', cityId: null }, cities)).toBe('/post/orphan-guide');
  });

  it("uses the 'unknown' city when the id matches none", () => {
    expect(postPath({ slug: 'lost', type: 'post', cityId: 99 }, cities)).toBe('/unknown/lost');
    expect(postPath({ slug: 'lost-guide', type: 'guide', cityId: 99 }, cities)).toBe('/unknown/guide');
    expect(postCity({ slug: 'lost', type: 'post', cityId: 99 }, cities)).toEqual({ slug: 'unknown', name: 'Unknown' });
  });

  it('names the city of a post, or none without a city', () => {
    expect(postCity({ slug: 'x', type: 'post', cityId: 1 }, cities)?.name).toBe('Kyoto');
    expect(postCity({ slug: 'x', type: 'post', cityId: null }, cities)).toBeUndefined();
  });

  it('builds guide paths from the city slug', () => {
    expect(guidePath({ slug: 'osaka' })).toBe('/osaka/guide');
  });
});
