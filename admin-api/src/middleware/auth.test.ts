import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing.ts';

describe('answers to the signed-in admin', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.cleanup());

  it('are private and never stored, even from routes anyone may call, which visitors may keep for a while', async () => {
    const cookie = await t.signIn();
    for (const path of ['/api/posts', '/api/cities', '/api/admin/publish-status', '/api/newsletter/subscribers', '/api/auth/user']) {
      const response = await t.request(path, { cookie });
      expect(response.status, path).toBe(200);
      expect(response.headers.get('cache-control'), path).toBe('private, no-store');
    }
    expect((await t.request('/api/posts')).headers.get('cache-control')).toBe('public, max-age=60');
  });
});
