import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  addContactMessage,
  commitChange,
  createInvitation,
  createRedirect,
  createSitePage,
  createWebhook,
  recordMedia,
  deletePost,
  insertPost,
  addContentItem,
  createBlock,
  ensureSecret,
  getPostById,
  insertCity,
  SETTING,
  subscribe,
} from '@forkcast/content-db';
import { seed } from '@forkcast/content-db/seed';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, json, ORIGIN, storedState, type RequestOptions, type TestApp } from './testing.ts';
import { NEWSLETTER_PAGES, newsletterOutcomeUrl } from '@forkcast/shared/contracts';
import { NewsletterLinks } from './newsletter/links.ts';

// ---------------------------------------------------------------------------------------------
// The route walk: every unsafe route the app registers, found from `app.routes`, so a route added
// later is covered without anyone remembering to add it here.
// ---------------------------------------------------------------------------------------------

interface Route {
  method: string;
  path: string;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'ALL']);
/** The only writes a visitor may make without signing in. */
const ANONYMOUS_WRITES = new Set([
  'POST /api/login',
  'POST /api/logout',
  'POST /api/contact',
  'POST /api/newsletter/subscribe',
  'POST /api/newsletter/subscribe/form',
  'POST /api/newsletter/unsubscribe/:token',
  // The page-view beacon, which changes a counter only.
  'POST /api/collect',
  // The mailed links, whose token is the permission, and asking for one.
  'POST /api/invitations/accept',
  'POST /api/password-reset',
  'POST /api/password-reset/confirm',
]);
/**
 * The unsafe routes a browser may send from another site: RFC 8058's one-click unsubscribe, which
 * a mail program posts and which its token alone authorises, and the page-view beacon of pages
 * served from a CDN or bucket, which changes a counter only.
 */
const ONE_CLICK_UNSUBSCRIBE = 'POST /api/newsletter/unsubscribe/:token';
const CROSS_SITE_EXEMPT = new Set([ONE_CLICK_UNSUBSCRIBE, 'POST /api/collect']);
/** Reads only the admin may make. */
const ADMIN_ONLY_READS = ['/api/newsletter/subscribers', '/api/newsletter/subscribers/export', '/api/admin/contact-messages'];

// A well-formed unsubscribe token of a subscriber that does not exist, which unsubscribes nobody;
// the seeded fixture passes the real token of its subscriber.
const DEFAULT_PARAMS: Record<string, string> = {
  id: '1',
  slug: 'kyoto',
  postId: '1',
  contentId: '1',
  blockId: '1',
  token: `999999.${'A'.repeat(43)}`,
};

const routeKey = (route: Route) => `${route.method} ${route.path}`;

/** Signing out ends the session a walk uses, so the walks reach it last. */
const SIGN_OUT = 'POST /api/logout';

/** Unsafe (state-changing) routes, each once. Hono lists a route once per handler. */
function unsafeRoutes(t: TestApp): Route[] {
  const seen = new Map<string, Route>();
  for (const { method, path } of t.app.routes) {
    if (SAFE_METHODS.has(method.toUpperCase()) || !path.startsWith('/api/')) continue;
    seen.set(`${method} ${path}`, { method, path });
  }
  return [...seen.values()].sort((a, b) => Number(routeKey(a) === SIGN_OUT) - Number(routeKey(b) === SIGN_OUT));
}

/** The route's path with its parameters filled in: ':postId' -> '1', ':slug' -> 'kyoto'. */
function concrete(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:(\w+)(\{[^}]*\})?\??/g, (_match, name: string) => params[name] ?? DEFAULT_PARAMS[name] ?? '1');
}

// ---------------------------------------------------------------------------------------------
// Request bodies. A refused request must be refused whatever it carries, so the walks send an
// empty JSON object, a body that would succeed, and a multipart form.
// ---------------------------------------------------------------------------------------------

const EVIL_IMAGE = 'https://evil.example/defaced.jpg';
const EVIL_SUBSCRIBER = 'victim@evil.example';

