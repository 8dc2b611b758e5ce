import { sql } from 'kysely';
import type { Db } from '../db.ts';
import { recordBefore } from '../revisions/capture.ts';
import { TAG } from '../tags.ts';
import { recordWrite } from '../tracking.ts';

/** A select of a post's author ids, in order, as a JSON array (what `toPost` reads). */
export const authorIdsColumn =
  sql<string>`(select json_group_array(user_id order by position) from post_authors where post_id = posts.id)`.as('authorIds');

/** A post's authors in order, read without recording page dependencies (for writes). */
export async function postAuthorIds(db: Db, postId: number): Promise<number[]> {
  const rows = await db.selectFrom('postAuthors').select('userId').where('postId', '=', postId).orderBy('position').execute();
  return rows.map((row) => row.userId);
}

/** Replaces a post's author rows; every write of a post's authors goes through here. */
export async function writePostAuthors(db: Db, postId: number, authorIds: readonly number[]): Promise<void> {
  await db.deleteFrom('postAuthors').where('postId', '=', postId).execute();
  const rows = [...new Set(authorIds)].map((userId, position) => ({ postId, userId, position }));
  if (rows.length > 0) await db.insertInto('postAuthors').values(rows).execute();
}

const same = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((id, i) => id === b[i]);

/**
 * Sets a post's authors, the primary author first (run it inside commitChange): its page and cards
 * change (they name their authors), and so do the lists of posts of each author it gains or loses.
 */
export async function setPostAuthors(db: Db, postId: number, authorIds: readonly number[]): Promise<void> {
  const before = await postAuthorIds(db, postId);
  const after = [...new Set(authorIds)];
  if (same(before, after)) return;
  await recordBefore(db, { entity: 'post', id: postId });
  // Which authors have a page (a published post) may change too: `authors`.
  recordWrite(TAG.post(postId), TAG.postCard(postId), TAG.authors, ...[...before, ...after].map((userId) => TAG.authorPosts(userId)));
  await writePostAuthors(db, postId, after);
}

/**
 * Hands every post of `fromUserId` to `toUserId` (run it inside commitChange), each in its place
 * among the authors (or dropped when `toUserId` is an author already). Returns the posts changed.
 */
export async function reassignPosts(db: Db, fromUserId: number, toUserId: number): Promise<number[]> {
  const rows = await db.selectFrom('postAuthors').select('postId').where('userId', '=', fromUserId).orderBy('postId').execute();
  for (const { postId } of rows) {
    const authors = await postAuthorIds(db, postId);
    await setPostAuthors(
      db,
      postId,
      authors.map((id) => (id === fromUserId ? toUserId : id)),
    );
  }
  return rows.map((row) => row.postId);
}

/** Gives every post without an author to `userId` (the owner, when the seed ran before there was one). */
export async function adoptAuthorlessPosts(db: Db, userId: number): Promise<void> {
  await db
    .insertInto('postAuthors')
    .columns(['postId', 'userId', 'position'])
    .expression((eb) =>
      eb
        .selectFrom('posts')
        .select(['posts.id', eb.val(userId).as('userId'), eb.val(0).as('position')])
        .where((w) =>
          w.not(w.exists(w.selectFrom('postAuthors').select('postAuthors.postId').whereRef('postAuthors.postId', '=', 'posts.id'))),
        ),
    )
    .execute();
}
