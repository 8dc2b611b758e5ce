import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  addContentItem,
  commitChange,
  createBlock,
  HOME_HERO,
  insertCity,
  SETTING,
  setSetting,
  updateCity,
  updatePost,
  type Db,
  type EntityRef,
} from '@forkcast/content-db';
import { insertTestPost } from '@forkcast/content-db/testing';
import type { OpenAPIV3_1 } from 'openapi-types';
import { mountedApi } from '../api-routes.ts';
import { openApiDocument } from '../openapi/document.ts';
import { createTestApp, json, type RequestOptions, type TestApp } from '../testing.ts';

const T0 = '2025-01-01T00:00:00.000Z';
const THEIRS_AT = '2025-03-01T12:00:00.000Z';
const ANA = 'ana@forkcast.test';

interface Fixture {
  cityId: number;
  emptyCityId: number;
  postId: number;
  blockId: number;
  itemId: number;
}

interface WriteCase {
  name: string;
  entity: (f: Fixture) => EntityRef;
  request: (f: Fixture) => [path: string, init: RequestOptions];
  status: number;
}

const post = (f: Fixture): EntityRef => ({ entity: 'post', id: f.postId });

/** Every versioned write of the API, as an editor would send it. */
const WRITES: WriteCase[] = [
  { name: 'PATCH /api/posts/:id', entity: post, request: (f) => [`/api/posts/${f.postId}`, json('PATCH', { title: 'Mine' })], status: 200 },
  { name: 'DELETE /api/posts/:id', entity: post, request: (f) => [`/api/posts/${f.postId}`, { method: 'DELETE' }], status: 204 },
  {
    name: 'PATCH /api/posts/:slug/hero-image',
    entity: post,
    request: () => ['/api/posts/ramen/hero-image', json('PATCH', { heroImage: '/images/presets/food-plating.jpg' })],
    status: 200,
  },
  {
    name: 'PATCH /api/posts/:slug/published',
    entity: post,
    request: () => ['/api/posts/ramen/published', json('PATCH', { published: false })],
    status: 200,
  },
  {
    name: 'POST /api/posts/:postId/blocks',
    entity: post,
    request: (f) => [`/api/posts/${f.postId}/blocks`, json('POST', { content: 'Mine.', position: 1, isOriginal: true })],
    status: 201,
  },
  {
    name: 'PUT /api/posts/:postId/blocks/:blockId',
    entity: post,
    request: (f) => [`/api/posts/${f.postId}/blocks/${f.blockId}`, json('PUT', { content: 'Mine.' })],
    status: 200,
  },
  {
    name: 'DELETE /api/posts/:postId/blocks/:blockId',
    entity: post,
    request: (f) => [`/api/posts/${f.postId}/blocks/${f.blockId}`, { method: 'DELETE' }],
    status: 204,
  },
  {
    name: 'POST /api/posts/:postId/content',
    entity: post,
    request: (f) => [`/api/posts/${f.postId}/content`, json('POST', { type: 'text', content: 'Mine.', position: 1 })],
    status: 201,
  },
  {
    name: 'DELETE /api/posts/:postId/content/:contentId',
    entity: post,
    request: (f) => [`/api/posts/${f.postId}/content/${f.itemId}`, { method: 'DELETE' }],
    status: 204,
  },
  {
    name: 'PATCH /api/cities/:id',
    entity: (f) => ({ entity: 'city', id: f.cityId }),
    request: (f) => [`/api/cities/${f.cityId}`, json('PATCH', { description: 'Mine.' })],
    status: 200,
  },
  {
    name: 'DELETE /api/cities/:id',
    entity: (f) => ({ entity: 'city', id: f.emptyCityId }),
    request: (f) => [`/api/cities/${f.emptyCityId}`, { method: 'DELETE' }],
    status: 204,
  },
  {
    name: 'POST /api/hero/update-image',
    entity: () => HOME_HERO,
    request: () => ['/api/hero/update-image', json('POST', { imageUrl: '/images/presets/london-bridge.jpg' })],
    status: 200,
  },
];

