import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addContactMessage,
  addContentItem,
  commitChange,
  createBlock,
  deletePost,
  insertCity,
  insertPost,
  subscribe,
  updatePost,
} from '@forkcast/content-db';
import { postFixture } from '@forkcast/content-db/testing';
import { ROLES, roleAtLeast, type Role } from '@forkcast/shared/contracts';
import { createTestApp, storedState, type TestApp } from '../testing.ts';

/**
 * The role x route matrix: every route of the app's route table, called by a visitor and by a
 * signed-in user of every role. This file states the rules as a table of its own (not
 * read from the guards), so a route whose guard drifts from them, or a new route nobody placed
 * in the table, fails here. A role the table admits must not be answered 401 or 403; any other
 * signed-in role must be answered 403 with a message saying who may, and nothing may change.
 */

/** Who may call a route: anyone, or a least role, and on something of their own (a post they wrote, themselves, their change) a lower one. */
type Rule = 'anyone' | { least: Role; own?: Role };

const anyone = 'anyone';
const from = (least: Role, own?: Role): Rule => (own ? { least, own } : { least });

const RULES: Record<string, Rule> = {
  'GET /api/health': anyone,
  'GET /api/ready': anyone,
  'GET /api/login': anyone,
  'POST /api/login': anyone,
  'GET /api/logout': anyone,
  'POST /api/logout': anyone,
  'GET /api/auth/user': anyone,
  'GET /api/openapi.json': anyone,
  'GET /api/search': anyone,
  // Reading what is published; writers get more of it, which the API tests of each route check.
  'GET /api/cities': anyone,
  'GET /api/cities/:slug': anyone,
  'GET /api/cities/:slug/guide': anyone,
  'GET /api/cities/:slug/posts': anyone,
  'GET /api/posts': anyone,
  'GET /api/posts/:slug': anyone,
  'GET /api/posts/:postId/content': anyone,
  'GET /api/posts/:postId/blocks': anyone,
  'GET /api/hero/image': anyone,
  'POST /api/contact': anyone,
  'POST /api/collect': anyone,
  'GET /api/collect': anyone,
  'POST /api/newsletter/subscribe': anyone,
  'POST /api/newsletter/subscribe/form': anyone,
  'GET /api/newsletter/confirm': anyone,
  'GET /api/newsletter/unsubscribe/:token': anyone,
  'POST /api/newsletter/unsubscribe/:token': anyone,
  // The mailed links: whoever holds one (the token is the permission).
  'POST /api/invitations/accept': anyone,
  'POST /api/password-reset': anyone,
  'POST /api/password-reset/confirm': anyone,

  // Contributors write posts: their own drafts; authors their own posts, publishing included; editors any.
  'POST /api/posts': from('contributor'),
  'PATCH /api/posts/:id{[0-9]+}': from('editor', 'contributor'),
  'DELETE /api/posts/:id{[0-9]+}': from('editor', 'contributor'),
  'GET /api/posts/:id{[0-9]+}/edit': from('editor', 'contributor'),
  'GET /api/posts/:id{[0-9]+}/preview': from('editor', 'contributor'),
  'POST /api/posts/:id{[0-9]+}/preview': from('editor', 'contributor'),
  // Whoever may read a post may say they have it open, and that they left it.
  'POST /api/posts/:id{[0-9]+}/presence': from('editor', 'contributor'),
  'DELETE /api/posts/:id{[0-9]+}/presence': from('editor', 'contributor'),
  // Review: writers submit their own drafts and take them back; editors send posts back with a note.
  'POST /api/posts/:id{[0-9]+}/submit': from('editor', 'contributor'),
  'POST /api/posts/:id{[0-9]+}/withdraw': from('editor', 'contributor'),
  'POST /api/posts/:id{[0-9]+}/request-changes': from('editor'),
  'GET /api/posts/:id{[0-9]+}/comments': from('editor', 'contributor'),
  'POST /api/posts/:id{[0-9]+}/comments': from('editor', 'contributor'),
  'PATCH /api/posts/:slug/hero-image': from('editor', 'contributor'),
  'PATCH /api/posts/:slug/published': from('editor', 'author'),
  'POST /api/posts/:postId/content': from('editor', 'contributor'),
  'DELETE /api/posts/:postId/content/:contentId': from('editor', 'contributor'),
  'POST /api/posts/:postId/blocks': from('editor', 'contributor'),
  'PUT /api/posts/:postId/blocks/:blockId': from('editor', 'contributor'),
  'DELETE /api/posts/:postId/blocks/:blockId': from('editor', 'contributor'),
  'POST /api/upload': from('contributor'),
  'POST /api/upload/hero-image': from('contributor'),
  'GET /api/media': from('contributor'),
  'GET /api/media/:id': from('contributor'),
  'PATCH /api/media/:id': from('editor'),
  'DELETE /api/media/:id': from('editor'),
  'POST /api/changes/:id/undo': from('editor', 'contributor'),
  // Everyone keeps their own profile and sessions; administrators everyone's.
  'GET /api/users/:id': from('administrator', 'contributor'),
  'PATCH /api/users/:id': from('administrator', 'contributor'),
  'POST /api/users/:id/sign-out': from('administrator', 'contributor'),

  // Editors: all content beyond posts (cities, CSV guides, the homepage hero), history and the trash.
  'POST /api/cities': from('editor'),
  'PATCH /api/cities/:id': from('editor'),
  'DELETE /api/cities/:id': from('editor'),
  'GET /api/admin/cities': from('editor'),
  'GET /api/admin/cities/:id': from('editor'),
  'POST /api/admin/generate-guide': from('editor'),
  'POST /api/hero/update-image': from('editor'),
  'GET /api/admin/publish-status': from('editor'),
  'GET /api/revisions': from('editor'),
  'GET /api/revisions/:id': from('editor'),
  'POST /api/revisions/:id/restore': from('editor'),
  'GET /api/trash': from('editor'),
  // Editors invite authors and contributors (the routes narrow the roles further).
  'POST /api/invitations': from('editor'),
  'GET /api/invitations': from('editor'),
  'DELETE /api/invitations/:id': from('editor'),
  'GET /api/export': from('administrator'),
  'POST /api/import': from('administrator'),
  'POST /api/import/ghost': from('administrator'),
  'GET /api/webhooks': from('administrator'),
  'POST /api/webhooks': from('administrator'),
  'GET /api/webhooks/deliveries': from('administrator'),
  'DELETE /api/webhooks/:id': from('administrator'),
  // The site's written pages (About-like): editors and above.
  'GET /api/pages': from('editor'),
  'GET /api/pages/:id': from('editor'),
  'POST /api/pages': from('editor'),
  'PATCH /api/pages/:id': from('editor'),
  'DELETE /api/pages/:id': from('editor'),
  'POST /api/trash/:kind/:id/restore': from('editor'),
  'DELETE /api/trash/:kind/:id': from('editor'),
  'DELETE /api/trash': from('editor'),
  'GET /api/redirects': from('editor'),
  'GET /api/insights': from('editor'),
  'GET /api/insights.csv': from('editor'),
  'GET /api/insights/posts': from('editor'),
  'POST /api/redirects': from('editor'),
  'POST /api/redirects/import': from('editor'),
  'DELETE /api/redirects/:id': from('editor'),

  // Administrators (and the owner): users, readers' addresses, newsletter sends.
  'GET /api/users': from('administrator'),
  'DELETE /api/users/:id': from('administrator'),
  'GET /api/newsletter/subscribers': from('administrator'),
  'GET /api/newsletter/subscribers/export': from('administrator'),
  'DELETE /api/newsletter/subscribers/:id': from('administrator'),
  'GET /api/newsletter/sends': from('administrator'),
  'GET /api/newsletter/sends/events': from('administrator'),
  'POST /api/newsletter/sends': from('administrator'),
  'POST /api/newsletter/sends/test': from('administrator'),
  'POST /api/newsletter/sends/:id/cancel': from('administrator'),
  'GET /api/admin/contact-messages': from('administrator'),
  'DELETE /api/admin/contact-messages/:id': from('administrator'),
};

