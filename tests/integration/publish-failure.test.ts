import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeFile } from '@forkcast/admin-api';
import { getPostBySlug, pendingOutbox, tagSlugs } from '@forkcast/content-db';
import { parsePublishFailure, parsePublishReport, PUBLISH_HEADER, type PublishStatus } from '@forkcast/shared/contracts';
import { seed } from '@forkcast/content-db/seed';
import { fullBuildOf, readTree, treeDifferences } from './compare.ts';
import { publishingSite, type PublishingSite } from './support.ts';

const SLUG = 'osaka-kushikatsu-night-crawl';
const POST = `/osaka/${SLUG}`;
const json = (method: string, body: unknown) => ({ method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

async function until<T>(check: () => Promise<T | undefined>, what: string): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// One page the publisher cannot write (a folder stands where its file goes: refused even for root)
// or cannot render must not stop the others, nor make a write look like a plain success: the change
// is saved and published everywhere else, the answer names the stuck page and why, the page keeps
// its last good version, and it is published on its own once the fault is gone.
describe('a publish that meets a page it cannot write or render', () => {
  let site: PublishingSite;
  beforeAll(async () => {
    site = await publishingSite(({ db }) => seed(db).then(() => undefined));
  });
  afterAll(() => site?.cleanup());

  const status = async () => (await (await site.request('/api/admin/publish-status')).json()) as PublishStatus;
  const heroChange = (heroImage: string) =>
    site.request(`/api/posts/${SLUG}/hero-image`, json('PATCH', { heroImage, alt: 'Skewers at the counter' }));

  it('publishes every other page, says which page is not live and why, and keeps the last good one', async () => {
    const file = join(site.dist.siteDir, routeFile(POST));
    const before = readFileSync(file);
    rmSync(file);
    mkdirSync(file);
    writeFileSync(join(file, 'keep'), 'a folder where the page goes');

    const response = await heroChange('/images/presets/food-plating.jpg');
    expect(response.status).toBe(200);
    expect(parsePublishReport(response.headers.get(PUBLISH_HEADER))).toBeUndefined();
    expect(parsePublishFailure(response.headers.get(PUBLISH_HEADER))?.reason).toMatch(
      new RegExp(`^${POST}: EISDIR: illegal operation on a directory`),
    );
    // The write is done with: nothing waits in the outbox, and the listings show the new image.
    expect(await pendingOutbox(site.handle.db)).toEqual([]);
    expect(site.page('/posts')).toContain('/images/presets/food-plating');
    const [failing] = (await status()).failingRoutes;
    expect(failing).toMatchObject({ path: POST, attempts: 1, error: expect.stringMatching(/^EISDIR/) });

    // The fault goes away; nobody writes again: the background retry publishes the page.
    rmSync(file, { recursive: true });
    writeFileSync(file, before);
    await until(async () => ((await status()).failingRoutes.length === 0 ? true : undefined), 'the retry');
    expect(site.page(POST)).toContain('/images/presets/food-plating');
    expect(treeDifferences(readTree(site.dist.siteDir), await fullBuildOf(site.handle.db))).toEqual([]);
  });

  it('isolates a page that throws while rendering the same way', async () => {
    const { id, tags } = (await getPostBySlug(site.handle.db, SLUG))!;
    const good = site.page(POST);
    // Tags that are JSON but not a list make the pages that show the post's tags throw: its own
    // page (and any other that lists them), not the listings of its cards.
    await site.handle.db.updateTable('posts').set({ tags: '{"length":1}' }).where('id', '=', id).execute();
    const response = await heroChange('/images/presets/restaurant-interior.jpg');
    const mayBreak = [POST, ...tagSlugs(tags).map(({ slug }) => `/tags/${slug}`)];
    const broken = (await status()).failingRoutes.map((route) => route.path);
    expect(broken).toContain(POST);
    expect(broken.every((path) => mayBreak.includes(path))).toBe(true);
    const among = broken.length > 1 ? `${broken.length} pages, among them ` : '';
    expect(parsePublishFailure(response.headers.get(PUBLISH_HEADER))?.reason).toMatch(new RegExp(`^${among}${POST}: `));
    expect(site.page(POST)).toBe(good);
    expect(site.page('/posts')).toContain('/images/presets/restaurant-interior');

    await site.handle.db
      .updateTable('posts')
      .set({ tags: JSON.stringify(tags) })
      .where('id', '=', id)
      .execute();
    await until(async () => ((await status()).failingRoutes.length === 0 ? true : undefined), 'the retry');
    expect(site.page(POST)).toContain('/images/presets/restaurant-interior');
  });
});
