import type { Db } from '../db.ts';
import { TAG } from '../tags.ts';
import { recordRead, recordWrite } from '../tracking.ts';
import { recordBefore, recordTrashed } from '../revisions/capture.ts';
import type { ContentBlockRow } from '../schema.ts';

/** A stored Markdown block that replaces the post paragraph at `position`. */
export interface ContentBlock extends Omit<ContentBlockRow, 'isOriginal'> {
  isOriginal: boolean;
}

function toBlock(row: ContentBlockRow): ContentBlock {
  return { ...row, isOriginal: row.isOriginal === 1 };
}

export async function listBlocks(db: Db, postId: number): Promise<ContentBlock[]> {
  recordRead(TAG.body(postId));
  const rows = await db.selectFrom('contentBlocks').selectAll().where('postId', '=', postId).orderBy('position').execute();
  return rows.map(toBlock);
}

export async function createBlock(
  db: Db,
  block: { postId: number; content: string; position: number; isOriginal: boolean; now: string },
): Promise<ContentBlock> {
  await recordBefore(db, { entity: 'post', id: block.postId });
  const row = await db
    .insertInto('contentBlocks')
    .values({
      postId: block.postId,
      content: block.content,
      position: block.position,
      isOriginal: block.isOriginal ? 1 : 0,
      createdAt: block.now,
      updatedAt: block.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  recordWrite(TAG.body(block.postId));
  return toBlock(row);
}

/** Updates a block's Markdown; returns the block, or undefined when it does not belong to the post. */
export async function updateBlock(db: Db, postId: number, id: number, content: string, now: string): Promise<ContentBlock | undefined> {
  await recordBefore(db, { entity: 'post', id: postId });
  const row = await db
    .updateTable('contentBlocks')
    .set({ content, updatedAt: now })
    .where('postId', '=', postId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  if (!row) return undefined;
  recordWrite(TAG.body(postId));
  return toBlock(row);
}

/** Deletes a block; true when one was deleted. */
export async function deleteBlock(db: Db, postId: number, id: number): Promise<boolean> {
  await recordBefore(db, { entity: 'post', id: postId });
  if (await db.selectFrom('contentBlocks').select('id').where('postId', '=', postId).where('id', '=', id).executeTakeFirst()) {
    await recordTrashed(db, 'block', id);
  }
  const result = await db.deleteFrom('contentBlocks').where('postId', '=', postId).where('id', '=', id).executeTakeFirst();
  if (result.numDeletedRows === 0n) return false;
  recordWrite(TAG.body(postId));
  return true;
}

/** Deletes every stored block of a post (its text was replaced, so their positions mean nothing). */
export async function deleteAllBlocks(db: Db, postId: number): Promise<void> {
  await recordBefore(db, { entity: 'post', id: postId });
  const result = await db.deleteFrom('contentBlocks').where('postId', '=', postId).executeTakeFirst();
  if (result.numDeletedRows > 0n) recordWrite(TAG.body(postId));
}
