import { Hono, type Context } from 'hono';
import { z } from 'zod';
import {
  deleteUser,
  deleteUserSessions,
  getUserById,
  listUsers,
  nowIso,
  setRole,
  transferOwnership,
  updateProfile,
  userSlugTaken,
  type User,
} from '@forkcast/content-db';
import { assignableRoles, LIMITS, ROLES, roleAtLeast, type CurrentUser } from '@forkcast/shared/contracts';
import { endSession } from '../auth/sessions.ts';
import type { AppEnv } from '../context.ts';
import { errors } from '../errors.ts';
import { answer, describer, pathParameter, refusals } from '../openapi/describe.ts';
import { forbidden, invalid, NOW, OWNER } from '../openapi/examples.ts';
import * as shapes from '../openapi/shapes.ts';
import { allow, signedIn } from '../permissions/guards.ts';
import { imageSource, slugField, text } from '../schemas.ts';
import { parseId, validate } from '../validation.ts';
import { commitWrite } from '../write.ts';

const { user: LIMIT } = LIMITS;

const userChangeBody = z
  .strictObject({
    name: text('The name', { error: 'A name is required.' })
      .trim()
      .min(1, 'A name is required.')
      .max(LIMIT.name, `A name can be at most ${LIMIT.name} characters.`),
    slug: slugField(LIMIT.slug, 'ana-lima').describe('Their author page is /authors/{slug}; unique among users.'),
    bio: text('The bio', { multiline: true }).trim().max(LIMIT.bio, `A bio can be at most ${LIMIT.bio} characters.`),
    avatar: imageSource('Give the avatar as an http(s) URL or an uploaded image.', 'The avatar address').nullable(),
    role: z
      .enum(ROLES, { error: "role must be 'owner', 'administrator', 'editor', 'author' or 'contributor'." })
      .describe('Administrators only, never their own; `owner` (the owner only) hands ownership over.'),
  })
  .partial()
  .refine((change) => Object.keys(change).length > 0, 'Send at least one field to change.');

const deleteBody = z.object({
  reassignTo: z
    .number({ error: 'reassignTo must be the id of the user who takes over their posts.' })
    .int('reassignTo must be the id of the user who takes over their posts.')
    .positive('reassignTo must be the id of the user who takes over their posts.')
    .describe('Who takes over their posts, in their place among each post’s authors.'),
});

const describe = describer('Users');
const byUser = pathParameter('id', "The user's id.", 'integer');

async function targetUser(c: Context<AppEnv>): Promise<User> {
  const user = await getUserById(c.get('db'), parseId(c.req.param('id'), 'User not found.'));
  if (!user) throw errors.notFound('User not found.');
  return user;
}

const isAdministrator = (user: CurrentUser) => roleAtLeast(user.role, 'administrator');

/** Refuses a role change the signed-in user may not make: only administrators, never their own, ownership only by the owner. */
function checkRoleChange(actor: CurrentUser, target: User, role: User['role']): void {
  if (actor.id === target.id) throw errors.forbidden('Nobody can change their own role.');
  if (!isAdministrator(actor)) throw errors.forbidden("Only administrators and the owner can change someone's role.");
  if (role === 'owner' && actor.role !== 'owner') throw errors.forbidden('Only the owner can hand over ownership.');
  if (target.role === 'owner') throw errors.forbidden("The owner's role changes only when they hand ownership to someone else.");
  if (!assignableRoles(actor.role).includes(role)) throw errors.forbidden(`You cannot make someone ${role}.`);
}

