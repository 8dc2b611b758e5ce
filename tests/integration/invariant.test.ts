import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mulberry32 } from '../../scripts/images/core.ts';
import { listBlocks, listCities, listContentItems, listPosts, splitParagraphs, type Post } from '@forkcast/content-db';
import { seed } from '@forkcast/content-db/seed';
import { fullBuildOf, readTree, treeDifferences } from './compare.ts';
import { publishingSite, type PublishingSite } from './support.ts';

// Incremental == full: after any sequence of writes through the API, the site folder is
// byte-identical to a fresh full build of the same database. Sequences are random but seeded, so
// a failure names the seed that reproduces it.
// More sequences: INVARIANT_SEQUENCES=50 make test.
const SEQUENCES = Number(process.env.INVARIANT_SEQUENCES ?? 8);
const WRITES_PER_SEQUENCE = 8;
const BASE_SEED = 20_261_121;


const HEROES = ['/images/presets/mountain-trail.jpg', '/images/posts/tea.jpg', 'https://images.example/hero.jpg', '/images/cities/vienna.jpg'];
const json = (method: string, body: unknown) => ({ method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

type Write = (site: PublishingSite, random: () => number) => Promise<string>;

const pick = <T,>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

async function anyPost(site: PublishingSite, random: () => number, publishedOnly = false): Promise<Post> {
  return pick(random, await listPosts(site.handle.db, { publishedOnly }));
}

const WRITES: Record<string, Write> = {
  async editBlock(site, random) {
    const post = await anyPost(site, random, true);
    const count = splitParagraphs(post.content).length;
    const position = Math.floor(random() * count);
    const existing = (await listBlocks(site.handle.db, post.id)).find((block) => block.position === position);
    const content = `Edited ${Math.floor(random() * 1e6)} with **bold** and a [link](https://example.com).`;
    const response = existing
      ? await site.request(`/api/posts/${post.id}/blocks/${existing.id}`, json('PUT', { content }))
      : await site.request(`/api/posts/${post.id}/blocks`, json('POST', { content, position, isOriginal: true }));
    return `block ${post.slug}@${position}: ${response.status}`;
  },
  async deleteBlock(site, random) {
    const post = await anyPost(site, random);
    const block = (await listBlocks(site.handle.db, post.id))[0];
    if (!block) return 'no block to delete';
    return `delete block: ${(await site.request(`/api/posts/${post.id}/blocks/${block.id}`, { method: 'DELETE' })).status}`;
  },
  async addItem(site, random) {
    const post = await anyPost(site, random, true);
    const position = Math.floor(random() * (splitParagraphs(post.content).length + 1));
    const item = random() < 0.5 ? { type: 'text', content: `A note ${Math.floor(random() * 1e6)}.` } : { type: 'image', content: pick(random, HEROES) };
    return `item ${post.slug}@${position}: ${(await site.request(`/api/posts/${post.id}/content`, json('POST', { ...item, position }))).status}`;
  },
  async deleteItem(site, random) {
    const post = await anyPost(site, random);
    const item = (await listContentItems(site.handle.db, post.id))[0];
    if (!item) return 'no item to delete';
    return `delete item: ${(await site.request(`/api/posts/${post.id}/content/${item.id}`, { method: 'DELETE' })).status}`;
  },
  async postHero(site, random) {
    const post = await anyPost(site, random);
    return `hero ${post.slug}: ${(await site.request(`/api/posts/${post.slug}/hero-image`, json('PATCH', { heroImage: pick(random, HEROES) }))).status}`;
  },
  async homeHero(site, random) {
    return `home hero: ${(await site.request('/api/hero/update-image', json('POST', { imageUrl: pick(random, HEROES) }))).status}`;
  },
  async togglePublished(site, random) {
    const post = await anyPost(site, random);
    return `published ${post.slug}=${!post.published}: ${(await site.request(`/api/posts/${post.slug}/published`, json('PATCH', { published: !post.published }))).status}`;
  },
  async citySpreadsheet(site, random) {
    const city = pick(random, await listCities(site.handle.db));
    const spreadsheetUrl = random() < 0.3 ? null : `https://sheets.example/${city.slug}/${Math.floor(random() * 1e4)}`;
    return `spreadsheet ${city.slug}: ${(await site.request(`/api/cities/${city.id}`, json('PATCH', { spreadsheetUrl }))).status}`;
  },
  async generateGuide(site, random) {
    const city = pick(random, ['Porto', 'Kyoto', 'Bologna', 'Lisbon']);
    const rows = Array.from({ length: 2 + Math.floor(random() * 4) }, (_, i) => `${1 + (i % 3)},lunch,Place ${i} ${Math.floor(random() * 1e4)},Centre,Local,"Order the special, twice.",${i} Main St,`);
    const form = new FormData();
    form.append('csvFile', new File([['day,meal,restaurant,neighborhood,cuisine,notes,address,url', ...rows].join('\n')], 'guide.csv', { type: 'text/csv' }));
    form.append('cityName', city);
    return `guide ${city}: ${(await site.request('/api/admin/generate-guide', { method: 'POST', body: form })).status}`;
  },
};

describe('incremental publishing equals a full build', () => {
  let site: PublishingSite;
  beforeAll(async () => {
    site = await publishingSite(({ db }) => seed(db).then(() => undefined));
  });
  afterAll(() => site?.cleanup());

  it('starts equal', async () => {
    expect(treeDifferences(readTree(site.dist.siteDir), await fullBuildOf(site.handle.db))).toEqual([]);
  });

  for (let sequence = 0; sequence < SEQUENCES; sequence++) {
    const seedValue = BASE_SEED + sequence;
    it(`stays equal after random write sequence ${sequence + 1} (seed ${seedValue})`, async () => {
      const random = mulberry32(seedValue);
      const log: string[] = [];
      for (let step = 0; step < WRITES_PER_SEQUENCE; step++) {
        const name = pick(random, Object.keys(WRITES));
        log.push(`${name}: ${await WRITES[name]!(site, random)}`);
      }
      expect(log.filter((line) => / 5\d\d$/.test(line)), log.join('\n')).toEqual([]);
      expect(treeDifferences(readTree(site.dist.siteDir), await fullBuildOf(site.handle.db)), log.join('\n')).toEqual([]);
    });
  }
});
