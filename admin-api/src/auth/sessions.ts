import { createHash, randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { createSession, deleteExpiredSessions, deleteSession, getSession, getUserById, touchSession, type Db } from '@forkcast/content-db';
import { SESSION_COOKIE, UI_HINT_COOKIE, type CurrentUser, type Role } from '@forkcast/shared/contracts';
import type { Logger } from 'pino';
import type { AppEnv } from '../context.ts';

/** A session ends after this long without a request... */
const IDLE_TIMEOUT_MS = 24 * 60 * 60 * 1000;
/** ...and in any case this long after sign-in. */
const ABSOLUTE_TIMEOUT_MS = 14 * 24 * 60 * 60 * 1000;
// Writing last_seen_at on every request would turn reads into writes; a minute's slack is plenty.
const TOUCH_AFTER_MS = 60 * 1000;

const hashId = (id: string) => createHash('sha256').update(id).digest('hex');

/** Cookies are Secure whenever the site is public over https, whatever the hop in front of us says. */
export function secureCookies(c: Context<AppEnv>): boolean {
  return (
    c.get('config').publicHost.startsWith('https:') ||
    new URL(c.req.url).protocol === 'https:' ||
    c.req.header('x-forwarded-proto') === 'https'
  );
}

function clearCookies(c: Context<AppEnv>): void {
  deleteCookie(c, SESSION_COOKIE, { path: '/', secure: secureCookies(c) });
  deleteCookie(c, UI_HINT_COOKIE, { path: '/', secure: secureCookies(c) });
}

/** The UI hint: the role whose controls the static pages show, for as long as the session lasts. */
function setHint(c: Context<AppEnv>, role: Role, expires: Date): void {
  setCookie(c, UI_HINT_COOKIE, role, { path: '/', sameSite: 'Lax', secure: secureCookies(c), expires });
}

/**
 * The signed-in user for this request, or undefined. An expired session is deleted on sight,
 * and a dead session cookie is cleared together with the UI hint, so the static pages stop
 * showing editing controls; a hint naming another role than the user has now (it was changed
 * meanwhile) is set right.
 */
export async function currentUser(c: Context<AppEnv>, db: Db, now = Date.now()): Promise<CurrentUser | undefined> {
  const id = getCookie(c, SESSION_COOKIE);
  if (!id) return undefined;
  const idHash = /^[A-Za-z0-9_-]{43}$/.test(id) ? hashId(id) : undefined;
  const session = idHash ? await getSession(db, idHash) : undefined;
  if (!idHash || !session) {
    clearCookies(c);
    return undefined;
  }
  if (Date.parse(session.expiresAt) <= now || Date.parse(session.lastSeenAt) + IDLE_TIMEOUT_MS <= now) {
    await deleteSession(db, idHash);
    clearCookies(c);
    return undefined;
  }
  if (now - Date.parse(session.lastSeenAt) > TOUCH_AFTER_MS) await touchSession(db, idHash, new Date(now).toISOString());
  const user = await getUserById(db, session.userId);
  if (!user) return undefined;
  if (getCookie(c, UI_HINT_COOKIE) !== user.role) setHint(c, user.role, new Date(session.expiresAt));
  return { id: user.id, name: user.name, email: user.email, role: user.role, slug: user.slug };
}

/**
 * Signs a user in: any session the browser already had is ended (rotation, so a planted session
 * id is worthless), a new 256-bit id is stored as a hash, and the session cookie (HttpOnly,
 * SameSite=Lax, Secure on https) plus the non-secret UI hint cookie, naming the user's role, are set.
 */
export async function startSession(c: Context<AppEnv>, db: Db, user: { id: number; role: Role }, now = Date.now()): Promise<void> {
  const previous = getCookie(c, SESSION_COOKIE);
  if (previous) await deleteSession(db, hashId(previous));
  const id = randomBytes(32).toString('base64url');
  const at = new Date(now).toISOString();
  const expiresAt = new Date(now + ABSOLUTE_TIMEOUT_MS);
  await createSession(db, { idHash: hashId(id), userId: user.id, createdAt: at, lastSeenAt: at, expiresAt: expiresAt.toISOString() });
  setCookie(c, SESSION_COOKIE, id, { path: '/', sameSite: 'Lax', secure: secureCookies(c), expires: expiresAt, httpOnly: true });
  setHint(c, user.role, expiresAt);
}

/** Ends the browser's session, if any, and clears both cookies. */
export async function endSession(c: Context<AppEnv>, db: Db): Promise<void> {
  const id = getCookie(c, SESSION_COOKIE);
  if (id) await deleteSession(db, hashId(id));
  clearCookies(c);
}

/** Deletes every session past its absolute or idle expiry; returns how many. */
function purgeExpiredSessions(db: Db, now = Date.now()): Promise<number> {
  return deleteExpiredSessions(db, new Date(now).toISOString(), new Date(now - IDLE_TIMEOUT_MS).toISOString());
}

const PURGE_EVERY_MS = 60 * 60 * 1000;

/**
 * Expired sessions are deleted when their cookie comes back; the ones that never come back are
 * purged here, once at once and then every hour. Returns the function that stops the timer.
 */
export async function keepPurgingSessions(db: Db, logger: Logger, everyMs = PURGE_EVERY_MS): Promise<() => void> {
  await purgeExpiredSessions(db);
  const timer = setInterval(() => {
    purgeExpiredSessions(db).catch((error: unknown) => logger.warn({ err: error }, 'could not purge expired sessions'));
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
