import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmSubscriber, createWebhook, subscribe } from '@forkcast/content-db';
import { databaseFileHolds, insertTestPost } from '@forkcast/content-db/testing';
import type { TrashItem } from '@forkcast/shared/contracts';
import { createTestApp, json, type TestApp } from '../testing.ts';

const NOW = () => new Date().toISOString();

describe('deleting for good', () => {
  let t: TestApp;
  let owner: string;
  let editor: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.signIn();
    editor = await t.signInAs('editor');
  });
  afterAll(() => t.cleanup());

  const db = () => t.handle.db;
  const send = (path: string, init: RequestInit = {}, cookie = owner) => t.request(path, { ...init, cookie });
  const trash = async (cookie = owner) => (await (await send('/api/trash', {}, cookie)).json()) as TrashItem[];
  const fileHolds = (text: string) => databaseFileHolds(t.handle, text);

  it('leaves no trace of a post, its history or its trash row in the database file', async () => {
    const id = await insertTestPost(db(), 'erase-me', { content: 'Plain words.' });
    const edited = await t.request(`/api/posts/${id}`, json('PATCH', { content: 'The zanzibarquokka secret recipe.' }, owner));
    expect(edited.status).toBe(200);
    await send(`/api/posts/${id}`, { method: 'DELETE' });
    expect(await fileHolds('zanzibarquokka')).toBe(true);

    const gone = await send(`/api/trash/post/${id}`, { method: 'DELETE' });
    expect(gone.status).toBe(204);
    expect((await trash()).some((item) => item.kind === 'post' && item.id === id)).toBe(false);
    expect(await db().selectFrom('revisions').select('id').where('entity', '=', 'post').where('entityId', '=', id).execute()).toEqual([]);
    expect(await fileHolds('zanzibarquokka')).toBe(false);
    expect((await send(`/api/trash/post/${id}`, { method: 'DELETE' })).status).toBe(404);
  });

  it('leaves no trace of a page, its history, its search entry or its trash row in the database file', async () => {
    const created = await send('/api/pages', json('POST', { title: 'Quokka Lodge', slug: 'quokka-lodge', status: 'published' }, owner));
    const { id } = (await created.json()) as { id: number };
    await send(`/api/pages/${id}`, json('PATCH', { content: 'The numbatflambe is served at noon.' }, owner));
    const searchRows = () => db().selectFrom('searchDocuments').select('id').where('kind', '=', 'page').where('url', '=', '/quokka-lodge');
    expect(await searchRows().execute()).toHaveLength(1);
    await send(`/api/pages/${id}`, { method: 'DELETE' });
    expect(await searchRows().execute()).toEqual([]);
    expect(await fileHolds('numbatflambe')).toBe(true);

    expect((await send(`/api/trash/page/${id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await trash()).some((item) => item.kind === 'page' && item.id === id)).toBe(false);
    expect(await db().selectFrom('revisions').select('id').where('entity', '=', 'page').where('entityId', '=', id).execute()).toEqual([]);
    expect(await fileHolds('numbatflambe')).toBe(false);
  });

  it("erases a subscriber's address everywhere it is kept; editors may not", async () => {
    const address = 'quokka-erasure@example.com';
    const { subscriber } = await subscribe(db(), address, NOW());
    await db()
      .insertInto('contactMessages')
      .values({ name: 'Q', email: address, subject: 'Hi', message: 'Hello', createdAt: NOW() })
      .execute();
    const { id: sendId } = await db()
      .insertInto('newsletterSends')
      .values({ postId: null, subject: 'Letter', messageKey: 'k', status: 'done', createdAt: NOW() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db()
      .insertInto('newsletterDeliveries')
      .values({ sendId, subscriberId: subscriber.id, email: address, nextAttemptAt: NOW() })
      .execute();
    // A webhook was told of their confirmation, with the address in its body.
    await createWebhook(
      db(),
      { url: 'https://hooks.example.com/in', events: ['subscriber.confirmed'], secret: 'whsec_x', createdBy: null },
      NOW(),
    );
    await db()
      .transaction()
      .execute((trx) => confirmSubscriber(trx, subscriber.id, NOW()));
    await send(`/api/newsletter/subscribers/${subscriber.id}`, { method: 'DELETE' });

    expect((await send(`/api/trash/subscriber/${subscriber.id}`, { method: 'DELETE' }, editor)).status).toBe(403);
    expect(await fileHolds(address)).toBe(true);
    expect((await send(`/api/trash/subscriber/${subscriber.id}`, { method: 'DELETE' })).status).toBe(204);
    expect(await fileHolds(address)).toBe(false);
  });

  it('empties the trash; an editor leaves deleted subscribers for an administrator', async () => {
    const post = await insertTestPost(db(), 'emptied', { content: 'The wombatcassoulet stew.' });
    await send(`/api/posts/${post}`, { method: 'DELETE' });
    const page = await send(
      '/api/pages',
      json('POST', { title: 'Bilby Bar', slug: 'bilby-bar', content: 'The bilbybrioche recipe.' }, owner),
    );
    await send(`/api/pages/${((await page.json()) as { id: number }).id}`, { method: 'DELETE' });
    const { subscriber } = await subscribe(db(), 'kept-for-admin@example.com', NOW());
    await send(`/api/newsletter/subscribers/${subscriber.id}`, { method: 'DELETE' });

    const byEditor = await send('/api/trash', { method: 'DELETE' }, editor);
    expect(byEditor.status).toBe(200);
    expect(await byEditor.json()).toEqual({ deleted: 2 });
    expect((await trash()).map((item) => item.kind)).toEqual(['subscriber']);
    expect(await fileHolds('wombatcassoulet')).toBe(false);
    expect(await fileHolds('bilbybrioche')).toBe(false);

    expect(await (await send('/api/trash', { method: 'DELETE' })).json()).toEqual({ deleted: 1 });
    expect(await trash()).toEqual([]);
    expect(await fileHolds('kept-for-admin@example.com')).toBe(false);
  });
});
