import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSitePage } from '@forkcast/content-db';
import { createTempDb, type TempDb } from '@forkcast/content-db/testing';
import { CONTACT_EMAIL, COPYRIGHT_YEAR, FOOTER_GUIDE_LINKS, FOOTER_SITE_LINKS } from '../content/site.ts';
import SiteFooter from './SiteFooter.astro';

describe('the site footer', () => {
  let document: Document;
  let handle: TempDb;
  beforeAll(async () => {
    handle = await createTempDb();
    const now = '2025-01-15T09:30:00.000Z';
    // An editor added one page to the footer; a draft and an unflagged page stay out of it.
    await createSitePage(handle.db, { title: 'Visiting Us', slug: 'visiting', status: 'published', inFooter: true }, now);
    await createSitePage(handle.db, { title: 'Drafted', slug: 'drafted', inFooter: true }, now);
    await createSitePage(handle.db, { title: 'Unlisted', slug: 'unlisted', status: 'published' }, now);
    const container = await AstroContainer.create();
    const html = await container.renderToString(SiteFooter, {
      locals: { db: handle.db, site: { siteName: 'Test Kitchen', publicHost: 'https://kitchen.test' } } as App.Locals,
    });
    document = new JSDOM(html).window.document;
  });
  afterAll(() => handle.cleanup());

  it('lists the links, the pages an editor added, contact address and copyright year the site content sets', () => {
    const links = (nav: string) =>
      [...document.querySelectorAll(`nav[aria-labelledby="${nav}"] a`)].map((a) => [a.getAttribute('href'), a.textContent]);
    expect(links('footer-guides')).toEqual(FOOTER_GUIDE_LINKS.map((link) => [link.href, link.label]));
    expect(links('footer-site')).toEqual([
      ...FOOTER_SITE_LINKS.map((link) => [link.href, link.label]),
      ['/visiting', 'Visiting Us'],
      [`mailto:${CONTACT_EMAIL}`, 'Contact'],
    ]);
    expect(document.querySelector('.site-footer__legal p')?.textContent).toBe(`© ${COPYRIGHT_YEAR} Test Kitchen. All rights reserved.`);
  });
});
