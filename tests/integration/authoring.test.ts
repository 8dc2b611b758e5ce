import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeFile } from '@forkcast/admin-api';
import { getGuideForCity, getPostById, listCities, type Post } from '@forkcast/content-db';
import { seed } from '@forkcast/content-db/seed';
import { fullBuildOf, readTree, treeDifferences } from './compare.ts';
import { readSitemaps } from './sitemaps.ts';
import { publishingSite, SITE, type PublishingSite } from './support.ts';

type Authored = Post & { url: string };

const json = (method: string, body: unknown) => ({ method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const WORD = 'Zephyrine';

// A post's life through the real app and publisher on a seeded site: what a visitor can find of it
// at each step, in every listing the site has, and that the folder always equals a full build.
describe('a post from draft to deletion', () => {
  let site: PublishingSite;
  let city: { id: number; slug: string; name: string };
  let post: Authored;

  beforeAll(async () => {
    site = await publishingSite(({ db }) => seed(db).then(() => undefined));
    city = (await listCities(site.handle.db))[0]!;
  });
  afterAll(() => site?.cleanup());

  const file = (path: string) => join(site.dist.siteDir, routeFile(path));
  const page = (path: string) => (existsSync(file(path)) ? readFileSync(file(path), 'utf8') : '');
  // A listing as a reader (or a search engine, for the sitemaps) reads it.
  const listed = (path: string) => (path === '/sitemap.xml' ? readSitemaps(page) : page(path));
  const LISTINGS = () => ['/', '/posts', `/${city.slug}/guide`, '/sitemap', '/sitemap.xml', '/rss.xml'];
  const visitorApi = async () => JSON.stringify(await (await site.request('/api/posts?limit=200', { admin: false })).json());
  const matchesFullBuild = async () => expect(treeDifferences(readTree(site.dist.siteDir), await fullBuildOf(site.handle.db))).toEqual([]);

  const expectHidden = async (current: Authored) => {
    expect(existsSync(file(current.url)), `${current.url} is not in the site folder`).toBe(false);
    expect((await site.request(current.url, { admin: false })).status).toBe(404);
    for (const listing of LISTINGS()) expect(await listed(listing), listing).not.toContain(current.slug);
    expect(await visitorApi()).not.toContain(WORD);
    expect((await site.request(`/api/posts/${current.slug}`, { admin: false })).status).toBe(404);
    // Its tag has no other post, so the tag page goes with it.
    expect(existsSync(file('/tags/supper')), '/tags/supper').toBe(false);
  };
  const expectLive = async (current: Authored) => {
    expect(page(current.url)).toContain(WORD);
    for (const listing of ['/posts', '/sitemap', '/sitemap.xml', '/rss.xml', '/tags/supper'])
      expect(await listed(listing), listing).toContain(current.url);
    expect(page(current.url)).toMatch(/<a href="\/tags\/supper"[^>]*>#supper<\/a>/);
  };

  it('keeps a new draft out of the site folder, every listing, feed, sitemap and visitor API', async () => {
    const response = await site.request(
      '/api/posts',
      json('POST', {
        title: `${WORD} supper club`,
        excerpt: `A ${WORD} evening.`,
        content: `The ${WORD} table seats twelve.`,
        cityId: city.id,
        tags: ['supper'],
      }),
    );
    expect(response.status).toBe(201);
    post = (await response.json()) as Authored;
    expect(post).toMatchObject({ status: 'draft', url: `/${city.slug}/${WORD.toLowerCase()}-supper-club` });
    await expectHidden(post);
    await matchesFullBuild();
  });

  it('previews the draft for the admin as the page it will become, with a Preview bar and noindex', async () => {
    const response = await site.request(`/api/posts/${post.id}/preview`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(response.headers.get('x-robots-tag')).toBe('noindex');
    const html = await response.text();
    expect(html).toContain(`The ${WORD} table seats twelve.`);
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).toMatch(/<aside class="preview-bar[^"]*" aria-label="Preview"/);
    expect(html).toContain('This draft is not published: readers cannot see this page.');
    expect((await site.request(`/api/posts/${post.id}/preview`, { admin: false })).status).toBe(401);
    // Previewing renders on demand and writes nothing.
    expect(existsSync(file(post.url))).toBe(false);
  });

  it('schedules the post and puts it live at its time, once', async () => {
    const publishAt = new Date(Date.now() + 1500).toISOString();
    const scheduled = await site.request(`/api/posts/${post.id}`, json('PATCH', { status: 'scheduled', publishAt }));
    expect(((await scheduled.json()) as Authored).status).toBe('scheduled');
    await expectHidden(post);

    const deadline = Date.now() + 10_000;
    while (!existsSync(file(post.url)) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    // The page is the first file of that publish; let the rest of it land.
    await site.scheduler.idle();
    const live = (await getPostById(site.handle.db, post.id))!;
    expect(live).toMatchObject({ status: 'published', publishedAt: publishAt, publishAt: null });
    await expectLive(post);
    // Nothing is due any more: a second pass publishes nothing.
    expect(await site.scheduler.publishDue()).toBe(0);
    await matchesFullBuild();
  });

  it('previews changes to the live post that are not saved, storing and publishing nothing', async () => {
    const livePage = page(post.url);
    const outboxBefore = await site.handle.db
      .selectFrom('outbox')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    const response = await site.request(
      `/api/posts/${post.id}/preview`,
      json('POST', { title: 'A title typed, not saved', content: `The ${WORD} table now seats fourteen.`, tags: ['supper', 'late'] }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('x-robots-tag')).toBe('noindex');
    const html = await response.text();
    expect(html).toContain('A title typed, not saved');
    expect(html).toContain(`The ${WORD} table now seats fourteen.`);
    expect(html).not.toContain(`The ${WORD} table seats twelve.`);
    expect(html).toMatch(/<a href="\/tags\/late"[^>]*>#late<\/a>/);
    // Readers still get the saved post, and nothing was stored or queued.
    expect(page(post.url)).toBe(livePage);
    expect((await getPostById(site.handle.db, post.id))!.title).toBe(`${WORD} supper club`);
    expect(
      await site.handle.db
        .selectFrom('outbox')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow(),
    ).toEqual(outboxBefore);

    const refused = await site.request(`/api/posts/${post.id}/preview`, json('POST', { title: ' ' }));
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ message: 'Title is required.' });
    expect((await site.request(`/api/posts/${post.id}/preview`, { ...json('POST', { title: 'x' }), admin: false })).status).toBe(401);
    // Another post's page never takes the changes.
    const other = (await site.request('/api/posts?limit=1', { admin: false }).then((answer) => answer.json())) as Post[];
    const otherPreview = await site.request(`/api/posts/${other[0]!.id}/preview`, json('POST', {}));
    expect(await otherPreview.text()).not.toContain('A title typed, not saved');
  });

  it('retitles and re-slugs the live post, and its old URL answers 301 from the server and the redirects file', async () => {
    const response = await site.request(
      `/api/posts/${post.id}`,
      json('PATCH', { title: `${WORD} supper club, revisited`, slug: 'supper-club' }),
    );
    const moved = (await response.json()) as Authored;
    expect(moved.url).toBe(`/${city.slug}/supper-club`);
    expect(existsSync(file(post.url))).toBe(false);
    const old = await site.request(`${post.url}?ref=mail`, { admin: false });
    expect(old.status).toBe(301);
    expect(old.headers.get('location')).toBe(`/${city.slug}/supper-club?ref=mail`);
    expect(page('/_redirects')).toContain(`${post.url} /${city.slug}/supper-club 301`);
    post = moved;
    await expectLive(post);
    expect(page(post.url)).toContain('revisited');
    await matchesFullBuild();
  });

  it("puts the post's search and social fields in its page's head, and noindex takes it out of the sitemap", async () => {
    const before = page(post.url);
    const editedAt = (await getPostById(site.handle.db, post.id))!.updatedAt;
    const head = (html: string) => html.slice(0, html.indexOf('</head>'));
    const seo = {
      metaTitle: `${WORD}: twelve seats, one table`,
      metaDescription: 'A supper club worth the queue & the wait.',
      ogImage: '/images/og-default.jpg',
      canonicalUrl: '/posts',
      noindex: true,
    };
    const response = await site.request(`/api/posts/${post.id}`, json('PATCH', seo));
    expect(response.status, await response.clone().text()).toBe(200);
    const html = head(page(post.url));
    const origin = SITE.publicHost;
    expect(html).toContain(`<title>${seo.metaTitle}</title>`);
    expect(html).toContain('<meta name="description" content="A supper club worth the queue &amp; the wait.">');
    expect(html).toContain(`<meta property="og:title" content="${seo.metaTitle}">`);
    expect(html).toContain(`<meta name="twitter:title" content="${seo.metaTitle}">`);
    expect(html).toContain('<meta property="og:description" content="A supper club worth the queue &amp; the wait.">');
    expect(html).toContain(`<meta property="og:image" content="${origin}/images/og-default.jpg">`);
    expect(html).toContain(`<link rel="canonical" href="${origin}/posts">`);
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(await listed('/sitemap.xml')).not.toContain(post.url);
    // Still a live post: its listings keep it.
    for (const listing of ['/posts', '/sitemap', '/rss.xml']) expect(await listed(listing), listing).toContain(post.url);
    await matchesFullBuild();

    const cleared = await site.request(
      `/api/posts/${post.id}`,
      json('PATCH', { metaTitle: '', metaDescription: null, ogImage: null, canonicalUrl: '', noindex: false }),
    );
    expect(cleared.status).toBe(200);
    // Empty again, the page is what it was before, byte for byte, but the time of its last change.
    const { updatedAt } = (await cleared.json()) as Authored;
    expect(page(post.url).replaceAll(updatedAt, editedAt)).toBe(before);
    expect(await listed('/sitemap.xml')).toContain(post.url);
    await matchesFullBuild();

    // A guide's page takes its own the same way.
    const guide = (await getGuideForCity(site.handle.db, city.id))!;
    const guideAnswer = await site.request(`/api/posts/${guide.id}`, json('PATCH', { metaTitle: `Eat ${city.name}`, noindex: true }));
    expect(guideAnswer.status).toBe(200);
    const guidePage = head(page(`/${city.slug}/guide`));
    expect(guidePage).toContain(`<title>Eat ${city.name}</title>`);
    expect(guidePage).toContain('<meta name="robots" content="noindex">');
    expect(await listed('/sitemap.xml')).not.toContain(`/${city.slug}/guide<`);
    await matchesFullBuild();
  });

  it('unpublishes the post: it leaves every listing and its page goes', async () => {
    const response = await site.request(`/api/posts/${post.id}`, json('PATCH', { status: 'draft' }));
    expect(response.status).toBe(200);
    await expectHidden(post);
    await matchesFullBuild();
  });

  it('deletes the post with the redirects that led to it', async () => {
    const response = await site.request(`/api/posts/${post.id}`, { method: 'DELETE' });
    expect(response.status).toBe(204);
    expect(await getPostById(site.handle.db, post.id)).toBeUndefined();
    expect(page('/_redirects')).not.toContain('/supper-club');
    await matchesFullBuild();
  });
});

// A city's new slug moves its guide, itinerary page and file, and every post, on the real site.
describe('a city that changes its slug', () => {
  let site: PublishingSite;
  beforeAll(async () => {
    site = await publishingSite(({ db }) => seed(db).then(() => undefined));
  });
  afterAll(() => site?.cleanup());

  it('publishes every page at its new URL, answers 301 from each old one and lists them in _redirects', async () => {
    const city = (await listCities(site.handle.db)).find((candidate) => candidate.slug === 'kyoto')!;
    // The pages themselves; their compressed copies follow them.
    const oldFiles = [...readTree(site.dist.siteDir).keys()].filter(
      (file) => (file.startsWith('kyoto/') || file === 'itineraries/kyoto.csv') && !/\.(?:br|gz)$/.test(file),
    );
    expect(oldFiles.length).toBeGreaterThan(2);

    const response = await site.request(`/api/cities/${city.id}`, json('PATCH', { slug: 'kyoto-city', name: 'Kyōto' }));
    expect(response.status).toBe(200);
    const files = [...readTree(site.dist.siteDir).keys()];
    expect(files.filter((file) => file.startsWith('kyoto/') || file === 'itineraries/kyoto.csv')).toEqual([]);
    const redirects = readFileSync(join(site.dist.siteDir, '_redirects'), 'utf8');
    for (const file of oldFiles) {
      const oldPath = file === 'itineraries/kyoto.csv' ? '/itineraries/kyoto.csv' : `/${file.replace(/\/index\.html$/, '')}`;
      const newPath = oldPath.replace(/^\/kyoto\//, '/kyoto-city/').replace('/itineraries/kyoto.csv', '/itineraries/kyoto-city.csv');
      expect(files, newPath).toContain(routeFile(newPath));
      const answer = await site.request(oldPath, { admin: false });
      expect([answer.status, answer.headers.get('location')], oldPath).toEqual([301, newPath]);
      expect(redirects).toContain(`${oldPath} ${newPath} 301`);
    }
    expect(treeDifferences(readTree(site.dist.siteDir), await fullBuildOf(site.handle.db))).toEqual([]);
  });

  it('is not deleted while posts belong to it', async () => {
    const city = (await listCities(site.handle.db)).find((candidate) => candidate.slug === 'kyoto-city')!;
    const response = await site.request(`/api/cities/${city.id}`, { method: 'DELETE' });
    expect(response.status).toBe(409);
    expect(((await response.json()) as { message: string }).message).toMatch(/^Kyōto cannot be deleted: \d+ posts belong to it\./);
  });
});

// A guide is previewed on its city's guide page, as a post is on its own page.
describe('previewing a city guide', () => {
  let site: PublishingSite;
  beforeAll(async () => {
    site = await publishingSite(({ db }) => seed(db).then(() => undefined));
  });
  afterAll(() => site?.cleanup());

  it('shows a draft guide of a city as its guide page will be, with the Preview bar, and the changes typed over it', async () => {
    const created = await site.request('/api/cities', json('POST', { name: 'Valparaíso', country: 'Chile' }));
    const city = (await created.json()) as { id: number; slug: string };
    const draft = (await (
      await site.request(
        '/api/posts',
        json('POST', {
          title: 'Valparaíso on foot',
          excerpt: 'Hills, funiculars, chorrillana.',
          content: 'Start at the port.',
          type: 'guide',
          cityId: city.id,
        }),
      )
    ).json()) as Authored;
    expect(draft.url).toBe(`/${city.slug}/guide`);

    const preview = await site.request(`/api/posts/${draft.id}/preview`);
    expect(preview.status).toBe(200);
    const html = await preview.text();
    expect(html).toContain('Valparaíso on foot');
    expect(html).toContain('Start at the port.');
    expect(html).toContain('This draft is not published: readers cannot see this page.');
    expect(html).toContain('<meta name="robots" content="noindex">');
    // Readers still find no guide there.
    expect((await site.request(draft.url, { admin: false })).status).toBe(404);

    const typed = await site.request(`/api/posts/${draft.id}/preview`, json('POST', { title: 'Valparaíso, hill by hill' }));
    expect(await typed.text()).toContain('Valparaíso, hill by hill');
  });

  it('marks the preview of a live guide as the page readers see now, and leaves other guides to their own page', async () => {
    const city = (await listCities(site.handle.db)).find((candidate) => candidate.slug === 'kyoto')!;
    const guides = (await (await site.request(`/api/posts?type=guide&cityId=${city.id}`)).json()) as Post[];
    const html = await (await site.request(`/api/posts/${guides[0]!.id}/preview`)).text();
    expect(html).toContain('This is the page readers see now.');
    expect(html).toContain(guides[0]!.title);
    expect(html).not.toContain('City Guide Not Found');
  });
});
