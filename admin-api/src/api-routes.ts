import { Hono } from 'hono';
import type { AppEnv } from './context.ts';
import { openApiRoutes } from './openapi/routes.ts';
import { mediaRoutes } from './media/routes.ts';
import { invitationRoutes } from './people/invitations.ts';
import { passwordResetRoutes } from './people/password-reset.ts';
import { presenceRoutes } from './presence/routes.ts';
import { reviewRoutes } from './review/routes.ts';
import { changeRoutes, revisionRoutes, trashRoutes } from './revisions/routes.ts';
import { adminRoutes } from './routes/admin.ts';
import { authRoutes } from './routes/auth.ts';
import { cityRoutes } from './routes/cities.ts';
import { contactRoutes } from './routes/contact.ts';
import { healthRoutes, readyRoutes } from './routes/health.ts';
import { insightReportRoutes } from './insights/report-routes.ts';
import { collectRoutes } from './insights/routes.ts';
import { heroRoutes } from './routes/hero.ts';
import { newsletterRoutes } from './routes/newsletter.ts';
import { postBodyRoutes } from './routes/post-body.ts';
import { postRoutes } from './routes/posts.ts';
import { uploadRoutes } from './routes/uploads.ts';
import { searchApiRoutes } from './search/search-routes.ts';
import { sendRoutes } from './sends/routes.ts';
import { sitePageRoutes } from './site-pages/routes.ts';
import { transferRoutes } from './transfer/routes.ts';
import { userRoutes } from './users/routes.ts';
import { redirectRoutes } from './redirects/routes.ts';
import { webhookRoutes } from './webhooks/routes.ts';

/**
 * The API's route table, one sub-app per resource, to be mounted at /api. Each call makes a new
 * table (with its own rate limiters); /api/openapi.json describes the very table it belongs to.
 */
export function apiRoutes(): Hono<AppEnv> {
  const api = new Hono<AppEnv>()
    .route('/health', healthRoutes)
    .route('/ready', readyRoutes)
    .route('/', authRoutes)
    .route('/users', userRoutes)
    .route('/invitations', invitationRoutes)
    .route('/password-reset', passwordResetRoutes())
    .route('/cities', cityRoutes)
    .route('/posts', postRoutes)
    .route('/posts', postBodyRoutes)
    .route('/posts', presenceRoutes())
    .route('/posts', reviewRoutes)
    .route('/hero', heroRoutes)
    .route('/upload', uploadRoutes)
    .route('/media', mediaRoutes)
    .route('/contact', contactRoutes())
    .route('/newsletter/sends', sendRoutes())
    .route('/newsletter', newsletterRoutes())
    .route('/admin', adminRoutes)
    .route('/revisions', revisionRoutes)
    .route('/changes', changeRoutes)
    .route('/trash', trashRoutes)
    .route('/search', searchApiRoutes())
    .route('/redirects', redirectRoutes)
    .route('/webhooks', webhookRoutes)
    .route('/collect', collectRoutes())
    .route('/', insightReportRoutes)
    .route('/pages', sitePageRoutes)
    .route('/', transferRoutes);
  return api.route(
    '/openapi.json',
    openApiRoutes(() => mountedApi(api)),
  );
}

/** The table as the server mounts it, its paths under /api. */
export function mountedApi(api: Hono<AppEnv> = apiRoutes()): Hono<AppEnv> {
  return new Hono<AppEnv>().route('/api', api);
}
