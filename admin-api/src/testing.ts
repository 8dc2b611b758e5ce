import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino, type Logger } from 'pino';
import { createUser, type Db } from '@forkcast/content-db';
import type { Role } from '@forkcast/shared/contracts';
import { createTempDb, type TempDb } from '@forkcast/content-db/testing';
import { createServing, type Serving } from './app.ts';
import { LoginThrottle, type ThrottleOptions } from './auth/login-throttle.ts';
import { hashPassword } from './auth/passwords.ts';
import { loadConfig, type Config } from './config.ts';
import type { Publisher } from './context.ts';
import { Mailer } from './mail/mailer.ts';
import { createNewsletterSends, type NewsletterSends } from './sends/sends.ts';
import type { ImageQueue } from './uploads/image-queue.ts';

/** The owner every test app has, signed in by `signIn()`. */
export const ADMIN_EMAIL = 'editor@forkcast.test';
export const ADMIN_PASSWORD = 'correct horse battery staple';

/** The user of each other role a test app makes when a test first asks for one (same password as the owner). */
export const ROLE_USERS: Record<Exclude<Role, 'owner'>, { name: string; email: string }> = {
  administrator: { name: 'Ada Administrator', email: 'ada@forkcast.test' },
  editor: { name: 'Eddie Editor', email: 'eddie@forkcast.test' },
  author: { name: 'Aiko Author', email: 'aiko@forkcast.test' },
  contributor: { name: 'Cora Contributor', email: 'cora@forkcast.test' },
};
export const ORIGIN = 'http://localhost';

const testHashes = new Map<string, Promise<string>>();

/**
 * An argon2id hash of a test password, made once per password and process, with the cheapest
 * parameters argon2 allows: signing in verifies by the parameters stored in the hash, so each
 * sign-in of a test costs microseconds instead of the product's 19 MiB and two passes. Tests of
 * the product's own hashing call hashPassword instead.
 */
export function testPasswordHash(password: string): Promise<string> {
  let hashed = testHashes.get(password);
  if (!hashed) {
    hashed = hashPassword(password, { memoryCost: 8, timeCost: 1 });
    testHashes.set(password, hashed);
  }
  return hashed;
}

export type RequestOptions = RequestInit & { cookie?: string; ip?: string };
/** A Kysely plugin: it sees every query the app runs. */
export type QueryPlugin = Parameters<Db['withPlugin']>[0];

export interface TestApp {
  app: Serving['app'];
  /** The server's direct path for the site folder's files, for `listen`. */
  direct: Serving['direct'];
  handle: TempDb;
  config: Config;
  uploadDir: string;
  siteDir: string;
  /** Where the app writes its mail as .eml files when no SMTP_URL is given. */
  mailDir: string;
  /** The app's mailer: `idle()` waits for the mail it sends after answering. */
  mailer: Mailer;
  /** The newsletter's sending side (without a built site it cannot render a letter, so only its worker is of use). */
  sends: NewsletterSends;
  /** app.request with the given cookie header and client address (both optional). */
  request: (path: string, init?: RequestOptions) => Promise<Response>;
  /** Signs the owner in through POST /api/login and returns the Cookie header to send. */
  signIn: () => Promise<string>;
  /** Signs in the user of this role (made at first ask; the owner for 'owner') and returns the Cookie header. */
  signInAs: (role: Role) => Promise<string>;
  /** The id of the user of this role (made at first ask). */
  userId: (role: Role) => Promise<number>;
  cleanup: () => Promise<void>;
}

/**
 * A real app over a fresh, migrated SQLite file, with its owner (ADMIN_EMAIL), whose password hash
 * is real argon2id (with test parameters, see testPasswordHash), a user of any other role on
 * request, and temporary upload and site folders. Nothing is shared between two test apps.
 */
