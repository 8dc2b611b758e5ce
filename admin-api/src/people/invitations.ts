import { Hono, type Context } from 'hono';
import { z } from 'zod';
import {
  createInvitation,
  createUser,
  getAccountByEmail,
  getInvitation,
  getInvitationByToken,
  getUserById,
  invitationState,
  listPendingInvitations,
  nowIso,
  revokeInvitation,
  useInvitation,
  type Invitation,
  type LinkState,
} from '@forkcast/content-db';
import { assignableRoles, ROLES, type CurrentUser as SignedInUser } from '@forkcast/shared/contracts';
import { hashPassword } from '../auth/passwords.ts';
import { startSession } from '../auth/sessions.ts';
import type { AppEnv } from '../context.ts';
import { errors } from '../errors.ts';
import { answer, describer, pathParameter, refusals } from '../openapi/describe.ts';
import { NOW } from '../openapi/examples.ts';
import * as shapes from '../openapi/shapes.ts';
import { allow, signedIn } from '../permissions/guards.ts';
import { emailAddress } from '../schemas.ts';
import { parseId, validate } from '../validation.ts';
import { commitWrite } from '../write.ts';
import { invitationEmail } from './emails.ts';
import { linkToken, newPassword, personName } from './fields.ts';
import { hashToken, newToken } from './tokens.ts';

/** How long an invitation link works. */
const VALID_MS = 7 * 24 * 60 * 60 * 1000;
/** The page the mailed link opens (site/pages/admin/accept.astro). */
const ACCEPT_PATH = '/admin/accept';

const BAD_EMAIL = 'Please enter a valid email address.';
const BAD_TOKEN = 'This invitation link is not valid. Open the whole link from the email.';
const INVITED_ROLES = ROLES.filter((role) => role !== 'owner');
const UNKNOWN = 'This invitation link does not work. Ask whoever invited you for a new one.';
const GONE: Record<Exclude<LinkState, 'pending'>, string> = {
  used: 'This invitation was accepted already. Sign in instead.',
  revoked: 'This invitation was withdrawn. Ask whoever invited you for a new one.',
  expired: 'This invitation has expired. Ask whoever invited you for a new one.',
};

const inviteBody = z.object({
  email: emailAddress('The email', BAD_EMAIL).describe('Where the link goes.'),
  role: z
    .enum(INVITED_ROLES, { error: "role must be 'administrator', 'editor', 'author' or 'contributor'." })
    .describe('The role they join with: editors invite authors and contributors, administrators any role but owner.'),
});
const acceptBody = z.object({ token: linkToken(BAD_TOKEN), name: personName, password: newPassword });

const describe = describer('People');
const byInvitation = pathParameter('id', "The invitation's id.", 'integer');

const INVITATION = {
  id: 3,
  email: 'cora@example.com',
  role: 'contributor',
  invitedBy: 1,
  invitedByName: 'Editor',
  createdAt: NOW,
  expiresAt: '2026-01-22T10:30:00.000Z',
  acceptedAt: null,
  revokedAt: null,
};

/** Refuses (403) an invitation of a role the signed-in user may not give. */
function checkMayInvite(actor: SignedInUser, role: Invitation['role']): void {
  if (!assignableRoles(actor.role).includes(role))
    throw errors.forbidden(`You cannot invite someone as ${role === 'contributor' ? 'a' : 'an'} ${role}.`);
}

const mayGive = (actor: SignedInUser) => (invitation: Invitation) => assignableRoles(actor.role).includes(invitation.role);

/** Sends the invitation after the answer; a link that could not be mailed is logged (the invitation can be sent again). */
function mailInvitation(
  c: Context<AppEnv>,
  invitation: { email: string; role: Invitation['role']; expiresAt: string },
  token: string,
): void {
  const { config, mailer, logger } = c.var;
  const inviter = signedIn(c).name;
  const url = `${config.publicHost}${ACCEPT_PATH}?token=${token}`;
  mailer.later('invitation', async () => {
    await mailer.send(
      invitationEmail({
        siteName: config.siteName,
        to: invitation.email,
        inviter,
        role: invitation.role,
        url,
        expiresAt: invitation.expiresAt,
      }),
    );
    logger.info({ role: invitation.role }, 'invitation mailed');
  });
}

