import type { PostStatus } from './post-status.ts';

/**
 * The newsroom's roles and what each may do to a post. The server enforces these rules on every
 * request; the islands read the same functions only to hide the controls the server would refuse.
 */

/** Highest first: each role may do everything the roles after it may. */
export const ROLES = ['owner', 'administrator', 'editor', 'author', 'contributor'] as const;
export type Role = (typeof ROLES)[number];

// A role this code does not know (an older session's, a typo) ranks below every role.
const rank = (role: Role) => (ROLES.includes(role) ? ROLES.length - ROLES.indexOf(role) : 0);

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** Whether `role` is `least` or a role above it. */
export function roleAtLeast(role: Role, least: Role): boolean {
  return rank(role) >= rank(least);
}

/** `least` and every role above it, highest first. */
export function rolesFrom(least: Role): Role[] {
  return ROLES.filter((role) => roleAtLeast(role, least));
}

/**
 * The roles `actor` may give someone else: administrators any below owner, the owner every one
 * (giving `owner` transfers ownership), editors only writers (they invite authors and
 * contributors); nobody else any.
 */
export function assignableRoles(actor: Role): Role[] {
  if (actor === 'owner') return [...ROLES];
  if (actor === 'administrator') return ROLES.filter((role) => role !== 'owner');
  if (actor === 'editor') return ['author', 'contributor'];
  return [];
}

/** What one can do to a post; `submit` is sending it to review and taking it back. */
export type PostAction = 'read' | 'edit' | 'submit' | 'publish' | 'delete';

/** Who is asking: a signed-in user's id and role. */
export interface Actor {
  id: number;
  role: Role;
}

/** What the rules need to know of a post: whose it is and where it is in its life. */
export interface PostForRules {
  authorIds: readonly number[];
  status: PostStatus;
}

/**
 * Whether `actor` may do `action` to `post`. Editors and above: anything to any post. Authors:
 * anything to their own posts (publishing, scheduling and deleting included). Contributors: read
 * their own posts, edit or delete them only while they are drafts, and submit them for review (or
 * take them back) while they are drafts or in review: a post in review is the editors' to change
 * until it comes back. Nobody below editor may touch a post they are not an author of.
 */
export function mayOnPost(actor: Actor, post: PostForRules, action: PostAction): boolean {
  if (roleAtLeast(actor.role, 'editor')) return true;
  if (!post.authorIds.includes(actor.id)) return false;
  if (actor.role === 'author') return true;
  if (action === 'read') return true;
  if (action === 'submit') return post.status === 'draft' || post.status === 'review';
  return action !== 'publish' && post.status === 'draft';
}
