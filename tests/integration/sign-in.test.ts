import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRenderer, routeFile } from '@forkcast/admin-api';
import { seed } from '@forkcast/content-db/seed';
import { BUILT, publishingSite, SITE, type PublishingSite } from './support.ts';

const HOSTILE_NEXT = `/x"><script>alert(1)</script><a'b&c`;

const parse = (html: string) => new JSDOM(html).window.document;

describe('the sign-in page the API serves', () => {
  let site: PublishingSite;
  beforeAll(async () => {
    site = await publishingSite((handle) => seed(handle.db).then(() => undefined));
  });
  afterAll(() => site?.cleanup());

  it("is the site's own page, rendered for the request with next in its form, escaped", async () => {
    const response = await site.request(`/api/login?next=${encodeURIComponent(HOSTILE_NEXT)}`, { admin: false });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    // Inside a quoted attribute only the quote and & need escaping; what counts is that the value
    // stays one attribute and no element comes out of it.
    const document = parse(await response.text());
    expect([...document.querySelectorAll('script')].filter((script) => script.textContent?.includes('alert(1)'))).toEqual([]);
    expect(document.title).toBe(`Sign In | ${SITE.siteName}`);
    expect(document.querySelector('.site-footer')).not.toBeNull();
    // next is carried in its normal form, the way the browser resolves it.
    const normal = new URL(HOSTILE_NEXT, 'http://next.invalid');
    expect(document.querySelector<HTMLInputElement>('form[action="/api/login"] input[name="next"]')?.value).toBe(
      `${normal.pathname}${normal.search}${normal.hash}`,
    );
    expect(document.querySelector('[data-login-message]')?.hasAttribute('hidden')).toBe(true);
  });

  it('shows why a form sign-in was refused, and keeps next', async () => {
    const response = await site.request('/api/login', {
      admin: false,
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: 'editor@forkcast.test', password: 'not the password', next: '/kyoto/guide' }).toString(),
    });
    expect(response.status).toBe(401);
    const document = parse(await response.text());
    const message = document.querySelector('[data-login-message]');
    expect(message?.hasAttribute('hidden')).toBe(false);
    expect(message?.textContent).toBe('The email or password is incorrect.');
    expect(document.querySelector<HTMLInputElement>('input[name="next"]')?.value).toBe('/kyoto/guide');
  });

  it('escapes the message it is given', async () => {
    const renderer = await loadRenderer(BUILT.serverEntry, site.handle.db, SITE);
    const message = `<img src=x onerror="alert(1)"> & 'quotes'`;
    const page = await renderer.render('/admin/sign-in', { signIn: { message, next: '/admin' } });
    const html = new TextDecoder().decode(page.body);
    expect(html).not.toContain('<img src=x');
    const shown = parse(html).querySelector('[data-login-message]');
    expect(shown?.textContent).toBe(message);
    expect(shown?.querySelector('img')).toBeNull();
  });

  it('keeps the copy in the site folder free of any message or next', () => {
    const document = parse(site.page('/admin/sign-in'));
    expect(document.querySelector('[data-login-message]')?.hasAttribute('hidden')).toBe(true);
    expect(document.querySelector('[data-login-message]')?.textContent).toBe('');
    expect(document.querySelector<HTMLInputElement>('input[name="next"]')?.getAttribute('value')).toBe('');
  });

  it('renders the page for the request rather than patching the copy in the site folder', async () => {
    writeFileSync(
      join(site.dist.siteDir, routeFile('/admin/sign-in')),
      '<!doctype html><title>stale</title><p data-login-message hidden></p>',
    );
    const document = parse(await (await site.request('/api/login?next=%2Fposts', { admin: false })).text());
    expect(document.title).toBe(`Sign In | ${SITE.siteName}`);
    expect(document.querySelector<HTMLInputElement>('input[name="next"]')?.value).toBe('/posts');
  });
});
