import { addRedirect, insertCity } from '@forkcast/content-db';
import { insertTestPost } from '@forkcast/content-db/testing';
import { canonicalPostPath } from '@forkcast/shared/urls';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, json, storedState, type TestApp } from '../testing.ts';
import { FROM_RULE, STATUS_RULE, TO_RULE } from './rules.ts';

const AT = '2025-01-01T00:00:00.000Z';

describe('/api/redirects', () => {
  let t: TestApp;
  let editor: string;
  /** A live post's path, and the slug its /post/ URL takes (which the server redirects on to that path). */
  let livePath: string;
  let cityPostSlug: string;
  beforeAll(async () => {
    t = await createTestApp();
    editor = await t.signInAs('editor');
    const lisbon = await insertCity(t.handle.db, { slug: 'lisbon', name: 'Lisbon', createdAt: AT, updatedAt: AT });
    cityPostSlug = 'ginjinha-bars';
    await insertTestPost(t.handle.db, cityPostSlug, { cityId: lisbon });
    livePath = canonicalPostPath({ slug: cityPostSlug, type: 'post' }, { slug: 'lisbon' });
  });
  afterAll(() => t.cleanup());
  beforeEach(async () => {
    await t.handle.db.deleteFrom('redirects').execute();
    await t.handle.db.deleteFrom('pages').execute();
    // The publisher's record of what it has written is what says a page is live.
    await t.handle.db.insertInto('pages').values({ path: livePath, contentHash: 'x', renderedAt: AT }).execute();
  });

  const create = (body: unknown, cookie = editor) => t.request('/api/redirects', json('POST', body, cookie));
  const list = async () =>
    (await (await t.request('/api/redirects', { cookie: editor })).json()) as { id: number; from: string; to: string; source: string }[];
  const refusal = async (response: Response) => ({ status: response.status, ...((await response.json()) as object) });

  it('adds a 301 by default, lists it, and the site answers the old path with it, keeping the query string', async () => {
    const created = await create({ from: '/old-menu/', to: livePath });
    expect(created.status).toBe(201);
    const body = await created.json();
    expect(body).toEqual({
      id: expect.any(Number),
      from: '/old-menu',
      to: livePath,
      status: 301,
      source: 'editor',
      createdAt: expect.any(String),
    });
    expect(await list()).toEqual([body]);

    const answer = await t.request('/old-menu?ref=letter');
    expect(answer.status).toBe(301);
    expect(answer.headers.get('location')).toBe(`${livePath}?ref=letter`);
    expect(answer.headers.get('cache-control')).toBe('private, max-age=3600');
  });

  it('answers a 302 to another site for now, never cached, and keeps a query string the target has', async () => {
    expect((await create({ from: '/this-week', to: 'https://partner.example/menu?season=winter', status: 302 })).status).toBe(201);
    const answer = await t.request('/this-week?ref=letter');
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe('https://partner.example/menu?season=winter');
    expect(answer.headers.get('cache-control')).toBe('no-cache');
  });

  it('leads another spelling of a redirected path (a Ghost URL with its slash) straight to the target, in one hop', async () => {
    expect((await create({ from: '/old-menu', to: livePath })).status).toBe(201);
    expect((await create({ from: '/this-week', to: 'https://partner.example/menu', status: 302 })).status).toBe(201);
    const slashed = await t.request('/old-menu/?ref=letter');
    expect([slashed.status, slashed.headers.get('location')]).toEqual([301, `${livePath}?ref=letter`]);
    const indexed = await t.request('/this-week/index.html');
    expect([indexed.status, indexed.headers.get('location'), indexed.headers.get('cache-control')]).toEqual([
      302,
      'https://partner.example/menu',
      'no-cache',
    ]);
    // The server's own /post/{slug} hop, too.
    const post = await t.request(`/post/${cityPostSlug}/`);
    expect([post.status, post.headers.get('location')]).toEqual([301, livePath]);
  });

  it('refuses what is not a path or an address with a 400, changing nothing', async () => {
    const before = await storedState(t);
    const cases: [unknown, string][] = [
      [{ from: 'old-menu', to: '/' }, FROM_RULE],
      [{ from: '/old?x=1', to: '/' }, FROM_RULE],
      [{ from: '/../etc/passwd', to: '/' }, FROM_RULE],
      [{ from: '/.env', to: '/' }, FROM_RULE],
      [{ from: '//evil.example', to: '/' }, FROM_RULE],
      [{ from: '/', to: '/about' }, FROM_RULE],
      [{ from: `/${'a'.repeat(1_001)}`, to: '/' }, 'The old path can be at most 1000 characters.'],
      [{ from: '/old', to: 'javascript:alert(1)' }, TO_RULE],
      [{ from: '/old', to: '//evil.example/x' }, TO_RULE],
      [{ from: '/old', to: 'ftp://files.example/x' }, TO_RULE],
      [{ from: '/old', to: 'https://user:secret@partner.example/' }, TO_RULE],
      [{ from: '/old', to: '/a b' }, TO_RULE],
      [{ from: '/old', to: '/x?a=<script>' }, TO_RULE],
      [{ from: '/old', to: '/about', status: 307 }, STATUS_RULE],
      [{ from: '/old', to: 'https://partner.example/\r\nSet-Cookie: a=b' }, 'Where it leads must be a single line'],
      [{ from: '/old', to: '/old/' }, 'A redirect cannot lead to the path it starts from.'],
    ];
    for (const [body, message] of cases) {
      const answer = await create(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(((await answer.json()) as { message: string }).message, JSON.stringify(body)).toContain(message);
    }
    expect(await storedState(t)).toEqual(before);
  });

  it('refuses a path a live page, the site or another redirect owns with a 409 that says which', async () => {
    await create({ from: '/old-menu', to: '/about' });
    const before = await storedState(t);
    expect(await refusal(await create({ from: livePath, to: '/about' }))).toEqual({
      status: 409,
      code: 'conflict',
      field: 'from',
      message: `${livePath} is a live page: a redirect from it would never be followed.`,
    });
    expect(await refusal(await create({ from: '/about', to: '/city-guides' }))).toMatchObject({ status: 409, field: 'from' });
    expect(await refusal(await create({ from: '/search', to: '/city-guides' }))).toMatchObject({ status: 409, field: 'from' });
    for (const from of ['/api/posts', '/admin/people', '/uploads/a.webp', '/_astro/x.js'])
      expect(await refusal(await create({ from, to: '/about' })), from).toMatchObject({
        status: 409,
        message: expect.stringContaining('belongs to the site itself'),
      });
    expect(await refusal(await create({ from: '/old-menu', to: '/city-guides' }))).toMatchObject({
      status: 409,
      message: 'There is a redirect from /old-menu already, to /about.',
    });
    expect(await storedState(t)).toEqual(before);
  });

  it('refuses loops and chains of two hops with a 400, the stored redirects and the server’s own alike', async () => {
    await create({ from: '/a', to: '/b' });
    const before = await storedState(t);
    expect(await refusal(await create({ from: '/c', to: '/a' }))).toEqual({
      status: 400,
      code: 'validation',
      field: 'to',
      message: '/a redirects to /b: lead /c straight there, so readers take one hop.',
    });
    expect(await refusal(await create({ from: '/b', to: '/a' }))).toMatchObject({
      status: 400,
      field: 'to',
      message: '/a redirects back to /b: readers would go round for ever.',
    });
    expect(await refusal(await create({ from: '/b', to: '/d' }))).toMatchObject({
      status: 400,
      field: 'from',
      message: '/a redirects to /b: a redirect from /b would make readers take two hops.',
    });
    // The server sends /post/{slug} of a city's post on to its canonical URL: one hop already.
    expect(await refusal(await create({ from: '/e', to: `/post/${cityPostSlug}` }))).toMatchObject({
      status: 400,
      message: `/post/${cityPostSlug} redirects to ${livePath}: lead /e straight there, so readers take one hop.`,
    });
    expect(await storedState(t)).toEqual(before);
  });

  it('deletes a redirect by id (then the path is missing again), and answers 404 for one that is not there', async () => {
    const { id } = (await (await create({ from: '/old-menu', to: '/about' })).json()) as { id: number };
    expect((await t.request(`/api/redirects/${id}`, { method: 'DELETE', cookie: editor })).status).toBe(204);
    expect(await list()).toEqual([]);
    expect((await t.request('/old-menu')).status).toBe(404);
    const missing = await t.request(`/api/redirects/${id}`, { method: 'DELETE', cookie: editor });
    expect(await refusal(missing)).toEqual({ status: 404, code: 'not_found', message: 'Redirect not found.' });
  });

  it('lists the automatic redirects beside the editors’ and lets them be deleted', async () => {
    await addRedirect(t.handle.db, '/post/gone', livePath, AT);
    const [automatic] = await list();
    expect(automatic).toMatchObject({ from: '/post/gone', to: livePath, status: 301, source: 'automatic' });
    expect((await t.request(`/api/redirects/${automatic!.id}`, { method: 'DELETE', cookie: editor })).status).toBe(204);
  });

  it('keeps them to editors and above', async () => {
    const contributor = await t.signInAs('contributor');
    expect((await t.request('/api/redirects', { cookie: contributor })).status).toBe(403);
    expect((await create({ from: '/x', to: '/about' }, contributor)).status).toBe(403);
  });

  describe('a CSV list', () => {
    const upload = (text: string | Uint8Array<ArrayBuffer>, name = 'redirects.csv') => {
      const form = new FormData();
      form.append('csvFile', new File([text], name, { type: 'text/csv' }));
      return t.request('/api/redirects/import', { method: 'POST', cookie: editor, body: form });
    };

    it('adds every line, a header, blank lines, quotes and an empty status allowed', async () => {
      const answer = await upload(
        `\uFEFFfrom,to,status\r\n/old-menu,/about,\r\n\r\n"/winter",https://partner.example/menu,302\r\n/faq/,${livePath},301\r\n`,
      );
      expect(answer.status, await answer.clone().text()).toBe(201);
      expect(await answer.json()).toEqual({ created: 3 });
      expect((await list()).map(({ from, to }) => `${from} ${to}`)).toEqual([
        `/faq ${livePath}`,
        '/old-menu /about',
        '/winter https://partner.example/menu',
      ]);
      expect((await t.request('/winter')).status).toBe(302);
    });

    it('imports nothing from a list with a bad line, and names every one', async () => {
      await create({ from: '/taken', to: '/about' });
      const before = await storedState(t);
      const answer = await upload(
        [
          '/one,/about',
          'two,/about',
          '/three,javascript:alert(1)',
          '/four,/about,308',
          '/taken,/about',
          '/five,/taken',
          `${livePath},/about`,
          '/one,/x',
          '/six,/about,301,extra',
        ].join('\n'),
      );
      expect(await refusal(answer)).toEqual({
        status: 422,
        code: 'invalid_csv',
        message: 'Nothing was imported: 4 lines have problems.',
        problems: [
          { row: 2, column: 'from', message: FROM_RULE },
          { row: 3, column: 'to', message: TO_RULE },
          { row: 4, column: 'status', message: STATUS_RULE },
          { row: 9, message: 'A line holds from, to and status only.' },
        ],
      });
      // Lines that read well are then held to the rules, against the stored redirects and each other.
      const rules = await upload(['/one,/about', '/taken,/about', '/five,/taken', `${livePath},/about`, '/one,/x', '/six,/one'].join('\n'));
      expect(await refusal(rules)).toEqual({
        status: 422,
        code: 'invalid_csv',
        message: 'Nothing was imported: 6 lines have problems.',
        problems: [
          { row: 1, column: 'from', message: '/six redirects to /one: a redirect from /one would make readers take two hops.' },
          { row: 2, column: 'from', message: 'There is a redirect from /taken already, to /about.' },
          { row: 3, column: 'to', message: '/taken redirects to /about: lead /five straight there, so readers take one hop.' },
          { row: 4, column: 'from', message: `${livePath} is a live page: a redirect from it would never be followed.` },
          { row: 5, column: 'from', message: '/one is redirected twice in this list.' },
          { row: 6, column: 'to', message: '/one redirects to /about: lead /six straight there, so readers take one hop.' },
        ],
      });
      expect(await storedState(t)).toEqual(before);
    });

    it('refuses a file that is not a UTF-8 CSV list, or is not sent as a form', async () => {
      expect(await refusal(await upload(new Uint8Array([0x2f, 0x61, 0x2c, 0xff, 0xfe])))).toMatchObject({
        status: 422,
        message: 'The file is not UTF-8 text. Save it as "CSV UTF-8" and upload it again.',
      });
      expect(await refusal(await upload('from,to,status\n\n'))).toMatchObject({
        status: 422,
        message: expect.stringContaining('lists no redirects'),
      });
      const notForm = await t.request('/api/redirects/import', json('POST', { csvFile: '/a,/b' }, editor));
      expect(notForm.status).toBe(415);
      expect(await list()).toEqual([]);
    });
  });
});
