/** @forkcast/admin-api: the HTTP server (the /api routes and the static site folder) and the publisher. */
export { createApp, type AppDeps, type AppEnv } from './app.ts';
export type { Publisher, PublishReport } from './context.ts';
export { listen, type RunningServer } from './server.ts';
export { CONFIG_VARIABLES, ConfigError, loadConfig, type Config } from './config.ts';
export { ApiError, errors, type ErrorBody, type ErrorCode } from './errors.ts';
export { LoginThrottle } from './auth/login-throttle.ts';
export { bootstrapAdmin, type AdminBootstrap } from './auth/bootstrap-admin.ts';
export { hashPassword, verifyPassword } from './auth/passwords.ts';
export { distPaths, ensureFullRender, type DistPaths } from './publisher/site-build.ts';
export { routeFile } from './publisher/site-folder.ts';
export { bootServer, StartupError, type Booted } from './boot.ts';
export { createPublishingApp, type PublishingApp, type PublishingAppOptions } from './publishing-app.ts';
export { SitePublisher } from './publisher/publisher.ts';
export { loadRenderer, type Renderer } from './publisher/renderer.ts';
export { purgeWebhook } from './publisher/purge-webhook.ts';
export { takeBackup, listBackups } from './backups/backups.ts';
export { restoreBackup, RestoreRefused } from './backups/restore.ts';
export { exportSite, ExportRefused } from './export/export-site.ts';
