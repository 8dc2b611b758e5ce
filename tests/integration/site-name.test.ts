import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRenderer, type Renderer } from '@forkcast/admin-api';
import { seed } from '@forkcast/content-db/seed';
import { createTempDb, type TempDb } from '@forkcast/content-db/testing';
import { BUILT } from './support.ts';

const SITE = { siteName: 'Test Kitchen', publicHost: 'https://kitchen.test' };

/** What a page says about itself where search engines and link previews read it. */
function headText(html: string): string[] {
  const { document } = new JSDOM(html).window;
  const meta = [...document.querySelectorAll('meta[name="description"], meta[property^="og:"], meta[name^="twitter:"]')];
  return [
    document.title,
    ...meta.map((tag) => `${tag.getAttribute('name') ?? tag.getAttribute('property')}=${tag.getAttribute('content')}`),
  ];
}

describe('SITE_NAME', () => {
  let handle: TempDb;
  let renderer: Renderer;

  beforeAll(async () => {
    handle = await createTempDb();
    await seed(handle.db);
    renderer = await loadRenderer(BUILT.serverEntry, handle.db, SITE);
  });
  afterAll(() => handle?.cleanup());

  it("names the site in every page's title, description and share tags, never 'Forkcast'", async () => {
    const routes = (await renderer.listRoutes()).filter((route) => !/\.[a-z]+$/.test(route) && route !== '/_redirects');
    expect(routes).toEqual(expect.arrayContaining(['/', '/about', '/terms', '/privacy', '/sitemap', '/admin', '/admin/sign-in', '/404']));
    const leaks: string[] = [];
    for (const route of routes) {
      const page = await renderer.render(route);
      const head = headText(new TextDecoder().decode(page.body));
      expect(head[0], route).toMatch(/Test Kitchen/);
      leaks.push(...head.filter((line) => /forkcast/i.test(line)).map((line) => `${route}: ${line}`));
    }
    expect(leaks).toEqual([]);
  });

  it('names it in the text of About, Terms and Privacy, which are pages an editor writes with a {site} token', async () => {
    for (const route of ['/about', '/terms', '/privacy']) {
      const { document } = new JSDOM(new TextDecoder().decode((await renderer.render(route)).body)).window;
      const text = document.querySelector('main')?.textContent ?? '';
      expect(text, route).toMatch(/Test Kitchen/);
      // The address readers write to is the publication's own, whatever the site is called.
      expect(text.replaceAll('hello@forkcast.example', ''), route).not.toMatch(/forkcast|\{site\}/i);
    }
    const { document } = new JSDOM(new TextDecoder().decode((await renderer.render('/about')).body)).window;
    expect(document.querySelector('.page-intro .kicker')?.textContent).toBe('About Test Kitchen');
    expect(document.querySelector('.about__section h2')?.textContent).toBe('What Test Kitchen Is');
  });
});
