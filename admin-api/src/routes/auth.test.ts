import { createHash, randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ThrottleOptions } from '../auth/login-throttle.ts';
import { hashPassword } from '../auth/passwords.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, cookieHeader, createTestApp, json, type RequestOptions, type TestApp } from '../testing.ts';

const INVALID = { message: 'The email or password is incorrect.', code: 'invalid_credentials' };
const MISSING = { message: 'Enter your email and password.', code: 'validation' };
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** POST /api/login with a JSON body. */
function loginJson(t: TestApp, body: unknown, init: RequestOptions = {}) {
  const options = json('POST', body);
  return t.request('/api/login', {
    ...options,
    ...init,
    headers: { ...(options.headers as Record<string, string>), ...(init.headers as Record<string, string>) },
  });
}

/** POST /api/login as the browser's sign-in form does (application/x-www-form-urlencoded). */
function loginForm(t: TestApp, fields: Record<string, string>, init: RequestOptions = {}) {
  return t.request('/api/login', { method: 'POST', body: new URLSearchParams(fields), ...init });
}

/** The whole Set-Cookie line for one cookie, or undefined. */
function setCookie(response: Response, name: string): string | undefined {
  return response.headers.getSetCookie().find((line) => line.startsWith(`${name}=`));
}

/** The session id the response handed to the browser. */
function sessionIdOf(response: Response): string {
  const line = setCookie(response, 'forkcast_session');
  if (!line) throw new Error('no session cookie was set');
  return line.slice('forkcast_session='.length).split(';')[0]!;
}

/** The attributes of a Set-Cookie line, lower-cased names: { httponly: '', samesite: 'Lax', ... }. */
function attributes(line: string): Record<string, string> {
  const entries = line
    .split(';')
    .slice(1)
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const at = part.indexOf('=');
      return at === -1 ? [part.toLowerCase(), ''] : [part.slice(0, at).toLowerCase(), part.slice(at + 1)];
    });
  return Object.fromEntries(entries);
}

const sessionRows = (t: TestApp) => t.handle.db.selectFrom('sessions').selectAll().execute();

async function whoAmI(t: TestApp, cookie: string): Promise<number> {
  return (await t.request('/api/auth/user', { cookie })).status;
}

