import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './testing.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'ALL']);

/** Every unsafe /api route the app registers, with its parameters filled in, each once. */
function unsafePaths(t: TestApp): { method: string; path: string }[] {
  const seen = new Map<string, { method: string; path: string }>();
  for (const { method, path } of t.app.routes) {
    if (SAFE_METHODS.has(method.toUpperCase()) || !path.startsWith('/api/')) continue;
    const concrete = path.replace(/:(\w+)(\{[^}]*\})?\??/g, (_match, name: string) => (name === 'slug' ? 'kyoto' : '1'));
    seen.set(`${method} ${concrete}`, { method, path: concrete });
  }
  return [...seen.values()];
}

/** A multipart body that ends before its closing boundary. */
const TRUNCATED = '--xyz\r\nContent-Disposition: form-data; name="email"\r\n\r\neditor@forkcast.test';
/** A multipart content type without the boundary its body needs. */
const NO_BOUNDARY = '--xyz\r\nContent-Disposition: form-data; name="email"\r\n\r\nx\r\n--xyz--\r\n';

describe('malformed multipart bodies', () => {
  let t: TestApp;
  let cookie: string;
  beforeEach(async () => {
    t = await createTestApp();
    cookie = await t.signIn();
  });
  afterEach(() => t.cleanup());

  const cases = [
    { name: 'a truncated body', type: 'multipart/form-data; boundary=xyz', body: TRUNCATED },
    { name: 'no boundary', type: 'multipart/form-data', body: NO_BOUNDARY },
  ];

  for (const { name, type, body } of cases) {
    it(`answers ${name} with a 4xx and a message on every unsafe route, signed in or not`, async () => {
      const routes = unsafePaths(t);
      expect(routes.map((route) => route.path)).toContain('/api/login');
      for (const session of [undefined, cookie]) {
        for (const route of routes) {
          const res = await t.request(route.path, {
            method: route.method,
            headers: { 'content-type': type },
            body,
            ...(session ? { cookie: session } : {}),
          });
          const label = `${route.method} ${route.path} ${session ? 'signed in' : 'signed out'}`;
          expect(res.status, label).toBeGreaterThanOrEqual(300);
          expect(res.status, label).toBeLessThan(500);
        }
      }
    });
  }

  it('shows the sign-in page again with 400 and says the form could not be read', async () => {
    const res = await t.request('/api/login', {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
      body: TRUNCATED,
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('The form could not be read.');
  });
});
