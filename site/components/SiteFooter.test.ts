import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { JSDOM } from 'jsdom';
import { beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_EMAIL, COPYRIGHT_YEAR, FOOTER_GUIDE_LINKS, FOOTER_SITE_LINKS } from '../content/site.ts';
import SiteFooter from './SiteFooter.astro';

describe('the site footer', () => {
  let document: Document;
  beforeAll(async () => {
    const container = await AstroContainer.create();
    const html = await container.renderToString(SiteFooter, {
      locals: { site: { siteName: 'Test Kitchen', publicHost: 'https://kitchen.test' } } as App.Locals,
    });
    document = new JSDOM(html).window.document;
  });

  it('lists the links, contact address and copyright year the site content sets', () => {
    const links = (nav: string) =>
      [...document.querySelectorAll(`nav[aria-labelledby="${nav}"] a`)].map((a) => [a.getAttribute('href'), a.textContent]);
    expect(links('footer-guides')).toEqual(FOOTER_GUIDE_LINKS.map((link) => [link.href, link.label]));
    expect(links('footer-site')).toEqual([
      ...FOOTER_SITE_LINKS.map((link) => [link.href, link.label]),
      [`mailto:${CONTACT_EMAIL}`, 'Contact'],
    ]);
    expect(document.querySelector('.site-footer__legal p')?.textContent).toBe(`© ${COPYRIGHT_YEAR} Test Kitchen. All rights reserved.`);
  });
});