describe('auth routes', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.cleanup());

  describe('GET /api/login', () => {
    it('serves a sign-in form posting to /api/login when the site has no rendered sign-in page', async () => {
      const res = await t.request('/api/login');
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.headers.get('cache-control')).toBe('no-store');
      const html = await res.text();
      expect(html).toMatch(/<form[^>]*method="post"[^>]*action="\/api\/login"/);
      expect(html).toMatch(/<input[^>]*name="email"/);
      expect(html).toMatch(/<input[^>]*name="password"[^>]*type="password"/);
      expect(html).toContain('value="/admin" data-login-next');
      // No message on a fresh visit.
      expect(html).toContain('data-login-message hidden');
    });

    it('carries a safe next into the form and drops an unsafe one', async () => {
      expect(await (await t.request('/api/login?next=%2Fkyoto%2Fguide')).text()).toContain('value="/kyoto/guide" data-login-next');
      expect(await (await t.request('/api/login?next=%2F%2Fevil.example')).text()).toContain('value="/admin" data-login-next');
    });

    it('HTML-escapes next so it cannot break out of the attribute', async () => {
      const next = `/x"><script>alert(1)</script><a'b&c`;
      const html = await (await t.request(`/api/login?next=${encodeURIComponent(next)}`)).text();
      expect(html).not.toContain('<script>alert(1)</script>');
      // The normal form percent-encodes what a path cannot hold; the quote and ampersand stay and are escaped.
      expect(html).toContain('value="/x%22%3E%3Cscript%3Ealert(1)%3C/script%3E%3Ca&#39;b&amp;c" data-login-next');
    });

    it('shows the failure message in the page after a failed form sign-in', async () => {
      const res = await loginForm(t, { email: ADMIN_EMAIL, password: 'wrong', next: '/kyoto/guide' });
      expect(res.status).toBe(401);
      const html = await res.text();
      expect(html).toContain('data-login-message>The email or password is incorrect.</p>');
      expect(html).not.toContain('data-login-message hidden');
      expect(html).toContain('value="/kyoto/guide" data-login-next');
    });
  });

  describe('POST /api/login with JSON', () => {
    it('answers 200 with the user and sets the session and UI cookies', async () => {
      const res = await loginJson(t, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(body).toEqual({ id: expect.any(Number), name: 'Editor', email: ADMIN_EMAIL, role: 'owner', slug: 'editor' });
      expect(Object.keys(body).sort()).toEqual(['email', 'id', 'name', 'role', 'slug']);
      expect(setCookie(res, 'forkcast_session')).toBeDefined();
      expect(setCookie(res, 'forkcast_ui')).toBeDefined();
    });

    it('sets the session cookie HttpOnly, SameSite=Lax, Path=/ and not Secure over http', async () => {
      const before = Date.now();
      const res = await loginJson(t, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
      const session = attributes(setCookie(res, 'forkcast_session')!);
      expect(session).toHaveProperty('httponly');
      expect(session.samesite?.toLowerCase()).toBe('lax');
      expect(session.path).toBe('/');
      expect(session).not.toHaveProperty('secure');
      // The cookie lives as long as the session can (14 days), not longer.
      const expires = Date.parse(session.expires!);
      expect(expires).toBeGreaterThan(before + 13 * DAY);
      expect(expires).toBeLessThanOrEqual(Date.now() + 14 * DAY + 1000);
    });

    it("sets forkcast_ui to the user's role, readable by scripts (no HttpOnly), SameSite=Lax, Path=/", async () => {
      const res = await loginJson(t, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
      const line = setCookie(res, 'forkcast_ui')!;
      expect(line.split(';')[0]).toBe('forkcast_ui=owner');
      const ui = attributes(line);
      expect(ui).not.toHaveProperty('httponly');
      expect(ui.samesite?.toLowerCase()).toBe('lax');
      expect(ui.path).toBe('/');
      expect(ui).not.toHaveProperty('secure');
    });

    it('marks both cookies Secure when the request URL is https', async () => {
      const res = await t.app.request('https://localhost/api/login', json('POST', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }), {
        incoming: { socket: { remoteAddress: '203.0.113.8' } },
      });
      expect(res.status).toBe(200);
      expect(attributes(setCookie(res, 'forkcast_session')!)).toHaveProperty('secure');
      expect(attributes(setCookie(res, 'forkcast_ui')!)).toHaveProperty('secure');
    });

    it('marks both cookies Secure when a proxy says the request came over https', async () => {
      const res = await loginJson(t, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, { headers: { 'x-forwarded-proto': 'https' } });
      expect(res.status).toBe(200);
      expect(attributes(setCookie(res, 'forkcast_session')!)).toHaveProperty('secure');
      expect(attributes(setCookie(res, 'forkcast_ui')!)).toHaveProperty('secure');
    });

    it('marks both cookies Secure when PUBLIC_HOST is https, though the proxy says nothing', async () => {
      const https = await createTestApp({ publicHost: 'https://forkcast.example' });
      try {
        const res = await https.request('/api/login', json('POST', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }));
        expect(res.status).toBe(200);
        expect(attributes(setCookie(res, 'forkcast_session')!)).toHaveProperty('secure');
        expect(attributes(setCookie(res, 'forkcast_ui')!)).toHaveProperty('secure');
        const out = await https.request('/api/logout', { method: 'POST', cookie: cookieHeader(res) });
        expect(attributes(setCookie(out, 'forkcast_session')!)).toHaveProperty('secure');
      } finally {
        await https.cleanup();
      }
    });

    it('accepts the email in any case and with surrounding spaces', async () => {
      const res = await loginJson(t, { email: `  ${ADMIN_EMAIL.toUpperCase()} `, password: ADMIN_PASSWORD });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ email: ADMIN_EMAIL });
    });

    it('does not accept the password in another case or with extra spaces', async () => {
      expect((await loginJson(t, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD.toUpperCase() })).status).toBe(401);
      expect((await loginJson(t, { email: ADMIN_EMAIL, password: ` ${ADMIN_PASSWORD}` })).status).toBe(401);
    });

    it('ignores next for JSON sign-ins (no redirect)', async () => {
      const res = await loginJson(t, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD, next: '/posts' });
      expect(res.status).toBe(200);
      expect(res.headers.get('location')).toBeNull();
    });
  });

  describe('POST /api/login with a form', () => {
    it('redirects 303 to /admin and signs in', async () => {
      const res = await loginForm(t, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe('/admin');
      expect(await whoAmI(t, cookieHeader(res))).toBe(200);
      expect(attributes(setCookie(res, 'forkcast_session')!)).toHaveProperty('httponly');
    });

    it('accepts multipart/form-data too', async () => {
      const form = new FormData();
      form.set('email', ADMIN_EMAIL);
      form.set('password', ADMIN_PASSWORD);
      form.set('next', '/posts');
      const res = await t.request('/api/login', { method: 'POST', body: form });
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe('/posts');
    });

    it.each(['/kyoto/guide', '/admin?tab=subscribers', '/post/a-practical-guide-to-tipping-abroad#top', '/'])(
      'redirects to the safe next %s',
      async (next) => {
        const res = await loginForm(t, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD, next });
        expect(res.status).toBe(303);
        expect(res.headers.get('location')).toBe(next);
      },
    );

    it.each([
      '//evil.example',
      '//evil.example/admin',
      'https://evil.example',
      'http://localhost/admin',
      '/api/logout',
      '/api/login',
      '/a/../api/logout',
      '/a/%2e%2e/api/logout',
      '/%61pi/logout',
      '/kyoto/../../api/logout',
      '/a/..//evil.example',
      '/./\\evil.example',
      '\\evil',
      '/\\evil.example',
      'javascript:alert(1)',
      'admin',
      '/ evil',
      '/\tevil',
      '',
    ])('falls back to /admin for the unsafe next %j', async (next) => {
      const res = await loginForm(t, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD, next });
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe('/admin');
    });

    it.each([
      ['/kyoto/./guide', '/kyoto/guide'],
      ['/posts/../kyoto/guide?day=2#map', '/kyoto/guide?day=2#map'],
    ])('follows the next %s by its normal form %s', async (next, normal) => {
      const res = await loginForm(t, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD, next });
      expect(res.headers.get('location')).toBe(normal);
    });

    it('falls back to /admin for a next holding a control character', async () => {
      const res = await loginForm(t, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD, next: '/admin\u0000evil' });
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe('/admin');
    });

    it('answers a wrong password with a 401 page showing the message, keeping next, setting no cookie', async () => {
      const res = await loginForm(t, { email: ADMIN_EMAIL, password: 'wrong', next: '/posts' });
      expect(res.status).toBe(401);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.headers.get('cache-control')).toBe('no-store');
      const html = await res.text();
      expect(html).toContain('The email or password is incorrect.');
      expect(html).toContain('value="/posts" data-login-next');
      expect(html).toMatch(/<form[^>]*action="\/api\/login"/);
      expect(res.headers.getSetCookie()).toEqual([]);
    });

    it('answers an unknown email with the same 401 page', async () => {
      const res = await loginForm(t, { email: 'nobody@forkcast.test', password: ADMIN_PASSWORD });
      expect(res.status).toBe(401);
      expect(await res.text()).toContain('The email or password is incorrect.');
    });

    it('answers empty fields with a 400 page asking for both', async () => {
      const res = await loginForm(t, { email: '', password: '' });
      expect(res.status).toBe(400);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await res.text()).toContain('Enter your email and password.');
    });
  });

  describe('refused sign-ins', () => {
    it('gives a wrong password and an unknown email the same 401 answer', async () => {
      const wrong = await loginJson(t, { email: ADMIN_EMAIL, password: 'not the password' });
      const unknown = await loginJson(t, { email: 'nobody@forkcast.test', password: ADMIN_PASSWORD });
      expect(wrong.status).toBe(401);
      expect(unknown.status).toBe(401);
      expect(await wrong.json()).toEqual(INVALID);
      expect(await unknown.json()).toEqual(INVALID);
      expect(wrong.headers.getSetCookie()).toEqual([]);
      expect(unknown.headers.getSetCookie()).toEqual([]);
      expect(await sessionRows(t)).toEqual([]);
    });

    it.each([
      ['no fields', {}],
      ['an empty email', { email: '', password: ADMIN_PASSWORD }],
      ['a blank email', { email: '   ', password: ADMIN_PASSWORD }],
      ['an empty password', { email: ADMIN_EMAIL, password: '' }],
      ['only an email', { email: ADMIN_EMAIL }],
      ['an overlong email', { email: `${'a'.repeat(250)}@forkcast.test`, password: ADMIN_PASSWORD }],
      ['an overlong password', { email: ADMIN_EMAIL, password: 'p'.repeat(1025) }],
    ])('answers %s with 400', async (_label, body) => {
      const res = await loginJson(t, body);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual(MISSING);
      expect(res.headers.getSetCookie()).toEqual([]);
    });

    it('answers malformed JSON with 400, not 500', async () => {
      const res = await t.request('/api/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"email":' });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual(MISSING);
    });

    it('answers a JSON array with 400', async () => {
      const res = await t.request('/api/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '[]' });
      expect(res.status).toBe(400);
    });

    it('answers a JSON null body with 400, not 500', async () => {
      const res = await t.request('/api/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: 'null' });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual(MISSING);
    });

    it.each([
      ['text/plain', 'text/plain'],
      ['application/xml', 'application/xml'],
    ])('answers a %s body with 415', async (_label, type) => {
      const res = await t.request('/api/login', {
        method: 'POST',
        headers: { 'content-type': type },
        body: `email=${ADMIN_EMAIL}&password=x`,
      });
      expect(res.status).toBe(415);
      expect(await res.json()).toMatchObject({ code: 'unsupported_media_type' });
    });

    it('answers a body without a content type with 415', async () => {
      const res = await t.request('/api/login', {
        method: 'POST',
        body: new Blob([JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD })]),
      });
      expect(res.status).toBe(415);
      expect(res.headers.getSetCookie()).toEqual([]);
    });
  });

  describe('sessions', () => {
    it('hands out a 256-bit id (43 base64url characters) and stores only its SHA-256', async () => {
      const res = await loginJson(t, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
      const id = sessionIdOf(res);
      expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(id, 'base64url')).toHaveLength(32);
      const rows = await sessionRows(t);
      expect(rows).toHaveLength(1);
      expect(rows.some((row) => row.idHash === id)).toBe(false);
      expect(rows[0]!.idHash).toBe(sha256(id));
      expect(JSON.stringify(rows)).not.toContain(id);
    });

    it('gives every sign-in a fresh, unpredictable id', async () => {
      const ids = new Set<string>();
      for (let i = 0; i < 3; i++) ids.add(sessionIdOf(await loginJson(t, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })));
      expect(ids.size).toBe(3);
      expect(await sessionRows(t)).toHaveLength(3);
    });

    it('rotates the session: signing in while holding a session ends the old one', async () => {
      const old = await t.signIn();
      expect(await whoAmI(t, old)).toBe(200);
      const res = await loginJson(t, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, { cookie: old });
      expect(res.status).toBe(200);
      const fresh = cookieHeader(res);
      expect(fresh).not.toBe(old);
      expect(await whoAmI(t, old)).toBe(401);
      expect(await whoAmI(t, fresh)).toBe(200);
      expect(await sessionRows(t)).toHaveLength(1);
    });

    it('rotates on a form sign-in too', async () => {
      const old = await t.signIn();
      const res = await loginForm(t, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, { cookie: old });
      expect(res.status).toBe(303);
      expect(await whoAmI(t, old)).toBe(401);
      expect(await whoAmI(t, cookieHeader(res))).toBe(200);
    });

    it('keeps the old session when the new sign-in fails', async () => {
      const old = await t.signIn();
      expect((await loginJson(t, { email: ADMIN_EMAIL, password: 'wrong' }, { cookie: old })).status).toBe(401);
      expect(await whoAmI(t, old)).toBe(200);
    });

    it('does not let a planted (unknown) session id sign anyone in, and replaces it on sign-in', async () => {
      const planted = `forkcast_session=${randomBytes(32).toString('base64url')}`;
      expect(await whoAmI(t, planted)).toBe(401);
      const res = await loginJson(t, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, { cookie: planted });
      expect(cookieHeader(res)).not.toContain(planted);
      expect(await whoAmI(t, planted)).toBe(401);
    });

    it.each([
      ['an empty cookie', 'forkcast_session='],
      ['a short id', 'forkcast_session=abc'],
      ['an id with bad characters', `forkcast_session=${'!'.repeat(43)}`],
      ['an overlong id', `forkcast_session=${'a'.repeat(44)}`],
      ['the UI hint alone', 'forkcast_ui=admin'],
    ])('does not authenticate %s', async (_label, cookie) => {
      expect(await whoAmI(t, cookie)).toBe(401);
    });

    it('does not accept the stored hash as a session id', async () => {
      await t.signIn();
      const [row] = await sessionRows(t);
      // The hash is 64 hex characters; even cut to the id's length it must not work.
      expect(await whoAmI(t, `forkcast_session=${row!.idHash.slice(0, 43)}`)).toBe(401);
    });
  });

  describe('GET /api/auth/user', () => {
    it('answers 401 {code: unauthorized} when signed out', async () => {
      const res = await t.request('/api/auth/user');
      expect(res.status).toBe(401);
      const body = await res.json();
      expect(body).toMatchObject({ code: 'unauthorized' });
      expect(typeof body.message).toBe('string');
    });

    it('answers 200 with the user when signed in: id, name, email, role and slug, never cached', async () => {
      const login = await loginJson(t, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
      const { id } = await login.json();
      const res = await t.request('/api/auth/user', { cookie: cookieHeader(login) });
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      const body = await res.json();
      expect(body).toEqual({ id, name: 'Editor', email: ADMIN_EMAIL, role: 'owner', slug: 'editor' });
      expect(JSON.stringify(body)).not.toMatch(/hash|password|argon/i);
    });

    it('answers with the role the user has now, and sets the UI hint to it', async () => {
      const cookie = await t.signInAs('contributor');
      expect(cookie).toContain('forkcast_ui=contributor');
      await t.handle.db
        .updateTable('users')
        .set({ role: 'editor' })
        .where('id', '=', await t.userId('contributor'))
        .execute();
      const res = await t.request('/api/auth/user', { cookie });
      expect(await res.json()).toMatchObject({ name: 'Cora Contributor', role: 'editor', slug: 'cora-contributor' });
      expect(setCookie(res, 'forkcast_ui')!.split(';')[0]).toBe('forkcast_ui=editor');
      // A hint that already says the role is left alone.
      const again = await t.request('/api/auth/user', { cookie: cookie.replace('forkcast_ui=contributor', 'forkcast_ui=editor') });
      expect(setCookie(again, 'forkcast_ui')).toBeUndefined();
    });
  });

  describe('signing out', () => {
    /** The admin's own Logout link: a navigation the browser marks as coming from this site. */
    const OWN_LINK = { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'navigate' };

    it('ends the session from the site’s own Logout link, clears both cookies and redirects 303 to /', async () => {
      const cookie = await t.signIn();
      const res = await t.request('/api/logout', { cookie, headers: OWN_LINK });
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe('/');
      for (const name of ['forkcast_session', 'forkcast_ui']) {
        const line = setCookie(res, name);
        expect(line, name).toBeDefined();
        expect(line!.split(';')[0]).toBe(`${name}=`);
        const attrs = attributes(line!);
        expect(attrs.path).toBe('/');
        expect(attrs['max-age'] === '0' || Date.parse(attrs.expires ?? '') <= Date.now()).toBe(true);
      }
      expect(await whoAmI(t, cookie)).toBe(401);
      expect(await sessionRows(t)).toEqual([]);
    });

    it('ends the session on POST /api/logout and redirects 303 to /', async () => {
      const cookie = await t.signIn();
      const res = await t.request('/api/logout', { method: 'POST', cookie, headers: { 'sec-fetch-site': 'same-origin' } });
      expect([res.status, res.headers.get('location')]).toEqual([303, '/']);
      expect(await whoAmI(t, cookie)).toBe(401);
    });

    it.each([
      ['another site embeds it (<img src>)', { 'sec-fetch-site': 'cross-site', 'sec-fetch-dest': 'image' }],
      ['a sibling subdomain links to it', { 'sec-fetch-site': 'same-site', 'sec-fetch-mode': 'navigate' }],
      ['it is typed or bookmarked', { 'sec-fetch-site': 'none', 'sec-fetch-mode': 'navigate' }],
      ['the browser says nothing about where it came from', {}],
    ])('keeps the session when %s, answering a page whose button signs out by POST', async (_label, headers) => {
      const cookie = await t.signIn();
      const res = await t.request('/api/logout', { cookie, headers });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      expect(res.headers.getSetCookie()).toEqual([]);
      const html = await res.text();
      expect(html).toMatch(/<form[^>]*method="post"[^>]*action="\/api\/logout"/);
      expect(html).toMatch(/<button[^>]*>Sign out<\/button>/);
      expect(await whoAmI(t, cookie)).toBe(200);
    });

    it('refuses a cross-site POST /api/logout with 403 and keeps the session', async () => {
      const cookie = await t.signIn();
      const res = await t.request('/api/logout', { method: 'POST', cookie, headers: { 'sec-fetch-site': 'cross-site' } });
      expect(res.status).toBe(403);
      expect(await whoAmI(t, cookie)).toBe(200);
    });

    it('ends only this browser’s session', async () => {
      const mine = await t.signIn();
      const other = await t.signIn();
      await t.request('/api/logout', { method: 'POST', cookie: mine });
      expect(await whoAmI(t, mine)).toBe(401);
      expect(await whoAmI(t, other)).toBe(200);
    });

    it('redirects home and clears cookies when nobody is signed in', async () => {
      for (const headers of [OWN_LINK, {}]) {
        const res = await t.request('/api/logout', { headers });
        expect(res.status).toBe(303);
        expect(res.headers.get('location')).toBe('/');
        expect(setCookie(res, 'forkcast_session')).toBeDefined();
      }
    });

    it('clears Secure cookies over https', async () => {
      const res = await t.request('/api/logout', { method: 'POST', headers: { 'x-forwarded-proto': 'https' } });
      expect(attributes(setCookie(res, 'forkcast_session')!)).toHaveProperty('secure');
    });
  });

  describe('session expiry', () => {
    async function signedInWithRow() {
      const cookie = await t.signIn();
      const [row] = await sessionRows(t);
      return { cookie, idHash: row!.idHash };
    }
    const setRow = (idHash: string, values: { lastSeenAt?: string; expiresAt?: string }) =>
      t.handle.db.updateTable('sessions').set(values).where('idHash', '=', idHash).execute();
    const iso = (ms: number) => new Date(ms).toISOString();

    it('ends a session idle for more than 24 hours and deletes its row', async () => {
      const { cookie, idHash } = await signedInWithRow();
      await setRow(idHash, { lastSeenAt: iso(Date.now() - DAY - 60_000) });
      expect(await whoAmI(t, cookie)).toBe(401);
      expect(await sessionRows(t)).toEqual([]);
    });

    it('keeps a session idle for less than 24 hours and slides its idle window forward', async () => {
      const { cookie, idHash } = await signedInWithRow();
      await setRow(idHash, { lastSeenAt: iso(Date.now() - 23 * HOUR) });
      const before = Date.now();
      expect(await whoAmI(t, cookie)).toBe(200);
      const [row] = await sessionRows(t);
      expect(Date.parse(row!.lastSeenAt)).toBeGreaterThanOrEqual(before - 1000);
      // Because it was touched, it survives another 23 hours from now.
      expect(await whoAmI(t, cookie)).toBe(200);
    });

    it('does not write last_seen_at on every request (only after a minute)', async () => {
      const { cookie, idHash } = await signedInWithRow();
      const recent = iso(Date.now() - 30_000);
      await setRow(idHash, { lastSeenAt: recent });
      expect(await whoAmI(t, cookie)).toBe(200);
      expect((await sessionRows(t))[0]!.lastSeenAt).toBe(recent);
    });

    it('ends a session past its absolute expiry even while in use, and deletes its row', async () => {
      const { cookie, idHash } = await signedInWithRow();
      await setRow(idHash, { expiresAt: iso(Date.now() - 1000), lastSeenAt: iso(Date.now()) });
      expect(await whoAmI(t, cookie)).toBe(401);
      expect(await sessionRows(t)).toEqual([]);
    });

    it('gives a session 14 days of absolute lifetime', async () => {
      const before = Date.now();
      await t.signIn();
      const [row] = await sessionRows(t);
      expect(Date.parse(row!.expiresAt) - Date.parse(row!.createdAt)).toBe(14 * DAY);
      expect(Date.parse(row!.createdAt)).toBeGreaterThanOrEqual(before - 1000);
    });

    it('refuses admin writes with an expired session', async () => {
      const { cookie, idHash } = await signedInWithRow();
      await setRow(idHash, { lastSeenAt: iso(Date.now() - 2 * DAY) });
      const res = await t.request('/api/hero/update-image', json('POST', { imageUrl: 'https://x.example/a.jpg' }, cookie));
      expect(res.status).toBe(401);
    });

    it('lets someone holding an expired cookie sign in again', async () => {
      const { cookie, idHash } = await signedInWithRow();
      await setRow(idHash, { expiresAt: iso(Date.now() - 1000) });
      const res = await loginJson(t, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, { cookie });
      expect(res.status).toBe(200);
      expect(await whoAmI(t, cookieHeader(res))).toBe(200);
    });
  });
});

