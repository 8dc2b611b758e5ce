import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getPostBySlug, listRedirects, NO_PASSWORD } from '@forkcast/content-db';
import { createTestApp, json, storedState, type TestApp } from '../../testing.ts';

const fixture = (name: string): unknown => JSON.parse(readFileSync(join(import.meta.dirname, 'fixtures', name), 'utf8'));
const GHOST_4 = fixture('ghost-4-mobiledoc.json');
const GHOST_5 = fixture('ghost-5-lexical.json');
const GHOST_6 = fixture('ghost-6-html.json');
const OLD_SITE = 'https://saltandsmoke.example';

interface Report {
  dryRun: boolean;
  posts: { created: { slug: string; status: string }[]; skipped: { slug: string; reason: string }[] };
  users: { created: string[]; matched: string[] };
  tags: string[];
  redirects: { from: string; to: string }[];
  notCarried: Record<string, unknown>;
}

describe('import from Ghost', () => {
  let t: TestApp;
  let cookie: string;
  beforeEach(async () => {
    t = await createTestApp();
    cookie = await t.signIn();
  });
  afterEach(() => t.cleanup());

  const importGhost = async (body: unknown, query = `?ghostUrl=${OLD_SITE}`) =>
    t.request(`/api/import/ghost${query}`, json('POST', body, cookie));
  const imported = async (body: unknown, query?: string) => {
    const response = await importGhost(body, query);
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as Report;
  };
  const post = async (slug: string) => (await getPostBySlug(t.handle.db, slug))!;

  it('carries a Ghost 4 export: mobiledoc bodies, status, tags in order, authors, feature image, 301s', async () => {
    const report = await imported(GHOST_4);
    expect(report.posts.created).toEqual([
      { slug: 'porto-francesinha-crawl', title: 'A Francesinha Crawl Through Porto', status: 'published' },
      { slug: 'grilled-sardines-draft', title: 'Grilled Sardines, Draft Notes', status: 'draft' },
    ]);
    const crawl = await post('porto-francesinha-crawl');
    expect(crawl).toMatchObject({
      status: 'published',
      publishedAt: '2021-05-02T10:00:00.000Z',
      createdAt: '2021-05-01T08:00:00.000Z',
      updatedAt: '2021-05-03T08:00:00.000Z',
      excerpt: 'Three sandwiches, one afternoon.',
      heroImage: `${OLD_SITE}/content/images/2021/05/porto-hero.jpg`,
      heroAlt: "Porto's Ribeira at dusk",
      tags: ['Portugal', 'Seafood'],
    });
    expect(crawl.content).toBe(
      [
        '_Ribeira, just before [dinner](https://example.com)._',
        'Three sandwiches, one afternoon, and a **lot** of beer sauce.',
        '## Where to start',
        '- Café Santiago\n- _Lado B_',
        'Sauce rule: **never** order it on the side.',
        `![A francesinha under a fried egg](${OLD_SITE}/content/images/2021/05/francesinha.jpg)`,
        '_The classic, at **Café Santiago**._',
        'https://www.youtube.com/watch?v=Xk3s9QfJ2pA',
        '[Book ahead](https://www.example.com/bookings) on weekends.',
      ].join('\n\n'),
    );
    expect((await post('grilled-sardines-draft')).status).toBe('draft');
    // The owner and the contributor of the Ghost site, as users who must set a password first.
    const users = await t.handle.db.selectFrom('users').select(['email', 'slug', 'role', 'passwordHash', 'avatar']).orderBy('id').execute();
    expect(users.slice(1)).toEqual([
      {
        email: 'mara@saltandsmoke.example',
        slug: 'mara',
        role: 'administrator',
        passwordHash: NO_PASSWORD,
        avatar: `${OLD_SITE}/content/images/2021/03/mara.jpg`,
      },
      { email: 'idris@saltandsmoke.example', slug: 'idris', role: 'contributor', passwordHash: NO_PASSWORD, avatar: null },
    ]);
    expect(crawl.authorIds).toHaveLength(2);
    expect(report.notCarried).toMatchObject({
      cards: [{ post: 'porto-francesinha-crawl', cards: ['signup'] }],
      internalTags: ['#newsletter-only'],
      pages: ['about'],
      members: 2,
      tiers: 2,
      newsletters: 1,
    });
    expect(await listRedirects(t.handle.db)).toEqual(
      expect.arrayContaining([
        { fromPath: '/porto-francesinha-crawl', toPath: '/post/porto-francesinha-crawl', status: 301 },
        { fromPath: '/tag/portugal', toPath: '/tags/portugal', status: 301 },
        { fromPath: '/tag/seafood', toPath: '/tags/seafood', status: 301 },
        { fromPath: '/author/mara', toPath: '/authors/mara', status: 301 },
      ]),
    );
  });

  it('carries a Ghost 5 export: lexical bodies, a scheduled post, cards it knows and those it does not', async () => {
    const report = await imported(GHOST_5);
    expect(report.posts.created.map((created) => created.status)).toEqual(['published', 'scheduled']);
    expect(await post('jollof-wars-scheduled')).toMatchObject({
      status: 'scheduled',
      publishAt: '2031-01-15T08:00:00.000Z',
      publishedAt: null,
    });
    const suya = await post('lagos-suya-at-night');
    expect(suya).toMatchObject({ heroAlt: 'Suya skewers glowing at night', tags: ['Street food'] });
    expect(suya.content).toBe(
      [
        'Smoke first, then the _yaji_ spice: the [suya](https://en.wikipedia.org/wiki/Suya) stands light up at dusk.',
        '### What to order',
        '1. Beef, thin-sliced\n2. **Kidney, if you are brave**',
        "![Skewers over charcoal](https://images.example.net/lagos/suya-grill.jpg)\n\n_Mallam Musa's grill, Ikeja._",
        '```text\nyaji = groundnut + ginger + chili\n```',
        'https://vimeo.com/76979871',
        '> 💡 Cash only at most stands.',
      ].join('\n\n'),
    );
    expect(report.notCarried).toMatchObject({ cards: [{ post: 'lagos-suya-at-night', cards: ['paywall', 'product'] }], snippets: 1 });
    expect(report.redirects).toContainEqual({ from: '/tag/street-food-tag', to: '/tags/street-food' });
  });

  it("carries a post's meta title and description, share image and canonical URL; drops those this site cannot take", async () => {
    const file = structuredClone(GHOST_5) as {
      db: [{ data: { posts: Record<string, unknown>[]; posts_meta: Record<string, unknown>[] } }];
    };
    const { data } = file.db[0];
    Object.assign(data.posts_meta[0]!, {
      meta_title: 'Suya in Lagos, after dark',
      meta_description: 'Where the grills glow latest.',
      og_image: '__GHOST_URL__/content/images/suya-card.jpg',
    });
    data.posts[0]!.canonical_url = 'https://partner.example/suya';
    data.posts[1]!.canonical_url = 'ftp://partner.example/jollof';
    await imported(file);
    expect(await post('lagos-suya-at-night')).toMatchObject({
      metaTitle: 'Suya in Lagos, after dark',
      metaDescription: 'Where the grills glow latest.',
      ogImage: `${OLD_SITE}/content/images/suya-card.jpg`,
      canonicalUrl: 'https://partner.example/suya',
      noindex: false,
    });
    expect(await post('jollof-wars-scheduled')).toMatchObject({ metaTitle: null, ogImage: null, canonicalUrl: null });
  });

  it('carries a Ghost 6 export of HTML bodies, dropping scripts, and skips a body it cannot read', async () => {
    const report = await imported(GHOST_6);
    expect(report.posts.skipped).toEqual([
      { slug: 'broken-body', reason: 'Its body could not be read: its lexical or mobiledoc is not valid JSON.' },
    ]);
    const lunch = await post('hanoi-bun-cha-lunch');
    expect(lunch.content).not.toContain('<script');
    expect(lunch.content).not.toContain("alert('x')");
    expect(lunch.content).toContain('Charcoal pork, cold noodles, a bowl of _nước chấm_.');
    expect(lunch.content).toContain('## The rules');
    expect(lunch.content).toContain('![Bún chả on a plastic stool](https://images.example.net/hanoi/bun-cha.jpg)');
  });

  it('drops control characters from the text it takes', async () => {
    const ghost = structuredClone(GHOST_6) as {
      db: [{ data: { posts: { title: string; html: string | null }[]; users: { name: string }[] } }];
    };
    const [data] = ghost.db.map((db) => db.data);
    data!.posts[0]!.title = 'Bún Chả\u0000 for\u0007 Lunch';
    data!.posts[0]!.html = '<p>Noodles\u0008 first.</p>';
    data!.users[0]!.name = 'Idris\u001b Bello';
    await imported(ghost);
    const lunch = await post('hanoi-bun-cha-lunch');
    expect([lunch.title, lunch.content]).toEqual(['Bún Chả for Lunch', 'Noodles first.']);
    expect(
      (await t.handle.db.selectFrom('users').select('name').where('id', '=', lunch.authorIds[0]!).executeTakeFirstOrThrow()).name,
    ).toBe('Idris Bello');
  });

  it('matches authors by email, and creates nothing when the same file comes again', async () => {
    await imported(GHOST_5);
    const before = await storedState(t);
    const again = await imported(GHOST_5);
    expect(again.posts.created).toEqual([]);
    expect(again.posts.skipped.map((skipped) => skipped.reason)).toEqual([
      'A post with this slug is here already.',
      'A post with this slug is here already.',
    ]);
    expect(again.users.created).toEqual([]);
    const after = await storedState(t);
    expect(after.rows.posts).toEqual(before.rows.posts);
    expect(after.rows.users).toEqual(before.rows.users);
  });

  it('reports on a dry run exactly what an import does, and changes nothing', async () => {
    const before = await storedState(t);
    const dry = await imported(GHOST_4, `?dryRun=1&ghostUrl=${OLD_SITE}`);
    expect(await storedState(t)).toEqual(before);
    expect(dry.dryRun).toBe(true);
    const real = await imported(GHOST_4);
    expect({ ...dry, dryRun: false }).toEqual(real);
  });

  it('asks for the Ghost address when images live on the Ghost site', async () => {
    const report = await imported(GHOST_4, '');
    expect((await post('porto-francesinha-crawl')).heroImage).toBeNull();
    expect(report.notCarried.images).toContainEqual({
      post: 'porto-francesinha-crawl',
      src: '__GHOST_URL__/content/images/2021/05/porto-hero.jpg',
      reason: 'The feature image is on the Ghost site: give its address as ghostUrl.',
    });
  });

  it('refuses what is not a Ghost export with a 400, changing nothing', async () => {
    const before = await storedState(t);
    for (const [body, query, message] of [
      [{ posts: [] }, '', 'This is not a Ghost export'],
      [{ db: [{ data: { posts: 'many' } }] }, '', 'data.posts: A Ghost export holds a list of posts'],
      [GHOST_5, '?ghostUrl=ftp://old.example', 'ghostUrl must be the http(s) address of the Ghost site.'],
      [GHOST_5, '?dryRun=yes', "dryRun must be '0' or '1'."],
    ] as const) {
      const response = await importGhost(body, query);
      expect(response.status, message).toBe(400);
      expect(((await response.json()) as { message: string }).message).toContain(message);
    }
    expect(await storedState(t)).toEqual(before);
  });
});
