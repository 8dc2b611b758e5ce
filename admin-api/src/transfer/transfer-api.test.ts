import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSitePage, recordMedia, subscribe, updateMedia, updatePost } from '@forkcast/content-db';
import { loadSeedContent, seed } from '@forkcast/content-db/seed';
import { ADMIN_PASSWORD, createTestApp, json, ROLE_USERS, storedState, type TestApp } from '../testing.ts';
import { exportDocument } from './document-schema.ts';

interface Document {
  format: string;
  version: number;
  users: { id: number; email: string; role: string }[];
  cities: { city: { id: number; slug: string }; restaurants: { cityId: number }[] }[];
  posts: { post: { id: number; cityId: number | null; heroImage: string | null; title: string }; authorIds: number[] }[];
  subscribers?: { email: string }[];
  redirects: { fromPath: string; toPath: string; createdAt: string }[];
  pages: { slug: string }[];
  media: { path: string }[];
  [key: string]: unknown;
}

describe('export and import', () => {
  let source: TestApp;
  let target: TestApp;
  let document: Document;
  beforeAll(async () => {
    source = await createTestApp();
    await seed(source.handle.db);
    await source.userId('contributor');
    await subscribe(source.handle.db, 'reader@example.com', new Date().toISOString());
    // One post with its own search and social fields, which the round trip must carry.
    await updatePost(source.handle.db, 1, {
      metaTitle: 'A title for search',
      metaDescription: 'A line for results.',
      ogImage: '/images/og-default.jpg',
      canonicalUrl: '/elsewhere',
      noindex: true,
      updatedAt: new Date().toISOString(),
    });
    // A page an editor wrote, and an upload's focal point: both change what pages render.
    await createSitePage(
      source.handle.db,
      {
        title: 'Visiting Us',
        slug: 'visiting',
        content: 'Come *hungry*.',
        status: 'published',
        inFooter: true,
        metaTitle: 'Visit our kitchen',
        canonicalUrl: '/about',
        noindex: true,
      },
      '2025-01-15T09:30:00.000Z',
    );
    const upload = await recordMedia(
      source.handle.db,
      {
        path: '/uploads/0123456789abcdef01234567.jpg',
        originalName: 'ramen.jpg',
        bytes: 1000,
        width: 1600,
        height: 900,
        mime: 'image/jpeg',
        createdBy: null,
      },
      '2025-01-15T09:30:00.000Z',
    );
    await updateMedia(source.handle.db, upload, { alt: 'A bowl of ramen', focalPoint: { x: 0.25, y: 0.75 } });
    target = await createTestApp();
    const exported = await source.request('/api/export', { cookie: await source.signIn() });
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-disposition')).toMatch(/^attachment; filename="forkcast-export-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(exported.headers.get('cache-control')).toContain('no-store');
    document = (await exported.json()) as Document;
  });
  afterAll(async () => {
    await source.cleanup();
    await target.cleanup();
  });

  const cookies = new Map<TestApp, Promise<string>>();
  const cookieOf = (t: TestApp) => {
    if (!cookies.has(t)) cookies.set(t, t.signIn());
    return cookies.get(t)!;
  };
  const importInto = async (t: TestApp, body: unknown) => t.request('/api/import', json('POST', body, await cookieOf(t)));

  it('exports every post, city and user, never a password, and subscribers only when asked', async () => {
    expect(document).toMatchObject({ format: 'forkcast-export', version: 2 });
    expect(document.pages).toEqual([
      expect.objectContaining({ slug: 'about', layout: 'about', kicker: 'About {site}', status: 'published' }),
      expect.objectContaining({ slug: 'privacy', layout: 'legal', kicker: 'The fine print', status: 'published' }),
      expect.objectContaining({ slug: 'terms', layout: 'legal', kicker: 'The fine print', status: 'published' }),
      expect.objectContaining({ slug: 'visiting', layout: 'standard', status: 'published', inFooter: 1 }),
    ]);
    expect(document.media).toEqual([
      expect.objectContaining({ path: '/uploads/0123456789abcdef01234567.jpg', alt: 'A bowl of ramen', focalX: 0.25, focalY: 0.75 }),
    ]);
    expect(document.posts.length).toBeGreaterThan(3);
    expect(document.cities.length).toBeGreaterThan(1);
    expect(document.users.map((user) => user.email).sort()).toEqual([ROLE_USERS.contributor.email, 'editor@forkcast.test'].sort());
    const text = JSON.stringify(document);
    expect(text).not.toMatch(/argon2|passwordHash|tokenHash|newsletter_secret/);
    expect(document.subscribers).toBeUndefined();
    const withList = (await (await source.request('/api/export?subscribers=1', { cookie: await source.signIn() })).json()) as Document;
    expect(withList.subscribers).toEqual([expect.objectContaining({ email: 'reader@example.com', status: 'pending' })]);
  });

  it('refuses a document that is not valid with a 400 naming where, and imports nothing', async () => {
    await cookieOf(target);
    const before = await storedState(target);
    const broken = (change: (copy: Document) => void) => {
      const copy = structuredClone(document);
      change(copy);
      return copy;
    };
    const cases: [unknown, string][] = [
      [{ format: 'ghost' }, "format: format must be 'forkcast-export'"],
      [broken((d) => (d.version = 3)), 'version: version must be 1 or 2'],
      [
        broken((d) => d.redirects.push({ fromPath: '/a', toPath: 'javascript:alert(1)', createdAt: '2025-01-01T00:00:00.000Z' })),
        'redirects[0].toPath',
      ],
      [broken((d) => (d.surprise = true)), 'Unrecognized key'],
      [broken((d) => Object.assign(d.posts[0]!.post, { admin: 1 })), 'posts[0].post: Unrecognized key'],
      [broken((d) => (d.posts[0]!.post.heroImage = 'javascript:alert(1)')), 'posts[0].post.heroImage'],
      [
        broken((d) => (d.posts[0]!.post.title = 'Bad\u0000title')),
        'posts[0].post.title: The title contains an invisible control character',
      ],
      [broken((d) => (d.posts[0]!.post.cityId = 9999)), 'names city 9999, which the export does not hold'],
      [broken((d) => (d.posts[0]!.authorIds = [777])), 'names authors the export does not hold: 777'],
      [broken((d) => (d.cities[0]!.restaurants[0]!.cityId = 9999)), "cities[0]: a restaurant's cityId must be its city's id"],
      [broken((d) => d.posts.push(d.posts[0]!)), 'posts repeat'],
      [broken((d) => d.pages.push(d.pages[0]!)), 'pages repeat'],
      [broken((d) => Object.assign(d.media[0]!, { path: '/etc/passwd' })), 'media[0].path: must be an upload path'],
    ];
    for (const [body, message] of cases) {
      const response = await importInto(target, body);
      expect(response.status, message).toBe(400);
      expect(((await response.json()) as { message: string }).message).toContain(message);
    }
    expect(await storedState(target)).toEqual(before);
  });

  it('carries the search and social fields, and reads an export made before them with the defaults', () => {
    const posts = document.posts as unknown as { post: Record<string, unknown> }[];
    expect(posts.find((entry) => entry.post.id === 1)?.post).toMatchObject({
      metaTitle: 'A title for search',
      canonicalUrl: '/elsewhere',
      noindex: 1,
    });
    const older = structuredClone(document) as unknown as { posts: { post: Record<string, unknown> }[] };
    for (const { post } of older.posts)
      for (const field of ['metaTitle', 'metaDescription', 'ogImage', 'canonicalUrl', 'noindex']) delete post[field];
    const read = exportDocument.parse(older);
    expect(read.posts[0]?.post).toMatchObject({ metaTitle: null, metaDescription: null, ogImage: null, canonicalUrl: null, noindex: 0 });
  });

  it("carries a page's search and social fields, and reads a page exported before them with the defaults", () => {
    const visiting = document.pages.findIndex((page) => page.slug === 'visiting');
    expect(document.pages[visiting]).toMatchObject({
      metaTitle: 'Visit our kitchen',
      metaDescription: null,
      canonicalUrl: '/about',
      noindex: 1,
    });
    const older = structuredClone(document) as unknown as { pages: Record<string, unknown>[] };
    for (const page of older.pages)
      for (const field of ['metaTitle', 'metaDescription', 'ogImage', 'canonicalUrl', 'noindex']) delete page[field];
    expect(exportDocument.parse(older).pages[visiting]).toMatchObject({ metaTitle: null, ogImage: null, canonicalUrl: null, noindex: 0 });
  });

  it('refuses a site that has content with a 409, changing nothing', async () => {
    await cookieOf(source);
    const before = await storedState(source);
    const response = await importInto(source, document);
    expect(response.status).toBe(409);
    expect(((await response.json()) as { message: string }).message).toMatch(
      /^An import goes into an empty site, and this one has \d+ posts and \d+ cities\./,
    );
    expect(await storedState(source)).toEqual(before);
  });

  it('imports into an empty site: the same content, users matched by email or made without a password', async () => {
    // An empty site still has its own About, Terms and Privacy: the source's take their place.
    await seed(target.handle.db, { cities: [], posts: [], pages: loadSeedContent().pages });
    await target.handle.db.updateTable('sitePages').set({ content: 'Our own words.' }).execute();
    const response = await importInto(target, document);
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await response.json()).toEqual({
      users: { created: 1, matched: 1 },
      cities: document.cities.length,
      posts: document.posts.length,
      subscribers: { created: 0, skipped: 0 },
    });
    const again = (await (await target.request('/api/export', { cookie: await target.signIn() })).json()) as Document;
    expect({ ...again, exportedAt: document.exportedAt }).toEqual(document);
    // The contributor came without a password: signing in fails until they set one by a reset link.
    const login = await target.request('/api/login', json('POST', { email: ROLE_USERS.contributor.email, password: ADMIN_PASSWORD }));
    expect(login.status).toBe(401);
  });
});
