import { Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { HTTPException } from 'hono/http-exception';
import { pino } from 'pino';
import { UserRuleError } from '@forkcast/content-db';
import { SEARCH_PAGE } from '@forkcast/shared/contracts';
import { IMMUTABLE } from '@forkcast/shared/security-headers';
import { LoginThrottle } from './auth/login-throttle.ts';
import { Mailer } from './mail/mailer.ts';
import type { AppDeps, AppEnv } from './context.ts';
import { apiRoutes } from './api-routes.ts';
import { ApiError, errors } from './errors.ts';
import { refuseWrongMethods } from './middleware/allowed-methods.ts';
import { loadUser } from './middleware/auth.ts';
import { refuseCrossSite } from './middleware/cross-site.ts';
import { ONE_CLICK_UNSUBSCRIBE } from './newsletter/links.ts';
import { COLLECT_BEACON } from './insights/routes.ts';
import { assignRequestId, loggedPath, requestLines, requestLog } from './middleware/request-log.ts';
import { refuseOtherHosts } from './security/host-check.ts';
import { answerHeaders, sendSecurityHeaders, siteScriptHashes } from './security/security-headers.ts';
import { searchPageRoutes } from './search/search-routes.ts';
import { newLocation, siteNotFound } from './site-not-found.ts';
import { directFiles, type DirectListener } from './static/direct-path.ts';
import { NOT_FOUND_CACHE, siteCacheControl } from './static/cache-policy.ts';
import { redirectPageVariants } from './static/page-variants.ts';
import { FileCache, serveFiles, type FolderVersions, type SendFileOptions } from './static/serve-files.ts';
import { ImageQueue } from './uploads/image-queue.ts';

export type { AppDeps, AppEnv } from './context.ts';

/** Request bodies are small, except on the routes that set their own larger limit. */
const BODY_LIMIT = 100 * 1024;
const OWN_LIMIT = /^\/api\/(?:upload(?:\/hero-image)?|admin\/generate-guide|import(?:\/ghost)?)$/;

// Memory for the site's most recently sent small files (each still checked against the file on every request).
const SITE_CACHE_BYTES = 64 * 1024 * 1024;

const limitSmallBodies: MiddlewareHandler = async (c, next) => {
  if (OWN_LIMIT.test(c.req.path)) return next();
  return bodyLimit({
    maxSize: BODY_LIMIT,
    onError: () => {
      throw errors.tooLarge('body_too_large', 'The request body is too large.');
    },
  })(c, next);
};

// The paths the app answers with routes of its own before looking in the site folder.
function routedByApp(path: string): boolean {
  return (
    path === '/api' ||
    path.startsWith('/api/') ||
    path.startsWith('/uploads/') ||
    path === SEARCH_PAGE ||
    path.startsWith(`${SEARCH_PAGE}/`)
  );
}

type AppInput = Omit<AppDeps, 'logger' | 'loginThrottle' | 'imageQueue' | 'mailer'> &
  Partial<Pick<AppDeps, 'logger' | 'loginThrottle' | 'imageQueue' | 'mailer'>> & {
    /** The site folder's versions as the publisher keeps them current; without, each request looks its file up. */
    siteVersions?: FolderVersions;
  };

export interface Serving {
  app: Hono<AppEnv>;
  /** The site folder's files, answered before the app sees the request (for `listen`). */
  direct: DirectListener;
}

/**
 * Builds the HTTP app: /api/* (one sub-app per resource), the processed uploads, the static site
 * folder, and for what it lacks the redirects to canonical post URLs and the fitting 404 page.
 * Every dependency comes in through `deps`; there is no global state.
 */
export function createApp(input: AppInput): Hono<AppEnv> {
  return createServing(input).app;
}

/**
 * The app, and the direct path a server puts in front of it for the site folder's files: both
 * answer a page with the same headers, the same memory of recent files and the same log line.
 */
export function createServing({ siteVersions, ...input }: AppInput): Serving {
  const logger = input.logger ?? pino();
  const deps: AppDeps = {
    ...input,
    logger,
    loginThrottle: input.loginThrottle ?? new LoginThrottle(),
    imageQueue: input.imageQueue ?? new ImageQueue(),
    mailer: input.mailer ?? new Mailer(input.config.mail, logger),
  };
  const headers = answerHeaders({
    scriptHashes: siteScriptHashes(deps.siteDir, logger),
    https: new URL(deps.config.publicHost).protocol === 'https:',
  });
  const writeLine = requestLines(deps.logger);
  const siteFiles: SendFileOptions & { status: 200 } = {
    root: deps.siteDir,
    cacheControl: siteCacheControl,
    precompressed: true,
    status: 200,
    cache: new FileCache(SITE_CACHE_BYTES),
    ...(siteVersions ? { versions: siteVersions } : {}),
  };
  const app = new Hono<AppEnv>();
  app.use(assignRequestId);
  app.use(requestLog(writeLine));
  app.use(sendSecurityHeaders(headers));
  app.use(async (c, next) => {
    for (const key of Object.keys(deps) as (keyof AppDeps)[]) c.set(key, deps[key] as never);
    await next();
  });
  app.use(refuseWrongMethods(app));
  app.use(redirectPageVariants((path) => newLocation(deps.db, path)));

  // The site's text files are sent as the compressed copies written beside them; only the API's
  // own answers are compressed as they are made.
  app.use('/api/*', compress());
  app.use(
    '/api/*',
    refuseOtherHosts(deps.config.publicHost, deps.config.host),
    refuseCrossSite([new URL(deps.config.publicHost).origin], [ONE_CLICK_UNSUBSCRIBE, COLLECT_BEACON]),
    limitSmallBodies,
    loadUser,
  );
  app.route('/api', apiRoutes());
  app.all('/api/*', () => {
    throw errors.notFound('No such API endpoint.');
  });

  // Rendered for each request, so compressed as it is made, like the API's answers.
  app.use(SEARCH_PAGE, compress());
  app.route(SEARCH_PAGE, searchPageRoutes());

  app.use(
    '/uploads/*',
    serveFiles({ root: deps.config.uploadDir, cacheControl: () => IMMUTABLE, precompressed: false, status: 200 }, '/uploads'),
  );
  app.use('*', serveFiles(siteFiles));

  // The not-found pages: files of the site folder too, answered 404 and never kept by a cache.
  const notFoundFiles: SendFileOptions = { root: deps.siteDir, cacheControl: () => NOT_FOUND_CACHE, precompressed: true, status: 404 };
  app.notFound((c) => siteNotFound(c, notFoundFiles));

  app.onError((error, c) => {
    let answer: ApiError;
    if (error instanceof ApiError) answer = error;
    // The rules of users the database keeps (one owner, ...) that a route's own checks did not meet first.
    else if (error instanceof UserRuleError) answer = errors.conflict(error.message);
    else if (error instanceof HTTPException && error.status < 500) answer = errors.http(error.status, error.message);
    else {
      deps.logger.error({ reqId: c.get('requestId'), method: c.req.method, path: loggedPath(c.req.path), err: error }, 'unhandled error');
      answer = errors.internal();
    }
    if (answer.retryAfter !== undefined) c.header('Retry-After', String(answer.retryAfter));
    return c.json(answer.body, answer.status);
  });

  return { app, direct: directFiles({ files: siteFiles, routedByApp, headers: headers.none, log: writeLine }) };
}
