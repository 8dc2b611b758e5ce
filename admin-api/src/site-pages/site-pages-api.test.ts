import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertCity } from '@forkcast/content-db';
import { loadSeedContent, seed } from '@forkcast/content-db/seed';
import { createTestApp, json, storedState, type TestApp } from '../testing.ts';

interface PageBody {
  id: number;
  slug: string;
  title: string;
  status: string;
  inFooter: boolean;
  version: number;
  url: string;
}

describe('/api/pages', () => {
  let t: TestApp;
  let editor: string;
  beforeAll(async () => {
    t = await createTestApp();
    editor = await t.signInAs('editor');
    await insertCity(t.handle.db, {
      slug: 'kyoto',
      name: 'Kyoto',
      country: 'Japan',
      description: '',
      heroImage: null,
      heroAlt: '',
      displayOrder: 0,
      createdAt: '2025-01-01T00:00:00.000Z',
      updatedAt: '2025-01-01T00:00:00.000Z',
    });
  });
  afterAll(() => t.cleanup());
  beforeEach(async () => {
    await t.handle.db.deleteFrom('sitePages').execute();
    await t.handle.db.deleteFrom('webhookDeliveries').execute();
    await t.handle.db.deleteFrom('webhooks').execute();
  });

  const create = (body: unknown, cookie = editor) => t.request('/api/pages', json('POST', body, cookie));
  const patchAt = (id: number, body: unknown, version: number) => {
    const init = json('PATCH', body, editor);
    return t.request(`/api/pages/${id}`, { ...init, headers: { ...(init.headers as Record<string, string>), 'If-Match': `"${version}"` } });
  };

  it('keeps About, Terms and Privacy published at their addresses and undeletable, while their text, title and layout change', async () => {
    await seed(t.handle.db, { cities: [], posts: [], pages: loadSeedContent().pages });
    const about = (await (await t.request('/api/pages', { headers: { cookie: editor } })).json()).find(
      (page: PageBody) => page.slug === 'about',
    ) as PageBody & { layout: string };
    expect(about).toMatchObject({ title: 'About', layout: 'about', status: 'published', version: 1, url: '/about' });
    const refusals: [unknown, RegExp][] = [
      [{ status: 'draft' }, /stays published: every page's footer links to \/about/],
      [{ slug: 'about-us' }, /keeps its address/],
      [{ inFooter: true }, /in the footer already/],
    ];
    for (const [change, reason] of refusals) {
      const refused = await patchAt(about.id, change, 1);
      expect(refused.status, JSON.stringify(change)).toBe(409);
      expect((await refused.json()).message).toMatch(reason);
    }
    const deleted = await t.request(`/api/pages/${about.id}`, { method: 'DELETE', headers: { cookie: editor } });
    expect(deleted.status).toBe(409);
    expect((await deleted.json()).message).toBe(
      "This page cannot be deleted: every page's footer links to /about. Change its text instead.",
    );
    expect(
      await t.handle.db.selectFrom('sitePages').select(['status', 'slug', 'version']).where('id', '=', about.id).executeTakeFirst(),
    ).toEqual({
      status: 'published',
      slug: 'about',
      version: 1,
    });

    const changed = await patchAt(
      about.id,
      { title: 'About Us', content: 'We eat.', layout: 'standard', kicker: 'Hello', slug: 'about' },
      1,
    );
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({ title: 'About Us', content: 'We eat.', layout: 'standard', kicker: 'Hello', version: 2 });
    expect((await patchAt(about.id, { layout: 'fancy' }, 2)).status).toBe(400);
  });

  it('creates a draft, reads it with its version, publishes it, lists it and deletes it', async () => {
    const created = await create({ title: 'Visiting Us', slug: 'visiting', content: 'Come **hungry**.' });
    expect(created.status).toBe(201);
    const page = (await created.json()) as PageBody;
    expect(page).toMatchObject({ slug: 'visiting', title: 'Visiting Us', status: 'draft', inFooter: false, version: 1, url: '/visiting' });
    expect(created.headers.get('ETag')).toBe('"1"');

    const read = await t.request(`/api/pages/${page.id}`, { cookie: editor });
    expect(read.status).toBe(200);
    expect(read.headers.get('ETag')).toBe('"1"');

    const published = await patchAt(page.id, { status: 'published', inFooter: true }, 1);
    expect(published.status).toBe(200);
    expect(await published.json()).toMatchObject({ status: 'published', inFooter: true, version: 2 });

    const list = (await (await t.request('/api/pages', { cookie: editor })).json()) as PageBody[];
    expect(list.map((entry) => entry.slug)).toEqual(['visiting']);

    expect((await t.request(`/api/pages/${page.id}`, { method: 'DELETE', cookie: editor })).status).toBe(204);
    expect((await t.request(`/api/pages/${page.id}`, { cookie: editor })).status).toBe(404);
    expect((await t.request(`/api/pages/${page.id}`, { method: 'DELETE', cookie: editor })).status).toBe(404);
  });

  it('refuses a write made to an older version and changes nothing', async () => {
    const page = (await (await create({ title: 'Visiting Us', slug: 'visiting' })).json()) as PageBody;
    await t.request(`/api/pages/${page.id}`, json('PATCH', { title: 'Visit' }, editor));
    const before = await storedState(t);
    const stale = await patchAt(page.id, { title: 'Late' }, 1);
    expect(stale.status).toBe(412);
    expect(await stale.json()).toMatchObject({ code: 'stale_version', currentVersion: 2 });
    expect(await storedState(t)).toEqual(before);
  });

  it('refuses a slug that a route, a reserved name, a city or another page owns, with the reason', async () => {
    for (const [slug, message] of [
      ['admin', "/admin belongs to one of the site's own pages."],
      ['api', "/api belongs to one of the site's own pages."],
      ['search', "/search belongs to one of the site's own pages."],
      ['posts', "/posts belongs to one of the site's own pages."],
      ['tags', "/tags belongs to one of the site's own pages."],
      ['authors', "/authors belongs to one of the site's own pages."],
      ['newsletter', "/newsletter belongs to one of the site's own pages."],
      ['rss', "/rss belongs to one of the site's own pages."],
      ['sitemap', "/sitemap belongs to one of the site's own pages."],
      ['login', '"login" is a reserved name.'],
      ['kyoto', '/kyoto belongs to the city Kyoto.'],
    ]) {
      const refused = await create({ title: 'Taken', slug });
      expect(refused.status, slug).toBe(409);
      expect(await refused.json()).toEqual({ message, code: 'conflict', field: 'slug' });
    }
    await create({ title: 'Visiting Us', slug: 'visiting' });
    const twice = await create({ title: 'Again', slug: 'visiting' });
    expect(twice.status).toBe(409);
    expect(await t.handle.db.selectFrom('sitePages').select('slug').execute()).toEqual([{ slug: 'visiting' }]);
  });

  it('refuses a malformed slug or body with a 400', async () => {
    for (const body of [
      { title: 'Bad', slug: 'rss.xml' },
      { title: 'Bad', slug: 'Hello World' },
      { title: 'Bad', slug: '' },
      { title: '', slug: 'fine' },
      { title: 'Bad', slug: 'fine', status: 'live' },
      { title: 'Bad', slug: 'fine', colour: 'red' },
    ])
      expect((await create(body)).status, JSON.stringify(body)).toBe(400);
    expect(await t.handle.db.selectFrom('sitePages').selectAll().execute()).toEqual([]);
  });

  it('keeps a new city off a page slug', async () => {
    await create({ title: 'Lisbon Notes', slug: 'lisbon' });
    const city = await t.request('/api/cities', json('POST', { name: 'Lisbon', slug: 'lisbon' }, editor));
    expect(city.status).toBe(409);
    const derived = await t.request('/api/cities', json('POST', { name: 'Lisbon' }, editor));
    expect(await derived.json()).toMatchObject({ slug: 'lisbon-2' });
  });

  it('stores its search and social fields, trims them, clears a blank one and refuses a bad one as for a post', async () => {
    const seo = {
      metaTitle: 'Visit our test kitchen',
      metaDescription: 'Open to readers on the first Friday.',
      ogImage: '/uploads/kitchen.jpg',
      canonicalUrl: 'https://partner.example/visiting',
      noindex: true,
    };
    const created = await create({ title: 'Visiting Us', slug: 'visiting', ...seo });
    const page = (await created.json()) as PageBody;
    expect(page).toMatchObject(seo);
    const changed = await patchAt(page.id, { metaTitle: '  Visit us  ', ogImage: '', canonicalUrl: null, noindex: false }, 1);
    expect(await changed.json()).toMatchObject({ ...seo, metaTitle: 'Visit us', ogImage: null, canonicalUrl: null, noindex: false });

    const before = await storedState(t);
    for (const [body, message] of [
      [{ metaTitle: 'a'.repeat(301) }, 'The meta title can be at most 300 characters.'],
      [{ ogImage: 'javascript:alert(1)' }, 'Give the share image as an https URL or an image under /uploads/ or /images/.'],
      [{ canonicalUrl: '//evil.example/x' }, 'Give the canonical URL as an https address or a path on this site, like /kyoto/ramen.'],
      [{ noindex: 'yes' }, 'noindex must be true or false.'],
    ] as const) {
      const refused = await patchAt(page.id, body, 2);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(await refused.json()).toMatchObject({ message, code: 'validation' });
    }
    expect(await storedState(t)).toEqual(before);
  });

  it('is for editors and above', async () => {
    const author = await t.signInAs('author');
    expect((await create({ title: 'Mine', slug: 'mine' }, author)).status).toBe(403);
    expect((await t.request('/api/pages')).status).toBe(401);
  });

  it('queues page.published once, in the change that puts the page live', async () => {
    const admin = await t.signInAs('administrator');
    await t.request('/api/webhooks', json('POST', { url: 'https://hooks.example.com/forkcast', events: ['page.published'] }, admin));
    const page = (await (await create({ title: 'Visiting Us', slug: 'visiting' })).json()) as PageBody;
    expect(await t.handle.db.selectFrom('webhookDeliveries').selectAll().execute()).toEqual([]);
    await t.request(`/api/pages/${page.id}`, json('PATCH', { status: 'published' }, editor));
    await t.request(`/api/pages/${page.id}`, json('PATCH', { title: 'Visit Us' }, editor));
    const deliveries = await t.handle.db.selectFrom('webhookDeliveries').select(['event', 'payload', 'outboxId']).execute();
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]!.event).toBe('page.published');
    expect(deliveries[0]!.outboxId).not.toBeNull();
    expect(JSON.parse(deliveries[0]!.payload)).toMatchObject({
      type: 'page.published',
      data: { page: { id: page.id, slug: 'visiting', path: '/visiting' } },
    });
  });
});
