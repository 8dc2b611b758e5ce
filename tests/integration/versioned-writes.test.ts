import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitChange, listPosts, updatePost, type Post } from '@forkcast/content-db';
import { seed } from '@forkcast/content-db/seed';
import { readTree, treeDifferences } from './compare.ts';
import { publishingSite, type PublishingSite } from './support.ts';

const json = (method: string, body: unknown, version: number) => ({
  method,
  headers: { 'content-type': 'application/json', 'If-Match': `"${version}"` },
  body: JSON.stringify(body),
});

// The real publisher over a seeded site: a write made to an earlier version of a post is refused
// before anything is written, so the site folder is untouched too; made to the current one, it is
// published before it answers.
describe('a write made to an earlier version, on a publishing site', () => {
  let site: PublishingSite;
  let post: Post;
  let path: string;

  beforeAll(async () => {
    site = await publishingSite(({ db }) => seed(db).then(() => undefined));
    post = (await listPosts(site.handle.db, { publishedOnly: true, type: 'post', limit: 1 }))[0]!;
    path = ((await (await site.request(`/api/posts/${post.id}/edit`)).json()) as { url: string }).url;
  });
  afterAll(() => site?.cleanup());

  const version = async () => ((await (await site.request(`/api/posts/${post.id}/edit`)).json()) as { version: number }).version;
  const page = () =>
    readTree(site.dist.siteDir)
      .get(`${path.slice(1)}/index.html`)
      ?.toString('utf8') ?? '';

  it('changes no file of the site folder', async () => {
    const mine = await version();
    await commitChange(
      site.handle.db,
      (trx) => updatePost(trx, post.id, { excerpt: 'Theirs, first.', updatedAt: new Date().toISOString() }),
      {
        actor: 'ana@forkcast.test',
      },
    );
    await site.publisher.publishPending();
    const before = readTree(site.dist.siteDir);

    const stale = await site.request(`/api/posts/${post.id}`, json('PATCH', { title: 'Mine, on the old version' }, mine));
    expect(stale.status).toBe(412);
    expect(await stale.json()).toMatchObject({ code: 'stale_version', changedBy: 'ana@forkcast.test' });
    expect(treeDifferences(before, readTree(site.dist.siteDir))).toEqual([]);
    expect(page()).not.toContain('Mine, on the old version');

    const fresh = await site.request(`/api/posts/${post.id}`, json('PATCH', { title: 'Mine, on theirs' }, await version()));
    expect(fresh.status).toBe(200);
    expect(page()).toContain('Mine, on theirs');
    expect(page()).toContain('Theirs, first.');
  });
});