/** Someone else's change to the entity, made through the one write path as they would make it. */
async function theirChange(db: Db, ref: EntityRef): Promise<void> {
  await commitChange(
    db,
    async (trx) => {
      if (ref.entity === 'post') await updatePost(trx, ref.id, { title: 'Theirs', updatedAt: THEIRS_AT });
      else if (ref.entity === 'city') await updateCity(trx, ref.id, { description: 'Theirs.', updatedAt: THEIRS_AT });
      else await setSetting(trx, SETTING.homepageHeroImage, '/images/presets/food-plating.jpg', THEIRS_AT);
    },
    { actor: ANA, now: THEIRS_AT },
  );
}

/** Everything a write could change: the content, its history, the outbox and the trash. */
async function everything(db: Db): Promise<unknown> {
  const tables = [
    'posts',
    'contentBlocks',
    'postContentItems',
    'cities',
    'restaurants',
    'settings',
    'revisions',
    'changes',
    'outbox',
    'trash',
  ] as const;
  const rows: Record<string, unknown> = {};
  for (const table of tables) rows[table] = await db.selectFrom(table).selectAll().execute();
  return rows;
}

describe('versioned writes', () => {
  let t: TestApp;
  let cookie: string;
  let f: Fixture;

  beforeEach(async () => {
    t = await createTestApp();
    const db = t.handle.db;
    const city = (slug: string) =>
      insertCity(db, {
        slug,
        name: slug,
        heroImage: null,
        mapEmbedUrl: null,
        itineraryUrl: null,
        spreadsheetUrl: null,
        createdAt: T0,
        updatedAt: T0,
      });
    const cityId = await city('kyoto');
    const emptyCityId = await city('osaka');
    const postId = await insertTestPost(db, 'ramen', { cityId, content: 'First.\n\nSecond.\n\nThird.' });
    const block = await createBlock(db, { postId, content: 'First, edited.', position: 0, isOriginal: true, now: T0 });
    const item = await addContentItem(db, { postId, type: 'text', content: 'A tip.', position: 2, now: T0 });
    f = { cityId, emptyCityId, postId, blockId: block.id, itemId: item.id };
    cookie = await t.signIn();
  });
  afterEach(() => t.cleanup());

  /** The entity's version as its editor reads it: the JSON's `version`, the same as the ETag. */
  async function versionOf(ref: EntityRef): Promise<number> {
    const path =
      ref.entity === 'post' ? `/api/posts/${ref.id}/edit` : ref.entity === 'city' ? `/api/admin/cities/${ref.id}` : '/api/hero/image';
    const res = await t.request(path, { cookie });
    expect(res.status).toBe(200);
    const { version } = (await res.json()) as { version: number };
    expect(res.headers.get('ETag')).toBe(`"${version}"`);
    return version;
  }

  const send = (write: WriteCase, ifMatch: string | undefined) => {
    const [path, init] = write.request(f);
    const headers = new Headers(init.headers);
    if (ifMatch !== undefined) headers.set('If-Match', ifMatch);
    return t.request(path, { ...init, headers, cookie });
  };

  describe.each(WRITES.map((write) => [write.name, write] as const))('%s', (_, write) => {
    it('made to an earlier version: 412 with the current version and who changed it, and nothing changes', async () => {
      const ref = write.entity(f);
      const mine = await versionOf(ref);
      await theirChange(t.handle.db, ref);
      const current = await versionOf(ref);
      expect(current).toBeGreaterThan(mine);
      const before = await everything(t.handle.db);

      const res = await send(write, `"${mine}"`);
      expect(res.status).toBe(412);
      const body = (await res.json()) as Record<string, unknown>;
      expect(body).toMatchObject({ code: 'stale_version', currentVersion: current, changedBy: ANA, changedAt: THEIRS_AT });
      expect(body.message).toContain(`${ANA} changed this`);
      expect(body.changes).toEqual(expect.arrayContaining([expect.objectContaining({ label: expect.any(String) })]));
      expect(await everything(t.handle.db)).toEqual(before);
    });

    it('made to the current version: done, and answered with the new version', async () => {
      const ref = write.entity(f);
      const mine = await versionOf(ref);
      const res = await send(write, `"${mine}"`);
      expect(res.status, await res.clone().text()).toBe(write.status);
      const tag = res.headers.get('ETag');
      expect(tag).toMatch(/^"\d+"$/);
      const version = Number(JSON.parse(tag!));
      expect(version).toBeGreaterThan(mine);
      if (write.status !== 204) expect(((await res.json()) as { version: number }).version).toBe(version);
    });
  });

  it('are described as such by the OpenAPI document: If-Match, the 412 and the ETag', async () => {
    const doc = await openApiDocument(mountedApi());
    for (const write of WRITES) {
      const [method, path] = write.name.split(' ') as [string, string];
      const template = path.replace(/:(\w+)/g, '{$1}');
      const item = Object.entries(doc.paths).find(([key]) => key.replace(/\{[^}]+\}/g, '{}') === template.replace(/\{[^}]+\}/g, '{}'))?.[1];
      const operation = item?.[method.toLowerCase() as 'patch'];
      expect(operation, write.name).toBeDefined();
      const parameters = (operation!.parameters ?? []) as OpenAPIV3_1.ParameterObject[];
      expect(
        parameters.some((p) => p.in === 'header' && p.name === 'If-Match'),
        write.name,
      ).toBe(true);
      expect(operation!.responses?.['412'], write.name).toBeDefined();
      const success = operation!.responses?.[String(write.status)] as OpenAPIV3_1.ResponseObject;
      expect(success.headers?.ETag, write.name).toBeDefined();
    }
  });

  it("tells what changed since the writer's version, field by field, as the history does", async () => {
    const mine = await versionOf(post(f));
    await theirChange(t.handle.db, post(f));
    const res = await send(WRITES[0]!, `"${mine}"`);
    const { changes } = (await res.json()) as { changes: { label: string; parts: unknown[] }[] };
    expect(changes).toEqual([
      {
        label: 'Title',
        parts: [
          { value: 'Title of ramen', removed: true },
          { value: 'Theirs', added: true },
        ],
      },
    ]);
  });

  it('without If-Match the last write wins (clients that send no version)', async () => {
    await theirChange(t.handle.db, post(f));
    const res = await send(WRITES[0]!, undefined);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ title: 'Mine' });
  });

  it('takes * (whatever is current) and a list of versions, and never a weak tag', async () => {
    const v = await versionOf(post(f));
    expect((await send(WRITES[0]!, `W/"${v}"`)).status).toBe(412);
    expect((await send(WRITES[0]!, `"1000000", "${v}"`)).status).toBe(200);
    expect((await send(WRITES[0]!, '*')).status).toBe(200);
  });

  it('refuses an If-Match that is not a version in quotes, before anything is read', async () => {
    const res = await send(WRITES[0]!, '42');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: 'If-Match takes the version in quotes, as the ETag gives it: "42".', code: 'validation' });
  });

  it('answers 404, not 412, for a post that is not there', async () => {
    const res = await t.request('/api/posts/9999', {
      ...json('PATCH', { title: 'Mine' }),
      headers: { 'content-type': 'application/json', 'If-Match': '"3"' },
      cookie,
    });
    expect(res.status).toBe(404);
  });

  it('lets exactly one of several writes made to the same version through', async () => {
    const v = await versionOf(post(f));
    const titles = ['One', 'Two', 'Three', 'Four', 'Five'];
    const answers = await Promise.all(
      titles.map((title) =>
        t.request(`/api/posts/${f.postId}`, {
          ...json('PATCH', { title }),
          headers: { 'content-type': 'application/json', 'If-Match': `"${v}"` },
          cookie,
        }),
      ),
    );
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 412)).toHaveLength(titles.length - 1);
    const winner = titles[statuses.indexOf(200)];
    const stored = await t.handle.db.selectFrom('posts').select('title').where('id', '=', f.postId).executeTakeFirstOrThrow();
    expect(stored.title).toBe(winner);
    expect(await t.handle.db.selectFrom('revisions').select('id').where('kind', '=', 'edited').execute()).toHaveLength(1);
  });
});

