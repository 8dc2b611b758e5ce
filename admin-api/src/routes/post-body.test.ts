import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addContentItem, createBlock, listBlocks, listContentItems, pendingOutbox, type NewPost } from '@forkcast/content-db';
import { createTestApp, json, type TestApp } from '../testing.ts';
import { insertTestPost } from '@forkcast/content-db/testing';

const T0 = '2025-01-01T00:00:00.000Z';
// Three paragraphs: blank lines (even ones holding spaces) separate them, CRLF counts as a line end.
const THREE_PARAGRAPHS = 'First paragraph.\n\nSecond paragraph,\nstill the second.\n  \t\nThird paragraph.\r\n\r\n';

type Row = Record<string, unknown>;

describe('post body: /api/posts/:postId/content and /blocks', () => {
  let t: TestApp;
  let cookie: string;
  let postId: number;
  let otherPostId: number;
  let draftId: number;

  const post = (slug: string, overrides: Partial<NewPost> = {}) =>
    insertTestPost(t.handle.db, slug, { content: THREE_PARAGRAPHS, ...overrides });

  beforeEach(async () => {
    t = await createTestApp();
    postId = await post('london-dinner');
    otherPostId = await post('paris-dinner', { content: 'One.\n\nTwo.' });
    draftId = await post('draft', { published: false, publishedAt: null });
    cookie = await t.signIn();
  });
  afterEach(() => t.cleanup());

  const outboxTags = async () => (await pendingOutbox(t.handle.db)).map((entry) => entry.tags);
  const expectNoOutbox = async () => expect(await outboxTags()).toEqual([]);

  describe('inline content items', () => {
    const addItem = (body: unknown, id: number | string = postId) => t.request(`/api/posts/${id}/content`, json('POST', body, cookie));

    async function expectRefused(res: Response, status: number, message: string) {
      expect(res.status).toBe(status);
      expect(await res.json()).toEqual({ message, code: status === 404 ? 'not_found' : 'validation' });
      expect(await listContentItems(t.handle.db, postId)).toEqual([]);
      await expectNoOutbox();
    }

    it('adds trimmed text and answers 201 with id, type, content and position', async () => {
      const res = await addItem({ type: 'text', content: '  A tip about the queue.\n', position: 1 });
      expect(res.status).toBe(201);
      const item = (await res.json()) as Row;
      expect(item).toMatchObject({ id: expect.any(Number), type: 'text', content: 'A tip about the queue.', position: 1 });
      expect(await listContentItems(t.handle.db, postId)).toEqual([
        expect.objectContaining({ id: item.id, postId, type: 'text', content: 'A tip about the queue.', position: 1 }),
      ]);
    });

    it.each(['https://cdn.example/dish.jpg', 'http://cdn.example/dish.jpg', '/uploads/dish.jpg', '/images/dish.jpg'])(
      'adds the image %s',
      async (src) => {
        const res = await addItem({ type: 'image', content: src, position: 0 });
        expect(res.status).toBe(201);
        expect(await res.json()).toMatchObject({ id: expect.any(Number), type: 'image', content: src, position: 0 });
      },
    );

    it('stores the alt text of an image, trimmed', async () => {
      const res = await addItem({
        type: 'image',
        content: '/uploads/dish.jpg',
        alt: '  Steaming bowls of pho on a zinc counter \n',
        position: 1,
      });
      expect(res.status).toBe(201);
      expect(await res.json()).toMatchObject({ type: 'image', alt: 'Steaming bowls of pho on a zinc counter' });
      expect(await listContentItems(t.handle.db, postId)).toEqual([
        expect.objectContaining({ content: '/uploads/dish.jpg', alt: 'Steaming bowls of pho on a zinc counter' }),
      ]);
      expect(await outboxTags()).toEqual([[`body:${postId}`]]);
    });

    it.each([
      ['missing', undefined],
      ['blank', '   '],
    ])('describes an image whose alt text is %s by the post title', async (_label, alt) => {
      const res = await addItem({ type: 'image', content: '/uploads/dish.jpg', alt, position: 0 });
      expect(res.status).toBe(201);
      expect(await res.json()).toMatchObject({ alt: 'Title of london-dinner' });
    });

    it('gives text items no alt text, whatever the request says', async () => {
      const res = await addItem({ type: 'text', content: 'A note.', alt: 'ignored', position: 0 });
      expect(res.status).toBe(201);
      expect(await res.json()).toMatchObject({ type: 'text', alt: '' });
    });

    it('accepts 300 characters of alt text and refuses 301 without writing', async () => {
      await expectRefused(
        await addItem({ type: 'image', content: '/uploads/dish.jpg', alt: 'a'.repeat(301), position: 0 }),
        400,
        'Alt text can be at most 300 characters.',
      );
      await expectRefused(
        await addItem({ type: 'image', content: '/uploads/dish.jpg', alt: 42, position: 0 }),
        400,
        'Alt text must be text.',
      );
      expect((await addItem({ type: 'image', content: '/uploads/dish.jpg', alt: 'a'.repeat(300), position: 0 })).status).toBe(201);
    });

    it.each([
      ['javascript:', 'javascript:alert(1)'],
      ['data:', 'data:image/png;base64,iVBORw0KGgo='],
      ['relative', 'dish.jpg'],
      ['protocol-relative', '//evil.example/x.jpg'],
      ['path traversal', '/uploads/../config'],
      ['empty', ''],
    ])('refuses a %s image with a 400', async (_label, content) => {
      await expectRefused(
        await addItem({ type: 'image', content, position: 0 }),
        400,
        'Give the image as an http(s) URL or an uploaded image.',
      );
    });

    it('accepts every position from 0 to the paragraph count', async () => {
      for (const position of [0, 1, 2, 3]) {
        const res = await addItem({ type: 'text', content: `at ${position}`, position });
        expect(res.status, `position ${position}`).toBe(201);
      }
      const items = await listContentItems(t.handle.db, postId);
      expect(items.map((item) => item.position)).toEqual([0, 1, 2, 3]);
    });

    it('accepts position 0 only on a post without paragraphs', async () => {
      const emptyId = await post('empty', { content: '' });
      expect((await addItem({ type: 'text', content: 'first words', position: 0 }, emptyId)).status).toBe(201);
      const res = await addItem({ type: 'text', content: 'too far', position: 1 }, emptyId);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ message: 'position must be between 0 and 0.', code: 'validation' });
    });

    it('refuses a position past the paragraph count', async () => {
      await expectRefused(await addItem({ type: 'text', content: 'too far', position: 4 }), 400, 'position must be between 0 and 3.');
    });

    it('counts the paragraphs of the post it is adding to', async () => {
      // The other post has two paragraphs.
      expect((await addItem({ type: 'text', content: 'ok', position: 2 }, otherPostId)).status).toBe(201);
      const res = await addItem({ type: 'text', content: 'too far', position: 3 }, otherPostId);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ message: 'position must be between 0 and 2.', code: 'validation' });
    });

    it.each([
      ['negative', -1, 'position must not be negative.'],
      ['fractional', 1.5, 'position must be a whole number.'],
      ['a string', '1', 'position must be a number.'],
      ['missing', undefined, 'position must be a number.'],
    ])('refuses a %s position', async (_label, position, message) => {
      await expectRefused(await addItem({ type: 'text', content: 'hello', position }), 400, message);
    });

    it('accepts text of exactly 5000 characters and refuses 5001', async () => {
      await expectRefused(
        await addItem({ type: 'text', content: 'x'.repeat(5001), position: 0 }),
        400,
        'Added text can be at most 5000 characters.',
      );
      const res = await addItem({ type: 'text', content: 'x'.repeat(5000), position: 0 });
      expect(res.status).toBe(201);
    });

    it.each([
      ['empty', ''],
      ['whitespace', ' \n\t '],
      ['missing', undefined],
    ])('refuses %s text', async (_label, content) => {
      await expectRefused(await addItem({ type: 'text', content, position: 0 }), 400, 'Text is required.');
    });

    it.each([['video'], [''], [undefined], ['TEXT']])('refuses type %s', async (type) => {
      await expectRefused(await addItem({ type, content: 'hello', position: 0 }), 400, "type must be 'text' or 'image'.");
    });

    it.each([['abc'], ['0'], ['-1'], ['1.5'], ['99999']])('is 404 for post id %s', async (id) => {
      await expectRefused(await addItem({ type: 'text', content: 'hello', position: 0 }, id), 404, 'Post not found.');
    });

    it('lets the admin add to a draft', async () => {
      const res = await addItem({ type: 'text', content: 'draft note', position: 0 }, draftId);
      expect(res.status).toBe(201);
      expect(await outboxTags()).toEqual([[`body:${draftId}`]]);
    });

    it('lists the items of the post by position', async () => {
      await addContentItem(t.handle.db, { postId, type: 'text', content: 'later', position: 2, now: T0 });
      await addContentItem(t.handle.db, { postId, type: 'image', content: '/images/a.jpg', position: 0, now: T0 });
      await addContentItem(t.handle.db, { postId: otherPostId, type: 'text', content: 'other post', position: 0, now: T0 });
      const res = await t.request(`/api/posts/${postId}/content`, { cookie });
      expect(res.status).toBe(200);
      const items = (await res.json()) as Row[];
      expect(items.map((item) => [item.type, item.content, item.position])).toEqual([
        ['image', '/images/a.jpg', 0],
        ['text', 'later', 2],
      ]);
    });

    it('deletes an item with a 204 and an empty body; deleting it again is 404', async () => {
      const item = await addContentItem(t.handle.db, { postId, type: 'text', content: 'bye', position: 1, now: T0 });
      const res = await t.request(`/api/posts/${postId}/content/${item.id}`, { method: 'DELETE', cookie });
      expect(res.status).toBe(204);
      expect(await res.text()).toBe('');
      expect(await listContentItems(t.handle.db, postId)).toEqual([]);
      expect(await outboxTags()).toEqual([[`body:${postId}`]]);

      const again = await t.request(`/api/posts/${postId}/content/${item.id}`, { method: 'DELETE', cookie });
      expect(again.status).toBe(404);
      expect(await again.json()).toEqual({ message: 'Content not found.', code: 'not_found' });
      expect(await outboxTags()).toHaveLength(1);
    });

    it("will not delete another post's item", async () => {
      const item = await addContentItem(t.handle.db, { postId: otherPostId, type: 'text', content: 'not yours', position: 0, now: T0 });
      const res = await t.request(`/api/posts/${postId}/content/${item.id}`, { method: 'DELETE', cookie });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ message: 'Content not found.', code: 'not_found' });
      expect(await listContentItems(t.handle.db, otherPostId)).toHaveLength(1);
      await expectNoOutbox();
    });

    it('is 404 for a non-numeric item id', async () => {
      const res = await t.request(`/api/posts/${postId}/content/abc`, { method: 'DELETE', cookie });
      expect(res.status).toBe(404);
      await expectNoOutbox();
    });

    it('records one body tag per successful write', async () => {
      const created = (await (await addItem({ type: 'text', content: 'one', position: 0 })).json()) as Row;
      await addItem({ type: 'image', content: '/uploads/two.jpg', position: 3 });
      await t.request(`/api/posts/${postId}/content/${String(created.id)}`, { method: 'DELETE', cookie });
      expect(await outboxTags()).toEqual([[`body:${postId}`], [`body:${postId}`], [`body:${postId}`]]);
    });
  });

  describe('content blocks', () => {
    const addBlock = (body: unknown, id: number | string = postId) => t.request(`/api/posts/${id}/blocks`, json('POST', body, cookie));
    const putBlock = (blockId: number | string, body: unknown) =>
      t.request(`/api/posts/${postId}/blocks/${blockId}`, json('PUT', body, cookie));

    async function expectRefused(res: Response, status: number, message: string, code = status === 404 ? 'not_found' : 'validation') {
      expect(res.status).toBe(status);
      expect(await res.json()).toEqual({ message, code });
      await expectNoOutbox();
    }

    it('creates a block (201, isOriginal true by default)', async () => {
      const res = await addBlock({ content: '**Edited** first paragraph.', position: 0 });
      expect(res.status).toBe(201);
      const block = (await res.json()) as Row;
      expect(block).toMatchObject({
        id: expect.any(Number),
        postId,
        content: '**Edited** first paragraph.',
        position: 0,
        isOriginal: true,
      });
      expect(block.createdAt).toEqual(expect.any(String));
      expect(block.updatedAt).toBe(block.createdAt);
      expect(await listBlocks(t.handle.db, postId)).toEqual([{ ...block, version: undefined }]);
      expect(await outboxTags()).toEqual([[`body:${postId}`]]);
    });

    it('keeps isOriginal false when asked', async () => {
      const res = await addBlock({ content: 'A new section.', position: 1, isOriginal: false });
      expect(res.status).toBe(201);
      expect(await res.json()).toMatchObject({ isOriginal: false });
    });

    it('accepts positions below the paragraph count only', async () => {
      expect((await addBlock({ content: 'last', position: 2 })).status).toBe(201);
      await expectRefusedKeeping(await addBlock({ content: 'past the end', position: 3 }), 'position must be between 0 and 2.');
      await expectRefusedKeeping(await addBlock({ content: 'negative', position: -1 }), 'position must not be negative.');

      async function expectRefusedKeeping(res: Response, message: string) {
        expect(res.status).toBe(400);
        expect(await res.json()).toEqual({ message, code: 'validation' });
        expect(await listBlocks(t.handle.db, postId)).toHaveLength(1);
        expect(await outboxTags()).toHaveLength(1);
      }
    });

    it('refuses a second block at the same position with a 409', async () => {
      expect((await addBlock({ content: 'first', position: 1 })).status).toBe(201);
      const res = await addBlock({ content: 'second', position: 1 });
      expect(res.status).toBe(409);
      expect(await res.json()).toEqual({ message: 'That section already has a stored block; update it instead.', code: 'conflict' });
      expect((await listBlocks(t.handle.db, postId)).map((b) => b.content)).toEqual(['first']);
      expect(await outboxTags()).toHaveLength(1);
    });

    it('allows the same position on another post', async () => {
      expect((await addBlock({ content: 'here', position: 0 })).status).toBe(201);
      expect((await addBlock({ content: 'there', position: 0 }, otherPostId)).status).toBe(201);
    });

    it.each([
      ['empty', ''],
      ['whitespace', '  \n\t '],
      ['missing', undefined],
    ])('refuses %s content', async (_label, content) => {
      await expectRefused(await addBlock({ content, position: 0 }), 400, 'Content is required.');
      expect(await listBlocks(t.handle.db, postId)).toEqual([]);
    });

    it('accepts 20000 characters and refuses 20001', async () => {
      await expectRefused(
        await addBlock({ content: 'x'.repeat(20_001), position: 0 }),
        400,
        'A content block can hold at most 20000 characters.',
      );
      expect((await addBlock({ content: 'x'.repeat(20_000), position: 0 })).status).toBe(201);
    });

    it('is 404 for an unknown or non-numeric post', async () => {
      await expectRefused(await addBlock({ content: 'x', position: 0 }, 99999), 404, 'Post not found.');
      await expectRefused(await addBlock({ content: 'x', position: 0 }, 'abc'), 404, 'Post not found.');
    });

    it('lists the blocks of the post by position', async () => {
      await createBlock(t.handle.db, { postId, content: 'third', position: 2, isOriginal: true, now: T0 });
      await createBlock(t.handle.db, { postId, content: 'first', position: 0, isOriginal: false, now: T0 });
      await createBlock(t.handle.db, { postId: otherPostId, content: 'elsewhere', position: 1, isOriginal: true, now: T0 });
      const res = await t.request(`/api/posts/${postId}/blocks`, { cookie });
      expect(res.status).toBe(200);
      const blocks = (await res.json()) as Row[];
      expect(blocks.map((b) => [b.content, b.position, b.isOriginal])).toEqual([
        ['first', 0, false],
        ['third', 2, true],
      ]);
    });

    it('updates the content and updatedAt of a block', async () => {
      const block = await createBlock(t.handle.db, { postId, content: 'old', position: 1, isOriginal: true, now: T0 });
      const res = await putBlock(block.id, { content: 'new **text**' });
      expect(res.status).toBe(200);
      const updated = (await res.json()) as Row;
      expect(updated).toMatchObject({ id: block.id, postId, content: 'new **text**', position: 1, isOriginal: true, createdAt: T0 });
      expect(Date.parse(updated.updatedAt as string)).toBeGreaterThan(Date.parse(T0));
      expect(await listBlocks(t.handle.db, postId)).toEqual([{ ...updated, version: undefined }]);
      expect(await outboxTags()).toEqual([[`body:${postId}`]]);
    });

    it('refuses empty or too long content on update', async () => {
      const block = await createBlock(t.handle.db, { postId, content: 'old', position: 1, isOriginal: true, now: T0 });
      await expectRefused(await putBlock(block.id, { content: '   ' }), 400, 'Content is required.');
      await expectRefused(
        await putBlock(block.id, { content: 'y'.repeat(20_001) }),
        400,
        'A content block can hold at most 20000 characters.',
      );
      expect(await listBlocks(t.handle.db, postId)).toEqual([block]);
    });

    it('is 404 for an unknown block, a non-numeric id, or a block of another post', async () => {
      const foreign = await createBlock(t.handle.db, { postId: otherPostId, content: 'not yours', position: 0, isOriginal: true, now: T0 });
      await expectRefused(await putBlock(99999, { content: 'x' }), 404, 'Content block not found.');
      await expectRefused(await putBlock('abc', { content: 'x' }), 404, 'Content block not found.');
      await expectRefused(await putBlock(foreign.id, { content: 'hijacked' }), 404, 'Content block not found.');
      expect(await listBlocks(t.handle.db, otherPostId)).toEqual([foreign]);
    });

    it('deletes a block with a 204 and an empty body; deleting again is 404', async () => {
      const block = await createBlock(t.handle.db, { postId, content: 'bye', position: 0, isOriginal: true, now: T0 });
      const res = await t.request(`/api/posts/${postId}/blocks/${block.id}`, { method: 'DELETE', cookie });
      expect(res.status).toBe(204);
      expect(await res.text()).toBe('');
      expect(await listBlocks(t.handle.db, postId)).toEqual([]);
      expect(await outboxTags()).toEqual([[`body:${postId}`]]);

      const again = await t.request(`/api/posts/${postId}/blocks/${block.id}`, { method: 'DELETE', cookie });
      expect(again.status).toBe(404);
      expect(await again.json()).toEqual({ message: 'Content block not found.', code: 'not_found' });
      expect(await outboxTags()).toHaveLength(1);
    });

    it("will not delete another post's block", async () => {
      const foreign = await createBlock(t.handle.db, { postId: otherPostId, content: 'not yours', position: 0, isOriginal: true, now: T0 });
      const res = await t.request(`/api/posts/${postId}/blocks/${foreign.id}`, { method: 'DELETE', cookie });
      expect(res.status).toBe(404);
      expect(await listBlocks(t.handle.db, otherPostId)).toEqual([foreign]);
      await expectNoOutbox();
    });

    it('refuses every block position on a post without paragraphs', async () => {
      const emptyId = await post('empty', { content: '  \n\n  ' });
      const res = await addBlock({ content: 'x', position: 0 }, emptyId);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'validation' });
      expect(await listBlocks(t.handle.db, emptyId)).toEqual([]);
      await expectNoOutbox();
    });

    it('explains the refusal on a post without paragraphs without naming a range ending in -1', async () => {
      const emptyId = await post('empty', { content: '' });
      const res = await addBlock({ content: 'x', position: 0 }, emptyId);
      expect(res.status).toBe(400);
      expect(((await res.json()) as Row).message).not.toContain('-1');
    });

    it('lets a block be re-created at a position after its deletion', async () => {
      const block = await createBlock(t.handle.db, { postId, content: 'old', position: 0, isOriginal: true, now: T0 });
      expect((await t.request(`/api/posts/${postId}/blocks/${block.id}`, { method: 'DELETE', cookie })).status).toBe(204);
      expect((await addBlock({ content: 'again', position: 0 })).status).toBe(201);
    });
  });

  describe('visitors', () => {
    beforeEach(async () => {
      await addContentItem(t.handle.db, { postId, type: 'text', content: 'public note', position: 1, now: T0 });
      await createBlock(t.handle.db, { postId, content: 'public block', position: 0, isOriginal: true, now: T0 });
      await addContentItem(t.handle.db, { postId: draftId, type: 'text', content: 'draft note', position: 0, now: T0 });
      await createBlock(t.handle.db, { postId: draftId, content: 'draft block', position: 0, isOriginal: true, now: T0 });
    });

    it('read the items and blocks of a published post', async () => {
      const items = await t.request(`/api/posts/${postId}/content`);
      expect(items.status).toBe(200);
      expect(await items.json()).toEqual([expect.objectContaining({ type: 'text', content: 'public note', position: 1 })]);
      const blocks = await t.request(`/api/posts/${postId}/blocks`);
      expect(blocks.status).toBe(200);
      expect(await blocks.json()).toEqual([expect.objectContaining({ content: 'public block', position: 0, isOriginal: true })]);
    });

    it("get a 404 for a draft's items and blocks, which the admin can read", async () => {
      for (const part of ['content', 'blocks']) {
        const res = await t.request(`/api/posts/${draftId}/${part}`);
        expect(res.status, part).toBe(404);
        expect(await res.json()).toEqual({ message: 'Post not found.', code: 'not_found' });
        const admin = await t.request(`/api/posts/${draftId}/${part}`, { cookie });
        expect(admin.status, part).toBe(200);
        expect(await admin.json()).toHaveLength(1);
      }
    });

    it('get a 404 for an unknown or non-numeric post', async () => {
      for (const path of ['/api/posts/99999/content', '/api/posts/abc/content', '/api/posts/99999/blocks', '/api/posts/abc/blocks']) {
        const res = await t.request(path);
        expect(res.status, path).toBe(404);
        expect(await res.json()).toMatchObject({ code: 'not_found' });
      }
    });

    it('are refused every write with a 401, and nothing changes', async () => {
      const [item] = await listContentItems(t.handle.db, postId);
      const [block] = await listBlocks(t.handle.db, postId);
      const writes: [string, RequestInit][] = [
        [`/api/posts/${postId}/content`, json('POST', { type: 'text', content: 'spam', position: 0 })],
        [`/api/posts/${postId}/content/${item!.id}`, { method: 'DELETE' }],
        [`/api/posts/${postId}/blocks`, json('POST', { content: 'spam', position: 1 })],
        [`/api/posts/${postId}/blocks/${block!.id}`, json('PUT', { content: 'defaced' })],
        [`/api/posts/${postId}/blocks/${block!.id}`, { method: 'DELETE' }],
        // Invalid bodies and unknown posts are still 401 first: nothing is revealed.
        [`/api/posts/${draftId}/content`, json('POST', { type: 'nope' })],
        ['/api/posts/99999/blocks', json('POST', {})],
      ];
      for (const [path, init] of writes) {
        const res = await t.request(path, init);
        expect(res.status, `${init.method} ${path}`).toBe(401);
        expect(await res.json()).toEqual({ message: 'Sign in to continue.', code: 'unauthorized' });
      }
      expect(await listContentItems(t.handle.db, postId)).toEqual([item]);
      expect(await listBlocks(t.handle.db, postId)).toEqual([block]);
      await expectNoOutbox();
    });
  });
});