/** /api/invitations: invite someone by email with a role, list and revoke pending invitations, accept one. */
export const invitationRoutes = new Hono<AppEnv>()
  .post(
    '/',
    describe({
      operationId: 'invite',
      summary: 'Invite someone',
      description:
        'Mails `email` a single-use link to `/admin/accept` that works for 7 days; accepting it makes them a user with `role`. Editors invite authors and contributors, administrators and the owner any role but owner. A newer invitation to the same address withdraws the older one; an address that already has an account is refused (409). The mail goes out after the answer.',
      responses: {
        201: answer('The invitation (without its link, which only the email holds).', shapes.Invitation),
        ...refusals('validation', 'forbidden', 'conflict'),
      },
      examples: [
        {
          name: 'invite',
          summary: 'Invite a contributor',
          body: { email: 'cora@example.com', role: 'contributor' },
          status: 201,
          response: INVITATION,
        },
        {
          name: 'owner',
          summary: 'Nobody is invited as the owner',
          body: { email: 'cora@example.com', role: 'owner' },
          status: 400,
          response: { message: "role must be 'administrator', 'editor', 'author' or 'contributor'.", code: 'validation' },
        },
      ],
    }),
    allow('editor'),
    validate('json', inviteBody),
    async (c) => {
      const actor = signedIn(c);
      const { email, role } = c.req.valid('json');
      checkMayInvite(actor, role);
      const db = c.get('db');
      if (await getAccountByEmail(db, email)) throw errors.conflict('Someone with that email is a member already.', 'email');
      const { token, hash } = newToken();
      const now = nowIso();
      const expiresAt = new Date(Date.parse(now) + VALID_MS).toISOString();
      const id = await db
        .transaction()
        .execute((trx) => createInvitation(trx, { email, role, tokenHash: hash, invitedBy: actor.id, now, expiresAt }));
      mailInvitation(c, { email, role, expiresAt }, token);
      return c.json<Invitation>((await getInvitation(db, id))!, 201);
    },
  )
  .get(
    '/',
    describe({
      operationId: 'listInvitations',
      summary: 'Pending invitations',
      description:
        'The invitations not yet accepted, withdrawn or expired, newest first: an editor sees those of the roles they may give. Never cached.',
      responses: { 200: answer('The pending invitations.', z.array(shapes.Invitation)) },
      examples: [{ name: 'none', summary: 'Nobody invited yet', status: 200, response: [] }],
    }),
    allow('editor'),
    async (c) => {
      c.header('Cache-Control', 'no-store');
      const pending = await listPendingInvitations(c.get('db'), nowIso());
      return c.json<Invitation[]>(pending.filter(mayGive(signedIn(c))));
    },
  )
  .delete(
    '/:id',
    describe({
      operationId: 'revokeInvitation',
      summary: 'Withdraw an invitation',
      description:
        'Its link stops working at once (410). Editors withdraw invitations of the roles they may give. One no longer pending is a 409.',
      parameters: [byInvitation],
      responses: { 204: { description: 'Withdrawn.' }, ...refusals('forbidden', 'not_found', 'conflict') },
      examples: [
        {
          name: 'missing',
          summary: 'No such invitation',
          params: { id: 99 },
          status: 404,
          response: { message: 'Invitation not found.', code: 'not_found' },
        },
      ],
    }),
    allow('editor'),
    async (c) => {
      const db = c.get('db');
      const invitation = await getInvitation(db, parseId(c.req.param('id'), 'Invitation not found.'));
      if (!invitation) throw errors.notFound('Invitation not found.');
      checkMayInvite(signedIn(c), invitation.role);
      if (!(await revokeInvitation(db, invitation.id, nowIso()))) throw errors.conflict('This invitation is no longer pending.');
      return c.body(null, 204);
    },
  )
  .post(
    '/accept',
    describe({
      operationId: 'acceptInvitation',
      summary: 'Accept an invitation',
      description:
        'From the page the mailed link opens: makes the invited address a user with the invited role, the `name` and `password` given (at least 12 characters), and signs them in (the session cookies as `POST /api/login` sets them). A link used, withdrawn, expired or never issued is answered 410 saying which; another address already having an account, 409.',
      responses: { 201: answer('The new user, signed in.', shapes.CurrentUser), ...refusals('validation', 'conflict', 'gone') },
      examples: [
        {
          name: 'shortPassword',
          summary: 'A password too short',
          body: { token: 'x'.repeat(43), name: 'Cora', password: 'short' },
          status: 400,
          response: { message: 'Choose a password of at least 12 characters.', code: 'validation' },
        },
        {
          name: 'unknown',
          summary: 'A link that never was',
          body: { token: 'x'.repeat(43), name: 'Cora', password: 'a long enough password' },
          status: 410,
          response: { message: UNKNOWN, code: 'gone' },
        },
      ],
    }),
    validate('json', acceptBody),
    async (c) => {
      const { token, name, password } = c.req.valid('json');
      const db = c.get('db');
      const invitation = await getInvitationByToken(db, hashToken(token));
      // A token nobody issued: the page can only say to ask again, as for a withdrawn one.
      if (!invitation) throw errors.gone(UNKNOWN);
      const state = invitationState(invitation, nowIso());
      if (state !== 'pending') throw errors.gone(GONE[state]);
      if (await getAccountByEmail(db, invitation.email))
        throw errors.conflict('An account with this email exists already. Sign in instead.');
      const passwordHash = await hashPassword(password);
      const id = await commitWrite(c, async (trx) => {
        if (!(await useInvitation(trx, invitation.id, nowIso()))) throw errors.gone(GONE.used);
        return createUser(trx, { email: invitation.email, passwordHash, name, role: invitation.role, now: nowIso() });
      });
      const user = (await getUserById(db, id))!;
      await startSession(c, db, user);
      return c.json<SignedInUser>({ id: user.id, name: user.name, email: user.email, role: user.role, slug: user.slug }, 201);
    },
  );
