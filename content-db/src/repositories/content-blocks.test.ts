import { describe, expect, it } from 'vitest';
import type { Db } from '../db.ts';
import { insertBarePost, useTempDb } from '../testing.ts';
import { createBlock, deleteBlock, listBlocks, updateBlock } from './content-blocks.ts';
import { deletePost } from './posts.ts';

const T0 = '2025-01-01T00:00:00.000Z';
const T1 = '2025-02-01T00:00:00.000Z';

describe('content blocks repository', () => {
  let db: Db;
  let postId: number;
  let otherPostId: number;
  useTempDb(async (fresh) => {
    db = fresh;
    postId = await insertBarePost(db, 'post', T0);
    otherPostId = await insertBarePost(db, 'other-post', T0);
  });

  const block = (position: number, overrides: { content?: string; isOriginal?: boolean; postId?: number } = {}) => ({
    postId,
    content: `Block at ${position}`,
    position,
    isOriginal: true,
    now: T0,
    ...overrides,
  });

  describe('createBlock', () => {
    it('returns the stored block with isOriginal as a boolean', async () => {
      const created = await createBlock(db, block(0, { content: '## Heading', isOriginal: true }));
      expect(created).toEqual({
        id: created.id,
        postId,
        content: '## Heading',
        position: 0,
        isOriginal: true,
        createdAt: T0,
        updatedAt: T0,
      });
      const edited = await createBlock(db, block(1, { isOriginal: false }));
      expect(edited.isOriginal).toBe(false);
      const raw = await db.selectFrom('contentBlocks').select(['position', 'isOriginal']).orderBy('position').execute();
      expect(raw).toEqual([
        { position: 0, isOriginal: 1 },
        { position: 1, isOriginal: 0 },
      ]);
    });

    it('allows only one block per post and position', async () => {
      await createBlock(db, block(3));
      await expect(createBlock(db, block(3, { content: 'Duplicate' }))).rejects.toThrow(/UNIQUE/);
      // The same position on another post is fine.
      await expect(createBlock(db, block(3, { postId: otherPostId }))).resolves.toMatchObject({ postId: otherPostId, position: 3 });
      expect(await listBlocks(db, postId)).toHaveLength(1);
    });

    it('rejects a negative position (CHECK constraint)', async () => {
      await expect(createBlock(db, block(-1))).rejects.toThrow(/CHECK/);
    });

    it('rejects a post that does not exist (foreign key)', async () => {
      await expect(createBlock(db, block(0, { postId: 9999 }))).rejects.toThrow(/FOREIGN KEY/);
    });
  });

  /** The stored block with this id among the post's blocks, as the pages read them. */
  const stored = async (post: number, id: number) => (await listBlocks(db, post)).find((b) => b.id === id);

  describe('listBlocks', () => {
    it('lists a post’s blocks by position, whatever the creation order', async () => {
      await createBlock(db, block(5));
      await createBlock(db, block(0));
      await createBlock(db, block(2));
      await createBlock(db, block(1, { postId: otherPostId }));
      const blocks = await listBlocks(db, postId);
      expect(blocks.map((b) => b.position)).toEqual([0, 2, 5]);
      expect(blocks.every((b) => b.postId === postId && typeof b.isOriginal === 'boolean')).toBe(true);
      expect(await listBlocks(db, 9999)).toEqual([]);
    });

    it('lists a block only under the post it belongs to', async () => {
      const created = await createBlock(db, block(0, { isOriginal: false }));
      expect(await stored(postId, created.id)).toEqual(created);
      expect(await stored(otherPostId, created.id)).toBeUndefined();
    });
  });

  describe('updateBlock', () => {
    it('replaces the Markdown and updatedAt, keeping position, createdAt and isOriginal', async () => {
      const created = await createBlock(db, block(4, { isOriginal: true }));
      const updated = await updateBlock(db, postId, created.id, 'New *text*', T1);
      expect(updated).toEqual({ ...created, content: 'New *text*', updatedAt: T1 });
      expect(await stored(postId, created.id)).toEqual(updated);
    });

    it('returns undefined and changes nothing for a block of another post or a missing id', async () => {
      const created = await createBlock(db, block(0));
      expect(await updateBlock(db, otherPostId, created.id, 'Hijack', T1)).toBeUndefined();
      expect(await updateBlock(db, postId, created.id + 100, 'Nothing', T1)).toBeUndefined();
      expect(await stored(postId, created.id)).toEqual(created);
    });
  });

  describe('deleteBlock', () => {
    it('deletes a block of the post and returns true', async () => {
      const a = await createBlock(db, block(0));
      const b = await createBlock(db, block(1));
      expect(await deleteBlock(db, postId, a.id)).toBe(true);
      expect((await listBlocks(db, postId)).map((x) => x.id)).toEqual([b.id]);
      // Its position is free again.
      await expect(createBlock(db, block(0))).resolves.toMatchObject({ position: 0 });
    });

    it('returns false for a missing id or the id of another post’s block', async () => {
      const mine = await createBlock(db, block(0));
      const theirs = await createBlock(db, block(0, { postId: otherPostId }));
      expect(await deleteBlock(db, postId, theirs.id)).toBe(false);
      expect(await deleteBlock(db, postId, 9999)).toBe(false);
      expect(await deleteBlock(db, postId, mine.id)).toBe(true);
      expect(await deleteBlock(db, postId, mine.id)).toBe(false);
      expect(await listBlocks(db, otherPostId)).toHaveLength(1);
    });
  });

  it('deleting the post deletes its blocks', async () => {
    await createBlock(db, block(0));
    await createBlock(db, block(1));
    await createBlock(db, block(0, { postId: otherPostId }));
    await deletePost(db, postId);
    expect(await listBlocks(db, postId)).toEqual([]);
    expect(await listBlocks(db, otherPostId)).toHaveLength(1);
  });
});
