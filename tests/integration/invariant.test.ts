import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '@forkcast/content-db/testing/random';
import { createUser, listBlocks, listCities, listPosts, listUsers, nowIso, splitParagraphs, type Post } from '@forkcast/content-db';
import { slugify } from '@forkcast/shared/slugs';
import { parsePublishReport, PUBLISH_HEADER } from '@forkcast/shared/contracts';
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

const HEROES = [
  '/images/presets/mountain-trail.jpg',
  '/images/posts/tea.jpg',
  'https://images.example/hero.jpg',
  '/images/cities/vienna.jpg',
];
const json = (method: string, body: unknown) => ({ method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** What a write did: a line for the failure log, and the API's answer when it made a call. */
interface Outcome {
  label: string;
  response?: Response;
}
type Write = (site: PublishingSite, random: () => number) => Promise<Outcome>;

const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
/** Images arrive with or without alt text, and the fallback for a missing one must publish the same way. */
const someAlt = (random: () => number): { alt?: string } => (random() < 0.5 ? { alt: `Described view ${Math.floor(random() * 1e4)}` } : {});

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
    return { label: `block ${post.slug}@${position}`, response };
  },
  async deleteBlock(site, random) {
    const blocks = await site.handle.db.selectFrom('contentBlocks').select(['id', 'postId']).orderBy('id').execute();
    if (blocks.length === 0) return { label: 'no block to delete' };
    const block = pick(random, blocks);
    return { label: 'delete block', response: await site.request(`/api/posts/${block.postId}/blocks/${block.id}`, { method: 'DELETE' }) };
  },
  async addItem(site, random) {
    const post = await anyPost(site, random, true);
    const position = Math.floor(random() * (splitParagraphs(post.content).length + 1));
    const item =
      random() < 0.5
        ? { type: 'text', content: `A note ${Math.floor(random() * 1e6)}.` }
        : { type: 'image', content: pick(random, HEROES), ...someAlt(random) };
    return {
      label: `item ${post.slug}@${position}`,
      response: await site.request(`/api/posts/${post.id}/content`, json('POST', { ...item, position })),
    };
  },
  async deleteItem(site, random) {
    const items = await site.handle.db.selectFrom('postContentItems').select(['id', 'postId']).orderBy('id').execute();
    if (items.length === 0) return { label: 'no item to delete' };
    const item = pick(random, items);
    return { label: 'delete item', response: await site.request(`/api/posts/${item.postId}/content/${item.id}`, { method: 'DELETE' }) };
  },
  async postHero(site, random) {
    const post = await anyPost(site, random);
    return {
      label: `hero ${post.slug}`,
      response: await site.request(
        `/api/posts/${post.slug}/hero-image`,
        json('PATCH', { heroImage: pick(random, HEROES), ...someAlt(random) }),
      ),
    };
  },
  async homeHero(site, random) {
    return {
      label: 'home hero',
      response: await site.request('/api/hero/update-image', json('POST', { imageUrl: pick(random, HEROES), ...someAlt(random) })),
    };
  },
  async togglePublished(site, random) {
    const post = await anyPost(site, random);
    return {
      label: `published ${post.slug}=${!post.published}`,
      response: await site.request(`/api/posts/${post.slug}/published`, json('PATCH', { published: !post.published })),
    };
  },
  async citySpreadsheet(site, random) {
    const city = pick(random, await listCities(site.handle.db));
    const spreadsheetUrl = random() < 0.3 ? null : `https://sheets.example/${city.slug}/${Math.floor(random() * 1e4)}`;
    return { label: `spreadsheet ${city.slug}`, response: await site.request(`/api/cities/${city.id}`, json('PATCH', { spreadsheetUrl })) };
  },
  async createPost(site, random) {
    const city = random() < 0.7 ? pick(random, await listCities(site.handle.db)) : undefined;
    const n = Math.floor(random() * 1e6);
    const status = pick(random, ['published', 'published', 'draft'] as const);
    return {
      label: `create post ${n} (${status}) in ${city?.slug ?? 'no city'}`,
      response: await site.request(
        '/api/posts',
        json('POST', {
          title: `New dish ${n}`,
          excerpt: `Excerpt ${n}.`,
          content: `First ${n}.\n\nSecond.`,
          cityId: city?.id ?? null,
          tags: ['new', `t${n % 5}`],
          status,
        }),
      ),
    };
  },
  async changePost(site, random) {
    const post = await anyPost(site, random);
    const cities = await listCities(site.handle.db);
    const users = (await listUsers(site.handle.db)).map((user) => user.id);
    const n = Math.floor(random() * 1e6);
    const change = pick(random, [
      // Who wrote it: one author, or two in either order (bylines, author pages and their lists follow).
      { authorIds: [pick(random, users)] },
      { authorIds: [...new Set([pick(random, users), pick(random, users)])] },
      { title: `Retitled ${n}` },
      { slug: `moved-${n}` },
      { excerpt: `New excerpt ${n}.`, tags: [`t${n % 5}`] },
      { content: `Rewritten ${n}.\n\nAgain.` },
      ...(post.type === 'post' ? [{ cityId: pick(random, cities).id }, { cityId: null }] : []),
      { status: post.published ? 'draft' : 'published' },
      { status: 'scheduled', publishAt: new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString() },
    ]);
    return {
      label: `change ${post.slug} ${JSON.stringify(change)}`,
      response: await site.request(`/api/posts/${post.id}`, json('PATCH', change)),
    };
  },
  async changeAuthor(site, random) {
    const user = pick(random, await listUsers(site.handle.db));
    const n = Math.floor(random() * 1e6);
    const change = pick(random, [
      { name: `Writer ${n}` },
      { slug: `writer-${n}` },
      { bio: `Eats ${n} dumplings a week.` },
      { avatar: random() < 0.3 ? null : pick(random, HEROES) },
    ]);
    return {
      label: `change author ${user.slug} ${JSON.stringify(change)}`,
      response: await site.request(`/api/users/${user.id}`, json('PATCH', change)),
    };
  },
  async deleteAuthor(site, random) {
    const users = await listUsers(site.handle.db);
    const leaving = users.filter((user) => user.role !== 'owner');
    if (leaving.length === 0) return { label: 'no author to delete' };
    const user = pick(random, leaving);
    const heir = pick(
      random,
      users.filter((other) => other.id !== user.id),
    );
    return {
      label: `delete author ${user.slug}, posts to ${heir.slug}`,
      response: await site.request(`/api/users/${user.id}`, json('DELETE', { reassignTo: heir.id })),
    };
  },
  async deletePost(site, random) {
    const post = await anyPost(site, random);
    return { label: `delete ${post.slug}`, response: await site.request(`/api/posts/${post.id}`, { method: 'DELETE' }) };
  },
  async createCity(site, random) {
    const n = Math.floor(random() * 1e6);
    return {
      label: `create city ${n}`,
      response: await site.request('/api/cities', json('POST', { name: `Town ${n}`, description: `About ${n}.` })),
    };
  },
  async changeCity(site, random) {
    const city = pick(random, await listCities(site.handle.db));
    const n = Math.floor(random() * 1e6);
    const change = pick(random, [
      { name: `Renamed ${n}` },
      { slug: `place-${n}` },
      { description: `Now ${n}.` },
      { heroImage: pick(random, HEROES) },
    ]);
    return {
      label: `change city ${city.slug} ${JSON.stringify(change)}`,
      response: await site.request(`/api/cities/${city.id}`, json('PATCH', change)),
    };
  },
  async generateGuide(site, random) {
    const city = pick(random, ['Porto', 'Kyoto', 'Bologna', 'Lisbon']);
    const rows = Array.from(
      { length: 2 + Math.floor(random() * 4) },
      (_, i) => `${1 + (i % 3)},lunch,Place ${i} ${Math.floor(random() * 1e4)},Centre,Local,"Order the special, twice.",${i} Main St,`,
    );
    const form = new FormData();
    form.append(
      'csvFile',
      new File([['day,meal,restaurant,neighborhood,cuisine,notes,address,url', ...rows].join('\n')], 'guide.csv', { type: 'text/csv' }),
    );
    form.append('cityName', city);
    return { label: `guide ${city}`, response: await site.request('/api/admin/generate-guide', { method: 'POST', body: form }) };
  },
  // Going back. A restore can be refused (409) when its place is taken (a slug another post took, a
  // city that has another guide now): a refusal changes nothing, which the tree comparison checks.
  async restoreVersion(site, random) {
    const revisions = await site.handle.db
      .selectFrom('revisions')
      .select(['id', 'entity', 'entityId', 'title'])
      .where('state', 'is not', null)
      .orderBy('id')
      .execute();
    if (revisions.length === 0) return { label: 'no version to restore' };
    const revision = pick(random, revisions);
    const response = await site.request(`/api/revisions/${revision.id}/restore`, { method: 'POST' });
    return refusedOr(`restore ${revision.entity} '${revision.title}' to version ${revision.id}`, response);
  },
  async undoLast(site) {
    const last = await site.handle.db.selectFrom('changes').select('id').orderBy('id', 'desc').executeTakeFirst();
    if (!last) return { label: 'nothing to undo' };
    return refusedOr(`undo change ${last.id}`, await site.request(`/api/changes/${last.id}/undo`, { method: 'POST' }));
  },
  async restoreFromTrash(site, random) {
    const trashed = await site.handle.db.selectFrom('trash').select(['kind', 'entityId', 'title']).orderBy('id').execute();
    if (trashed.length === 0) return { label: 'empty trash' };
    const entry = pick(random, trashed);
    const response = await site.request(`/api/trash/${entry.kind}/${entry.entityId}/restore`, { method: 'POST' });
    return refusedOr(`restore ${entry.kind} '${entry.title}' from the trash`, response);
  },
  // About, Terms or Privacy edited in place: a new section, sometimes a new title or layout.
  async editPage(site, random) {
    const pages = await site.handle.db.selectFrom('sitePages').select(['id', 'slug', 'content']).orderBy('id').execute();
    const page = pick(random, pages);
    const change = {
      content: `${page.content}\n\n## Added ${Math.floor(random() * 1e6)}\n\nA note from {site}.`,
      ...(random() < 0.3 && { title: `Title ${Math.floor(random() * 1e4)}` }),
      ...(random() < 0.2 && { layout: pick(random, ['standard', 'about', 'legal'] as const) }),
    };
    return {
      label: `page ${page.slug} ${JSON.stringify(Object.keys(change))}`,
      response: await site.request(`/api/pages/${page.id}`, json('PATCH', change)),
    };
  },
};

