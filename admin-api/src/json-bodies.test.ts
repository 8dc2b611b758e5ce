import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestPost } from '@forkcast/content-db/testing';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from './testing.ts';
import { readsJsonBody } from './validation.ts';

/** Every route of the app whose body is validated as JSON, with its parameters filled in. */
function jsonRoutes(t: TestApp): { method: string; path: string }[] {
  const seen = new Map<string, { method: string; path: string }>();
  for (const { method, path, handler } of t.app.routes) {
    if (!readsJsonBody(handler)) continue;
    const concrete = path.replace(/:(\w+)(\{[^}]*\})?\??/g, (_match, name: string) => (name === 'slug' ? 'kyoto' : '1'));
    seen.set(`${method} ${concrete}`, { method, path: concrete });
  }
  return [...seen.values()];
}

describe('request bodies of JSON routes', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    // The post every :id and :slug below names: post routes find their post before reading the body.
    expect(await insertTestPost(t.handle.db, 'kyoto')).toBe(1);
    cookie = await t.signIn();
  });
  afterAll(() => t.cleanup());

  it('finds the JSON routes in the route table', () => {
    const routes = jsonRoutes(t).map(({ method, path }) => `${method} ${path}`);
    for (const route of ['POST /api/posts/1/preview', 'POST /api/contact', 'POST /api/posts', 'PATCH /api/cities/1'])
      expect(routes).toContain(route);
    expect(routes).not.toContain('POST /api/login');
    expect(routes).not.toContain('POST /api/upload');
  });

  it('refuses any other content type with 415 on every JSON route, before reading the body', async () => {
    const body = JSON.stringify({ title: 'A title', content: 'Text.' });
    // Each request from an address of its own, so that no request allowance answers first.
    let client = 0;
    for (const { method, path } of jsonRoutes(t)) {
      for (const type of [
        'text/plain',
        'text/plain; charset=utf-8',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=xyz',
        'text/json',
        undefined,
      ]) {
        const label = `${method} ${path} (${type ?? 'no Content-Type'})`;
        const headers: Record<string, string> = type === undefined ? {} : { 'content-type': type };
        client += 1;
        const ip = `10.0.${Math.floor(client / 250)}.${client % 250}`;
        const response = await t.request(path, { method, headers, body: type === undefined ? null : body, cookie, ip });
        expect(response.status, label).toBe(415);
        expect(await response.json(), label).toMatchObject({ code: 'unsupported_media_type' });
      }
    }
  });

  it('reads JSON under any JSON media type, as the validator parses it', async () => {
    for (const type of ['application/json', 'application/json; charset=utf-8', 'Application/JSON', 'application/merge-patch+json']) {
      const response = await t.request('/api/posts/1/preview', { method: 'POST', headers: { 'content-type': type }, body: '{}', cookie });
      expect(response.status, type).not.toBe(415);
    }
  });

  it('keeps taking the sign-in form urlencoded and as JSON, and refuses it as text', async () => {
    const form = new URLSearchParams({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    const urlencoded = await t.request('/api/login', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    expect(urlencoded.status).toBe(303);
    const json = await t.request('/api/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
    });
    expect(json.status).toBe(200);
    const text = await t.request('/api/login', {
      method: 'POST',
      headers: { 'content-type': 'text/plain; x=application/json' },
      body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
    });
    expect(text.status).toBe(415);
  });
});
