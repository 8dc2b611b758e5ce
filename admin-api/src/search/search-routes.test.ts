import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SEARCH_LIMITS, type SearchAnswer } from '@forkcast/shared/contracts';
import { createTestApp, json, type TestApp } from '../testing.ts';

describe('GET /api/search', () => {
  let t: TestApp;
  let cookie: string;
  beforeEach(async () => {
    t = await createTestApp();
    cookie = await t.signIn();
  });
  afterEach(() => t.cleanup());

  const search = async (query: string) => {
    const response = await t.request(`/api/search?${query}`);
    return { status: response.status, body: (await response.json()) as SearchAnswer & { code?: string; message?: string }, response };
  };
  const titles = async (q: string) => (await search(`q=${encodeURIComponent(q)}`)).body.hits.map((hit) => hit.title);

  it('finds a post the moment the write that publishes it answers, follows its edits, and forgets it when it goes', async () => {
    const city = (await (await t.request('/api/cities', json('POST', { name: 'Kyōto' }, cookie))).json()) as { id: number };
    const created = await t.request(
      '/api/posts',
      json(
        'POST',
        {
          title: 'Soba at dawn',
          excerpt: 'Buckwheat noodles.',
          content: 'The kitchen opens at six.',
          cityId: city.id,
          status: 'published',
        },
        cookie,
      ),
    );
    expect(created.status).toBe(201);
    const post = (await created.json()) as { id: number; slug: string };
    const { body } = await search('q=noodle');
    expect(body.hits).toEqual([
      {
        type: 'post',
        title: 'Soba at dawn',
        url: '/kyoto/soba-at-dawn',
        city: { slug: 'kyoto', name: 'Kyōto' },
        titleRuns: [{ text: 'Soba at dawn', match: false }],
        snippet: [
          { text: 'Buckwheat ', match: false },
          { text: 'noodles', match: true },
          { text: '.', match: false },
        ],
      },
    ]);
    expect(body).toMatchObject({
      query: 'noodle',
      correctedQuery: null,
      total: 1,
      facets: { types: { guide: 0, post: 1, restaurant: 0, author: 0, page: 0 } },
    });

    await t.request(`/api/posts/${post.id}`, json('PATCH', { content: 'Now it opens at seven, with tempura.' }, cookie));
    expect(await titles('tempura')).toEqual(['Soba at dawn']);
    expect(await titles('six')).toEqual([]);
    await t.request(`/api/posts/${post.slug}/published`, json('PATCH', { published: false }, cookie));
    expect(await titles('tempura')).toEqual([]);
    await t.request('/api/posts', json('POST', { title: 'Draft tempura notes' }, cookie));
    expect(await titles('tempura')).toEqual([]);
  });

  it('filters by type and city, pages with limit and offset, and is revalidated on every use', async () => {
    for (const title of ['Udon one', 'Udon two', 'Udon three'])
      await t.request('/api/posts', json('POST', { title, content: 'Thick noodles.', status: 'published' }, cookie));
    const { body, response } = await search('q=udon&limit=2&offset=1');
    expect(body.total).toBe(3);
    expect(body.hits).toHaveLength(2);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect((await search('q=udon&type=guide')).body.total).toBe(0);
    expect((await search('q=udon&city=osaka')).body.total).toBe(0);
    expect((await search('q=udon&type=post')).body.total).toBe(3);
  });

  it("says '1,000+' rather than counting every match of a word in more rows than the count limit", async () => {
    // Rows straight into the search table (its triggers index them): a thousand posts through the API would be slow.
    const rows = Array.from({ length: SEARCH_LIMITS.countLimit + 1 }, (_, i) => ({
      kind: 'post' as const,
      city: '',
      date: '2025-01-01T00:00:00.000Z',
      url: `/post/miso-${i}`,
      title: `Miso ${i}`,
      excerpt: '',
      body: 'Miso soup.',
    }));
    await t.handle.db.insertInto('searchDocuments').values(rows).execute();
    const { body } = await search('q=miso&limit=1');
    expect(body).toMatchObject({ total: SEARCH_LIMITS.countLimit, totalExact: false, facetsExact: false });
    expect(body.hits).toHaveLength(1);
    expect((await search('q=miso&type=guide')).body).toMatchObject({ total: 0, totalExact: true });
  });

  it('answers 400 with a message for a missing, empty, long or unreadable query and bad filters, and changes nothing', async () => {
    const refused = [
      '',
      'q=',
      'q=%20%20',
      `q=${'a'.repeat(201)}`,
      'q=ramen%00',
      'q=ramen&type=restaurants',
      'q=ramen&city=Kyoto!',
      'q=ramen&limit=0',
      'q=ramen&limit=51',
      'q=ramen&limit=ten',
      'q=ramen&offset=-1',
      'q=ramen&offset=1.5',
      'q=ramen&offset=100000',
    ];
    for (const query of refused) {
      const { status, body } = await search(query);
      expect(status, query).toBe(400);
      expect(body.code, query).toBe('validation');
      expect(body.message, query).toMatch(/\w/);
    }
  });

  it('treats FTS5 syntax and symbols in a query as plain words, never a 500', async () => {
    await t.request('/api/posts', json('POST', { title: 'Ramen street', status: 'published' }, cookie));
    for (const q of [
      '"',
      '"ramen',
      'ramen*',
      'NEAR(ramen street, 2)',
      'ramen OR x',
      '-ramen',
      'title:ramen',
      '(',
      ')',
      '{title}:ramen',
      '^',
      '🍜',
      "l'été",
      '%',
      '\\',
    ]) {
      const { status } = await search(`q=${encodeURIComponent(q)}`);
      expect(status, q).toBe(200);
    }
    expect(await titles('"ramen')).toEqual(['Ramen street']);
    expect(await titles('!!!')).toEqual([]);
  });

  it('answers /search with 503 on a server whose site was never built', async () => {
    const response = await t.request('/search?q=ramen');
    expect(response.status).toBe(503);
  });
});
