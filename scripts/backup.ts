/**
 * `make backup`: an online, consistent backup of the database and the uploads into a new folder of
 * BACKUP_DIR, safe while the server runs and writes; keeps the newest BACKUP_KEEP backups.
 */
import { takeBackup } from '@forkcast/admin-api/offline';
import { configOrExit } from './lib.ts';

const config = configOrExit();
const started = performance.now();
try {
  const { path, manifest } = await takeBackup({
    databasePath: config.databasePath,
    uploadDir: config.uploadDir,
    backupDir: config.backup.dir,
    keep: config.backup.keep,
  });
  const megabytes = (manifest.database.bytes / 1024 / 1024).toFixed(1);
  console.log(
    `Backed up ${config.databasePath} (${megabytes} MB) and ${manifest.uploads.files} upload files into ${path} in ${Math.round(performance.now() - started)} ms.`,
  );
} catch (error) {
  console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
