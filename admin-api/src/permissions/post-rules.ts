import type { Post } from '@forkcast/content-db';
import { roleAtLeast, type CurrentUser } from '@forkcast/shared/contracts';
import type { NewPostInput, PostChangeInput } from '../authoring/post-input.ts';
import { errors } from '../errors.ts';
import { assertMayOnPost } from './guards.ts';

/**
 * What the body of a post write may ask for, by role, on top of the route's guards: a writer below
 * editor keeps to drafts unless they may publish, and never writes themselves off a post.
 */

/** Whether the user sees every unpublished post (editors and above), not only their own. */
export function mayReadUnpublished(user: CurrentUser): boolean {
  return roleAtLeast(user.role, 'editor');
}

function assertKeepsThemselves(user: CurrentUser, authorIds: readonly number[] | undefined): void {
  if (authorIds && !roleAtLeast(user.role, 'editor') && !authorIds.includes(user.id))
    throw errors.forbidden('Only editors can give a post away: keep yourself among its authors.');
}

/** A new post: contributors may only start drafts; their own name stays on it. */
export function assertMayCreatePost(user: CurrentUser, input: NewPostInput): void {
  if ((input.status ?? 'draft') !== 'draft' && !roleAtLeast(user.role, 'author'))
    throw errors.forbidden('Contributors cannot publish or schedule a post: save it as a draft.');
  assertKeepsThemselves(user, input.authorIds);
}

/** A change of `post`: publishing, scheduling, unpublishing or re-dating it needs the right to publish it. */
export function assertMayChangePost(user: CurrentUser, post: Post, change: PostChangeInput): void {
  const publication =
    change.publishAt !== undefined || change.publishedAt !== undefined || (change.status !== undefined && change.status !== post.status);
  if (publication) assertMayOnPost(user, post, 'publish');
  assertKeepsThemselves(user, change.authorIds);
}
