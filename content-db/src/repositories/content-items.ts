import type { Db } from '../db.ts';
import { TAG } from '../tags.ts';
import { recordRead, recordWrite } from '../tracking.ts';
import { recordBefore, recordTrashed } from '../revisions/capture.ts';
import type { ContentItemRow, ContentItemType } from '../schema.ts';

/** Text or an image added between paragraphs: it appears after paragraph `position - 1`. */
export type ContentItem = ContentItemRow;

export function listContentItems(db: Db, postId: number): Promise<ContentItem[]> {
  recordRead(TAG.body(postId));
  return db.selectFrom('postContentItems').selectAll().where('postId', '=', postId).orderBy('position').orderBy('id').execute();
}

export async function addContentItem(
  db: Db,
  item: { postId: number; type: ContentItemType; content: string; alt?: string; position: number; now: string },
): Promise<ContentItem> {
  recordWrite(TAG.body(item.postId));
  await recordBefore(db, { entity: 'post', id: item.postId });
  return db
    .insertInto('postContentItems')
    .values({
      postId: item.postId,
      type: item.type,
      content: item.content,
      alt: item.alt ?? '',
      position: item.position,
      createdAt: item.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Deletes an item; true when one was deleted. */
export async function deleteContentItem(db: Db, postId: number, id: number): Promise<boolean> {
  await recordBefore(db, { entity: 'post', id: postId });
  if (await db.selectFrom('postContentItems').select('id').where('postId', '=', postId).where('id', '=', id).executeTakeFirst()) {
    await recordTrashed(db, 'item', id);
  }
  const result = await db.deleteFrom('postContentItems').where('postId', '=', postId).where('id', '=', id).executeTakeFirst();
  if (result.numDeletedRows === 0n) return false;
  recordWrite(TAG.body(postId));
  return true;
}

/** Deletes every inline item of a post. */
export async function deleteAllContentItems(db: Db, postId: number): Promise<void> {
  await recordBefore(db, { entity: 'post', id: postId });
  const result = await db.deleteFrom('postContentItems').where('postId', '=', postId).executeTakeFirst();
  if (result.numDeletedRows > 0n) recordWrite(TAG.body(postId));
}
