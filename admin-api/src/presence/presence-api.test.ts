import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createUser } from '@forkcast/content-db';
import { insertTestPost } from '@forkcast/content-db/testing';
import { cookieHeader, createTestApp, json, testPasswordHash, type TestApp } from '../testing.ts';

const ANA = 'ana@forkcast.test';
const PASSWORD = 'another long passphrase';

describe('/api/posts/:id/presence: who else has a post open', () => {
  let t: TestApp;
  let mine: string;
  let ana: string;
  let postId: number;

  beforeEach(async () => {
    t = await createTestApp();
    postId = await insertTestPost(t.handle.db, 'ramen');
    await createUser(t.handle.db, {
      email: ANA,
      passwordHash: await testPasswordHash(PASSWORD),
      name: 'Ana',
      role: 'editor',
      now: new Date().toISOString(),
    });
    mine = await t.signIn();
    const signedIn = await t.request('/api/login', json('POST', { email: ANA, password: PASSWORD }));
    expect(signedIn.status).toBe(200);
    ana = cookieHeader(signedIn);
  });
  afterEach(() => t.cleanup());

  const beat = (cookie: string, id: number | string = postId) => t.request(`/api/posts/${id}/presence`, { method: 'POST', cookie });
  const others = async (cookie: string) => {
    const res = await beat(cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toContain('no-store');
    return ((await res.json()) as { others: { name: string; since: string }[] }).others.map((other) => other.name);
  };

  it('names the other editors of the post, not the one asking', async () => {
    expect(await others(mine)).toEqual([]);
    expect(await others(ana)).toEqual(['Editor']);
    expect(await others(mine)).toEqual(['Ana']);
  });

  it('forgets an editor who leaves', async () => {
    await others(mine);
    await others(ana);
    const left = await t.request(`/api/posts/${postId}/presence`, { method: 'DELETE', cookie: ana });
    expect(left.status).toBe(204);
    expect(await others(mine)).toEqual([]);
  });

  it('keeps each post apart', async () => {
    const other = await insertTestPost(t.handle.db, 'tofu');
    await others(ana);
    expect(((await (await beat(mine, other)).json()) as { others: unknown[] }).others).toEqual([]);
  });

  it('is for those who may read the post, and about posts that exist', async () => {
    expect((await beat('')).status).toBe(401);
    expect((await beat(await t.signInAs('contributor'))).status).toBe(403);
    expect((await beat(mine, 9999)).status).toBe(404);
  });
});