/** A refused restore (409) is reported as a line without a call; anything else is the call's outcome. */
async function refusedOr(label: string, response: Response): Promise<Outcome> {
  if (response.status !== 409) return { label, response };
  return { label: `${label}: refused, ${((await response.json()) as { message: string }).message}` };
}

describe('incremental publishing equals a full build', () => {
  let site: PublishingSite;
  beforeAll(async () => {
    site = await publishingSite(async ({ db }) => {
      await seed(db);
      // Authors besides the owner, for bylines to name, change and lose.
      for (const name of ['Jun Sato', 'Eda Kaya', 'Tomas Lind'])
        await createUser(db, { email: `${slugify(name)}@forkcast.test`, passwordHash: 'x', name, role: 'author', now: nowIso() });
    });
  });
  afterAll(() => site?.cleanup());

  it('starts equal', async () => {
    expect(treeDifferences(readTree(site.dist.siteDir), await fullBuildOf(site.handle.db))).toEqual([]);
  });

  for (let sequence = 0; sequence < SEQUENCES; sequence++) {
    const seedValue = BASE_SEED + sequence;
    it(`stays equal after random write sequence ${sequence + 1} (seed ${seedValue})`, async () => {
      const random = seededRandom(seedValue);
      const log: string[] = [];
      let calls = 0;
      let pagesChanged = 0;
      for (let step = 0; step < WRITES_PER_SEQUENCE; step++) {
        const name = pick(random, Object.keys(WRITES));
        const { label, response } = await WRITES[name]!(site, random);
        const publish = parsePublishReport(response?.headers.get(PUBLISH_HEADER));
        log.push(`${name}: ${label}${response ? `: ${response.status}, ${publish?.pages ?? 'no'} pages` : ''}`);
        if (!response) continue;
        calls++;
        pagesChanged += publish?.pages ?? 0;
      }
      // Every write here is valid, so every call must succeed: a sequence of refusals would leave
      // both trees untouched and prove nothing.
      expect(
        log.filter((line) => /: (?!2\d\d,)\d{3}, /.test(line)),
        log.join('\n'),
      ).toEqual([]);
      expect(calls, log.join('\n')).toBeGreaterThanOrEqual(WRITES_PER_SEQUENCE / 2);
      expect(pagesChanged, log.join('\n')).toBeGreaterThan(0);
      expect(treeDifferences(readTree(site.dist.siteDir), await fullBuildOf(site.handle.db)), log.join('\n')).toEqual([]);
    });
  }

  // After every sequence the site holds what random writes made of the seed: exported and imported
  // into an empty site, it must publish the same bytes, and export again the same document.
  it('exports into an empty site that publishes the same bytes', async () => {
    const exported = await site.request('/api/export', { admin: true });
    expect(exported.status).toBe(200);
    const document = (await exported.json()) as { exportedAt: string };
    const target = await publishingSite(async () => {});
    try {
      const imported = await target.request('/api/import', {
        admin: true,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(document),
      });
      expect(imported.status, await imported.clone().text()).toBe(200);
      expect(treeDifferences(readTree(target.dist.siteDir), await fullBuildOf(site.handle.db))).toEqual([]);
      const again = (await (await target.request('/api/export', { admin: true })).json()) as { exportedAt: string };
      expect({ ...again, exportedAt: document.exportedAt }).toEqual(document);
    } finally {
      await target.cleanup();
    }
  });
});