/** Bodies a route must have for its permission check to be reached (the rest take `{}`). */
const BODIES: Record<string, unknown> = { 'PATCH /api/users/:id': { bio: 'The matrix was here.' } };

const NOW = '2025-01-01T00:00:00.000Z';
type Target = 'others' | 'own';

interface Route {
  method: string;
  path: string;
  key: string;
}

/** The app's API routes, each once, deletions and sign-outs last (a request before them still has its target). */
function apiRoutes(t: TestApp): Route[] {
  const seen = new Map<string, Route>();
  for (const { method, path } of t.app.routes) {
    if (method === 'ALL' || !path.startsWith('/api/')) continue;
    seen.set(`${method} ${path}`, { method, path, key: `${method} ${path}` });
  }
  const last = (route: Route) => (route.method === 'DELETE' ? 1 : 0) + (/sign-out|logout/.test(route.path) ? 2 : 0);
  return [...seen.values()].sort((a, b) => last(a) - last(b));
}

interface Fixtures {
  /** Path parameters by name, for routes on someone else's things and on the caller's own. */
  params: Record<Target, Record<string, string>>;
}

/**
 * Something of everything a route can name: someone else's published post and the caller's own
 * draft (each with a block and an inline item), a city without posts, a subscriber, a message, a
 * change of someone else's and one of the caller's, a trashed post, and another user.
 */
