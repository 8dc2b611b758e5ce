import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeFile } from '@forkcast/admin-api';
import {
  confirmSubscriber,
  createUser,
  getAccountByEmail,
  getCityBySlug,
  getGuideForCity,
  getOwner,
  getPostById,
  insertPost,
  listBlocks,
  listCities,
  listPosts,
  nowIso,
  searchIndexDrift,
  SETTING,
  subscribe,
  tagSlugs,
  type Post,
} from '@forkcast/content-db';
import { seed } from '@forkcast/content-db/seed';
import { sitemapPostsPath, sitemapRange } from '@forkcast/shared/urls';
import { fullBuildOf, readTree, treeDifferences } from './compare.ts';
import { ADMIN, publishingSite, type PublishingSite } from './support.ts';

// Every write route of the API, walked one by one on a seeded site: a route that changes pages must
// enqueue exactly the tags its change names, and those tags must reach every page whose bytes the
// change altered (checked against a fresh full build); a route that changes no page enqueues nothing
// and leaves the site folder alone. A new write route fails the first test until it is listed here.

const json = (method: string, body: unknown) => ({ method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const IMAGE = readFileSync(join(import.meta.dirname, '..', '..', 'public', 'images', 'posts', 'bakery-640.webp'));
const OTHER_IMAGE = readFileSync(join(import.meta.dirname, '..', '..', 'public', 'images', 'posts', 'bakery-1024.webp'));
const imageForm = () => {
  const form = new FormData();
  form.append('image', new File([IMAGE], 'bakery.webp', { type: 'image/webp' }));
  return form;
};

/** The List-Unsubscribe https link of the email the site wrote (no SMTP_URL: an .eml file in MAIL_DIR) to `email`. */
async function unsubscribeLinkSentTo(site: PublishingSite, email: string): Promise<string> {
  // A sign-up answers first and mails its confirmation after.
  await site.mailer.idle();
  const dir = join(site.dist.distDir, 'mail');
  for (const file of readdirSync(dir)) {
    const raw = readFileSync(join(dir, file), 'utf8');
    const link = /^List-Unsubscribe:\s+<([^>]+)>/m.exec(raw)?.[1];
    if (raw.includes(`\r\nTo: ${email}\r\n`) && link) return link;
  }
  throw new Error(`no email to ${email} in ${dir}`);
}

/** The token of the newest link to `path` the site mailed to `email` (an invitation, a password reset). */
async function mailedToken(site: PublishingSite, email: string, path: string): Promise<string> {
  // These answer first and mail after.
  await site.mailer.idle();
  const dir = join(site.dist.distDir, 'mail');
  let token: string | undefined;
  for (const file of readdirSync(dir).sort()) {
    // The text is quoted-printable: join its soft line breaks and decode its '='.
    const raw = readFileSync(join(dir, file), 'utf8').replace(/=\r\n/g, '').replace(/=3D/g, '=');
    const found = new RegExp(`${path}\\?token=([A-Za-z0-9_-]+)`).exec(raw)?.[1];
    if (raw.includes(`\r\nTo: ${email}\r\n`) && found) token = found;
  }
  if (!token) throw new Error(`no link to ${path} mailed to ${email} in ${dir}`);
  return token;
}

interface Walk {
  response: Response;
  /** The tags the change must enqueue, read from the database after it. */
  expected: () => Promise<string[]>;
}

async function cityPost(site: PublishingSite): Promise<Post> {
  const post = (await listPosts(site.handle.db, { publishedOnly: true, type: 'post' })).find((candidate) => candidate.cityId !== null);
  return post!;
}

/** The tags of every list a post is in: every post's, its city's, its id range's, each of its tags' and its authors'. */
const listsOf = (post: { id: number; cityId: number | null; tags: readonly string[]; authorIds: readonly number[] }) => [
  'posts',
  ...(post.cityId === null ? [] : [`posts:city:${post.cityId}`]),
  `posts:range:${sitemapRange(post.id)}`,
  ...tagSlugs(post.tags).map(({ slug }) => `posts:tag:${slug}`),
  ...post.authorIds.map((id) => `posts:author:${id}`),
];

const PAGE_WRITES: Record<string, (site: PublishingSite) => Promise<Walk>> = {
  // PREPARE made an upload a post's hero: a new focal point re-crops exactly the pages showing it.
  async 'PATCH /api/media/:id'(site) {
    const post = (await getPostById(site.handle.db, (await cityPost(site)).id))!;
    const item = await site.handle.db
      .selectFrom('media')
      .select(['id', 'path'])
      .where('path', '=', post.heroImage!)
      .executeTakeFirstOrThrow();
    const response = await site.request(`/api/media/${item.id}`, json('PATCH', { alt: 'Bread', focalPoint: { x: 0.2, y: 0.7 } }));
    return { response, expected: async () => [`media:${item.path}`] };
  },
  async 'PATCH /api/posts/:slug/hero-image'(site) {
    const post = await cityPost(site);
    const response = await site.request(
      `/api/posts/${post.slug}/hero-image`,
      json('PATCH', { heroImage: '/images/posts/bakery-640.webp' }),
    );
    return { response, expected: async () => [`post:${post.id}`, `post-card:${post.id}`] };
  },
  async 'PATCH /api/posts/:slug/published'(site) {
    const post = await cityPost(site);
    const response = await site.request(`/api/posts/${post.slug}/published`, json('PATCH', { published: false }));
    return { response, expected: async () => [`post:${post.id}`, `post-card:${post.id}`, ...listsOf(post)] };
  },
  async 'POST /api/posts/:postId/content'(site) {
    const post = await cityPost(site);
    const response = await site.request(`/api/posts/${post.id}/content`, json('POST', { type: 'text', content: 'A note.', position: 1 }));
    return { response, expected: async () => [`body:${post.id}`] };
  },
  async 'DELETE /api/posts/:postId/content/:contentId'(site) {
    const item = await site.handle.db
      .selectFrom('postContentItems')
      .select(['id', 'postId'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const response = await site.request(`/api/posts/${item.postId}/content/${item.id}`, { method: 'DELETE' });
    return { response, expected: async () => [`body:${item.postId}`] };
  },
  async 'POST /api/posts/:postId/blocks'(site) {
    const post = await cityPost(site);
    const taken = new Set((await listBlocks(site.handle.db, post.id)).map((block) => block.position));
    const position = [0, 1, 2, 3].find((candidate) => !taken.has(candidate))!;
    const response = await site.request(
      `/api/posts/${post.id}/blocks`,
      json('POST', { content: 'Rewritten.', position, isOriginal: true }),
    );
    return { response, expected: async () => [`body:${post.id}`] };
  },
  async 'PUT /api/posts/:postId/blocks/:blockId'(site) {
    const block = await site.handle.db.selectFrom('contentBlocks').select(['id', 'postId']).orderBy('id', 'desc').executeTakeFirstOrThrow();
    const response = await site.request(`/api/posts/${block.postId}/blocks/${block.id}`, json('PUT', { content: 'Rewritten again.' }));
    return { response, expected: async () => [`body:${block.postId}`] };
  },
  async 'DELETE /api/posts/:postId/blocks/:blockId'(site) {
    const block = await site.handle.db.selectFrom('contentBlocks').select(['id', 'postId']).orderBy('id', 'desc').executeTakeFirstOrThrow();
    const response = await site.request(`/api/posts/${block.postId}/blocks/${block.id}`, { method: 'DELETE' });
    return { response, expected: async () => [`body:${block.postId}`] };
  },
  async 'POST /api/posts'(site) {
    const post = await cityPost(site);
    const response = await site.request(
      '/api/posts',
      json('POST', {
        title: 'Night market dumplings',
        excerpt: 'Where to eat late.',
        content: 'Steam and vinegar.',
        cityId: post.cityId,
        status: 'published',
      }),
    );
    const created = (await response.clone().json()) as Post;
    return { response, expected: async () => [`post:${created.id}`, `post-card:${created.id}`, ...listsOf(created)] };
  },
  async 'POST /api/import/ghost'(site) {
    const ghost = readFileSync(
      join(import.meta.dirname, '..', '..', 'admin-api', 'src', 'transfer', 'ghost', 'fixtures', 'ghost-6-html.json'),
    );
    const response = await site.request('/api/import/ghost', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: ghost,
    });
    return {
      response,
      expected: async () => {
        const post = (await listPosts(site.handle.db, { titleContains: 'Bún Chả' }))[0]!;
        // A new post, its new author (and their page), and the 301s from Ghost's addresses.
        return [
          `post:${post.id}`,
          `post-card:${post.id}`,
          ...listsOf(post),
          'authors',
          ...post.authorIds.map((id) => `author:${id}`),
          'redirects',
        ];
      },
    };
  },
  async 'PATCH /api/posts/:id{[0-9]+}'(site) {
    const post = await cityPost(site);
    const response = await site.request(`/api/posts/${post.id}`, json('PATCH', { slug: `${post.slug}-revisited` }));
    return { response, expected: async () => [`post:${post.id}`, `post-card:${post.id}`, ...listsOf(post), 'redirects'] };
  },
  async 'DELETE /api/posts/:id{[0-9]+}'(site) {
    const post = await cityPost(site);
    const redirects = async () => (await site.handle.db.selectFrom('redirects').select('fromPath').execute()).length;
    const before = await redirects();
    const response = await site.request(`/api/posts/${post.id}`, { method: 'DELETE' });
    // Redirects that led to the deleted post go with it.
    const redirectsGone = async () => ((await redirects()) < before ? ['redirects'] : []);
    return { response, expected: async () => [`post:${post.id}`, `post-card:${post.id}`, ...listsOf(post), ...(await redirectsGone())] };
  },
  'POST /api/redirects': async (site) => ({
    response: await site.request('/api/redirects', json('POST', { from: '/old-menu', to: '/about' })),
    expected: async () => ['redirects'],
  }),
  async 'POST /api/redirects/import'(site) {
    const form = new FormData();
    form.append('csvFile', new File(['from,to,status\n/winter,https://partner.example/menu,302\n'], 'redirects.csv', { type: 'text/csv' }));
    return { response: await site.request('/api/redirects/import', { method: 'POST', body: form }), expected: async () => ['redirects'] };
  },
  async 'DELETE /api/redirects/:id'(site) {
    const { id } = await site.handle.db.selectFrom('redirects').select('id').where('fromPath', '=', '/old-menu').executeTakeFirstOrThrow();
    return { response: await site.request(`/api/redirects/${id}`, { method: 'DELETE' }), expected: async () => ['redirects'] };
  },
  async 'POST /api/hero/update-image'(site) {
    const response = await site.request(
      '/api/hero/update-image',
      json('POST', { imageUrl: '/images/posts/bakery-640.webp', alt: 'Loaves' }),
    );
    return { response, expected: async () => [`setting:${SETTING.homepageHeroAlt}`, `setting:${SETTING.homepageHeroImage}`] };
  },
  async 'PATCH /api/cities/:id'(site) {
    const [city] = await listCities(site.handle.db);
    const response = await site.request(`/api/cities/${city!.id}`, json('PATCH', { spreadsheetUrl: 'https://sheets.example/itinerary' }));
    return { response, expected: async () => [`city:${city!.id}`] };
  },
  async 'POST /api/cities'(site) {
    const response = await site.request('/api/cities', json('POST', { name: 'Nagoya', description: 'Miso katsu and tebasaki.' }));
    const created = (await response.clone().json()) as { id: number };
    return { response, expected: async () => ['cities', `city:${created.id}`, `city-link:${created.id}`] };
  },
  async 'DELETE /api/cities/:id'(site) {
    const city = (await listCities(site.handle.db)).find((candidate) => candidate.slug === 'nagoya')!;
    const response = await site.request(`/api/cities/${city.id}`, { method: 'DELETE' });
    return { response, expected: async () => ['cities', `city:${city.id}`, `city-link:${city.id}`, `restaurants:${city.id}`] };
  },
  // A page an editor wrote: live at /{slug}, in the routes and the sitemap.
  async 'POST /api/pages'(site) {
    const response = await site.request(
      '/api/pages',
      json('POST', { title: 'Visiting Us', slug: 'visiting', content: 'Our kitchen is open on Fridays.', status: 'published' }),
    );
    const created = (await response.clone().json()) as { id: number };
    return { response, expected: async () => ['site-pages', `site-page:${created.id}`] };
  },
  async 'PATCH /api/pages/:id'(site) {
    const page = await site.handle.db.selectFrom('sitePages').select('id').where('slug', '=', 'visiting').executeTakeFirstOrThrow();
    // Added to the footer: every page with a footer shows its link.
    const response = await site.request(
      `/api/pages/${page.id}`,
      json('PATCH', { content: 'Our kitchen is open on Fridays and Saturdays.', inFooter: true }),
    );
    return { response, expected: async () => ['site-pages', 'site-pages:footer', `site-page:${page.id}`] };
  },
  async 'DELETE /api/pages/:id'(site) {
    const page = await site.handle.db.selectFrom('sitePages').select('id').where('slug', '=', 'visiting').executeTakeFirstOrThrow();
    const response = await site.request(`/api/pages/${page.id}`, { method: 'DELETE' });
    return { response, expected: async () => ['site-pages', 'site-pages:footer', `site-page:${page.id}`] };
  },
  async 'POST /api/admin/generate-guide'(site) {
    const form = new FormData();
    const csv = ['day,meal,restaurant,neighborhood,cuisine,notes,address,url', '1,lunch,Corner Noodles,Centre,Noodles,"Slurp.",1 Main St,'];
    form.append('csvFile', new File([csv.join('\n')], 'guide.csv', { type: 'text/csv' }));
    form.append('cityName', 'Nara');
    const response = await site.request('/api/admin/generate-guide', { method: 'POST', body: form });
    return {
      response,
      expected: async () => {
        const city = (await getCityBySlug(site.handle.db, 'nara'))!;
        const guide = (await getGuideForCity(site.handle.db, city.id))!;
        return [
          'cities',
          `city:${city.id}`,
          `city-link:${city.id}`,
          `post:${guide.id}`,
          `post-card:${guide.id}`,
          ...listsOf(guide),
          `restaurants:${city.id}`,
        ];
      },
    };
  },
  // Going back: restoring a version, undoing a change and restoring from the trash publish like any write.
  async 'POST /api/revisions/:id/restore'(site) {
    // The first post the walks above changed, back to how it was before them: live again, its old hero.
    const earliest = await site.handle.db
      .selectFrom('revisions')
      .select(['id', 'entityId'])
      .where('entity', '=', 'post')
      .where('kind', '=', 'earlier')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const post = (await getPostById(site.handle.db, earliest.entityId))!;
    const redirects = await redirectRows(site);
    const response = await site.request(`/api/revisions/${earliest.id}/restore`, { method: 'POST' });
    return {
      response,
      // A whole post comes back: its page, card, body and every list it is in.
      expected: async () => [
        `body:${post.id}`,
        `post:${post.id}`,
        `post-card:${post.id}`,
        ...listsOf(post),
        ...((await redirectRows(site)) === redirects ? [] : ['redirects']),
      ],
    };
  },
  async 'POST /api/changes/:id/undo'(site) {
    const hero = await site.handle.db
      .selectFrom('revisions')
      .select('changeId')
      .where('entity', '=', 'hero')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const response = await site.request(`/api/changes/${hero.changeId}/undo`, { method: 'POST' });
    return { response, expected: async () => [`setting:${SETTING.homepageHeroAlt}`, `setting:${SETTING.homepageHeroImage}`] };
  },
  async 'POST /api/trash/:kind/:id/restore'(site) {
    const trashed = await site.handle.db
      .selectFrom('trash')
      .select('entityId')
      .where('kind', '=', 'post')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const redirects = await redirectRows(site);
    const response = await site.request(`/api/trash/post/${trashed.entityId}/restore`, { method: 'POST' });
    return {
      response,
      expected: async () => {
        const post = (await getPostById(site.handle.db, trashed.entityId))!;
        return [
          `body:${post.id}`,
          `post:${post.id}`,
          `post-card:${post.id}`,
          ...listsOf(post),
          ...((await redirectRows(site)) === redirects ? [] : ['redirects']),
        ];
      },
    };
  },
  async 'PATCH /api/users/:id'(site) {
    const owner = (await getOwner(site.handle.db))!;
    // A new name and slug: every byline of theirs, their author page moved (with a 301 left behind).
    const response = await site.request(`/api/users/${owner.id}`, json('PATCH', { name: 'Olga Editor', slug: 'olga' }));
    return { response, expected: async () => [`author:${owner.id}`, 'authors', 'redirects'] };
  },
  async 'DELETE /api/users/:id'(site) {
    const owner = (await getOwner(site.handle.db))!;
    const leaving = (await getAccountByEmail(site.handle.db, LEAVING))!.id;
    const post = await cityPost(site);
    const response = await site.request(`/api/users/${leaving}`, json('DELETE', { reassignTo: owner.id }));
    return {
      response,
      expected: async () => [
        `post:${post.id}`,
        `post-card:${post.id}`,
        `posts:author:${leaving}`,
        `posts:author:${owner.id}`,
        'authors',
        `author:${leaving}`,
      ],
    };
  },
};

const LEAVING = 'leaving@forkcast.test';

/** What a walk needs published before it starts (and before what it changes is measured). */
const PREPARE: Partial<Record<keyof typeof PAGE_WRITES, (site: PublishingSite) => Promise<void>>> = {
  async 'PATCH /api/media/:id'(site) {
    const uploaded = await site.request('/api/upload', { method: 'POST', body: imageForm() });
    const { url } = (await uploaded.json()) as { url: string };
    const post = await cityPost(site);
    expect((await site.request(`/api/posts/${post.slug}/hero-image`, json('PATCH', { heroImage: url }))).status).toBe(200);
  },
  async 'DELETE /api/users/:id'(site) {
    const leaving = await createUser(site.handle.db, { email: LEAVING, passwordHash: 'x', name: 'Leaving', role: 'author', now: nowIso() });
    // Their post, published under their byline, with their author page: deleting them hands it back.
    const post = await cityPost(site);
    expect((await site.request(`/api/posts/${post.id}`, json('PATCH', { authorIds: [leaving] }))).status).toBe(200);
  },
};

/** A post no reader sees, written in place (the walks are about what the review step enqueues): a draft, or one in review. */
async function unseenPost(site: PublishingSite, inReview: boolean): Promise<number> {
  const now = nowIso();
  return insertPost(site.handle.db, {
    slug: `unseen-${inReview ? 'review' : 'draft'}-${Date.now()}`,
    title: 'Not for readers yet',
    type: 'post',
    cityId: null,
    publishedAt: null,
    reviewAt: inReview ? now : null,
    createdAt: now,
    updatedAt: now,
  });
}

/**
 * The steps of review: they move a post no reader sees between draft and review, so they enqueue
 * its own tag (its editor and its preview read it) and change no page.
 */
/** Joining by invitation: a new user is an author no page names yet, so only their tags are enqueued. */
const JOIN_WRITES: Record<string, (site: PublishingSite) => Promise<Walk>> = {
  async 'POST /api/invitations/accept'(site) {
    const token = await mailedToken(site, INVITEE, '/admin/accept');
    const response = await site.request('/api/invitations/accept', {
      ...json('POST', { token, name: 'Ines Invited', password: 'a long enough passphrase' }),
      admin: false,
    });
    return {
      response,
      expected: async () => {
        const { id } = await site.handle.db.selectFrom('users').select('id').where('email', '=', INVITEE).executeTakeFirstOrThrow();
        return [`author:${id}`, 'authors'];
      },
    };
  },
};

const REVIEW_WRITES: Record<string, (site: PublishingSite) => Promise<Walk>> = {
  async 'POST /api/posts/:id{[0-9]+}/submit'(site) {
    const id = await unseenPost(site, false);
    return { response: await site.request(`/api/posts/${id}/submit`, json('POST', {})), expected: async () => [`post:${id}`] };
  },
  async 'POST /api/posts/:id{[0-9]+}/withdraw'(site) {
    const id = await unseenPost(site, true);
    return { response: await site.request(`/api/posts/${id}/withdraw`, json('POST', {})), expected: async () => [`post:${id}`] };
  },
  async 'POST /api/posts/:id{[0-9]+}/request-changes'(site) {
    const id = await unseenPost(site, true);
    const response = await site.request(`/api/posts/${id}/request-changes`, json('POST', { note: 'Shorter, please.' }));
    return { response, expected: async () => [`post:${id}`] };
  },
};

/**
 * Writes this site must refuse. An import goes only into an empty site; the invariant suite
 * imports into one and compares every page.
 */
const REFUSED_WRITES: Record<string, (site: PublishingSite) => Promise<Response>> = {
  async 'POST /api/import'(site) {
    const exported = await (await site.request('/api/export')).text();
    return site.request('/api/import', { method: 'POST', headers: { 'content-type': 'application/json' }, body: exported });
  },
};

/** The stored redirects, as one string to compare before and after a write. */
async function redirectRows(site: PublishingSite): Promise<string> {
  return JSON.stringify(await site.handle.db.selectFrom('redirects').selectAll().orderBy('fromPath').execute());
}

/** Writes that change what the editor or a mailbox sees, but no published page. */
const INVITEE = 'invitee@forkcast.test';
const FORGETFUL = 'forgetful@forkcast.test';

const OTHER_WRITES: Record<string, (site: PublishingSite) => Promise<Response>> = {
  // People: who may sign in changes no page until they write one.
  'POST /api/invitations': (site) => site.request('/api/invitations', json('POST', { email: INVITEE, role: 'author' })),
  async 'DELETE /api/invitations/:id'(site) {
    const invited = await site.request('/api/invitations', json('POST', { email: 'withdrawn@forkcast.test', role: 'contributor' }));
    const { id } = (await invited.json()) as { id: number };
    return site.request(`/api/invitations/${id}`, { method: 'DELETE' });
  },
  async 'POST /api/password-reset'(site) {
    await createUser(site.handle.db, { email: FORGETFUL, passwordHash: 'x', name: 'Forgetful', role: 'author', now: nowIso() });
    return site.request('/api/password-reset', { ...json('POST', { email: FORGETFUL }), admin: false });
  },
  async 'POST /api/password-reset/confirm'(site) {
    const token = await mailedToken(site, FORGETFUL, '/admin/reset-password');
    return site.request('/api/password-reset/confirm', { ...json('POST', { token, password: 'a new long passphrase' }), admin: false });
  },
  // Deleting for good: what the trash holds is on no page.
  async 'DELETE /api/trash/:kind/:id'(site) {
    const { subscriber } = await subscribe(site.handle.db, 'erased@example.com', nowIso());
    await site.request(`/api/newsletter/subscribers/${subscriber.id}`, { method: 'DELETE' });
    return site.request(`/api/trash/subscriber/${subscriber.id}`, { method: 'DELETE' });
  },
  'DELETE /api/trash': (site) => site.request('/api/trash', { method: 'DELETE' }),
  // Integrations: where events go, not pages.
  'POST /api/webhooks': (site) =>
    site.request('/api/webhooks', json('POST', { url: 'https://hooks.example.com/in', events: ['post.published'] })),
  async 'DELETE /api/webhooks/:id'(site) {
    const created = await site.request('/api/webhooks', json('POST', { url: 'https://hooks.example.com/gone', events: ['send.finished'] }));
    const { id } = (await created.json()) as { id: number };
    return site.request(`/api/webhooks/${id}`, { method: 'DELETE' });
  },
  // An unused upload leaves the library and the folder; no page showed it.
  async 'DELETE /api/media/:id'(site) {
    const form = new FormData();
    form.append('image', new File([OTHER_IMAGE], 'unused.webp', { type: 'image/webp' }));
    const { url } = (await (await site.request('/api/upload', { method: 'POST', body: form })).json()) as { url: string };
    const item = await site.handle.db.selectFrom('media').select('id').where('path', '=', url).executeTakeFirstOrThrow();
    return site.request(`/api/media/${item.id}`, { method: 'DELETE' });
  },
  'POST /api/login': (site) => site.request('/api/login', { ...json('POST', ADMIN), admin: false }),
  // A page view adds to the readership counts, which no page shows.
  'POST /api/collect': (site) =>
    site.request('/api/collect', {
      method: 'POST',
      body: new URLSearchParams({ p: '/', r: '' }),
      headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36' },
    }),
  'POST /api/contact': (site) =>
    site.request('/api/contact', {
      ...json('POST', { name: 'Ana', email: 'ana@example.com', subject: 'Hello', message: 'A question.' }),
      admin: false,
    }),
  async 'DELETE /api/admin/contact-messages/:id'(site) {
    const message = await site.handle.db.selectFrom('contactMessages').select('id').executeTakeFirstOrThrow();
    return site.request(`/api/admin/contact-messages/${message.id}`, { method: 'DELETE' });
  },
  'POST /api/newsletter/subscribe': (site) =>
    site.request('/api/newsletter/subscribe', { ...json('POST', { email: 'reader@example.com' }), admin: false }),
  'POST /api/newsletter/subscribe/form': (site) =>
    site.request('/api/newsletter/subscribe/form', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://forkcast.test' },
      body: 'email=form.reader%40example.com',
      admin: false,
    }),
  async 'POST /api/newsletter/unsubscribe/:token'(site) {
    const email = 'one.click@example.com';
    await site.request('/api/newsletter/subscribe', { ...json('POST', { email }), admin: false });
    const link = await unsubscribeLinkSentTo(site, email);
    return site.request(new URL(link).pathname, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
      admin: false,
    });
  },
  async 'DELETE /api/newsletter/subscribers/:id'(site) {
    const { subscriber } = await subscribe(site.handle.db, 'leaving@example.com', new Date().toISOString());
    return site.request(`/api/newsletter/subscribers/${subscriber.id}`, { method: 'DELETE' });
  },
  async 'POST /api/newsletter/sends'(site) {
    const { subscriber } = await subscribe(site.handle.db, 'letter.reader@example.com', new Date().toISOString());
    await confirmSubscriber(site.handle.db, subscriber.id, new Date().toISOString());
    const post = await cityPost(site);
    const response = await site.request('/api/newsletter/sends', json('POST', { postId: post.id }));
    await site.sends.delivery.idle();
    return response;
  },
  async 'POST /api/posts/:id{[0-9]+}/preview'(site) {
    const post = await cityPost(site);
    return site.request(`/api/posts/${post.id}/preview`, json('POST', { title: 'Not saved yet', content: 'Typed, not saved.' }));
  },
  // An editor's presence heartbeat and its goodbye: kept in memory, never in the database.
  async 'POST /api/posts/:id{[0-9]+}/presence'(site) {
    const post = await cityPost(site);
    return site.request(`/api/posts/${post.id}/presence`, { method: 'POST' });
  },
  async 'DELETE /api/posts/:id{[0-9]+}/presence'(site) {
    const post = await cityPost(site);
    return site.request(`/api/posts/${post.id}/presence`, { method: 'DELETE' });
  },
  async 'POST /api/newsletter/sends/test'(site) {
    const post = await cityPost(site);
    return site.request('/api/newsletter/sends/test', json('POST', { postId: post.id, email: 'editor@forkcast.test' }));
  },
  async 'POST /api/newsletter/sends/:id/cancel'(site) {
    // A send waiting for a scheduled post, so nothing races the cancel.
    const scheduled = await insertPost(site.handle.db, {
      slug: 'waits-for-its-letter',
      title: 'Waits for its letter',
      type: 'post',
      cityId: null,
      publishedAt: null,
      publishAt: new Date(Date.now() + 86_400_000).toISOString(),
      createdAt: new Date().toISOString(),
      updatedAt: new Date().toISOString(),
    });
    const waiting = (await (await site.request('/api/newsletter/sends', json('POST', { postId: scheduled }))).json()) as { id: number };
    return site.request(`/api/newsletter/sends/${waiting.id}/cancel`, { method: 'POST' });
  },
  'POST /api/upload': (site) => site.request('/api/upload', { method: 'POST', body: imageForm() }),
  'POST /api/upload/hero-image': (site) => site.request('/api/upload/hero-image', { method: 'POST', body: imageForm() }),
  async 'POST /api/users/:id/sign-out'(site) {
    const other = await createUser(site.handle.db, {
      email: 'signed.out@forkcast.test',
      passwordHash: 'x',
      name: 'Out',
      role: 'editor',
      now: nowIso(),
    });
    return site.request(`/api/users/${other}/sign-out`, { method: 'POST' });
  },
  // Comments are review talk in their own table: no page shows them.
  async 'POST /api/posts/:id{[0-9]+}/comments'(site) {
    const post = await cityPost(site);
    return site.request(`/api/posts/${post.id}/comments`, json('POST', { body: 'Is the corner shop still open?' }));
  },
  // Last: it ends the session every other walk uses.
  'POST /api/logout': (site) => site.request('/api/logout', { method: 'POST' }),
};

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

describe('the tags each write route enqueues', () => {
  let site: PublishingSite;
  beforeAll(async () => {
    site = await publishingSite(({ db }) => seed(db).then(() => undefined));
  });
  afterAll(() => site?.cleanup());

  const lastOutboxId = async () =>
    (
      await site.handle.db
        .selectFrom('outbox')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirst()
    )?.id ?? 0;
  const outboxSince = async (id: number) =>
    (await site.handle.db.selectFrom('outbox').select('tags').where('id', '>', id).execute()).map(
      (row) => JSON.parse(row.tags) as string[],
    );

  it('walks every write route of the app', () => {
    const routes = new Set(
      site.app.routes.filter((route) => WRITE_METHODS.has(route.method)).map((route) => `${route.method} ${route.path}`),
    );
    expect([...routes].sort()).toEqual(
      [
        ...Object.keys(PAGE_WRITES),
        ...Object.keys(REVIEW_WRITES),
        ...Object.keys(JOIN_WRITES),
        ...Object.keys(OTHER_WRITES),
        ...Object.keys(REFUSED_WRITES),
      ].sort(),
    );
  });

  /** Runs a write and checks the tags it enqueued, and that they reach every page whose bytes it changed. */
  async function expectTagsReach(walk: (site: PublishingSite) => Promise<Walk>): Promise<void> {
    const pagesBefore = (await site.handle.db.selectFrom('pages').select('path').execute()).map((page) => routeFile(page.path));
    // A page reads a tag plainly, or through a query that listens to it (and may not have changed).
    const readsBefore = [
      ...(await site.handle.db.selectFrom('pageTags').select(['path', 'tag']).execute()),
      ...(await site.handle.db
        .selectFrom('pageQueries')
        .innerJoin('queryListens', 'queryListens.queryId', 'pageQueries.queryId')
        .select(['pageQueries.path', 'queryListens.tag'])
        .execute()),
    ];
    const treeBefore = readTree(site.dist.siteDir);
    const since = await lastOutboxId();

    const { response, expected } = await walk(site);
    expect(response.status, await response.clone().text()).toBeLessThan(300);
    const enqueued = await outboxSince(since);
    expect(enqueued).toEqual([(await expected()).sort()]);

    const full = await fullBuildOf(site.handle.db);
    const changed = new Set(treeDifferences(treeBefore, full));
    expect(changed.size, 'the change alters at least one page').toBeGreaterThan(0);
    const tags = new Set(enqueued[0]);
    const reached = new Set(readsBefore.filter((read) => tags.has(read.tag)).map((read) => routeFile(read.path)));
    const missed = pagesBefore.filter((file) => changed.has(file) && !reached.has(file));
    expect(missed, 'pages that changed but read none of the enqueued tags').toEqual([]);
    expect(treeDifferences(readTree(site.dist.siteDir), full)).toEqual([]);
    // The site search followed the change in its own transaction: it equals a rebuild from scratch.
    expect(await searchIndexDrift(site.handle.db)).toEqual({ missing: [], extra: [] });
  }

  for (const [route, walk] of Object.entries(PAGE_WRITES)) {
    it(`${route} enqueues the tags of what it changed, and they reach every page that changed`, async () => {
      await PREPARE[route]?.(site);
      await expectTagsReach(walk);
    });
  }

  it('re-renders exactly About when its text changes in place, and the site folder equals a full build', async () => {
    const about = await site.handle.db
      .selectFrom('sitePages')
      .select(['id', 'version'])
      .where('slug', '=', 'about')
      .executeTakeFirstOrThrow();
    const before = readTree(site.dist.siteDir);
    await expectTagsReach(async () => {
      const request = json('PATCH', { content: '# We plan our trips around dinner\n\nA lede.\n\n## What {site} Is\n\nWe eat.' });
      const response = await site.request(`/api/pages/${about.id}`, {
        ...request,
        headers: { ...(request.headers as Record<string, string>), 'If-Match': `"${about.version}"` },
      });
      return { response, expected: async () => [`site-page:${about.id}`] };
    });
    expect(treeDifferences(before, readTree(site.dist.siteDir)).filter((file) => file.endsWith('.html'))).toEqual(['about/index.html']);
    const html = readFileSync(join(site.dist.siteDir, 'about/index.html'), 'utf8');
    expect(html).toContain('<h1>We plan our trips around dinner</h1>');
    expect(html).toContain('What Forkcast Is');
  });

  it("records a post's search and social fields as its page's change: they reach its head and its sitemap file", async () => {
    const post = await cityPost(site);
    const seo = { metaTitle: 'A title for search', canonicalUrl: '/posts', noindex: true };
    const sitemapFile = () => readFileSync(join(site.dist.siteDir, routeFile(sitemapPostsPath(sitemapRange(post.id)))), 'utf8');
    expect(sitemapFile()).toContain(`/${post.slug}<`);
    await expectTagsReach(async () => ({
      response: await site.request(`/api/posts/${post.id}`, json('PATCH', seo)),
      expected: async () => [`post:${post.id}`],
    }));
    expect(sitemapFile()).not.toContain(`/${post.slug}<`);
    await expectTagsReach(async () => ({
      response: await site.request(`/api/posts/${post.id}`, json('PATCH', { noindex: false })),
      expected: async () => [`post:${post.id}`],
    }));
    expect(sitemapFile()).toContain(`/${post.slug}<`);
  });

  it("records a page's search fields, its return from the trash and a restored version: they reach every page that changed", async () => {
    const created = await site.request('/api/pages', json('POST', { title: 'Our Kitchen', slug: 'kitchen', status: 'published' }));
    const { id } = (await created.json()) as { id: number };
    const tags = ['site-pages', `site-page:${id}`];
    // Each check builds the whole site: the restored version takes the search fields back, so it walks their change too.
    expect((await site.request(`/api/pages/${id}`, json('PATCH', { metaTitle: 'The test kitchen', noindex: true }))).status).toBe(200);
    await site.request(`/api/pages/${id}`, { method: 'DELETE' });
    await expectTagsReach(async () => ({
      response: await site.request(`/api/trash/page/${id}/restore`, { method: 'POST' }),
      expected: async () => tags,
    }));
    const first = await site.handle.db
      .selectFrom('revisions')
      .select('id')
      .where('entity', '=', 'page')
      .where('entityId', '=', id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await expectTagsReach(async () => ({
      response: await site.request(`/api/revisions/${first.id}/restore`, { method: 'POST' }),
      expected: async () => tags,
    }));
  });

  it("records a post's new authors: its page and cards, and the lists of the authors it gains and loses", async () => {
    const post = await cityPost(site);
    const editor = await createUser(site.handle.db, {
      email: 'co.author@forkcast.test',
      passwordHash: 'x',
      name: 'Co',
      role: 'editor',
      now: nowIso(),
    });
    const since = await lastOutboxId();
    const response = await site.request(`/api/posts/${post.id}`, json('PATCH', { authorIds: [editor] }));
    expect(await response.json()).toMatchObject({ authorIds: [editor] });
    const [tags] = await outboxSince(since);
    expect(tags).toEqual(
      expect.arrayContaining([
        `post:${post.id}`,
        `post-card:${post.id}`,
        `posts:author:${editor}`,
        ...post.authorIds.map((id) => `posts:author:${id}`),
      ]),
    );
    expect(treeDifferences(readTree(site.dist.siteDir), await fullBuildOf(site.handle.db))).toEqual([]);
  });

  /** A walk whose write enqueues the tags of what it changed, which no page shows yet: it changes no page. */
  const unseenWrite = (walk: (site: PublishingSite) => Promise<Walk>) => async () => {
    const treeBefore = readTree(site.dist.siteDir);
    const since = await lastOutboxId();
    const { response, expected } = await walk(site);
    expect(response.status, await response.clone().text()).toBeLessThan(300);
    expect(await outboxSince(since)).toEqual([(await expected()).sort()]);
    expect(treeDifferences(treeBefore, readTree(site.dist.siteDir))).toEqual([]);
    expect(treeDifferences(treeBefore, await fullBuildOf(site.handle.db))).toEqual([]);
  };

  for (const [route, walk] of Object.entries(REVIEW_WRITES)) {
    it(`${route} enqueues the tag of the unseen post it moved, and changes no page`, unseenWrite(walk));
  }

  for (const [route, walk] of Object.entries(REFUSED_WRITES)) {
    it(`${route} is refused here, and changes nothing`, async () => {
      const treeBefore = readTree(site.dist.siteDir);
      const since = await lastOutboxId();
      const response = await walk(site);
      expect(response.status).toBe(409);
      expect(await outboxSince(since)).toEqual([]);
      expect(treeDifferences(treeBefore, readTree(site.dist.siteDir))).toEqual([]);
    });
  }

  // The writes that change no page are held to a full build once, after the last of them: each
  // leaves the site folder as it was, so a page one of them changed unseen differs from it then.
  const quietWrites: string[] = [];
  for (const [route, walk] of Object.entries(OTHER_WRITES)) {
    it(`${route} changes no page and enqueues nothing`, async () => {
      const treeBefore = readTree(site.dist.siteDir);
      const since = await lastOutboxId();
      const response = await walk(site);
      expect(response.status, await response.clone().text()).toBeLessThan(400);
      expect(await outboxSince(since)).toEqual([]);
      expect(treeDifferences(treeBefore, readTree(site.dist.siteDir))).toEqual([]);
      quietWrites.push(route);
    });
  }

  it('leaves, after every write that changes no page, the site a full build writes', async () => {
    expect(quietWrites).toEqual(Object.keys(OTHER_WRITES));
    const unseen = treeDifferences(readTree(site.dist.siteDir), await fullBuildOf(site.handle.db));
    expect(unseen, `pages one of ${quietWrites.join(', ')} changed`).toEqual([]);
  });

  // After the invitation above was sent.
  for (const [route, walk] of Object.entries(JOIN_WRITES)) {
    it(`${route} enqueues the tags of the new author, and changes no page`, unseenWrite(walk));
  }
});
