/**
 * @forkcast/admin-api/offline: what the command-line tools (make build, backup, restore, export,
 * compile, nginx-config, admin-password) use, without the HTTP server, its routes, mail and image
 * processing, so a tool starts in about half the time the whole package takes to load.
 */
export { ConfigError, loadConfig, type Config } from './config.ts';
export { configurationDoc } from './config-docs.ts';
export { StartupError } from './startup-error.ts';
export { hashPassword } from './auth/passwords.ts';
export { distPaths, ensureFullRender } from './publisher/site-build.ts';
export { takeBackup } from './backups/backups.ts';
export { restoreBackup, RestoreRefused } from './backups/restore.ts';
export { exportSite, ExportRefused } from './export/export-site.ts';
export { newBuildDir, promoteBuild } from './releases/releases.ts';
