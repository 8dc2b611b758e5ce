/**
 * `make restore FROM=<backup folder>`: puts a backup's database and uploads in place of
 * DATABASE_PATH and UPLOAD_DIR (saving what they held as one more backup first), for a server that
 * is stopped: it is refused while a server holds the database's lease, whatever port that server
 * answers on. The next start renders every page from the restored database.
 */
import { distPaths, restoreBackup, RestoreRefused } from '@forkcast/admin-api/offline';
import { configOrExit } from './lib.ts';

const from = process.argv[2];
if (!from) {
  console.error('Name the backup folder to restore: make restore FROM=data/backups/forkcast-...');
  process.exit(1);
}
const config = configOrExit();

try {
  const { savedAs } = await restoreBackup({
    from,
    databasePath: config.databasePath,
    uploadDir: config.uploadDir,
    backupDir: config.backup.dir,
    renderStateFile: distPaths('dist').stateFile,
  });
  console.log(`Restored ${from} into ${config.databasePath} and ${config.uploadDir}.`);
  if (savedAs) console.log(`What they held before is saved as ${savedAs}.`);
  console.log('The next start renders every page from the restored database.');
} catch (error) {
  if (!(error instanceof RestoreRefused)) throw error;
  console.error(`Restore refused: ${error.message}. Nothing was changed.`);
  process.exit(1);
}
