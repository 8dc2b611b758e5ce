import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './testing.ts';

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** A route pattern of the table as a regular expression over paths (`:id{[0-9]+}`, `:slug`). */
function patternOf(path: string): RegExp {
  const source = path
    .split(/(:\w+(?:\{[^}]*\})?)/)
    .map((part) => {
      const param = /^:\w+(?:\{([^}]*)\})?$/.exec(part);
      if (param) return param[1] ? `(?:${param[1]})` : '[^/]+';
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  return new RegExp(`^${source}$`);
}

/** Every path the route table knows, with its parameters filled in, and the methods its routes take there. */
function knownPaths(t: TestApp): Map<string, Set<string>> {
  const routes = t.app.routes.filter(({ method }) => method !== 'ALL');
  const paths = new Map<string, Set<string>>();
  for (const { path } of routes) {
    const concrete = path.replace(/:(\w+)(\{[^}]*\})?/g, (_match, name: string) => (name === 'slug' ? 'kyoto' : '1'));
    const methods = new Set(routes.filter((route) => patternOf(route.path).test(concrete)).map((route) => route.method));
    if (methods.has('GET')) methods.add('HEAD');
    paths.set(concrete, methods);
  }
  return paths;
}

describe('a wrong method on a known route', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    cookie = await t.signIn();
  });
  afterAll(() => t.cleanup());

  it('walks a route table that has the routes it should', () => {
    const paths = knownPaths(t);
    expect([...paths.get('/api/posts/1')!].sort()).toEqual(['DELETE', 'GET', 'HEAD', 'PATCH']);
    expect([...paths.get('/api/posts')!].sort()).toEqual(['GET', 'HEAD', 'POST']);
    expect([...paths.get('/search')!].sort()).toEqual(['GET', 'HEAD']);
  });

  it('answers 405 with Allow naming the methods the path takes, signed in or not, for every path of the route table', async () => {
    for (const [path, allowed] of knownPaths(t)) {
      const allow = [...allowed].sort().join(', ');
      for (const method of METHODS.filter((each) => !allowed.has(each))) {
        for (const session of [undefined, cookie]) {
          const label = `${method} ${path} ${session ? 'signed in' : 'signed out'}`;
          const response = await t.request(path, {
            method,
            ...(method === 'GET' || method === 'HEAD' ? {} : { headers: { 'content-type': 'application/json' }, body: '{}' }),
            ...(session ? { cookie: session } : {}),
          });
          expect(response.status, label).toBe(405);
          expect(response.headers.get('allow'), label).toBe(allow);
          expect(response.headers.get('cache-control'), label).toBe('no-store');
          if (method !== 'HEAD') expect(await response.json(), label).toMatchObject({ code: 'method_not_allowed' });
        }
      }
    }
  });

  it('still answers 404 where no route is, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'DELETE']) {
      const response = await t.request('/api/no-such-thing', { method, cookie });
      expect(response.status, method).toBe(404);
      expect(response.headers.get('allow'), method).toBeNull();
    }
    expect((await t.request('/api/posts/not-a-number/preview', { method: 'GET', cookie })).status).toBe(404);
  });
});
