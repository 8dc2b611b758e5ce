import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '@forkcast/content-db/seed';
import { createTestApp, type TestApp } from '../testing.ts';

// The public content reads: what any visitor may read, the same for every visitor.
const PUBLIC_READS = [
  '/api/posts?published=true&limit=6',
  '/api/posts/kyoto-nishiki-market-morning',
  '/api/cities',
  '/api/cities/kyoto',
  '/api/cities/kyoto/guide',
  '/api/cities/kyoto/posts?type=post',
  '/api/hero/image',
  '/api/posts/1/content',
  '/api/posts/1/blocks',
];

describe('Cache-Control of the API', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    await seed(t.handle.db);
    cookie = await t.signIn();
  });
  afterAll(() => t.cleanup());

  it('lets anyone keep an anonymous answer of public content for a minute, apart from answers to a session', async () => {
    for (const path of PUBLIC_READS) {
      const response = await t.request(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('cache-control'), path).toBe('public, max-age=60');
      expect(response.headers.get('vary') ?? '', path).toMatch(/(?:^|, )Cookie(?:,|$)/);
    }
  });

  it('has nobody keep what the signed-in admin is answered', async () => {
    for (const path of PUBLIC_READS)
      expect((await t.request(path, { cookie })).headers.get('cache-control'), path).toBe('private, no-store');
  });

  it('has nobody keep any other anonymous answer: errors, the session lookup, health, writes', async () => {
    for (const [path, method] of [
      ['/api/posts/no-such-post', 'GET'],
      ['/api/cities/nowhere', 'GET'],
      ['/api/posts?limit=0', 'GET'],
      ['/api/auth/user', 'GET'],
      ['/api/no-such-thing', 'GET'],
      ['/api/posts', 'POST'],
    ] as const) {
      const response = await t.request(path, { method });
      expect(response.status, path).not.toBe(200);
      expect(response.headers.get('cache-control'), `${method} ${path}`).toBe('no-store');
    }
    const health = await t.request('/api/health');
    expect(health.status).toBe(200);
    expect(health.headers.get('cache-control')).toBe('no-store');
  });

  it('names a Cache-Control on every anonymous GET the route table has', async () => {
    const paths = new Set(
      t.app.routes
        .filter(({ method, path }) => method === 'GET' && path.startsWith('/api/'))
        .map(({ path }) => path.replace(/:(\w+)(\{[^}]*\})?/g, (_match, name: string) => (name === 'slug' ? 'kyoto' : '1'))),
    );
    for (const path of paths) {
      if (path.endsWith('/events')) continue;
      expect((await t.request(path)).headers.get('cache-control'), path).toMatch(/\S/);
    }
  });
});