async function fixtures(t: TestApp, role: Role): Promise<Fixtures> {
  const db = t.handle.db;
  const owner = await t.userId('owner');
  const me = await t.userId(role);
  const other = await t.userId(role === 'contributor' ? 'author' : 'contributor');
  const post = async (slug: string, authorIds: number[], published: boolean, userId: number) =>
    (await commitChange(db, (trx) => insertPost(trx, postFixture(slug, { authorIds, published })), { now: NOW, userId })).result;
  const theirs = await post('theirs', [owner], true, owner);
  const { changeId: theirChange } = await commitChange(db, (trx) => updatePost(trx, theirs, { title: 'Retitled', updatedAt: NOW }), {
    now: NOW,
    userId: owner,
  });
  const mine = await post('mine', [me], false, me);
  const { changeId: myChange } = await commitChange(db, (trx) => updatePost(trx, mine, { title: 'Mine, retitled', updatedAt: NOW }), {
    now: NOW,
    userId: me,
  });
  const parts = async (postId: number) => ({
    blockId: String((await createBlock(db, { postId, content: 'A block.', position: 0, isOriginal: true, now: NOW })).id),
    contentId: String((await addContentItem(db, { postId, type: 'text', content: 'An item.', position: 1, now: NOW })).id),
  });
  const trashed = await post('trashed', [owner], false, owner);
  await commitChange(db, (trx) => deletePost(trx, trashed), { now: NOW, userId: owner });
  const city = await insertCity(db, { slug: 'empty-town', name: 'Empty Town', createdAt: NOW, updatedAt: NOW });
  const { subscriber } = await subscribe(db, 'reader@forkcast.test', NOW);
  const message = await addContactMessage(db, {
    name: 'Reader',
    email: 'reader@forkcast.test',
    subject: 'Hi',
    message: 'Hello',
    createdAt: NOW,
  });
  const revision = await db.selectFrom('revisions').select('id').where('changeId', '=', theirChange!).executeTakeFirstOrThrow();
  const shared = { token: 'no-such-token', kind: 'post' };
  const common = (postId: number, slug: string) => ({ ...shared, postId: String(postId), slug, city: String(city) });
  return {
    params: {
      others: {
        ...common(theirs, 'theirs'),
        ...(await parts(theirs)),
        postPathId: String(theirs),
        userId: String(other),
        changeId: String(theirChange),
        revisionId: String(revision.id),
        trashId: String(trashed),
        subscriberId: String(subscriber.id),
        messageId: String(message.id),
      },
      own: { ...common(mine, 'mine'), ...(await parts(mine)), postPathId: String(mine), userId: String(me), changeId: String(myChange) },
    },
  };
}

/** The path of a route with its parameters filled in from the fixtures. */
function concrete(route: Route, params: Record<string, string>): string {
  return route.path.replace(/:(\w+)(\{[^}]*\})?/g, (_match, name: string) => {
    if (name === 'id') {
      if (route.path.startsWith('/api/posts/')) return params.postPathId!;
      if (route.path.startsWith('/api/users/')) return params.userId!;
      if (route.path.startsWith('/api/changes/')) return params.changeId!;
      if (route.path.startsWith('/api/revisions/')) return params.revisionId ?? '1';
      if (route.path.startsWith('/api/trash/')) return params.trashId ?? '1';
      if (route.path.startsWith('/api/newsletter/subscribers/')) return params.subscriberId ?? '1';
      if (route.path.startsWith('/api/admin/contact-messages/')) return params.messageId ?? '1';
      if (route.path.startsWith('/api/cities/') || route.path.startsWith('/api/admin/cities/')) return params.city!;
      return '1';
    }
    if (name === 'slug' && route.path.startsWith('/api/cities/')) return 'empty-town';
    return params[name] ?? '1';
  });
}

