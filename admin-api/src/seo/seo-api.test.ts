import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getPostById, insertCity, listRevisions, type Post } from '@forkcast/content-db';
import { EMPTY_SEO, SEO_LIMITS } from '@forkcast/shared/seo';
import { createTestApp, json, type TestApp } from '../testing.ts';

const T0 = '2025-01-01T00:00:00.000Z';
const SEO = {
  metaTitle: 'Lisbon’s best custard tarts, ranked',
  metaDescription: 'Six bakeries, one morning, and the tart that won.',
  ogImage: '/uploads/nata-card.jpg',
  canonicalUrl: 'https://partner.example/lisbon/nata',
  noindex: true,
};

describe('search and social fields of posts and guides, through the API', () => {
  let t: TestApp;
  let cookie: string;
  let lisbon: number;
  beforeEach(async () => {
    t = await createTestApp();
    cookie = await t.signIn();
    lisbon = await insertCity(t.handle.db, { slug: 'lisbon', name: 'Lisbon', createdAt: T0, updatedAt: T0 });
  });
  afterEach(() => t.cleanup());

  const create = async (body: object): Promise<Post> => {
    const response = await t.request('/api/posts', json('POST', body, cookie));
    expect(response.status, await response.clone().text()).toBe(201);
    return (await response.json()) as Post;
  };
  const change = (id: number, body: unknown) => t.request(`/api/posts/${id}`, json('PATCH', body, cookie));

  it('stores them on a new post and a new guide, and answers them on every read', async () => {
    const post = await create({ title: 'Nata at Dawn', cityId: lisbon, status: 'published', ...SEO });
    expect(post).toMatchObject(SEO);
    const guide = await create({ title: 'Lisbon Food Guide', type: 'guide', cityId: lisbon, status: 'published', metaTitle: 'Eat Lisbon' });
    expect(guide).toMatchObject({ ...EMPTY_SEO, metaTitle: 'Eat Lisbon' });
    const read = await t.request(`/api/posts/${post.slug}`);
    expect(await read.json()).toMatchObject(SEO);
    const edit = await t.request(`/api/posts/${post.id}/edit`, { headers: { cookie } });
    expect(await edit.json()).toMatchObject(SEO);
    const guideRead = await t.request('/api/cities/lisbon/guide');
    expect(await guideRead.json()).toMatchObject({ metaTitle: 'Eat Lisbon', noindex: false });
  });

  it('changes one field at a time, trims them, and takes a blank or null as "back to the default"', async () => {
    const post = await create({ title: 'Nata at Dawn', ...SEO });
    const trimmed = await change(post.id, { metaTitle: '  Nata, ranked  ', noindex: false });
    expect(trimmed.status).toBe(200);
    expect(await trimmed.json()).toMatchObject({ ...SEO, metaTitle: 'Nata, ranked', noindex: false });
    const cleared = await change(post.id, { metaTitle: '', metaDescription: '   ', ogImage: null, canonicalUrl: '/post/nata-at-dawn' });
    expect(await cleared.json()).toMatchObject({ ...EMPTY_SEO, canonicalUrl: '/post/nata-at-dawn' });
    expect(await getPostById(t.handle.db, post.id)).toMatchObject({ ...EMPTY_SEO, canonicalUrl: '/post/nata-at-dawn' });
  });

  it('refuses what is not a title, a description, a share image, a canonical URL or a flag with a 400 that says why, changing nothing', async () => {
    const post = await create({ title: 'Nata at Dawn', ...SEO });
    const refusals: [object, string][] = [
      [{ metaTitle: 'a'.repeat(SEO_LIMITS.metaTitle + 1) }, `The meta title can be at most ${SEO_LIMITS.metaTitle} characters.`],
      [
        { metaDescription: 'a'.repeat(SEO_LIMITS.metaDescription + 1) },
        `The meta description can be at most ${SEO_LIMITS.metaDescription} characters.`,
      ],
      [{ metaTitle: 'Two\nlines' }, 'The meta title must be a single line, without tabs or line breaks.'],
      [{ ogImage: '/lisbon/guide' }, 'Give the share image as an https URL or an image under /uploads/ or /images/.'],
      [{ ogImage: 'http://cdn.example/a.jpg' }, 'Give the share image as an https URL or an image under /uploads/ or /images/.'],
      [{ canonicalUrl: 'javascript:alert(1)' }, 'Give the canonical URL as an https address or a path on this site, like /kyoto/ramen.'],
      [
        { canonicalUrl: 'http://partner.example/nata' },
        'Give the canonical URL as an https address or a path on this site, like /kyoto/ramen.',
      ],
      [{ noindex: 'yes' }, 'noindex must be true or false.'],
    ];
    for (const [body, message] of refusals) {
      const response = await change(post.id, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(((await response.json()) as { message: string }).message).toBe(message);
    }
    expect(await getPostById(t.handle.db, post.id)).toMatchObject(SEO);
  });

  it('keeps each change in the post’s history, named', async () => {
    const post = await create({ title: 'Nata at Dawn' });
    expect((await change(post.id, { metaDescription: 'Six bakeries.', noindex: true })).status).toBe(200);
    const [latest] = await listRevisions(t.handle.db, { entity: 'post', id: post.id });
    expect(latest?.summary).toBe('Changed the meta description and search visibility');
  });
});
