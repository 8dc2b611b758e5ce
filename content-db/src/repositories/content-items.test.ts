import { describe, expect, it } from 'vitest';
import type { Db } from '../db.ts';
import type { ContentItemType } from '../schema.ts';
import { insertBarePost, useTempDb } from '../testing.ts';
import { addContentItem, deleteContentItem, listContentItems } from './content-items.ts';
import { deletePost } from './posts.ts';

const T0 = '2025-01-01T00:00:00.000Z';

describe('content items repository', () => {
  let db: Db;
  let postId: number;
  let otherPostId: number;
  useTempDb(async (fresh) => {
    db = fresh;
    postId = await insertBarePost(db, 'post', T0);
    otherPostId = await insertBarePost(db, 'other-post', T0);
  });

  const item = (position: number, overrides: { type?: ContentItemType; content?: string; alt?: string; postId?: number } = {}) => ({
    postId,
    type: 'text' as ContentItemType,
    content: `Item at ${position}`,
    position,
    now: T0,
    ...overrides,
  });

  describe('addContentItem', () => {
    it('returns the stored item', async () => {
      const text = await addContentItem(db, item(2, { content: 'A note' }));
      expect(text).toEqual({ id: text.id, postId, type: 'text', content: 'A note', alt: '', position: 2, createdAt: T0 });
      const image = await addContentItem(db, item(0, { type: 'image', content: '/images/uploads/a.jpg' }));
      expect(image).toMatchObject({ type: 'image', content: '/images/uploads/a.jpg', position: 0 });
    });

    it('stores the alt text of an image', async () => {
      const image = await addContentItem(
        db,
        item(1, { type: 'image', content: '/uploads/b.jpg', alt: 'Tins of sardines stacked in a shop window' }),
      );
      expect(image.alt).toBe('Tins of sardines stacked in a shop window');
      expect(await listContentItems(db, postId)).toEqual([image]);
    });

    it('rejects a type other than text or image (CHECK constraint)', async () => {
      await expect(addContentItem(db, item(0, { type: 'video' as ContentItemType }))).rejects.toThrow(/CHECK/);
      expect(await listContentItems(db, postId)).toEqual([]);
    });

    it('rejects a negative position (CHECK constraint)', async () => {
      await expect(addContentItem(db, item(-1))).rejects.toThrow(/CHECK/);
    });

    it('rejects a post that does not exist (foreign key)', async () => {
      await expect(addContentItem(db, item(0, { postId: 9999 }))).rejects.toThrow(/FOREIGN KEY/);
    });
  });

  describe('listContentItems', () => {
    it('lists a post’s items by position, then in the order they were added', async () => {
      const c = await addContentItem(db, item(3, { content: 'c' }));
      const a = await addContentItem(db, item(1, { content: 'a' }));
      const b1 = await addContentItem(db, item(2, { content: 'b1' }));
      const b2 = await addContentItem(db, item(2, { type: 'image', content: 'b2' }));
      await addContentItem(db, item(0, { postId: otherPostId, content: 'elsewhere' }));
      expect((await listContentItems(db, postId)).map((x) => x.id)).toEqual([a.id, b1.id, b2.id, c.id]);
      expect((await listContentItems(db, otherPostId)).map((x) => x.content)).toEqual(['elsewhere']);
      expect(await listContentItems(db, 9999)).toEqual([]);
    });
  });

  describe('deleteContentItem', () => {
    it('deletes an item of the post and returns true', async () => {
      const a = await addContentItem(db, item(0));
      const b = await addContentItem(db, item(1));
      expect(await deleteContentItem(db, postId, a.id)).toBe(true);
      expect((await listContentItems(db, postId)).map((x) => x.id)).toEqual([b.id]);
    });

    it('returns false for a missing id or the id of another post’s item', async () => {
      const mine = await addContentItem(db, item(0));
      const theirs = await addContentItem(db, item(0, { postId: otherPostId }));
      expect(await deleteContentItem(db, postId, theirs.id)).toBe(false);
      expect(await deleteContentItem(db, postId, 9999)).toBe(false);
      expect(await listContentItems(db, otherPostId)).toHaveLength(1);
      expect(await deleteContentItem(db, postId, mine.id)).toBe(true);
      expect(await deleteContentItem(db, postId, mine.id)).toBe(false);
    });
  });

  it('deleting the post deletes its items', async () => {
    await addContentItem(db, item(0));
    await addContentItem(db, item(1, { type: 'image' }));
    await addContentItem(db, item(0, { postId: otherPostId }));
    await deletePost(db, postId);
    expect(await listContentItems(db, postId)).toEqual([]);
    expect(await listContentItems(db, otherPostId)).toHaveLength(1);
  });
});
