import type { Db } from '../db.ts';
import type { CommentKind } from '../schema.ts';

/** A comment on a post with its writer's name (null once their account is gone). */
export interface PostComment {
  id: number;
  postId: number;
  userId: number | null;
  userName: string | null;
  kind: CommentKind;
  body: string;
  createdAt: string;
}

/**
 * A post's comments, oldest first: the conversation between its writers and the editors. Not
 * content: no page reads them, so they record no page dependencies and keep no history.
 */
export async function listPostComments(db: Db, postId: number): Promise<PostComment[]> {
  return db
    .selectFrom('postComments')
    .leftJoin('users', 'users.id', 'postComments.userId')
    .select([
      'postComments.id',
      'postComments.postId',
      'postComments.userId',
      'users.name as userName',
      'postComments.kind',
      'postComments.body',
      'postComments.createdAt',
    ])
    .where('postComments.postId', '=', postId)
    .orderBy('postComments.id')
    .execute();
}

/** Adds a comment and answers it as listPostComments would. */
export async function addPostComment(
  db: Db,
  comment: { postId: number; userId: number; kind: CommentKind; body: string; createdAt: string },
): Promise<PostComment> {
  const { id } = await db.insertInto('postComments').values(comment).returning('id').executeTakeFirstOrThrow();
  const user = await db.selectFrom('users').select('name').where('id', '=', comment.userId).executeTakeFirst();
  return { id, ...comment, userName: user?.name ?? null };
}