/** A body that would make the route succeed for a signed-in admin, by route key. */
const VALID_JSON: Record<string, unknown> = {
  'POST /api/login': { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
  'POST /api/cities': { name: 'Injected city' },
  'POST /api/posts': { title: 'Injected post' },
  'PATCH /api/posts/:id{[0-9]+}': { title: 'Injected title' },
  'PATCH /api/posts/:slug/hero-image': { heroImage: EVIL_IMAGE },
  'POST /api/posts/:postId/content': { type: 'text', content: 'Injected text', position: 0 },
  'POST /api/posts/:postId/blocks': { content: 'Injected block', position: 1, isOriginal: true },
  'PUT /api/posts/:postId/blocks/:blockId': { content: 'Injected edit' },
  'POST /api/hero/update-image': { imageUrl: EVIL_IMAGE },
  'POST /api/contact': { name: 'Mallory', email: 'mallory@evil.example', subject: 'Hello', message: 'Injected message' },
  'POST /api/newsletter/subscribe': { email: EVIL_SUBSCRIBER },
  'POST /api/password-reset': { email: EVIL_SUBSCRIBER },
  'PATCH /api/users/:id': { bio: 'Injected bio' },
  'DELETE /api/users/:id': { reassignTo: 1 },
};
/** Routes that take a plain HTML form post (urlencoded) rather than JSON: a body that would succeed. */
const VALID_URLENCODED: Record<string, Record<string, string>> = {
  'POST /api/newsletter/subscribe/form': { email: EVIL_SUBSCRIBER },
  'POST /api/newsletter/unsubscribe/:token': { 'List-Unsubscribe': 'One-Click' },
  'POST /api/collect': { p: '/', r: '' },
};
/** Routes that take a multipart form rather than JSON. */
const MULTIPART_ROUTES = new Set(['POST /api/upload', 'POST /api/upload/hero-image', 'POST /api/admin/generate-guide']);

let png: Uint8Array<ArrayBuffer>;
beforeAll(async () => {
  png = new Uint8Array(
    await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c03' } })
      .png()
      .toBuffer(),
  );
});

/** One multipart form that fits every multipart route (and carries the admin's credentials for login). */
function multipartForm(): FormData {
  const form = new FormData();
  form.set('image', new File([png], 'defaced.png', { type: 'image/png' }));
  form.set('csvFile', new File(['Day,Restaurant,Neighborhood\n1,Evil Diner,Downtown\n'], 'evilton.csv', { type: 'text/csv' }));
  form.set('cityName', 'Evilton');
  form.set('email', ADMIN_EMAIL);
  form.set('password', ADMIN_PASSWORD);
  return form;
}

type BodyKind = 'empty json' | 'valid json' | 'multipart';

function bodyFor(route: Route, kind: BodyKind): RequestInit {
  if (kind === 'multipart') return { body: multipartForm() };
  const urlencoded = VALID_URLENCODED[routeKey(route)];
  if (kind === 'valid json' && urlencoded) return { body: new URLSearchParams(urlencoded) };
  const body = kind === 'valid json' ? (VALID_JSON[routeKey(route)] ?? {}) : {};
  return { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
}

/** The request that should succeed on this route for a signed-in admin (or undefined if unknown). */
function validRequest(route: Route): RequestInit | undefined {
  if (route.method === 'DELETE') return routeKey(route) in VALID_JSON ? bodyFor(route, 'valid json') : {};
  if (MULTIPART_ROUTES.has(routeKey(route))) return bodyFor(route, 'multipart');
  if (routeKey(route) in VALID_JSON || routeKey(route) in VALID_URLENCODED) return bodyFor(route, 'valid json');
  return undefined;
}

/** Merges extra headers into a request. */
function withHeaders(init: RequestInit, headers: Record<string, string>): RequestInit {
  return { ...init, headers: { ...(init.headers as Record<string, string> | undefined), ...headers } };
}

// The contact and newsletter rate limits count per client address; a fresh address per request
// keeps these tests from spending each other's allowance.
let addressCounter = 0;
const freshIp = () => {
  addressCounter++;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
};

function send(
  t: TestApp,
  route: Route,
  init: RequestInit,
  options: { cookie?: string; params?: Record<string, string>; routeParams?: Fixture['routeParams'] } = {},
) {
  const cookie = routeKey(route) === 'POST /api/login' ? undefined : options.cookie;
  const request: RequestOptions = { ...init, method: route.method, ip: freshIp(), ...(cookie ? { cookie } : {}) };
  return t.request(concrete(route.path, { ...options.params, ...options.routeParams?.[routeKey(route)] }), request);
}

// ---------------------------------------------------------------------------------------------
// Database fixtures for the CSRF walk: real rows behind every id the walk uses, so a request
// that slipped through would visibly change something.
// ---------------------------------------------------------------------------------------------

interface Fixture {
  cookie: string;
  params: Record<string, string>;
  /**
   * Routes that take another id than the fixtures' 1: deleting post 1 would leave the routes after
   * it nothing to change, and city 1 has posts, so it may not be deleted.
   */
  routeParams: Record<string, Record<string, string>>;
}

async function seededFixture(t: TestApp): Promise<Fixture> {
  const db = t.handle.db;
  await seed(db);
  const post = (await getPostById(db, 1))!;
  const now = new Date().toISOString();
  const block = await createBlock(db, { postId: post.id, content: 'Stored block', position: 0, isOriginal: true, now });
  const item = await addContentItem(db, { postId: post.id, type: 'text', content: 'Stored item', position: 1, now });
  const { subscriber } = await subscribe(db, 'reader@forkcast.test', now);
  const message = await addContactMessage(db, {
    name: 'Reader',
    email: 'reader@forkcast.test',
    subject: 'Hi',
    message: 'Hello',
    createdAt: now,
  });
  // Every id in the walk is 1 (DEFAULT_PARAMS); make sure that is what the fixtures got.
  expect([post.id, block.id, item.id, subscriber.id, message.id]).toEqual([1, 1, 1, 1, 1]);
  const emptyCity = await insertCity(db, { slug: 'empty-town', name: 'Empty Town', createdAt: now, updatedAt: now });
  // Another user to delete and sign out: the owner (user 1) can be neither, and signs in for the walk.
  const colleague = await t.userId('editor');
  const invitation = await createInvitation(db, {
    email: 'invitee@forkcast.test',
    role: 'author',
    tokenHash: 'fixture',
    invitedBy: 1,
    now,
    expiresAt: '2999-01-01T00:00:00.000Z',
  });
  // Something in the trash, for deleting for good.
  const { result: trashed } = await commitChange(db, async (trx) => {
    const id = await insertPost(trx, {
      slug: 'in-the-trash',
      title: 'In the trash',
      type: 'post',
      cityId: null,
      publishedAt: null,
      createdAt: now,
      updatedAt: now,
    });
    await deletePost(trx, id);
    return id;
  });
  const webhook = await createWebhook(
    db,
    { url: 'https://hooks.example.com/in', events: ['post.published'], secret: 'whsec_x', createdBy: 1 },
    now,
  );
  const redirect = await createRedirect(db, { fromPath: '/old-menu', toPath: '/about', status: 301 }, now);
  const page = await createSitePage(db, { title: 'Visiting Us', slug: 'visiting' }, now);
  // An item of its own for the media deletion, so the walk's uploads stay in the folder.
  const media = await recordMedia(
    db,
    {
      path: '/uploads/00000000000000000000dead.jpg',
      originalName: 'gone.jpg',
      bytes: 1,
      width: 1,
      height: 1,
      mime: 'image/jpeg',
      createdBy: null,
    },
    now,
  );
  const links = new NewsletterLinks(await ensureSecret(db, SETTING.newsletterSecret, now), ORIGIN);
  const token = new URL(links.unsubscribeUrl(subscriber)).pathname.split('/').at(-1)!;
  return {
    cookie: await t.signIn(),
    params: { slug: post.slug, token },
    routeParams: {
      'DELETE /api/posts/:id{[0-9]+}': { id: '2' },
      'DELETE /api/cities/:id': { id: String(emptyCity) },
      'DELETE /api/users/:id': { id: String(colleague) },
      'POST /api/users/:id/sign-out': { id: String(colleague) },
      'DELETE /api/invitations/:id': { id: String(invitation) },
      'DELETE /api/webhooks/:id': { id: String(webhook) },
      'DELETE /api/redirects/:id': { id: String(redirect) },
      'DELETE /api/pages/:id': { id: String(page.id) },
      'DELETE /api/media/:id': { id: String(media) },
      'DELETE /api/trash/:kind/:id': { kind: 'post', id: String(trashed) },
      // The one change the fixture made is that deletion: undoing it would take the post out of the trash first.
      'POST /api/changes/:id/undo': { id: '999999' },
    },
  };
}

/**
 * The fixture, except that the exempt routes get a well-formed token of nobody: they pass the
 * cross-site defence, and must still change nothing the walk can see.
 */
function exemptWithoutEffect(fixture: Fixture): Fixture {
  return { ...fixture, routeParams: { ...fixture.routeParams, [ONE_CLICK_UNSUBSCRIBE]: { token: DEFAULT_PARAMS.token! } } };
}

/** How the cross-site defence answered: refused with its status and code, or, for an exempt route, let through. */
function refusal(route: Route, res: Response, body: { code?: string } | undefined): string {
  if (CROSS_SITE_EXEMPT.has(routeKey(route)) && body?.code !== 'cross_site') return 'exempt';
  return `${res.status} ${body?.code}`;
}

const snakeCase = (name: string) => name.replace(/[A-Z]/g, (ch) => `_${ch.toLowerCase()}`);

const heroImage = async (t: TestApp) => (await (await t.request('/api/hero/image')).json()).heroImage;
const subscriberCount = async (t: TestApp, cookie: string) =>
  ((await (await t.request('/api/newsletter/subscribers', { cookie })).json()) as unknown[]).length;

describe('app', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.cleanup());

  // -------------------------------------------------------------------------------------------
  describe('auth enforcement walk', () => {
    it('finds the unsafe routes it is meant to check', () => {
      const keys = unsafeRoutes(t).map(routeKey);
      expect(keys.length).toBeGreaterThanOrEqual(12);
      expect(keys.filter((key) => !ANONYMOUS_WRITES.has(key)).length).toBeGreaterThanOrEqual(12);
      expect(keys).toEqual(
        expect.arrayContaining([
          'POST /api/login',
          'POST /api/hero/update-image',
          'PATCH /api/posts/:slug/hero-image',
          'POST /api/posts/:postId/content',
          'DELETE /api/posts/:postId/content/:contentId',
          'POST /api/posts/:postId/blocks',
          'PUT /api/posts/:postId/blocks/:blockId',
          'DELETE /api/posts/:postId/blocks/:blockId',
          'POST /api/upload',
          'POST /api/upload/hero-image',
          'POST /api/admin/generate-guide',
          'DELETE /api/newsletter/subscribers/:id',
          'DELETE /api/admin/contact-messages/:id',
        ]),
      );
      expect(concrete('/api/posts/:postId/blocks/:blockId')).toBe('/api/posts/1/blocks/1');
      expect(concrete('/api/posts/:slug/hero-image')).toBe('/api/posts/kyoto/hero-image');
    });

    it('refuses every unsafe route with 401 when signed out, whatever the body', async () => {
      const routes = unsafeRoutes(t).filter((route) => !ANONYMOUS_WRITES.has(routeKey(route)));
      const got: string[] = [];
      const expected: string[] = [];
      for (const route of routes) {
        for (const kind of ['empty json', 'valid json', 'multipart'] as const) {
          const res = await send(t, route, bodyFor(route, kind));
          const body = await res.json().catch(() => undefined);
          got.push(`${routeKey(route)} [${kind}] -> ${res.status} ${body?.code}`);
          expected.push(`${routeKey(route)} [${kind}] -> 401 unauthorized`);
        }
      }
      expect(got).toEqual(expected);
    });

    it('refuses every unsafe route with 401 for a forged or ended session', async () => {
      const ended = await t.signIn();
      await t.request('/api/logout', { method: 'POST', cookie: ended });
      const forged = `forkcast_session=${'A'.repeat(43)}; forkcast_ui=admin`;
      const routes = unsafeRoutes(t).filter((route) => !ANONYMOUS_WRITES.has(routeKey(route)));
      const got: string[] = [];
      for (const route of routes) {
        for (const cookie of [ended, forged])
          got.push(`${routeKey(route)} -> ${(await send(t, route, bodyFor(route, 'valid json'), { cookie })).status}`);
      }
      expect(got).toEqual(routes.flatMap((route) => [`${routeKey(route)} -> 401`, `${routeKey(route)} -> 401`]));
    });

    it('changes nothing when a signed-out visitor calls the admin routes with valid bodies', async () => {
      const fixture = await seededFixture(t);
      await t.request('/api/logout', { method: 'POST', cookie: fixture.cookie });
      const before = await storedState(t);
      for (const route of unsafeRoutes(t).filter((r) => !ANONYMOUS_WRITES.has(routeKey(r)))) {
        const init = validRequest(route) ?? bodyFor(route, 'valid json');
        expect((await send(t, route, init, { params: fixture.params })).status, routeKey(route)).toBe(401);
      }
      expect(await storedState(t)).toEqual(before);
    });

    it('lets a visitor reach the anonymous writes without signing in', async () => {
      const got = [];
      for (const key of ANONYMOUS_WRITES) {
        const [method, path] = key.split(' ') as [string, string];
        const res = await send(t, { method, path }, bodyFor({ method, path }, 'valid json'));
        got.push(`${key} -> ${res.status}`);
      }
      expect(got).toEqual([
        'POST /api/login -> 200',
        'POST /api/logout -> 303',
        'POST /api/contact -> 201',
        'POST /api/newsletter/subscribe -> 200',
        'POST /api/newsletter/subscribe/form -> 303',
        'POST /api/newsletter/unsubscribe/:token -> 303',
        'POST /api/collect -> 204',
        // Without a mailed link's token these are refused, but as bad input, never as unauthorised.
        'POST /api/invitations/accept -> 400',
        'POST /api/password-reset -> 200',
        'POST /api/password-reset/confirm -> 400',
      ]);
    });

    it.each(ADMIN_ONLY_READS)('refuses GET %s with 401 when signed out', async (path) => {
      const res = await t.request(path);
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ code: 'unauthorized' });
    });

    it.each(ADMIN_ONLY_READS)('serves GET %s to the signed-in admin', async (path) => {
      const cookie = await t.signIn();
      expect((await t.request(path, { cookie })).status).toBe(200);
    });

    it('does not leak subscriber addresses to a visitor', async () => {
      await subscribe(t.handle.db, 'private@forkcast.test', new Date().toISOString());
      for (const path of ['/api/newsletter/subscribers', '/api/newsletter/subscribers/export']) {
        expect(await (await t.request(path)).text()).not.toContain('private@forkcast.test');
      }
    });
  });

  // -------------------------------------------------------------------------------------------
  describe('cross-site request defence', () => {
    it('refuses every unsafe route with 403 cross_site when the browser says cross-site or same-site, and changes nothing', async () => {
      const fixture = await seededFixture(t);
      const before = await storedState(t);
      const routes = unsafeRoutes(t);
      expect(routes.length).toBeGreaterThanOrEqual(12);
      const got: string[] = [];
      const expected: string[] = [];
      for (const route of routes) {
        for (const site of ['cross-site', 'same-site']) {
          for (const kind of ['valid json', 'multipart'] as const) {
            const res = await send(
              t,
              route,
              withHeaders(bodyFor(route, kind), { 'sec-fetch-site': site, origin: 'https://evil.example' }),
              exemptWithoutEffect(fixture),
            );
            const body = await res.json().catch(() => undefined);
            got.push(`${routeKey(route)} [${site}, ${kind}] -> ${refusal(route, res, body)}`);
            expected.push(
              `${routeKey(route)} [${site}, ${kind}] -> ${CROSS_SITE_EXEMPT.has(routeKey(route)) ? 'exempt' : '403 cross_site'}`,
            );
          }
        }
      }
      expect(got).toEqual(expected);
      expect(await storedState(t)).toEqual(before);
      expect(await whoAmIStatus(t, fixture.cookie)).toBe(200);
    });

    it('refuses every unsafe route with 403 when, without Sec-Fetch-Site, the Origin is another site', async () => {
      const fixture = await seededFixture(t);
      const before = await storedState(t);
      const got: string[] = [];
      const expected: string[] = [];
      for (const route of unsafeRoutes(t)) {
        for (const origin of ['https://evil.example', 'null', 'https://localhost', 'http://localhost.evil.example']) {
          const init = withHeaders(validRequest(route) ?? bodyFor(route, 'valid json'), { origin });
          const res = await send(t, route, init, exemptWithoutEffect(fixture));
          got.push(`${routeKey(route)} [${origin}] -> ${refusal(route, res, await res.json().catch(() => undefined))}`);
          expected.push(`${routeKey(route)} [${origin}] -> ${CROSS_SITE_EXEMPT.has(routeKey(route)) ? 'exempt' : '403 cross_site'}`);
        }
      }
      expect(got).toEqual(expected);
      expect(await storedState(t)).toEqual(before);
    });

    it('lets every unsafe route through from the same origin (so the refusals above are the defence at work)', async () => {
      const fixture = await seededFixture(t);
      const before = await storedState(t);
      const got: string[] = [];
      const expected: string[] = [];
      for (const route of unsafeRoutes(t)) {
        const init = validRequest(route);
        const res = await send(
          t,
          route,
          withHeaders(init ?? bodyFor(route, 'valid json'), { 'sec-fetch-site': 'same-origin', origin: ORIGIN }),
          fixture,
        );
        // Routes this file has no valid body for only have to get past the defence. A form post
        // succeeds with a redirect to the page that says so.
        const succeeded =
          (res.status >= 200 && res.status < 300) ||
          (res.status === 303 && res.headers.get('location') === newsletterOutcomeUrl('subscribed')) ||
          (res.status === 303 && res.headers.get('location') === NEWSLETTER_PAGES.unsubscribed);
        const ok = init ? succeeded : res.status !== 403;
        got.push(`${routeKey(route)} -> ${ok ? 'ok' : res.status}`);
        expected.push(`${routeKey(route)} -> ok`);
      }
      expect(got).toEqual(expected);
      expect(await heroImage(t)).toBe(EVIL_IMAGE);
      // The snapshot the other walks compare against does see writes (and uploads).
      const after = await storedState(t);
      for (const table of [
        'settings',
        'posts',
        'contentBlocks',
        'postContentItems',
        'newsletterSubscribers',
        'contactMessages',
        'cities',
      ]) {
        expect(after.rows[snakeCase(table)], table).not.toEqual(before.rows[snakeCase(table)]);
      }
      expect(after.uploads.length).toBeGreaterThan(before.uploads.length);
    });

    it('leaves the homepage hero alone after a cross-site update, JSON or multipart', async () => {
      const cookie = await t.signIn();
      const hero = await heroImage(t);
      for (const site of ['cross-site', 'same-site']) {
        const jsonRes = await t.request(
          '/api/hero/update-image',
          withHeaders(json('POST', { imageUrl: EVIL_IMAGE }, cookie), { 'sec-fetch-site': site }),
        );
        expect(jsonRes.status).toBe(403);
        expect(await jsonRes.json()).toEqual({ message: expect.any(String), code: 'cross_site' });
        const form = new FormData();
        form.set('imageUrl', EVIL_IMAGE);
        const formRes = await t.request('/api/hero/update-image', {
          method: 'POST',
          body: form,
          cookie,
          headers: { 'sec-fetch-site': site },
        });
        expect(formRes.status).toBe(403);
      }
      expect(await heroImage(t)).toBe(hero);
    });

    it('adds no subscriber on a cross-site subscribe', async () => {
      const cookie = await t.signIn();
      for (const site of ['cross-site', 'same-site']) {
        const res = await t.request('/api/newsletter/subscribe', {
          ...withHeaders(json('POST', { email: EVIL_SUBSCRIBER }), { 'sec-fetch-site': site }),
          ip: freshIp(),
        });
        expect(res.status).toBe(403);
        expect(await res.json()).toMatchObject({ code: 'cross_site' });
      }
      expect(await subscriberCount(t, cookie)).toBe(0);
    });

    it('refuses a cross-site sign-in (login CSRF) and sets no cookie', async () => {
      for (const headers of [{ 'sec-fetch-site': 'cross-site' }, { origin: 'https://evil.example' }] as Record<string, string>[]) {
        const form = await t.request('/api/login', {
          method: 'POST',
          body: new URLSearchParams({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
          headers,
          ip: freshIp(),
        });
        expect(form.status).toBe(403);
        expect(form.headers.getSetCookie()).toEqual([]);
        const jsonRes = await t.request('/api/login', {
          ...withHeaders(json('POST', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }), headers),
          ip: freshIp(),
        });
        expect(jsonRes.status).toBe(403);
        expect(jsonRes.headers.getSetCookie()).toEqual([]);
      }
      expect(await t.handle.db.selectFrom('sessions').selectAll().execute()).toEqual([]);
    });

    it.each([
      ['sec-fetch-site: same-origin', { 'sec-fetch-site': 'same-origin' }],
      ['sec-fetch-site: none (typed into the address bar)', { 'sec-fetch-site': 'none' }],
      ['origin: the site itself', { origin: ORIGIN }],
      ['no browser headers at all (curl)', {}],
    ])('lets a signed-in write through with %s', async (_label, headers) => {
      const cookie = await t.signIn();
      const res = await t.request(
        '/api/hero/update-image',
        withHeaders(json('POST', { imageUrl: 'https://images.example/kyoto.jpg' }, cookie), headers),
      );
      expect(res.status).toBe(200);
      expect(await heroImage(t)).toBe('https://images.example/kyoto.jpg');
    });

    it('lets a same-origin subscribe and sign-in through', async () => {
      const sub = await t.request('/api/newsletter/subscribe', {
        ...withHeaders(json('POST', { email: 'reader@forkcast.test' }), { origin: ORIGIN }),
        ip: freshIp(),
      });
      expect(sub.status).toBe(200);
      const login = await t.request('/api/login', {
        ...withHeaders(json('POST', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }), { 'sec-fetch-site': 'same-origin' }),
        ip: freshIp(),
      });
      expect(login.status).toBe(200);
    });

    describe('the one-click unsubscribe (RFC 8058), which its token authorises', () => {
      const CROSS_SITE_HEADERS: Record<string, string>[] = [
        { 'sec-fetch-site': 'cross-site', origin: 'https://mail.example' },
        { 'sec-fetch-site': 'same-site' },
        { origin: 'https://mail.example' },
        { origin: 'null' },
      ];
      const oneClick = (path: string, headers: Record<string, string>, method = 'POST') =>
        t.request(path, {
          method,
          headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
          body: 'List-Unsubscribe=One-Click',
          ip: freshIp(),
        });
      const readerLink = async () => {
        const now = new Date().toISOString();
        const { subscriber } = await subscribe(t.handle.db, 'reader@forkcast.test', now);
        const links = new NewsletterLinks(await ensureSecret(t.handle.db, SETTING.newsletterSecret, now), ORIGIN);
        return new URL(links.unsubscribeUrl(subscriber)).pathname;
      };
      const status = async () => (await t.handle.db.selectFrom('newsletterSubscribers').select('status').executeTakeFirstOrThrow()).status;

      it.each(CROSS_SITE_HEADERS)('unsubscribes when posted from another site (%j)', async (headers) => {
        const link = await readerLink();
        const res = await oneClick(link, headers);
        expect(res.status).toBe(303);
        expect(res.headers.get('location')).toBe(NEWSLETTER_PAGES.unsubscribed);
        expect(await status()).toBe('unsubscribed');
      });

      it('still refuses a cross-site one-click POST whose token is wrong, with 400 and no change', async () => {
        const link = await readerLink();
        const res = await oneClick(
          link.replace(/.$/, (ch) => (ch === 'A' ? 'B' : 'A')),
          CROSS_SITE_HEADERS[0]!,
        );
        expect(res.status).toBe(400);
        expect(await status()).toBe('pending');
      });

      it('exempts nothing else: other methods are not allowed there, token-less and longer paths stay refused cross-site', async () => {
        const link = await readerLink();
        const got: string[] = [];
        const tries: [string, string][] = [
          ['PUT', link],
          ['PATCH', link],
          ['DELETE', link],
          ['POST', '/api/newsletter/unsubscribe'],
          ['POST', '/api/newsletter/unsubscribe/'],
          ['POST', `${link}/`],
          ['POST', `${link}/again`],
          ['POST', `/api/newsletter/unsubscribe/${'9'.repeat(16)}.${'A'.repeat(43)}`],
          ['POST', `/api/newsletter/unsubscribe/1.${'A'.repeat(42)}`],
          ['POST', `/api/newsletter${link.slice('/api/newsletter'.length).replace('unsubscribe', 'subscribe')}`],
          ['POST', link.replace('/api/newsletter/', '/api/newsletter//')],
          ['POST', '/api/newsletter/subscribe'],
        ];
        for (const [method, path] of tries) {
          for (const headers of CROSS_SITE_HEADERS) {
            const res = await oneClick(path, headers, method);
            got.push(`${method} ${path} ${JSON.stringify(headers)} -> ${res.status} ${(await res.json().catch(() => ({}))).code}`);
          }
        }
        // A method the route does not take is refused before any other check (405), like everywhere.
        const refusal = (method: string) => (method === 'POST' ? '403 cross_site' : '405 method_not_allowed');
        expect(got).toEqual(
          tries.flatMap(([method, path]) => CROSS_SITE_HEADERS.map((h) => `${method} ${path} ${JSON.stringify(h)} -> ${refusal(method)}`)),
        );
        expect(await status()).toBe('pending');
      });
    });

    it('does not refuse safe methods from other sites (reads are public)', async () => {
      for (const path of ['/api/hero/image', '/api/cities', '/api/login']) {
        expect((await t.request(path, { headers: { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' } })).status).toBe(200);
      }
    });
  });

  // -------------------------------------------------------------------------------------------
  describe('body limits', () => {
    const contact = (message: string) => JSON.stringify({ name: 'Ann', email: 'ann@forkcast.test', subject: 'Hi', message });
    const sized = (bytes: number) => {
      const body = contact('');
      return contact('x'.repeat(bytes - body.length));
    };

    it('answers a JSON body over 100 KB with 413 body_too_large', async () => {
      const body = sized(100 * 1024 + 1);
      expect(body.length).toBe(100 * 1024 + 1);
      const res = await t.request('/api/contact', { method: 'POST', headers: { 'content-type': 'application/json' }, body, ip: freshIp() });
      expect(res.status).toBe(413);
      expect(await res.json()).toEqual({ message: 'The request body is too large.', code: 'body_too_large' });
    });

    it('reads a JSON body of exactly 100 KB (and then judges its content)', async () => {
      const res = await t.request('/api/contact', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: sized(100 * 1024),
        ip: freshIp(),
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'validation' });
    });

    it('applies the limit to signed-in admin writes and to sign-in', async () => {
      const cookie = await t.signIn();
      const big = 'https://images.example/' + 'x'.repeat(110 * 1024);
      const hero = await t.request('/api/hero/update-image', json('POST', { imageUrl: big }, cookie));
      expect(hero.status).toBe(413);
      expect(await hero.json()).toMatchObject({ code: 'body_too_large' });
      const login = await t.request('/api/login', json('POST', { email: ADMIN_EMAIL, password: 'x'.repeat(110 * 1024) }));
      expect(login.status).toBe(413);
    });

    it('applies the limit to urlencoded forms', async () => {
      const res = await t.request('/api/login', {
        method: 'POST',
        body: new URLSearchParams({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD, padding: 'x'.repeat(110 * 1024) }),
      });
      expect(res.status).toBe(413);
      expect(res.headers.getSetCookie()).toEqual([]);
    });

    it('trusts a declared Content-Length over 100 KB without reading the body', async () => {
      const body = sized(200 * 1024);
      const res = await t.request('/api/contact', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': String(body.length) },
        body,
        ip: freshIp(),
      });
      expect(res.status).toBe(413);
    });

    it('answers a multipart sign-in over 100 KB with 413', async () => {
      const form = new FormData();
      form.set('email', ADMIN_EMAIL);
      form.set('password', 'wrong');
      form.set('padding', 'x'.repeat(2 * 1024 * 1024));
      const res = await t.request('/api/login', { method: 'POST', body: form, ip: freshIp() });
      expect(res.status).toBe(413);
      expect(await res.json()).toMatchObject({ code: 'body_too_large' });
    });
  });

  // -------------------------------------------------------------------------------------------
  describe('error responses', () => {
    function expectErrorShape(body: Record<string, unknown>) {
      expect(Object.keys(body).sort()).toEqual(['code', 'message']);
      expect(typeof body.message).toBe('string');
      expect(typeof body.code).toBe('string');
      expect(JSON.stringify(body)).not.toMatch(/\bat .+:\d+:\d+|Error:|stack|SQLITE|select |from /i);
    }

    it('answers an unknown /api path with JSON 404 not_found', async () => {
      for (const [method, path] of [
        ['GET', '/api/nope'],
        ['POST', '/api/nope'],
        ['GET', '/api/admin-secret'],
        ['DELETE', '/api/hero/nope'],
      ] as const) {
        const res = await t.request(path, { method, ip: freshIp() });
        expect(res.status, `${method} ${path}`).toBe(404);
        expect(res.headers.get('content-type')).toMatch(/^application\/json/);
        const body = await res.json();
        expectErrorShape(body);
        expect(body.code).toBe('not_found');
      }
    });

    it('answers an unknown page outside /api with the HTML 404 page', async () => {
      const res = await t.request('/no-such-page');
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    });

    it('answers a malformed JSON body with 400, not 500', async () => {
      const cookie = await t.signIn();
      const malformed = { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"imageUrl": "https://x.example/a.jpg"' };
      const admin = await t.request('/api/hero/update-image', { ...malformed, cookie });
      expect(admin.status).toBe(400);
      expectErrorShape(await admin.json());
      const visitor = await t.request('/api/contact', { ...malformed, ip: freshIp() });
      expect(visitor.status).toBe(400);
      expectErrorShape(await visitor.json());
    });

    it('answers a body that fails validation with 400 {message, code: validation}', async () => {
      const cookie = await t.signIn();
      const res = await t.request('/api/hero/update-image', json('POST', { imageUrl: 'javascript:alert(1)' }, cookie));
      expect(res.status).toBe(400);
      const body = await res.json();
      expectErrorShape(body);
      expect(body.code).toBe('validation');
    });

    it('hides the details of an internal error behind a plain 500', async () => {
      await t.handle.db.schema.dropTable('settings').execute();
      const res = await t.request('/api/hero/image');
      expect(res.status).toBe(500);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      const text = await res.text();
      expect(text).not.toMatch(/no such table|settings|SqliteError|Error:|\bat /i);
      const body = JSON.parse(text);
      expectErrorShape(body);
      expect(body).toEqual({ message: 'Something went wrong on our side. Please try again.', code: 'internal_error' });
      // The request id lets an operator find the logged details.
      expect(res.headers.get('x-request-id')).toMatch(/\S/);
    });

    it('answers 500 internal_error when the database is gone, for reads and signed-in writes alike', async () => {
      const cookie = await t.signIn();
      await t.handle.db.destroy();
      for (const res of [
        await t.request('/api/health'),
        await t.request('/api/hero/update-image', json('POST', { imageUrl: EVIL_IMAGE }, cookie)),
      ]) {
        expect(res.status).toBe(500);
        const body = await res.json();
        expectErrorShape(body);
        expect(body.code).toBe('internal_error');
        expect(body.message).not.toMatch(/destroyed|driver/i);
      }
    });
  });

  // -------------------------------------------------------------------------------------------
  describe('security headers', () => {
    function expectSecurityHeaders(res: Response, label: string) {
      expect(res.headers.get('x-content-type-options'), label).toBe('nosniff');
      expect(res.headers.get('x-frame-options'), label).toBe('DENY');
      expect(res.headers.get('content-security-policy'), label).toContain("frame-ancestors 'none'");
      expect(res.headers.get('referrer-policy'), label).toBeTruthy();
    }

    it('sends them on API answers, success and error alike', async () => {
      const cookie = await t.signIn();
      const responses: [string, Response][] = [
        ['GET /api/hero/image', await t.request('/api/hero/image')],
        ['GET /api/auth/user (401)', await t.request('/api/auth/user')],
        ['GET /api/auth/user (200)', await t.request('/api/auth/user', { cookie })],
        ['GET /api/login (HTML)', await t.request('/api/login')],
        [
          'POST cross-site (403)',
          await t.request('/api/hero/update-image', withHeaders(json('POST', {}, cookie), { 'sec-fetch-site': 'cross-site' })),
        ],
        ['GET /api/nope (404)', await t.request('/api/nope')],
      ];
      for (const [label, res] of responses) expectSecurityHeaders(res, label);
    });

    it('sends them on static pages, assets and the 404 page', async () => {
      mkdirSync(join(t.siteDir, 'kyoto', 'guide'), { recursive: true });
      writeFileSync(join(t.siteDir, 'index.html'), '<!doctype html><title>Forkcast</title><h1>Home</h1>');
      writeFileSync(join(t.siteDir, 'kyoto', 'guide', 'index.html'), '<!doctype html><title>Kyoto</title>');
      writeFileSync(join(t.siteDir, 'robots.txt'), 'User-agent: *\n');
      for (const path of ['/', '/kyoto/guide', '/robots.txt']) {
        const res = await t.request(path);
        expect(res.status, path).toBe(200);
        expectSecurityHeaders(res, path);
      }
      const missing = await t.request('/no-such-page');
      expect(missing.status).toBe(404);
      expectSecurityHeaders(missing, '404 page');
    });

    it('sends them on a 500', async () => {
      await t.handle.db.schema.dropTable('settings').execute();
      const res = await t.request('/api/hero/image');
      expect(res.status).toBe(500);
      expectSecurityHeaders(res, '500');
    });
  });

  // -------------------------------------------------------------------------------------------
  describe('no state shared between apps', () => {
    const message = { name: 'Ann', email: 'ann@forkcast.test', subject: 'Hi', message: 'Hello' };

    it('rate-limits contact messages per address within one app', async () => {
      const ip = freshIp();
      const statuses = [];
      for (let i = 0; i < 6; i++) statuses.push((await t.request('/api/contact', { ...json('POST', message), ip })).status);
      expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    });

    it('starts a new app with fresh rate-limit counters', async () => {
      const ip = freshIp();
      for (let i = 0; i < 6; i++) await t.request('/api/contact', { ...json('POST', message), ip });
      const other = await createTestApp();
      try {
        expect((await other.request('/api/contact', { ...json('POST', message), ip })).status).toBe(201);
      } finally {
        await other.cleanup();
      }
    });
  });
});

async function whoAmIStatus(t: TestApp, cookie: string): Promise<number> {
  return (await t.request('/api/auth/user', { cookie })).status;
}
