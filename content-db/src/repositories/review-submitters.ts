import type { Db } from '../db.ts';

export interface Submitter {
  /** Null when the change was the server's own. */
  id: number | null;
  /** The user's name, or the email the change kept when the user is gone. */
  name: string;
}

/**
 * Who put each of these posts (all in review) up for review: the user of each one's newest change
 * that moved it between draft and review, which for a post in review now is its submission.
 */
export async function reviewSubmitters(db: Db, postIds: readonly number[]): Promise<Map<number, Submitter>> {
  if (postIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('revisions')
    .innerJoin('changes', 'changes.id', 'revisions.changeId')
    .leftJoin('users', 'users.id', 'changes.userId')
    .select(['revisions.entityId as postId', 'changes.userId', 'changes.actor', 'users.name'])
    .where('revisions.entity', '=', 'post')
    .where('revisions.kind', '=', 'review')
    .where('revisions.entityId', 'in', [...postIds])
    .orderBy('revisions.id', 'desc')
    .execute();
  const submitters = new Map<number, Submitter>();
  for (const row of rows) {
    if (!submitters.has(row.postId)) submitters.set(row.postId, { id: row.userId, name: row.name ?? row.actor ?? 'Forkcast' });
  }
  return submitters;
}