describe('reads carry the version', () => {
  let t: TestApp;
  let cookie: string;
  let postId: number;
  let cityId: number;

  beforeEach(async () => {
    t = await createTestApp();
    const db = t.handle.db;
    cityId = await insertCity(db, {
      slug: 'kyoto',
      name: 'Kyoto',
      heroImage: null,
      mapEmbedUrl: null,
      itineraryUrl: null,
      spreadsheetUrl: null,
      createdAt: T0,
      updatedAt: T0,
    });
    postId = await insertTestPost(db, 'kyoto-guide', { cityId, type: 'guide' });
    await theirChange(db, { entity: 'post', id: postId });
    await theirChange(db, { entity: 'city', id: cityId });
    await theirChange(db, HOME_HERO);
    cookie = await t.signIn();
  });
  afterEach(() => t.cleanup());

  const read = async (path: string, signedIn = true) => {
    const res = await t.request(path, signedIn ? { cookie } : {});
    expect(res.status, path).toBe(200);
    return { body: (await res.json()) as unknown, etag: res.headers.get('ETag') };
  };
  const version = (entity: 'post' | 'city') =>
    t.handle.db
      .selectFrom('revisions')
      .select((eb) => eb.fn.max('id').as('id'))
      .where('entity', '=', entity)
      .executeTakeFirstOrThrow()
      .then((row) => Number(row.id));

  it('single posts and cities: `version`, and the same as a strong ETag', async () => {
    const postVersion = await version('post');
    const cityVersion = await version('city');
    for (const [path, v] of [
      ['/api/posts/kyoto-guide', postVersion],
      [`/api/posts/${postId}/edit`, postVersion],
      ['/api/cities/kyoto/guide', postVersion],
      ['/api/cities/kyoto', cityVersion],
      [`/api/admin/cities/${cityId}`, cityVersion],
    ] as const) {
      const { body, etag } = await read(path);
      expect(body, path).toMatchObject({ version: v });
      expect(etag, path).toBe(`"${v}"`);
    }
    expect((await read('/api/posts/kyoto-guide', false)).body).toMatchObject({ version: postVersion });
  });

  it('lists: each post or city with its own version', async () => {
    const postVersion = await version('post');
    const cityVersion = await version('city');
    for (const path of ['/api/posts', '/api/cities/kyoto/posts']) {
      expect((await read(path)).body, path).toEqual([expect.objectContaining({ id: postId, version: postVersion })]);
    }
    for (const path of ['/api/cities', '/api/admin/cities']) {
      expect((await read(path)).body, path).toEqual([expect.objectContaining({ id: cityId, version: cityVersion })]);
    }
  });

  it("a post's blocks and additions: the post's version as the ETag; the homepage hero: its own", async () => {
    const postVersion = await version('post');
    expect((await read(`/api/posts/${postId}/blocks`)).etag).toBe(`"${postVersion}"`);
    expect((await read(`/api/posts/${postId}/content`)).etag).toBe(`"${postVersion}"`);
    const hero = await read('/api/hero/image');
    const heroVersion = await t.handle.db
      .selectFrom('revisions')
      .select('id')
      .where('entity', '=', 'hero')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(hero.body).toEqual({ heroImage: '/images/presets/food-plating.jpg', version: heroVersion.id });
    expect(hero.etag).toBe(`"${heroVersion.id}"`);
  });
});
