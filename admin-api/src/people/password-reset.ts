import { Hono, type Context } from 'hono';
import { z } from 'zod';
import {
  createPasswordReset,
  deleteUserSessions,
  getAccountByEmail,
  getPasswordReset,
  getUserById,
  nowIso,
  setPassword,
  usePasswordReset,
} from '@forkcast/content-db';
import type { CurrentUser as SignedInUser } from '@forkcast/shared/contracts';
import { hashPassword } from '../auth/passwords.ts';
import { startSession } from '../auth/sessions.ts';
import type { AppEnv } from '../context.ts';
import { errors } from '../errors.ts';
import { rateLimit } from '../middleware/rate-limit.ts';
import { answer, describer, refusals } from '../openapi/describe.ts';
import * as shapes from '../openapi/shapes.ts';
import { emailAddress } from '../schemas.ts';
import { validate } from '../validation.ts';
import { passwordResetEmail } from './emails.ts';
import { linkToken, newPassword } from './fields.ts';
import { hashToken, newToken } from './tokens.ts';

/** How long a reset link works. */
const VALID_MS = 60 * 60 * 1000;
/** The page the mailed link opens (site/pages/admin/reset-password.astro). */
const RESET_PATH = '/admin/reset-password';

const BAD_EMAIL = 'Please enter a valid email address.';
/** The one answer to every request, whether or not an account uses the address. */
export const RESET_SENT = 'If an account uses that address, we have emailed it a link to set a new password. The link works for one hour.';
const BAD_TOKEN = 'This link to set a new password does not work. Ask for a new one.';
const USED = 'This link to set a new password was used already. Ask for a new one if you need to.';
const EXPIRED = 'This link to set a new password has expired: links work for one hour. Ask for a new one.';

const requestBody = z.object({ email: emailAddress('Your email', BAD_EMAIL) });
const confirmBody = z.object({ token: linkToken(BAD_TOKEN), password: newPassword });
const describe = describer('People');

/**
 * Queues the lookup and the mail and answers first: the answer does the same work for an address
 * with an account and one without, so neither its words nor its time tell which it was.
 */
function queueReset(c: Context<AppEnv>, email: string): void {
  const { db, config, mailer } = c.var;
  mailer.later('password reset', async () => {
    const account = await getAccountByEmail(db, email);
    if (!account) return;
    const { token, hash } = newToken();
    const now = nowIso();
    await createPasswordReset(db, {
      tokenHash: hash,
      userId: account.id,
      createdAt: now,
      expiresAt: new Date(Date.parse(now) + VALID_MS).toISOString(),
    });
    await mailer.send(
      passwordResetEmail({ siteName: config.siteName, to: account.email, url: `${config.publicHost}${RESET_PATH}?token=${token}` }),
    );
  });
}

/** /api/password-reset: ask for a link by email (anyone, rate-limited), and set a new password with it. */
export const passwordResetRoutes = () => {
  const limiter = rateLimit({
    limit: 5,
    windowMs: 15 * 60 * 1000,
    message: 'Too many requests for a new password from this connection. Please try again in a few minutes.',
  });
  return new Hono<AppEnv>()
    .post(
      '/',
      describe({
        operationId: 'requestPasswordReset',
        summary: 'Ask for a link to set a new password',
        description:
          'Always the same answer, whether or not an account uses `email`, and given before anything is looked up or sent. An account gets a single-use link to `/admin/reset-password` that works for one hour. At most 5 requests a connection per 15 minutes (429).',
        responses: { 200: answer('Asked: the same words either way.', shapes.Message), ...refusals('validation', 'rate_limited') },
        examples: [
          {
            name: 'request',
            summary: 'Ask for a link',
            body: { email: 'editor@forkcast.test' },
            status: 200,
            response: { message: RESET_SENT },
          },
          {
            name: 'notEmail',
            summary: 'Not an address',
            body: { email: 'editor' },
            status: 400,
            response: { message: BAD_EMAIL, code: 'validation' },
          },
        ],
      }),
      limiter,
      validate('json', requestBody),
      (c) => {
        queueReset(c, c.req.valid('json').email);
        return c.json({ message: RESET_SENT }, 200);
      },
    )
    .post(
      '/confirm',
      describe({
        operationId: 'confirmPasswordReset',
        summary: 'Set a new password',
        description:
          'With the token of a mailed link: sets the password (at least 12 characters), ends every session of that user (any other browser is signed out), voids their other reset links, and signs this browser in. A link used, expired or never issued is answered 410 saying which.',
        responses: { 200: answer('The user, signed in with the new password.', shapes.CurrentUser), ...refusals('validation', 'gone') },
        examples: [
          {
            name: 'unknown',
            summary: 'A link that never was',
            body: { token: 'x'.repeat(43), password: 'a long enough password' },
            status: 410,
            response: { message: BAD_TOKEN, code: 'gone' },
          },
        ],
      }),
      validate('json', confirmBody),
      async (c) => {
        const { token, password } = c.req.valid('json');
        const db = c.get('db');
        const tokenHash = hashToken(token);
        const reset = await getPasswordReset(db, tokenHash);
        if (!reset) throw errors.gone(BAD_TOKEN);
        if (reset.usedAt) throw errors.gone(USED);
        if (reset.expiresAt <= nowIso()) throw errors.gone(EXPIRED);
        const passwordHash = await hashPassword(password);
        await db.transaction().execute(async (trx) => {
          const now = nowIso();
          if (!(await usePasswordReset(trx, tokenHash, now))) throw errors.gone(USED);
          await setPassword(trx, reset.userId, passwordHash, now);
          await deleteUserSessions(trx, reset.userId);
        });
        const user = await getUserById(db, reset.userId);
        if (!user) throw errors.gone(BAD_TOKEN);
        await startSession(c, db, user);
        return c.json<SignedInUser>({ id: user.id, name: user.name, email: user.email, role: user.role, slug: user.slug });
      },
    );
};
