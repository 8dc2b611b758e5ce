import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '@forkcast/content-db/seed';
import { fullBuildOf, readTree, treeDifferences } from './compare.ts';
import { publishingSite, type PublishingSite } from './support.ts';

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
});
