import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { addPostComment, emailsOfRoles, emailsOfUsers, listPostComments, nowIso, updatePost, type Db } from '@forkcast/content-db';
import { LIMITS, rolesFrom, type CurrentUser } from '@forkcast/shared/contracts';
import { authoredPost, type AuthoredPost } from '../authoring/post-writes.ts';
import type { AppEnv } from '../context.ts';
import { errors } from '../errors.ts';
import type { OutgoingMail } from '../mail/mailer.ts';
import { answer, describer, refusals } from '../openapi/describe.ts';
import { NOW, RAMEN_POST } from '../openapi/examples.ts';
import { PostComment, PostWithUrl } from '../openapi/shapes.ts';
import { allow, postAccess, signedIn } from '../permissions/guards.ts';
import { text } from '../schemas.ts';
import { validate } from '../validation.ts';
import { takesVersion } from '../versions/precondition.ts';
import { commitVersionedWrite } from '../write.ts';
import { changesRequestedNotice, submittedNotice } from './review-mail.ts';

const { comment: LIMIT } = LIMITS.post;

const words = (label: string) =>
  text(label, { multiline: true, error: `${label} must be text.` })
    .trim()
    .min(1, `${label} cannot be empty.`)
    .max(LIMIT, `${label} can be at most ${LIMIT} characters.`);

const postId = z.object({
  id: z.coerce.number({ error: 'Post not found.' }).int('Post not found.').positive('Post not found.').describe("The post's id."),
});
const submitBody = z.strictObject({ note: words('The note').optional().describe('A word to the editors, kept as a comment.') });
const changesBody = z.strictObject({
  note: words('The note').describe('What to change: shown to the writers in their editor, and mailed to them.'),
});
const commentBody = z.strictObject({ body: words('The comment') });

const describe = describer('Review');

const NOT_A_DRAFT = 'Only a draft can be submitted for review.';
const NOT_IN_REVIEW = 'This post is not waiting for review.';
const PUBLISHED_EXAMPLE = { params: { id: RAMEN_POST.id }, body: {}, status: 409 };

/**
 * Moves a post between draft and review in one versioned write (history records it), after
 * checking it is where the move starts; `also` adds a comment in the same transaction.
 */
async function move(
  c: Context<AppEnv>,
  id: number,
  step: { from: 'draft' | 'review'; refusal: string; also?: (trx: Db, now: string) => Promise<unknown> },
): Promise<AuthoredPost & { version: number }> {
  const { result, version } = await commitVersionedWrite(c, { entity: 'post', id }, async (trx) => {
    const before = await authoredPost(trx, id);
    if (before.status !== step.from) throw errors.conflict(step.refusal);
    const now = nowIso();
    // From a draft into review, or back.
    await updatePost(trx, id, { reviewAt: step.from === 'draft' ? now : null, updatedAt: now });
    await step.also?.(trx, now);
    return authoredPost(trx, id);
  });
  return { ...result, version };
}

/** Mail that follows a write without holding up its answer; nobody is told of their own doing. */
async function tell(c: Context<AppEnv>, user: CurrentUser, to: string[], mail: (to: string[]) => OutgoingMail, what: string) {
  const others = to.filter((email) => email !== user.email);
  if (others.length > 0) c.get('mailer').sendInBackground(mail(others), what);
}

const mailOptions = (c: Context<AppEnv>, post: AuthoredPost, user: CurrentUser) => ({
  siteName: c.var.config.siteName,
  publicHost: c.var.config.publicHost,
  post,
  by: user.name || user.email,
});

/**
 * Review: POST /api/posts/:id/submit, /withdraw and /request-changes move a post between draft and
 * review; GET and POST /api/posts/:id/comments are the talk about it. Comments live in their own
 * table, outside the history: they are not content and no page shows them.
 */
