import { Worker } from 'node:worker_threads';
import type { Logger } from 'pino';
import type { BackupConfig } from '../config.ts';
import { listBackups, type BackupManifest } from './backups.ts';

export interface PeriodicBackupsOptions {
  databasePath: string;
  uploadDir: string;
  backup: BackupConfig & { intervalMs: number };
  logger: Logger;
}

type WorkerReply = { path: string; manifest: BackupManifest } | { error: string };

/**
 * Takes a backup every BACKUP_INTERVAL while the server runs, keeping the newest BACKUP_KEEP. The
 * first comes one interval after the newest backup already in BACKUP_DIR (at once when that is
 * overdue), so a server restarted more often than its interval still backs up. Each runs on a
 * worker thread; a failure is logged and the next one is tried at the next interval.
 */
export class PeriodicBackups {
  readonly #options: PeriodicBackupsOptions;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<unknown> | undefined;
  #stopped = false;

  constructor(options: PeriodicBackupsOptions) {
    this.#options = options;
  }

  async start(now = Date.now()): Promise<void> {
    const [newest] = await listBackups(this.#options.backup.dir);
    const due = newest ? newest.takenAt.getTime() + this.#options.backup.intervalMs : now;
    this.#schedule(Math.max(0, due - now));
  }

  #schedule(delayMs: number): void {
    if (this.#stopped) return;
    this.#timer = setTimeout(() => {
      this.#running = this.runOnce().finally(() => {
        this.#running = undefined;
        this.#schedule(this.#options.backup.intervalMs);
      });
    }, delayMs).unref();
  }

  /** Takes one backup now; resolves with its folder, or undefined when it failed (and was logged). */
  async runOnce(): Promise<string | undefined> {
    const { databasePath, uploadDir, backup, logger } = this.#options;
    const started = performance.now();
    const worker = new Worker(new URL('./backup-worker.ts', import.meta.url), {
      workerData: { databasePath, uploadDir, backupDir: backup.dir, keep: backup.keep, now: new Date().toISOString() },
    });
    const reply = await new Promise<WorkerReply>((resolve) => {
      worker.once('message', resolve);
      worker.once('error', (error) => resolve({ error: error.message }));
      worker.once('exit', (code) => resolve({ error: `the backup thread stopped (exit code ${code})` }));
    });
    await worker.terminate();
    if ('error' in reply) {
      logger.error({ err: reply.error, backupDir: backup.dir }, 'backup failed; trying again at the next interval');
      return undefined;
    }
    logger.info(
      {
        backup: reply.path,
        databaseBytes: reply.manifest.database.bytes,
        uploads: reply.manifest.uploads.files,
        ms: Math.round(performance.now() - started),
      },
      'backup taken',
    );
    return reply.path;
  }

  /** Stops the timer and waits for a backup in progress to finish. */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    await this.#running;
  }
}
