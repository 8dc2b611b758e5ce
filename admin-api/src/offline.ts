/**
 * @forkcast/admin-api/offline: what the command-line tools (make build, backup, restore, export,
 * compile, nginx-config, admin-password, sync-bucket) use, without the HTTP server, its routes, mail and image
 * processing, so a tool starts in about half the time the whole package takes to load.
 */
export { ConfigError, loadConfig, type Config } from './config.ts';
export { configurationDoc } from './config-docs.ts';

/**
 * docs/api.md and docs/openapi.json, made from the API's route table. Loaded only when asked for:
 * the route table is the whole API, which the other tools here never need.
 */
export async function apiDocPages(): Promise<Record<'api.md' | 'openapi.json', string>> {
  const { apiDocPages: pages } = await import('./openapi/markdown.ts');
  return pages();
}
export { StartupError } from './startup-error.ts';
export { hashPassword } from './auth/passwords.ts';
export { setOrCreate } from './auth/bootstrap-admin.ts';
export { distPaths, ensureFullRender } from './publisher/site-build.ts';
export { ensureLibraryCards } from './social-cards/library.ts';
export { takeBackup } from './backups/backups.ts';
export { restoreBackup, RestoreRefused } from './backups/restore.ts';
export { exportSite, ExportRefused } from './export/export-site.ts';
export { newBuildDir, promoteBuild } from './releases/releases.ts';
export { syncBuckets, SyncRefused, type SyncReport } from './bucket/sync-bucket.ts';