/** GET /api/users, GET, PATCH and DELETE /api/users/:id, POST /api/users/:id/sign-out: the newsroom. */
export const userRoutes = new Hono<AppEnv>()
  .get(
    '/',
    describe({
      operationId: 'listUsers',
      summary: 'The users',
      description: 'Every user with their role and profile, the owner first, then by role and name. Never cached.',
      responses: { 200: answer('The users.', z.array(shapes.User)) },
      examples: [{ name: 'owner', summary: 'A newsroom of one', status: 200, response: [OWNER] }],
    }),
    allow('administrator'),
    async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json<User[]>(await listUsers(c.get('db')));
    },
  )
  .get(
    '/:id',
    describe({
      operationId: 'getUser',
      summary: 'One user',
      access: 'themselves (any role); administrator and above: anyone',
      description: 'A user with their profile (name, slug, bio, avatar), as their profile page reads it. Never cached.',
      parameters: [byUser],
      responses: { 200: answer('The user.', shapes.User), ...refusals('forbidden', 'not_found') },
      examples: [{ name: 'self', summary: 'The owner reads their own profile', params: { id: 1 }, status: 200, response: OWNER }],
    }),
    allow('contributor'),
    async (c) => {
      const actor = signedIn(c);
      const target = await targetUser(c);
      if (actor.id !== target.id && !isAdministrator(actor)) throw errors.forbidden('You can read only your own profile.');
      c.header('Cache-Control', 'no-store');
      return c.json<User>(target);
    },
  )
  .patch(
    '/:id',
    describe({
      operationId: 'updateUser',
      summary: 'Change a user',
      access: 'themselves (any role, never their role); administrator and above: anyone',
      description:
        "Anyone signed in changes their own `name`, `bio`, `slug` and `avatar`; administrators and the owner anyone's, and anyone's `role` but their own and the owner's. `role: 'owner'`, from the owner only, hands ownership over: the owner becomes an administrator in the same change. A new name, bio, slug or avatar re-renders exactly the pages that show the user (bylines, cards, their author page); a new slug moves their author page and leaves a 301 at the old one.",
      parameters: [byUser],
      responses: { 200: answer('The user, changed.', shapes.User), ...refusals('validation', 'forbidden', 'not_found', 'conflict') },
      examples: [
        {
          name: 'bio',
          summary: 'The owner writes a bio',
          params: { id: 1 },
          body: { bio: 'Eats her way through a city before seeing its museums.' },
          status: 200,
          response: { ...OWNER, bio: 'Eats her way through a city before seeing its museums.', updatedAt: NOW },
        },
        {
          name: 'ownRole',
          summary: 'Raising (or lowering) your own role',
          params: { id: 1 },
          body: { role: 'editor' },
          status: 403,
          response: forbidden('Nobody can change their own role.'),
        },
        {
          name: 'badSlug',
          summary: 'A slug with spaces',
          params: { id: 1 },
          body: { slug: 'the editor' },
          status: 400,
          response: invalid('A slug may use lowercase letters, digits and single hyphens between them (like ana-lima).'),
        },
      ],
    }),
    allow('contributor'),
    validate('json', userChangeBody),
    async (c) => {
      const actor = signedIn(c);
      const target = await targetUser(c);
      const { role, ...profile } = c.req.valid('json');
      if (actor.id !== target.id && !isAdministrator(actor))
        throw errors.forbidden(
          role === undefined ? 'You can change only your own profile.' : "Only administrators and the owner can change someone's role.",
        );
      if (role !== undefined && role !== target.role) checkRoleChange(actor, target, role);
      const db = c.get('db');
      if (profile.slug !== undefined && (await userSlugTaken(db, profile.slug, target.id)))
        throw errors.conflict('Another user already uses that slug.');
      await commitWrite(c, async (trx) => {
        const now = nowIso();
        if (Object.keys(profile).length > 0) await updateProfile(trx, target.id, profile, now);
        if (role === 'owner' && target.role !== 'owner') await transferOwnership(trx, target.id, now);
        else if (role !== undefined && role !== target.role) await setRole(trx, target.id, role, now);
      });
      return c.json<User>((await getUserById(db, target.id))!);
    },
  )
  .delete(
    '/:id',
    describe({
      operationId: 'deleteUser',
      summary: 'Delete a user',
      description:
        'Their posts go to `reassignTo` first, in their place among each post’s authors (a change kept in each post’s history), and their sessions end. Nobody deletes themselves, and the owner cannot be deleted (409): ownership is handed over first.',
      parameters: [byUser],
      responses: { 204: { description: 'Deleted.' }, ...refusals('validation', 'forbidden', 'not_found', 'conflict') },
      examples: [
        {
          name: 'self',
          summary: 'Deleting yourself',
          params: { id: 1 },
          body: { reassignTo: 1 },
          status: 403,
          response: forbidden('Nobody can delete themselves.'),
        },
      ],
    }),
    allow('administrator'),
    validate('json', deleteBody),
    async (c) => {
      const actor = signedIn(c);
      const target = await targetUser(c);
      const { reassignTo } = c.req.valid('json');
      if (target.id === actor.id) throw errors.forbidden('Nobody can delete themselves.');
      if (target.role === 'owner') throw errors.conflict('The owner cannot be deleted: they hand ownership to someone else first.');
      if (reassignTo === target.id) throw errors.validation('Give their posts to someone else (reassignTo).');
      if (!(await getUserById(c.get('db'), reassignTo)))
        throw errors.validation(`No user has the id ${reassignTo} to take over the posts.`);
      await commitWrite(c, (trx) => deleteUser(trx, target.id, reassignTo));
      return c.body(null, 204);
    },
  )
  .post(
    '/:id/sign-out',
    describe({
      operationId: 'signOutUser',
      summary: 'Sign a user out everywhere',
      access: 'themselves (any role); administrator and above: anyone',
      description: "Ends every session of the user: anyone their own (this browser's too), administrators and the owner anyone's.",
      parameters: [byUser],
      responses: { 204: { description: 'Signed out everywhere.' }, ...refusals('forbidden', 'not_found') },
      examples: [{ name: 'self', summary: 'Sign yourself out everywhere', params: { id: 1 }, status: 204 }],
    }),
    allow('contributor'),
    async (c) => {
      const actor = signedIn(c);
      const target = await targetUser(c);
      if (actor.id !== target.id && !isAdministrator(actor))
        throw errors.forbidden('Only administrators and the owner can sign someone else out.');
      await deleteUserSessions(c.get('db'), target.id);
      if (actor.id === target.id) await endSession(c, c.get('db'));
      return c.body(null, 204);
    },
  );
