import type { Context, MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import { getPostById, getPostBySlug, type Post } from '@forkcast/content-db';
import { mayOnPost, rolesFrom, type CurrentUser, type PostAction, type Role } from '@forkcast/shared/contracts';
import type { AppEnv } from '../context.ts';
import { errors } from '../errors.ts';
import { ACCESS, documented, refusals, SESSION_SCHEME } from '../openapi/describe.ts';

/**
 * The permission guards every route states in the route table: `allow(role)` admits that role and
 * those above it, `postAccess(action)` narrows a post route to the posts the user may do that to.
 * Both describe themselves to the OpenAPI document, so docs/api.md says who may call each route.
 */

const NAMES: Record<Role, string> = {
  owner: 'the owner',
  administrator: 'administrators',
  editor: 'editors',
  author: 'authors',
  contributor: 'contributors',
};

/** 'editors, administrators and the owner' */
function whoMay(least: Role): string {
  const names = rolesFrom(least)
    .reverse()
    .map((role) => NAMES[role]);
  return names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** The signed-in user, or a 401. */
export function signedIn(c: Context<AppEnv>): CurrentUser {
  const user = c.get('user');
  if (!user) throw errors.unauthorized();
  return user;
}

/**
 * Admits a signed-in user of role `least` or above: 401 without a session, 403 naming who may for
 * a role below. In the document the session scheme lists the admitted roles (OpenAPI 3.1 lets a
 * scheme that is not OAuth name roles there).
 */
export function allow(least: Role): MiddlewareHandler<AppEnv> {
  const message = `Only ${whoMay(least)} can do this.`;
  return documented(
    createMiddleware<AppEnv>(async (c, next) => {
      const user = signedIn(c);
      if (!rolesFrom(least).includes(user.role)) throw errors.forbidden(message);
      await next();
    }),
    { security: [{ [SESSION_SCHEME]: rolesFrom(least) }], responses: refusals('unauthorized', 'forbidden') },
  );
}

const ACTION_WORDS: Record<PostAction, string> = {
  read: "Only a post's authors, and editors and above, can open it to edit or preview.",
  edit: "Only editors can change someone else's post, and contributors only their own drafts (not while in review).",
  submit: "Only a post's authors can submit it for review or take it back, while it is a draft or in review.",
  publish: 'Only its authors (not contributors) and editors can publish, schedule or unpublish a post.',
  delete: "Only editors can delete someone else's post, and contributors only their own drafts.",
};

const ACCESS_RULES: Record<PostAction, string> = {
  read: "the post's authors; editor and above: any post",
  edit: "the post's authors (a contributor: while it is a draft); editor and above: any post",
  submit: "the post's authors, while it is a draft or in review; editor and above: any post",
  publish: "the post's authors from author up; editor and above: any post",
  delete: "the post's authors (a contributor: while it is a draft); editor and above: any post",
};

/** Refuses (403) what `user` may not do to `post`, in words that say who may. */
export function assertMayOnPost(user: CurrentUser, post: Post, action: PostAction): void {
  if (!mayOnPost(user, post, action)) throw errors.forbidden(ACTION_WORDS[action]);
}

/**
 * Narrows a post route (behind `allow`) to the posts the signed-in user may do `action` to, the post
 * named by the path parameter `param` (an id, or a slug). A post that does not exist is a 404, as
 * the route itself would answer.
 */
export function postAccess(action: PostAction, param: 'id' | 'postId' | 'slug' = 'id'): MiddlewareHandler<AppEnv> {
  return documented(
    createMiddleware<AppEnv>(async (c, next) => {
      const user = signedIn(c);
      const value = c.req.param(param) ?? '';
      const db = c.get('db');
      const post =
        param === 'slug'
          ? await getPostBySlug(db, value)
          : /^[1-9]\d{0,15}$/.test(value)
            ? await getPostById(db, Number(value))
            : undefined;
      if (!post) throw errors.notFound('Post not found.');
      assertMayOnPost(user, post, action);
      await next();
    }),
    { [ACCESS]: ACCESS_RULES[action], responses: refusals('forbidden', 'not_found') },
  );
}