export async function createTestApp(
  options: {
    throttle?: ThrottleOptions;
    publisher?: Publisher;
    imageQueue?: ImageQueue;
    /** More configuration, as environment variables (SMTP_URL, CONTACT_NOTIFY, ...). */
    env?: Record<string, string>;
    publicHost?: string;
    logger?: Logger;
    /** Plugins on the app's database handle only (a test's own queries through `handle.db` pass none). */
    dbPlugins?: QueryPlugin[];
  } = {},
): Promise<TestApp> {
  const handle = await createTempDb();
  const dir = mkdtempSync(join(tmpdir(), 'forkcast-api-'));
  const uploadDir = join(dir, 'uploads');
  const siteDir = join(dir, 'site');
  const mailDir = join(dir, 'mail');
  const config = loadConfig({
    DATABASE_PATH: handle.path,
    UPLOAD_DIR: uploadDir,
    MAIL_DIR: mailDir,
    BACKUP_DIR: join(dir, 'backups'),
    PUBLIC_HOST: options.publicHost ?? ORIGIN,
    ...options.env,
  });
  const passwordHash = await testPasswordHash(ADMIN_PASSWORD);
  const now = new Date().toISOString();
  const ownerId = await createUser(handle.db, { email: ADMIN_EMAIL, passwordHash, name: 'Editor', role: 'owner', now });
  const roleUsers = new Map<Role, Promise<number>>([['owner', Promise.resolve(ownerId)]]);
  const userId = (role: Role) => {
    let id = roleUsers.get(role);
    if (!id) {
      const { name, email } = ROLE_USERS[role as Exclude<Role, 'owner'>];
      id = createUser(handle.db, { email, passwordHash, name, role, now });
      roleUsers.set(role, id);
    }
    return id;
  };
  const logger = options.logger ?? pino({ level: 'silent' });
  const mailer = new Mailer(config.mail, logger);
  const sends = createNewsletterSends({ db: handle.db, config, logger, pages: undefined });
  const { app, direct } = createServing({
    db: (options.dbPlugins ?? []).reduce((db, plugin) => db.withPlugin(plugin), handle.db),
    config,
    siteDir,
    logger,
    mailer,
    sends,
    loginThrottle: new LoginThrottle(options.throttle),
    ...(options.publisher ? { publisher: options.publisher } : {}),
    ...(options.imageQueue ? { imageQueue: options.imageQueue } : {}),
  });
  const request = (path: string, init: RequestOptions = {}) => {
    const { cookie, ip = '203.0.113.7', ...rest } = init;
    const headers = new Headers(rest.headers);
    if (cookie) headers.set('cookie', cookie);
    // The Node adapter passes the socket as env.incoming; the client address is read from there.
    return Promise.resolve(app.request(`${ORIGIN}${path}`, { ...rest, headers }, { incoming: { socket: { remoteAddress: ip } } }));
  };
  const signInWith = async (email: string) => {
    const response = await request('/api/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: ADMIN_PASSWORD }),
    });
    if (response.status !== 200) throw new Error(`sign-in failed with ${response.status}`);
    return cookieHeader(response);
  };
  return {
    app,
    direct,
    handle,
    config,
    uploadDir,
    siteDir,
    mailDir,
    mailer,
    sends,
    request,
    signIn: () => signInWith(ADMIN_EMAIL),
    async signInAs(role) {
      await userId(role);
      return signInWith(role === 'owner' ? ADMIN_EMAIL : ROLE_USERS[role].email);
    },
    userId,
    async cleanup() {
      await sends.idle();
      await sends.delivery.stop();
      await mailer.idle();
      mailer.close();
      await handle.cleanup();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The Cookie header a browser would send back to any path after this response (name=value pairs
 * only): cookies scoped to one path, such as the sign-in device cookie, are left out.
 */
export function cookieHeader(response: Response): string {
  return response.headers
    .getSetCookie()
    .filter((cookie) => !/;\s*path=(?!\/(?:;|$))/i.test(cookie))
    .map((cookie) => cookie.split(';')[0]!)
    .filter((pair) => !pair.endsWith('='))
    .join('; ');
}

/** JSON request options. */
export function json(method: string, body: unknown, cookie?: string): RequestOptions {
  return { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), ...(cookie ? { cookie } : {}) };
}

/**
 * Every row of every table and the names of the uploaded files: what a refused request is checked
 * to have left as it was.
 */
export async function storedState(t: TestApp): Promise<{ rows: Record<string, unknown[]>; uploads: string[] }> {
  const db = t.handle.db;
  const rows: Record<string, unknown[]> = {};
  for (const table of await db.introspection.getTables())
    rows[table.name] = await db
      .selectFrom(table.name as 'settings')
      .selectAll()
      .execute();
  let uploads: string[] = [];
  try {
    uploads = readdirSync(t.uploadDir, { recursive: true }) as string[];
  } catch {
    // No folder means no uploads.
  }
  return { rows, uploads };
}
