import { Hono, type Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { resolver } from 'hono-openapi';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import { getAccountByEmail } from '@forkcast/content-db';
import { SESSION_COOKIE, UI_HINT_COOKIE, type CurrentUser as SignedInUser } from '@forkcast/shared/contracts';
import { issueDeviceCookie, trustedDevice } from '../auth/device-cookie.ts';
import { accountKey, userKey, deviceKey, ipKey } from '../auth/login-throttle.ts';
import { dummyHash, verifyPassword } from '../auth/passwords.ts';
import { endSession, startSession } from '../auth/sessions.ts';
import type { AppEnv } from '../context.ts';
import { ApiError, errors } from '../errors.ts';
import { clientAddress } from '../middleware/rate-limit.ts';
import { SIGNED_IN_OPTIONAL, answer, describer, document, redirect, refusals } from '../openapi/describe.ts';
import { CurrentUser } from '../openapi/shapes.ts';
import { emailAddress, text } from '../schemas.ts';
import { isJsonContentType, readForm } from '../validation.ts';

/** The sign-in page, rendered with the site's own layout (site/pages/admin/sign-in.astro). */
const SIGN_IN_ROUTE = '/admin/sign-in';
const INVALID = 'The email or password is incorrect.';
const MISSING = 'Enter your email and password.';
const BAD_EMAIL = 'Please enter a valid email address.';
// A password is compared, never shown or stored as typed, so it may hold a tab; the invisible
// controls are refused like anywhere else. No user can have an email outside the one address rule.
const credentialText = z.object({ email: emailAddress('Your email', BAD_EMAIL), password: text('Your password', { multiline: true }) });
// What a sign-in carries, JSON or form alike: the characters are checked by credentialText, `next` by safeNext.
const signInBody = credentialText.extend({
  next: z.string().optional().describe('Where a form sign-in goes next: a path on this site outside /api (otherwise /admin).'),
});
const describe = describer('Sign-in');
const signInPageAnswer = document('The sign-in page.', 'text/html');

/** A path on this site: one leading slash (never '//' or '/\\', which browsers read as another host), printable ASCII. */
const SITE_PATH = /^\/(?![/\\])[\x21-\x7e]*$/;
// Resolves `next` the way the browser will, so '/a/../api/logout' is judged as '/api/logout'.
const NEXT_BASE = 'http://next.invalid';

const decoded = (path: string) => {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
};

/**
 * Only a path on this site may follow sign-in, and never back into the API. It is judged, and
 * followed, in its normal form: dot segments resolved, as the browser and the router will see it.
 */
function safeNext(next: unknown): string {
  if (typeof next !== 'string' || !SITE_PATH.test(next)) return '/admin';
  const url = new URL(next, NEXT_BASE);
  const normal = `${url.pathname}${url.search}${url.hash}`;
  const intoApi = /^\/api(?:\/|$)/i.test(decoded(url.pathname));
  return url.origin === NEXT_BASE && SITE_PATH.test(normal) && !intoApi ? normal : '/admin';
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

/** A plain sign-in form for a server whose site has not been built (tests, a bare API). */
function bareSignInPage(message: string | undefined, next: string): string {
  const shown = message
    ? `<p role="alert" data-login-message>${escapeHtml(message)}</p>`
    : '<p role="alert" data-login-message hidden></p>';
  return (
    `<!doctype html><html lang="en"><title>Sign in</title><main><h1>Sign in</h1>${shown}<form method="post" action="/api/login">` +
    `<input type="hidden" name="next" value="${escapeHtml(next)}" data-login-next><label>Email <input name="email" type="email" autocomplete="username" required></label>` +
    '<label>Password <input name="password" type="password" autocomplete="current-password" required></label><button>Sign in</button></form></main>'
  );
}

/** The sign-in page, rendered for this request by the site's own page, which escapes what it is given. */
async function signInPage(c: Context<AppEnv>, message: string | undefined, next: string, status: ContentfulStatusCode) {
  c.header('Cache-Control', 'no-store');
  const page = await c.get('pages')?.render(SIGN_IN_ROUTE, { signIn: { next, ...(message ? { message } : {}) } });
  if (page?.status === 200) return c.html(new TextDecoder().decode(page.body), status);
  return c.html(bareSignInPage(message, next), status);
}

interface Credentials {
  email: string;
  password: string;
  next: string;
  form: boolean;
  /** Set when a form body could not be parsed: the page is shown again with this refusal. */
  unreadable?: ApiError;
}

async function readCredentials(c: Context<AppEnv>): Promise<Credentials> {
  const type = c.req.header('content-type') ?? '';
  if (isJsonContentType(type)) {
    const parsed: unknown = await c.req.json().catch(() => ({}));
    const body = (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed : {}) as Record<string, unknown>;
    return { email: String(body.email ?? ''), password: String(body.password ?? ''), next: safeNext(body.next), form: false };
  }
  if (type.includes('application/x-www-form-urlencoded') || type.includes('multipart/form-data')) {
    let body: Record<string, unknown>;
    try {
      body = await readForm(c);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return { email: '', password: '', next: safeNext(undefined), form: true, unreadable: error };
    }
    return { email: String(body.email ?? ''), password: String(body.password ?? ''), next: safeNext(body.next), form: true };
  }
  throw errors.unsupportedMedia('unsupported_media_type', 'Send the sign-in form or JSON.');
}

const SIGN_OUT_PAGE =
  '<!doctype html><html lang="en"><title>Sign out</title><main><h1>Sign out</h1><p>Sign out of Forkcast on this browser?</p>' +
  '<form method="post" action="/api/logout"><button>Sign out</button></form><p><a href="/">Stay signed in</a></p></main>';

/** Ends this browser's session and goes home. */
async function signOut(c: Context<AppEnv>) {
  await endSession(c, c.get('db'));
  return c.redirect('/', 303);
}

/** GET/POST /api/login, GET/POST /api/logout, GET /api/auth/user. */
export const authRoutes = new Hono<AppEnv>()
  .get(
    '/login',
    describe({
      operationId: 'getSignInPage',
      summary: 'The sign-in page',
      description:
        "The site's own sign-in page (`site/pages/admin/sign-in.astro`), rendered for each request with `next` passed in, which the page escapes. A browser already signed in goes straight on to `next`.",
      parameters: [
        {
          in: 'query',
          name: 'next',
          description:
            'Where to go after signing in: a path on this site outside /api, judged in its normal form (dot segments resolved); anything else means /admin.',
          schema: { type: 'string' },
        },
      ],
      responses: { 200: signInPageAnswer, 303: redirect('Already signed in: on to `next`.') },
    }),
    async (c) => {
      const next = safeNext(c.req.query('next'));
      // Already signed in: go straight on.
      return c.get('user') ? c.redirect(next, 303) : signInPage(c, undefined, next, 200);
    },
  )
  .post(
    '/login',
    describe({
      operationId: 'signIn',
      summary: 'Sign in',
      description: `Checks the email and password (argon2id) and starts a server-side session: the HttpOnly \`${SESSION_COOKIE}\` cookie (Secure when \`PUBLIC_HOST\` or the request is https; 24 h idle, 14 days at most) and the script-readable \`${UI_HINT_COOKIE}\`, the user's role, by which the pages show that role's editing controls. JSON is answered with the user; a form post (urlencoded or multipart) with a 303 to \`next\`, and a refused form post with the sign-in page again, its message shown, under the same status. After 5 failed sign-ins per address or account the waits grow (429); an email that is not one bare address is answered 400 'Please enter a valid email address.' and not counted. A browser that signed in to that account before carries a signed device cookie (\`forkcast_device\`, HttpOnly, sent only to \`/api/login\`, void after a password change) and is limited on its own, so failures from elsewhere cannot lock its user out.`,
      requestBody: {
        required: true,
        content: {
          'application/json': { schema: resolver(signInBody) },
          'application/x-www-form-urlencoded': { schema: resolver(signInBody) },
          'multipart/form-data': { schema: resolver(signInBody) },
        },
      },
      responses: {
        200: answer('Signed in (JSON).', CurrentUser),
        303: redirect('Signed in (a form post): on to `next`.'),
        ...refusals('validation', 'invalid_credentials', 'unsupported_media_type', 'too_many_attempts'),
      },
      examples: [
        {
          name: 'signIn',
          summary: 'Sign in with JSON',
          body: { email: 'editor@forkcast.test', password: 'correct horse battery staple' },
          status: 200,
          response: { id: 1, name: 'Editor', email: 'editor@forkcast.test', role: 'owner', slug: 'editor' },
        },
        {
          name: 'wrongPassword',
          summary: 'A wrong password',
          body: { email: 'editor@forkcast.test', password: 'not the password' },
          status: 401,
          response: { message: INVALID, code: 'invalid_credentials' },
        },
      ],
    }),
    async (c) => {
      const { email, password, next, form, unreadable } = await readCredentials(c);
      // A form post gets the sign-in page again with the error's message; JSON gets the error itself.
      const refuse = (error: ApiError) => {
        if (!form) throw error;
        if (error.retryAfter !== undefined) c.header('Retry-After', String(error.retryAfter));
        return signInPage(c, error.message, next, error.status);
      };
      if (unreadable) return refuse(unreadable);
      if (email.trim() === '' || password === '' || email.length > 254 || password.length > 1024) return refuse(errors.validation(MISSING));
      const characters = credentialText.safeParse({ email, password });
      if (!characters.success) return refuse(errors.validation(characters.error.issues[0]!.message));

      const db = c.get('db');
      const account = await getAccountByEmail(db, email);
      // A browser that signed in to this account before is limited on its own; everyone else per
      // address and per account, so failures from elsewhere never lock that browser out.
      const device = trustedDevice(c, account);
      const throttle = c.get('loginThrottle');
      const keys = device ? [deviceKey(device)] : [ipKey(clientAddress(c)), account ? userKey(account.id) : accountKey(email)];
      const wait = throttle.waitMs(keys);
      if (wait > 0) return refuse(errors.tooManyAttempts(Math.ceil(wait / 1000)));

      // Count the attempt as a failure before the slow check, so parallel guesses cannot all slip
      // through the free allowance; a success clears it again.
      throttle.fail(keys);
      const valid = await verifyPassword(account?.passwordHash ?? (await dummyHash()), password);
      if (!account || !valid) {
        c.get('logger').warn({ reqId: c.get('requestId') }, 'sign-in failed');
        return refuse(errors.invalidCredentials(INVALID));
      }
      throttle.succeed(keys);
      issueDeviceCookie(c, account);
      await startSession(c, db, account);
      const { id, name, role, slug } = account;
      return form ? c.redirect(next, 303) : c.json<SignedInUser>({ id, name, email: account.email, role, slug });
    },
  )
  // Signing out by GET would let any page sign its user out (<img src="/api/logout">), so a GET
  // signs out only when the browser says the navigation came from this site itself (the site's
  // own Logout link); any other GET of a signed-in browser gets a page whose button posts.
  .get(
    '/logout',
    describe({
      operationId: 'getSignOut',
      summary: 'Sign out from a link',
      description:
        "Signs out only when the browser marks the navigation as coming from this site (`Sec-Fetch-Site: same-origin`, the site's own Logout link) or nobody is signed in; otherwise answers a page whose button posts, so another page cannot sign its user out.",
      responses: { 303: redirect('Signed out: home.'), 200: document('A page asking to confirm; its button posts.', 'text/html') },
    }),
    async (c) => {
      if (c.req.header('sec-fetch-site') === 'same-origin' || !getCookie(c, SESSION_COOKIE)) return signOut(c);
      c.header('Cache-Control', 'no-store');
      return c.html(SIGN_OUT_PAGE);
    },
  )
  .post(
    '/logout',
    describe({
      operationId: 'signOut',
      summary: 'Sign out',
      description: "Ends this browser's session and goes home.",
      responses: { 303: redirect('Signed out: home.') },
    }),
    signOut,
  )
  .get(
    '/auth/user',
    describe({
      operationId: 'getCurrentUser',
      summary: 'Who is signed in',
      description:
        'The signed-in user: id, name, email, role and slug (the role only hides controls the server would refuse anyway); 401 means nobody is signed in (not an error to show). Never cached.',
      security: SIGNED_IN_OPTIONAL,
      responses: { 200: answer('The signed-in user.', CurrentUser), ...refusals('unauthorized') },
      examples: [
        { name: 'signedOut', summary: 'Nobody is signed in', status: 401, response: { message: 'Not signed in.', code: 'unauthorized' } },
      ],
    }),
    (c) => {
      const user = c.get('user');
      if (!user) throw errors.unauthorized('Not signed in.');
      c.header('Cache-Control', 'no-store');
      return c.json<SignedInUser>(user);
    },
  );