let client = 0;
const freshIp = () => `10.77.${(++client >> 8) & 255}.${client & 255}`;

async function call(t: TestApp, route: Route, path: string, cookie: string | undefined): Promise<Response> {
  const body = route.method === 'GET' ? undefined : JSON.stringify(BODIES[route.key] ?? {});
  return t.request(path, {
    method: route.method,
    ip: freshIp(),
    ...(body === undefined ? {} : { body, headers: { 'content-type': 'application/json' } }),
    ...(cookie ? { cookie } : {}),
  });
}

const admits = (rule: Rule, role: Role, target: Target) =>
  rule === anyone || roleAtLeast(role, target === 'own' && rule.own ? rule.own : rule.least);

describe('the role x route matrix', () => {
  let visitor: TestApp;
  beforeAll(async () => {
    visitor = await createTestApp();
  });
  afterAll(() => visitor.cleanup());

  it("places every route of the app's route table, and only those", () => {
    expect(
      apiRoutes(visitor)
        .map((route) => route.key)
        .sort(),
    ).toEqual(Object.keys(RULES).sort());
  });

  it('refuses every guarded route to a visitor with 401, and serves the open ones', async () => {
    const { params } = await fixtures(visitor, 'contributor');
    const wrong: string[] = [];
    for (const route of apiRoutes(visitor)) {
      const response = await call(visitor, route, concrete(route, params.others), undefined);
      await response.body?.cancel();
      const rule = RULES[route.key]!;
      // Asking who is signed in answers 401 to nobody: not a refusal, an answer.
      const open = rule === anyone;
      const refused = response.status === 401 || response.status === 403;
      if (open && refused && route.key !== 'GET /api/auth/user') wrong.push(`${route.key}: ${response.status}`);
      if (!open && response.status !== 401) wrong.push(`${route.key}: ${response.status}, not 401`);
    }
    expect(wrong).toEqual([]);
  });

  describe.each(ROLES.map((role) => [role]))('signed in as %s', (role) => {
    let t: TestApp;
    let fixture: Fixtures;
    beforeAll(async () => {
      t = await createTestApp();
      fixture = await fixtures(t, role);
    });
    afterAll(() => t.cleanup());

    it.each(['others', 'own'] as Target[])(
      'is admitted exactly where the rules say, on %s things; a refusal is a 403 saying who may, and changes nothing',
      async (target) => {
        const wrong: string[] = [];
        for (const route of apiRoutes(t)) {
          const rule = RULES[route.key]!;
          // Routes without something of one's own are walked once, with the others.
          if (target === 'own' && (rule === anyone || !rule.own)) continue;
          // Signing in again for each call: a sign-out before must not make the rest a visitor's.
          const cookie = await t.signInAs(role);
          const path = concrete(route, fixture.params[target]);
          const before = JSON.stringify(await storedState(t));
          const response = await call(t, route, path, cookie);
          // An event stream stays open: its status is all there is to see.
          const stream = response.headers.get('content-type')?.startsWith('text/event-stream');
          const text = stream ? '' : await response.text();
          if (stream) await response.body?.cancel();
          const where = `${route.method} ${path} (${route.key})`;
          if (admits(rule, role, target)) {
            if (response.status === 401 || response.status === 403) wrong.push(`${where}: refused ${response.status} ${text}`);
            continue;
          }
          if (response.status !== 403) wrong.push(`${where}: ${response.status}, not 403`);
          else {
            const { code, message } = JSON.parse(text) as { code: string; message: string };
            if (code !== 'forbidden' || !/owner|administrators|editors|authors|its authors|own|Nobody/.test(message))
              wrong.push(`${where}: unclear refusal ${text}`);
          }
          if (JSON.stringify(await storedState(t)) !== before) wrong.push(`${where}: refused, but changed something`);
        }
        expect(wrong).toEqual([]);
      },
    );
  });
});
