import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { commitChange, insertPost, nowIso, recordMedia, setSetting, SETTING } from '@forkcast/content-db';
import { postFixture } from '@forkcast/content-db/testing';
import type { MediaItem, MediaPage } from '@forkcast/shared/contracts';
import { createTestApp, json, storedState, type TestApp } from '../testing.ts';

const hash = (n: number) => n.toString(16).padStart(24, '0');

describe('/api/media', () => {
  let t: TestApp;
  let editor: string;
  let contributor: string;
  beforeAll(async () => {
    t = await createTestApp();
    editor = await t.signInAs('editor');
    contributor = await t.signInAs('contributor');
  });
  afterAll(() => t.cleanup());
  beforeEach(async () => {
    await t.handle.db.deleteFrom('media').execute();
  });

  /** An item as an upload makes it, with its files in the upload folder. */
  const upload = async (n: number, originalName: string) => {
    const path = `/uploads/${hash(n)}.jpg`;
    mkdirSync(t.uploadDir, { recursive: true });
    for (const name of [`${hash(n)}.jpg`, `${hash(n)}-640.webp`, `${hash(n)}-1024.webp`, `${hash(n)}-1600.webp`]) {
      writeFileSync(join(t.uploadDir, name), 'x');
    }
    const id = await recordMedia(
      t.handle.db,
      { path, originalName, bytes: 1234, width: 1600, height: 900, mime: 'image/jpeg', createdBy: null },
      nowIso(),
    );
    return { id, path };
  };

  it('lists uploads newest first, a page at a time, searching names and alt text, or finding one by its address', async () => {
    const first = await upload(1, 'ramen-counter.jpg');
    const second = await upload(2, 'market.png');
    await t.handle.db.updateTable('media').set({ alt: 'A bowl of ramen' }).where('id', '=', second.id).execute();
    await upload(3, 'tram.jpg');

    const all = (await (await t.request('/api/media', { cookie: contributor })).json()) as MediaPage;
    expect(all.total).toBe(3);
    expect(all.items.map((item) => item.originalName)).toEqual(['tram.jpg', 'market.png', 'ramen-counter.jpg']);
    expect(all.items[2]).toMatchObject({
      id: first.id,
      url: first.path,
      thumbnailUrl: `/uploads/${hash(1)}-640.webp`,
      bytes: 1234,
      width: 1600,
      height: 900,
      focalPoint: { x: 0.5, y: 0.5 },
      usedBy: [],
    });
    const found = (await (await t.request('/api/media?q=RAMEN', { cookie: contributor })).json()) as MediaPage;
    expect(found.items.map((item) => item.id)).toEqual([second.id, first.id]);
    const byUrl = (await (
      await t.request(`/api/media?url=${encodeURIComponent(first.path)}`, { cookie: contributor })
    ).json()) as MediaPage;
    expect(byUrl).toMatchObject({ total: 1, items: [{ id: first.id, focalPoint: { x: 0.5, y: 0.5 } }] });
    const elsewhere = (await (
      await t.request('/api/media?url=%2Fimages%2Fposts%2Fpastry.jpg', { cookie: contributor })
    ).json()) as MediaPage;
    expect(elsewhere.total).toBe(0);
    const beyond = (await (await t.request('/api/media?page=2', { cookie: contributor })).json()) as MediaPage;
    expect(beyond).toMatchObject({ items: [], page: 2, total: 3 });
    const bad = await t.request('/api/media?page=0', { cookie: contributor });
    expect(bad.status).toBe(400);
  });

  it('says where an image is used: a hero, a body, the homepage', async () => {
    const { id, path } = await upload(4, 'bakery.jpg');
    const db = t.handle.db;
    const hero = (await commitChange(db, (trx) => insertPost(trx, postFixture('bakery-hero', { heroImage: path })))).result;
    const body = (await commitChange(db, (trx) => insertPost(trx, postFixture('bakery-body', { content: `Look: ![Bread](${path})` }))))
      .result;
    await setSetting(db, SETTING.homepageHeroImage, path, nowIso());
    const author = await t.userId('author');
    await db.updateTable('users').set({ avatar: path }).where('id', '=', author).execute();

    const item = (await (await t.request(`/api/media/${id}`, { cookie: contributor })).json()) as MediaItem;
    expect(item.usedBy).toEqual([
      expect.objectContaining({ kind: 'post', id: hero, path: '/post/bakery-hero' }),
      expect.objectContaining({ kind: 'post', id: body, path: '/post/bakery-body' }),
      { kind: 'home', id: 0, title: 'Homepage hero', path: '/' },
      expect.objectContaining({ kind: 'author', id: author }),
    ]);

    const before = await storedState(t);
    const refused = await t.request(`/api/media/${id}`, { method: 'DELETE', cookie: editor });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toContain('/post/bakery-hero');
    expect(await storedState(t)).toEqual(before);
    await db.deleteFrom('settings').where('key', '=', SETTING.homepageHeroImage).execute();
    await db.updateTable('users').set({ avatar: null }).where('id', '=', author).execute();
  });

  it('changes alt text and the focal point, and refuses a point outside the image', async () => {
    const { id } = await upload(5, 'harbour.jpg');
    const changed = await t.request(
      `/api/media/${id}`,
      json('PATCH', { alt: 'The harbour at dawn', focalPoint: { x: 0.25, y: 0.8 } }, editor),
    );
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({ alt: 'The harbour at dawn', focalPoint: { x: 0.25, y: 0.8 } });

    for (const focalPoint of [
      { x: 1.5, y: 0.5 },
      { x: 0.5, y: -0.1 },
      { x: '0.5', y: 0.5 },
    ]) {
      const refused = await t.request(`/api/media/${id}`, json('PATCH', { focalPoint }, editor));
      expect(refused.status, JSON.stringify(focalPoint)).toBe(400);
    }
    const kept = (await (await t.request(`/api/media/${id}`, { cookie: editor })).json()) as MediaItem;
    expect(kept.focalPoint).toEqual({ x: 0.25, y: 0.8 });
    expect((await t.request('/api/media/999', json('PATCH', { alt: 'x' }, editor))).status).toBe(404);
    expect((await t.request(`/api/media/${id}`, json('PATCH', { alt: 'x' }, contributor))).status).toBe(403);
  });

  it('deletes an unused item with its files, its social cards among them', async () => {
    const { id } = await upload(6, 'unused.jpg');
    for (const card of [`${hash(6)}-og-500-500.jpg`, `${hash(6)}-og-250-800.jpg`]) writeFileSync(join(t.uploadDir, card), 'card');
    writeFileSync(join(t.uploadDir, `${hash(7)}-og-500-500.jpg`), 'card');
    const deleted = await t.request(`/api/media/${id}`, { method: 'DELETE', cookie: editor });
    expect(deleted.status).toBe(204);
    expect(existsSync(join(t.uploadDir, `${hash(6)}.jpg`))).toBe(false);
    expect(existsSync(join(t.uploadDir, `${hash(6)}-640.webp`))).toBe(false);
    expect(existsSync(join(t.uploadDir, `${hash(6)}-og-500-500.jpg`))).toBe(false);
    expect(existsSync(join(t.uploadDir, `${hash(6)}-og-250-800.jpg`))).toBe(false);
    // Another image's card stays.
    expect(existsSync(join(t.uploadDir, `${hash(7)}-og-500-500.jpg`))).toBe(true);
    expect((await t.request(`/api/media/${id}`, { cookie: editor })).status).toBe(404);
  });
});