export const reviewRoutes = new Hono<AppEnv>()
  .post(
    '/:id{[0-9]+}/submit',
    describe({
      operationId: 'submitPostForReview',
      summary: 'Submit a post for review',
      description:
        'A draft becomes `review`: it waits for an editor, and every editor, administrator and the owner is mailed a link to it. While it waits, a contributor cannot change it (an editor can, or send it back). An optional `note` is kept as a comment. Anything but a draft is a 409.',
      responses: {
        200: answer('The post, in review, with its new version.', PostWithUrl, { versioned: true }),
        ...refusals('validation', 'not_found', 'conflict'),
      },
      examples: [
        { name: 'published', summary: 'A published post', ...PUBLISHED_EXAMPLE, response: { message: NOT_A_DRAFT, code: 'conflict' } },
      ],
    }),
    allow('contributor'),
    postAccess('submit'),
    takesVersion,
    validate('param', postId),
    validate('json', submitBody),
    async (c) => {
      const { id } = c.req.valid('param');
      const { note } = c.req.valid('json');
      const user = signedIn(c);
      const post = await move(c, id, {
        from: 'draft',
        refusal: NOT_A_DRAFT,
        also: async (trx, now) => note && addPostComment(trx, { postId: id, userId: user.id, kind: 'comment', body: note, createdAt: now }),
      });
      const editors = await emailsOfRoles(c.get('db'), rolesFrom('editor'));
      await tell(c, user, editors, (to) => submittedNotice({ ...mailOptions(c, post, user), to, note }), 'review notice');
      return c.json(post);
    },
  )
  .post(
    '/:id{[0-9]+}/withdraw',
    describe({
      operationId: 'withdrawPostFromReview',
      summary: 'Take a post back from review',
      description: 'Its writer takes a post in review back to `draft`, to change it again. Anything not in review is a 409.',
      responses: {
        200: answer('The post, a draft again, with its new version.', PostWithUrl, { versioned: true }),
        ...refusals('not_found', 'conflict'),
      },
      examples: [
        {
          name: 'published',
          summary: 'A published post',
          params: { id: RAMEN_POST.id },
          status: 409,
          response: { message: NOT_IN_REVIEW, code: 'conflict' },
        },
      ],
    }),
    allow('contributor'),
    postAccess('submit'),
    takesVersion,
    validate('param', postId),
    async (c) => c.json(await move(c, c.req.valid('param').id, { from: 'review', refusal: NOT_IN_REVIEW })),
  )
  .post(
    '/:id{[0-9]+}/request-changes',
    describe({
      operationId: 'requestPostChanges',
      summary: 'Send a post back with a note',
      description:
        "An editor sends a post in review back to `draft` with a `note` saying what to change: the note is kept as a comment of kind `changes`, shown in the writers' editor and mailed to them. To publish or schedule a post in review instead, `PATCH` its `status` as for any post.",
      responses: {
        200: answer('The post, a draft again, with its new version.', PostWithUrl, { versioned: true }),
        ...refusals('validation', 'not_found', 'conflict'),
      },
      examples: [
        {
          name: 'published',
          summary: 'A published post',
          ...PUBLISHED_EXAMPLE,
          body: { note: 'Name the ramen shops.' },
          response: { message: NOT_IN_REVIEW, code: 'conflict' },
        },
      ],
    }),
    allow('editor'),
    takesVersion,
    validate('param', postId),
    validate('json', changesBody),
    async (c) => {
      const { id } = c.req.valid('param');
      const { note } = c.req.valid('json');
      const user = signedIn(c);
      const post = await move(c, id, {
        from: 'review',
        refusal: NOT_IN_REVIEW,
        also: (trx, now) => addPostComment(trx, { postId: id, userId: user.id, kind: 'changes', body: note, createdAt: now }),
      });
      const writers = await emailsOfUsers(c.get('db'), post.authorIds);
      await tell(c, user, writers, (to) => changesRequestedNotice({ ...mailOptions(c, post, user), to, note }), 'changes requested notice');
      return c.json(post);
    },
  )
  .get(
    '/:id{[0-9]+}/comments',
    describe({
      operationId: 'listPostComments',
      summary: "A post's comments",
      description:
        'The talk about a post between its writers and the editors, oldest first, the notes of requests for changes among it. Never cached.',
      responses: { 200: answer('The comments.', z.array(PostComment)), ...refusals('not_found') },
      examples: [{ name: 'none', summary: 'No comments yet', params: { id: RAMEN_POST.id }, status: 200, response: [] }],
    }),
    allow('contributor'),
    postAccess('read'),
    validate('param', postId),
    async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await listPostComments(c.get('db'), c.req.valid('param').id));
    },
  )
  .post(
    '/:id{[0-9]+}/comments',
    describe({
      operationId: 'addPostComment',
      summary: 'Comment on a post',
      description:
        'Whoever may read a post (its writers, editors and above) may comment on it, whatever its status. Comments keep no history and are deleted with their post; they are not content and no page shows them.',
      responses: { 201: answer('The comment.', PostComment), ...refusals('validation', 'not_found') },
      examples: [
        {
          name: 'comment',
          summary: 'An editor asks a question',
          params: { id: RAMEN_POST.id },
          body: { body: 'Is the shop on the corner still open after midnight?' },
          status: 201,
          response: {
            id: 1,
            postId: RAMEN_POST.id,
            userId: 1,
            userName: 'Editor',
            kind: 'comment',
            body: 'Is the shop on the corner still open after midnight?',
            createdAt: NOW,
          },
        },
      ],
    }),
    allow('contributor'),
    postAccess('read'),
    validate('param', postId),
    validate('json', commentBody),
    async (c) => {
      const { id } = c.req.valid('param');
      const user = signedIn(c);
      const comment = await addPostComment(c.get('db'), {
        postId: id,
        userId: user.id,
        kind: 'comment',
        body: c.req.valid('json').body,
        createdAt: nowIso(),
      });
      return c.json(comment, 201);
    },
  );
