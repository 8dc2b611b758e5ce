import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '@forkcast/content-db/seed';
import { fullBuildOf, readTree, treeDifferences } from './compare.ts';
import { publishingSite, SITE, type PublishingSite } from './support.ts';

const json = (method: string, body: unknown) => ({ method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe("an editor's page on the site", () => {
  let site: PublishingSite;
  beforeAll(async () => {
    site = await publishingSite(({ db }) => seed(db).then(() => undefined));
  });
  afterAll(() => site?.cleanup());

  const file = (slug: string) => join(site.dist.siteDir, slug, 'index.html');
  const read = (path: string) => readFileSync(join(site.dist.siteDir, path), 'utf8');
  const sameAsFullBuild = async () => expect(treeDifferences(readTree(site.dist.siteDir), await fullBuildOf(site.handle.db))).toEqual([]);

  it('is live at /{slug} once published, sanitised, in the sitemap, moves with a 301; a draft and a deleted page are not', async () => {
    const created = await site.request(
      '/api/pages',
      json('POST', {
        title: 'Visiting Us',
        slug: 'visiting',
        content: 'Come **hungry**.\n\n<script>alert(1)</script>\n\n[a link](javascript:alert(1))',
      }),
    );
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    expect(existsSync(file('visiting'))).toBe(false);
    expect(read('sitemaps/pages.xml')).not.toContain('/visiting<');

    expect((await site.request(`/api/pages/${id}`, json('PATCH', { status: 'published' }))).status).toBe(200);
    const html = readFileSync(file('visiting'), 'utf8');
    expect(html).toContain('<h1>Visiting Us</h1>');
    expect(html).toContain('<strong>hungry</strong>');
    expect(html).not.toContain('alert(1)');
    expect(html).toContain('<title>Visiting Us');
    expect(read('sitemaps/pages.xml')).toContain('/visiting</loc>');
    await sameAsFullBuild();

    // A new slug moves it; taking it down removes it.
    expect((await site.request(`/api/pages/${id}`, json('PATCH', { slug: 'visit-us' }))).status).toBe(200);
    expect(existsSync(file('visiting'))).toBe(false);
    expect(existsSync(file('visit-us'))).toBe(true);
    // Its old address answers 301 to the new one, on static hosts too.
    expect(read('_redirects')).toContain('/visiting /visit-us 301');
    await sameAsFullBuild();
    expect((await site.request(`/api/pages/${id}`, json('PATCH', { status: 'draft' }))).status).toBe(200);
    expect(read('_redirects')).not.toContain('/visit-us 301');
    expect(existsSync(file('visit-us'))).toBe(false);
    expect(read('sitemaps/pages.xml')).not.toContain('/visit-us<');

    expect((await site.request(`/api/pages/${id}`, json('PATCH', { status: 'published' }))).status).toBe(200);
    expect(existsSync(file('visit-us'))).toBe(true);
    expect((await site.request(`/api/pages/${id}`, { method: 'DELETE' })).status).toBe(204);
    expect(existsSync(file('visit-us'))).toBe(false);
  });

  it('puts its search and social fields in its head, leaves the sitemap when noindex, and comes back from the trash', async () => {
    const created = await site.request(
      '/api/pages',
      json('POST', { title: 'Our Kitchen', slug: 'kitchen', content: 'Open on Fridays.', status: 'published' }),
    );
    const { id } = (await created.json()) as { id: number };
    // Empty fields keep the defaults: the page's title, a description from its text, the site's own image, its own address.
    const plain = read('kitchen/index.html');
    expect(plain).toContain(`<link rel="canonical" href="${SITE.publicHost}/kitchen">`);
    expect(plain).toContain(`<meta property="og:image" content="${SITE.publicHost}/images/og-default.jpg">`);
    expect(plain).not.toContain('name="robots"');

    const seo = {
      metaTitle: 'The test kitchen, open to readers',
      metaDescription: 'Cook with us on the first Friday of the month.',
      ogImage: '/uploads/kitchen.jpg',
      canonicalUrl: '/about',
      noindex: true,
    };
    expect((await site.request(`/api/pages/${id}`, json('PATCH', seo))).status).toBe(200);
    const html = read('kitchen/index.html');
    expect(html).toContain('<title>The test kitchen, open to readers</title>');
    expect(html).toContain('<meta name="description" content="Cook with us on the first Friday of the month.">');
    expect(html).toContain('<meta property="og:title" content="The test kitchen, open to readers">');
    expect(html).toContain(`<meta name="twitter:image" content="${SITE.publicHost}/uploads/kitchen.jpg">`);
    expect(html).toContain(`<link rel="canonical" href="${SITE.publicHost}/about">`);
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(read('sitemaps/pages.xml')).not.toContain('/kitchen<');

    expect((await site.request(`/api/pages/${id}`, { method: 'DELETE' })).status).toBe(204);
    expect(existsSync(file('kitchen'))).toBe(false);
    expect((await site.request(`/api/trash/page/${id}/restore`, { method: 'POST' })).status).toBe(200);
    expect(read('kitchen/index.html')).toContain('<title>The test kitchen, open to readers</title>');
    await sameAsFullBuild();
  });
});
