import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino, type Logger } from 'pino';
import {
  createPublishingApp,
  distPaths,
  ensureFullRender,
  loadConfig,
  routeFile,
  type DistPaths,
  type PublishingApp,
  type PublishReport,
  type SitePublisher,
} from '@forkcast/admin-api';
import { testPasswordHash } from '@forkcast/admin-api/testing';
import { adoptAuthorlessPosts, createUser } from '@forkcast/content-db';
import { HEADERS_FILE } from '@forkcast/shared/security-headers';
import { createTempDb, FIXTURE_TIME, type TempDb } from '@forkcast/content-db/testing';

/** The compiled site from `astro build` (make test compiles before testing). */
export const BUILT = distPaths(join(import.meta.dirname, '..', '..', 'dist'));
export const SITE = { siteName: 'Forkcast', publicHost: 'https://forkcast.test' };

/** What `astro build` itself puts in the site folder: the bundled assets, the files of public/ and the security headers. */
export function copyBuiltAssets(siteDir: string): void {
  cpSync(join(BUILT.siteDir, '_astro'), join(siteDir, '_astro'), { recursive: true });
  cpSync(join(import.meta.dirname, '..', '..', 'public'), siteDir, { recursive: true });
  cpSync(join(BUILT.siteDir, HEADERS_FILE), join(siteDir, HEADERS_FILE));
}

export interface RenderedSite {
  handle: TempDb;
  dist: DistPaths;
  /** The text of a rendered file, by route. */
  page: (route: string) => string;
  cleanup: () => Promise<void>;
}

/**
 * A fresh database filled by `fill`, rendered in full by the real publisher code into a temporary
 * site folder that starts as a copy of the built assets (so tests never touch dist/client).
 */
export async function renderFixtureSite(fill: (handle: TempDb) => Promise<void>): Promise<RenderedSite> {
  if (!existsSync(BUILT.serverEntry)) throw new Error('dist/server/entry.mjs is missing: run `make test`, which compiles the site first');
  const handle = await createTempDb();
  // The owner exists before the fixture content, as on a real site, and writes what has no author:
  // every fixture post then has a byline and an author page, like every post created through the API.
  const owner = await createUser(handle.db, {
    email: ADMIN.email,
    passwordHash: await testPasswordHash(ADMIN.password),
    name: ADMIN_NAME,
    role: 'owner',
    now: FIXTURE_TIME,
  });
  await fill(handle);
  await adoptAuthorlessPosts(handle.db, owner);
  const workDir = mkdtempSync(join(tmpdir(), 'forkcast-site-'));
  const dist = { ...distPaths(workDir), serverDir: BUILT.serverDir, serverEntry: BUILT.serverEntry };
  copyBuiltAssets(dist.siteDir);
  await ensureFullRender({ db: handle.db, dist, site: SITE });
  return {
    handle,
    dist,
    page: (route) => readFileSync(join(dist.siteDir, routeFile(route)), 'utf8'),
    cleanup: async () => {
      await handle.cleanup();
      rmSync(workDir, { recursive: true, force: true });
    },
  };
}

/** The owner every fixture site has; `publishingSite` signs in as them. */
export const ADMIN = { email: 'editor@forkcast.test', password: 'correct horse battery staple' };
/** The owner's name: the byline of every fixture post (their author page is /authors/ana-ruiz). */
export const ADMIN_NAME = 'Ana Ruiz';

export interface PublishingSite extends RenderedSite {
  app: PublishingApp['app'];
  /** The server's direct path for the site folder's files, to `listen` as the server does. */
  direct: PublishingApp['direct'];
  publisher: SitePublisher;
  scheduler: PublishingApp['scheduler'];
  sends: PublishingApp['sends'];
  /** The app's mailer: `idle()` waits for mail a request queued to send after its answer. */
  mailer: PublishingApp['mailer'];
  /** app.request on the real app (with the publisher wired in), as the signed-in admin when `admin`. */
  request: (path: string, init?: RequestInit & { admin?: boolean }) => Promise<Response>;
}

/**
 * A rendered fixture site plus the real app with a real publisher over it, and an admin signed in:
 * writes made through `request` are published into the site folder before they answer.
 */
export async function publishingSite(
  fill: (handle: TempDb) => Promise<void>,
  options: { onPublished?: (report: PublishReport) => void; env?: Record<string, string>; logger?: Logger; poolThreshold?: number } = {},
): Promise<PublishingSite> {
  const site = await renderFixtureSite(fill);
  const db = site.handle.db;
  const config = loadConfig({
    DATABASE_PATH: site.handle.path,
    PUBLIC_HOST: SITE.publicHost,
    SITE_NAME: SITE.siteName,
    UPLOAD_DIR: join(site.dist.distDir, 'uploads'),
    MAIL_DIR: join(site.dist.distDir, 'mail'),
    ...options.env,
  });
  const { app, direct, publisher, scheduler, mailer, sends } = await createPublishingApp({
    db,
    config,
    dist: site.dist,
    logger: options.logger ?? pino({ level: 'silent' }),
    ...(options.onPublished ? { onPublished: options.onPublished } : {}),
    ...(options.poolThreshold === undefined ? {} : { poolThreshold: options.poolThreshold }),
  });
  const login = await app.request(`${SITE.publicHost}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const cookie = login.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  return {
    ...site,
    app,
    direct,
    publisher,
    scheduler,
    sends,
    mailer,
    cleanup: async () => {
      scheduler.stop();
      publisher.stop();
      await scheduler.idle();
      await publisher.close();
      sends.endStreams();
      await sends.idle();
      await sends.delivery.stop();
      await mailer.idle();
      mailer.close();
      await site.cleanup();
    },
    request: (path, init = {}) => {
      const { admin = true, ...rest } = init;
      const headers = new Headers(rest.headers);
      if (admin) headers.set('cookie', cookie);
      return Promise.resolve(app.request(`${SITE.publicHost}${path}`, { ...rest, headers }));
    },
  };
}