describe('login throttling', () => {
  const clock = { now: 0 };
  const THROTTLE: ThrottleOptions = {
    freeFailures: 3,
    baseDelayMs: 60_000,
    maxDelayMs: 15 * 60_000,
    forgetAfterMs: HOUR,
    now: () => clock.now,
  };
  const IP_A = '198.51.100.10';
  const IP_B = '198.51.100.20';
  const IP_C = '198.51.100.30';
  let t: TestApp;

  beforeEach(async () => {
    clock.now = Date.parse('2025-01-15T12:00:00.000Z');
    t = await createTestApp({ throttle: THROTTLE });
  });
  afterEach(() => t.cleanup());

  const attempt = (email: string, password: string, ip: string) => loginJson(t, { email, password }, { ip });

  async function failFrom(ip: string, times: number, email = ADMIN_EMAIL) {
    for (let i = 0; i < times; i++) expect((await attempt(email, 'wrong password', ip)).status).toBe(401);
  }

  async function expectThrottled(response: Response, seconds: number) {
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe(String(seconds));
    expect(await response.json()).toEqual({
      message: `Too many sign-in attempts. Please wait ${seconds} second${seconds === 1 ? '' : 's'} and try again.`,
      code: 'too_many_attempts',
    });
    expect(response.headers.getSetCookie()).toEqual([]);
  }

  it('gives the free failures 401 and then answers 429 with Retry-After', async () => {
    await failFrom(IP_A, 3);
    await expectThrottled(await attempt(ADMIN_EMAIL, 'wrong password', IP_A), 60);
  });

  it('refuses even the correct password while throttled', async () => {
    await failFrom(IP_A, 3);
    await expectThrottled(await attempt(ADMIN_EMAIL, ADMIN_PASSWORD, IP_A), 60);
    expect(await sessionRows(t)).toEqual([]);
  });

  it('counts the wait down and says "1 second" near the end', async () => {
    await failFrom(IP_A, 3);
    clock.now += 30_000;
    await expectThrottled(await attempt(ADMIN_EMAIL, 'x', IP_A), 30);
    clock.now += 29_500;
    await expectThrottled(await attempt(ADMIN_EMAIL, 'x', IP_A), 1);
  });

  it('lets the correct password in once the wait is over', async () => {
    await failFrom(IP_A, 3);
    clock.now += 60_000;
    expect((await attempt(ADMIN_EMAIL, ADMIN_PASSWORD, IP_A)).status).toBe(200);
  });

  it('doubles the wait after a further failure', async () => {
    await failFrom(IP_A, 3);
    clock.now += 60_000;
    expect((await attempt(ADMIN_EMAIL, 'wrong', IP_A)).status).toBe(401);
    await expectThrottled(await attempt(ADMIN_EMAIL, 'wrong', IP_A), 120);
  });

  it('does not count refused (429) attempts as failures', async () => {
    await failFrom(IP_A, 3);
    for (let i = 0; i < 5; i++) expect((await attempt(ADMIN_EMAIL, 'wrong', IP_A)).status).toBe(429);
    clock.now += 60_000;
    expect((await attempt(ADMIN_EMAIL, ADMIN_PASSWORD, IP_A)).status).toBe(200);
  });

  it('does not count empty submissions as failures', async () => {
    for (let i = 0; i < 5; i++) expect((await attempt(ADMIN_EMAIL, '', IP_A)).status).toBe(400);
    expect((await attempt(ADMIN_EMAIL, ADMIN_PASSWORD, IP_A)).status).toBe(200);
  });

  it('throttles the account when another address tries it (account key)', async () => {
    await failFrom(IP_A, 3);
    await expectThrottled(await attempt(ADMIN_EMAIL, ADMIN_PASSWORD, IP_B), 60);
  });

  it('throttles the account whatever the case or spacing of the email', async () => {
    await failFrom(IP_A, 1, ADMIN_EMAIL.toUpperCase());
    await failFrom(IP_B, 1, ` ${ADMIN_EMAIL} `);
    await failFrom(IP_C, 1, ADMIN_EMAIL);
    await expectThrottled(await attempt('Editor@Forkcast.Test', ADMIN_PASSWORD, '198.51.100.40'), 60);
  });

  it('throttles the address when it moves on to other accounts (address key)', async () => {
    await failFrom(IP_A, 3, 'guess1@forkcast.test');
    await expectThrottled(await attempt('guess2@forkcast.test', 'x', IP_A), 60);
  });

  it('does not throttle a different account from a fresh address', async () => {
    await failFrom(IP_A, 3);
    const res = await attempt('someone-else@forkcast.test', 'whatever', IP_B);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual(INVALID);
  });

  it('clears the account record on a success before the limit', async () => {
    await failFrom(IP_A, 2);
    expect((await attempt(ADMIN_EMAIL, ADMIN_PASSWORD, IP_A)).status).toBe(200);
    // Without the reset the account would now hold 4 failures and be throttled.
    await failFrom(IP_B, 2);
    expect((await attempt(ADMIN_EMAIL, ADMIN_PASSWORD, IP_C)).status).toBe(200);
  });

  it('clears the address record on a success too', async () => {
    await failFrom(IP_A, 2, 'typo1@forkcast.test');
    expect((await attempt(ADMIN_EMAIL, ADMIN_PASSWORD, IP_A)).status).toBe(200);
    // Without the reset the address would now hold 4 failures and be throttled.
    await failFrom(IP_A, 2, 'typo2@forkcast.test');
    expect((await attempt(ADMIN_EMAIL, ADMIN_PASSWORD, IP_A)).status).toBe(200);
  });

  it('forgets failures after forgetAfterMs', async () => {
    await failFrom(IP_A, 3);
    clock.now += HOUR + 1;
    await failFrom(IP_A, 2);
    expect((await attempt(ADMIN_EMAIL, ADMIN_PASSWORD, IP_A)).status).toBe(200);
  });

  it('answers a throttled form sign-in with a 429 page and Retry-After', async () => {
    await failFrom(IP_A, 3);
    const res = await loginForm(t, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD, next: '/posts' }, { ip: IP_A });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('60');
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain('Too many sign-in attempts. Please wait 60 seconds and try again.');
    expect(html).toContain('value="/posts" data-login-next');
  });

  describe('a browser that signed in before (device cookie)', () => {
    /** Signs in from `ip` and returns the device cookie the browser keeps. */
    async function trustedBrowser(ip: string): Promise<string> {
      const res = await attempt(ADMIN_EMAIL, ADMIN_PASSWORD, ip);
      expect(res.status).toBe(200);
      const line = setCookie(res, 'forkcast_device');
      expect(line).toBeDefined();
      return line!.split(';')[0]!;
    }
    const withDevice = (device: string, password: string, ip: string, email = ADMIN_EMAIL) =>
      loginJson(t, { email, password }, { ip, cookie: device });

    it('is HttpOnly, sent only to /api/login, SameSite=Strict and long-lived', async () => {
      const res = await attempt(ADMIN_EMAIL, ADMIN_PASSWORD, IP_A);
      const attrs = attributes(setCookie(res, 'forkcast_device')!);
      expect(attrs).toHaveProperty('httponly');
      expect(attrs.path).toBe('/api/login');
      expect(attrs.samesite?.toLowerCase()).toBe('strict');
      expect(Date.parse(attrs.expires!)).toBeGreaterThan(Date.now() + 90 * DAY);
    });

    it('lets the admin in while failures from anywhere else have locked the account', async () => {
      const device = await trustedBrowser(IP_A);
      await failFrom(IP_B, 3);
      await expectThrottled(await attempt(ADMIN_EMAIL, ADMIN_PASSWORD, IP_C), 60);
      // The attacker keeps renewing the lock; the admin's own browser is not held by it.
      expect((await attempt(ADMIN_EMAIL, 'another guess', '198.51.100.77')).status).toBe(429);
      expect((await withDevice(device, ADMIN_PASSWORD, IP_C)).status).toBe(200);
      expect((await withDevice(device, ADMIN_PASSWORD, IP_B)).status).toBe(200);
    });

    it('does not clear the account lock when the trusted browser signs in', async () => {
      const device = await trustedBrowser(IP_A);
      await failFrom(IP_B, 3);
      expect((await withDevice(device, ADMIN_PASSWORD, IP_A)).status).toBe(200);
      await expectThrottled(await attempt(ADMIN_EMAIL, ADMIN_PASSWORD, IP_C), 60);
    });

    it('still limits guesses made with the device cookie, per device', async () => {
      const device = await trustedBrowser(IP_A);
      for (let i = 0; i < 3; i++) expect((await withDevice(device, 'wrong password', IP_A)).status).toBe(401);
      await expectThrottled(await withDevice(device, ADMIN_PASSWORD, IP_A), 60);
      // Another trusted browser is not held by this one's failures.
      const other = await trustedBrowser(IP_B);
      expect((await withDevice(other, ADMIN_PASSWORD, IP_B)).status).toBe(200);
    });

    it('does not trust a device cookie for another email, a forged one, or one from before a password change', async () => {
      const device = await trustedBrowser(IP_A);
      await failFrom(IP_B, 3, 'other@forkcast.test');
      await expectThrottled(await withDevice(device, 'x', IP_C, 'other@forkcast.test'), 60);

      await failFrom('198.51.100.50', 3);
      const [name, value] = device.split('=') as [string, string];
      const forged = `${name}=${value.slice(0, -2)}${value.endsWith('AA') ? 'BB' : 'AA'}`;
      await expectThrottled(await withDevice(forged, ADMIN_PASSWORD, IP_C), 60);
      await expectThrottled(await withDevice(`${name}=garbage`, ADMIN_PASSWORD, IP_C), 60);

      await t.handle.db
        .updateTable('users')
        .set({ passwordHash: await hashPassword('a different password') })
        .execute();
      await expectThrottled(await withDevice(device, 'a different password', IP_C), 60);
    });
  });

  it('keeps a locked account locked however many fresh addresses fail with invented emails', async () => {
    // A small table of addresses, so the flood that would push the lock out fits in a test.
    await t.cleanup();
    t = await createTestApp({ throttle: { ...THROTTLE, maxKeys: 40 } });
    await failFrom(IP_A, 3);
    await expectThrottled(await attempt(ADMIN_EMAIL, ADMIN_PASSWORD, IP_B), 60);
    for (let i = 0; i < 60; i++) await failFrom(`2001:db8::${i.toString(16)}`, 1, `guess${i}@forkcast.test`);
    await expectThrottled(await attempt(ADMIN_EMAIL, ADMIN_PASSWORD, IP_C), 60);
    expect(await sessionRows(t)).toEqual([]);
  });

  it('holds concurrent guesses to the free failures', async () => {
    const responses = await Promise.all(Array.from({ length: 8 }, () => attempt(ADMIN_EMAIL, 'wrong password', IP_A)));
    const statuses = responses.map((res) => res.status).sort();
    expect(statuses).toEqual([401, 401, 401, 429, 429, 429, 429, 429]);
  });
});

describe('GET /api/login when already signed in', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.cleanup());

  it('goes straight on to next (or /admin), and clears a dead session cookie instead', async () => {
    const cookie = await t.signIn();
    const onward = await t.request('/api/login?next=/kyoto/guide', { cookie });
    expect([onward.status, onward.headers.get('location')]).toEqual([303, '/kyoto/guide']);
    expect((await t.request('/api/login', { cookie })).headers.get('location')).toBe('/admin');

    const dead = await t.request('/api/login', { cookie: `forkcast_session=${'A'.repeat(43)}; forkcast_ui=admin` });
    expect(dead.status).toBe(200);
    const cleared = dead.headers.getSetCookie().map((line) => line.split('=')[0]);
    expect(cleared).toEqual(expect.arrayContaining(['forkcast_session', 'forkcast_ui']));
  });
});
