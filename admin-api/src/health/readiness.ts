import { statfs } from 'node:fs/promises';
import {
  countFailedPublishes,
  countPendingOutbox,
  insightStorage,
  oldestPendingOutbox,
  recentPublishes,
  type Db,
} from '@forkcast/content-db';
import { listBackups } from '../backups/backups.ts';
import type { BackupConfig } from '../config.ts';
import type { Mailer } from '../mail/mailer.ts';

/** Past these, something needs an operator. */
const READINESS_LIMITS = {
  /** A write publishes before it answers, so a change still waiting this long means publishing is failing. */
  pendingMs: 2 * 60 * 1000,
  /** Below this, the next publish or backup may fail for want of space. */
  freeBytes: 100 * 1024 * 1024,
  /** With BACKUP_INTERVAL set, the newest backup may be this many intervals old. */
  backupIntervals: 2,
  /** Messages waiting to be sent: more means the mail server is not taking them. */
  mailSending: 100,
} as const;

type Status = 'ok' | 'failing';
const CHECKS = ['database', 'publishing', 'disk', 'mail', 'backups'] as const;
type CheckName = (typeof CHECKS)[number];

interface Check {
  status: Status;
  /** What an operator needs to act; shown to a signed-in admin only. */
  details: Record<string, unknown>;
}

/** GET /api/ready: for anyone, the verdict and each check's status; for the admin, each check's details too. */
export interface Readiness {
  status: Status;
  checks: Record<CheckName, Status>;
  details?: Record<CheckName, Record<string, unknown>>;
}

export interface ReadinessInputs {
  db: Db;
  siteDir: string;
  mailer: Pick<Mailer, 'transport' | 'sending'>;
  backup: BackupConfig;
  now?: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const seconds = (ms: number) => Math.round(ms / 1000);
const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

async function database(db: Db): Promise<Check> {
  try {
    await db.selectFrom('settings').select('key').limit(1).execute();
    // Raw page views stay bounded by housekeeping's 48-hour deletion; the daily totals grow by days.
    return { status: 'ok', details: { insights: await insightStorage(db) } };
  } catch (error) {
    return { status: 'failing', details: { error: message(error) } };
  }
}

async function publishing(db: Db, now: number): Promise<Check> {
  const [pending, oldest, [last], failuresLastDay] = await Promise.all([
    countPendingOutbox(db),
    oldestPendingOutbox(db),
    recentPublishes(db, 1),
    countFailedPublishes(db, new Date(now - DAY_MS).toISOString()),
  ]);
  const oldestPendingMs = oldest === undefined ? 0 : now - Date.parse(oldest);
  const lastFailed = last !== undefined && last.error !== null;
  return {
    status: oldestPendingMs > READINESS_LIMITS.pendingMs || lastFailed ? 'failing' : 'ok',
    details: {
      pendingChanges: pending,
      oldestPendingSeconds: seconds(oldestPendingMs),
      lastPublish: last
        ? {
            at: last.startedAt,
            ageSeconds: seconds(now - Date.parse(last.startedAt)),
            pagesChanged: last.pagesChanged,
            ms: last.durationMs,
            error: last.error,
          }
        : null,
      failuresLastDay,
    },
  };
}

async function disk(siteDir: string): Promise<Check> {
  try {
    const stats = await statfs(siteDir);
    const freeBytes = stats.bavail * stats.bsize;
    return {
      status: freeBytes < READINESS_LIMITS.freeBytes ? 'failing' : 'ok',
      details: { siteDir, freeBytes, totalBytes: stats.blocks * stats.bsize },
    };
  } catch (error) {
    return { status: 'failing', details: { siteDir, error: message(error) } };
  }
}

async function backups(backup: BackupConfig, now: number): Promise<Check> {
  const [newest] = await listBackups(backup.dir);
  const ageMs = newest ? now - newest.takenAt.getTime() : undefined;
  const overdue = backup.intervalMs !== undefined && (ageMs === undefined || ageMs > backup.intervalMs * READINESS_LIMITS.backupIntervals);
  return {
    status: overdue ? 'failing' : 'ok',
    details: {
      dir: backup.dir,
      intervalSeconds: backup.intervalMs === undefined ? null : seconds(backup.intervalMs),
      newest: newest ? { at: newest.takenAt.toISOString(), ageSeconds: seconds(ageMs!) } : null,
    },
  };
}

/**
 * The deep health check: the database answers, changes get published, the site folder's disk has
 * room, mail is not piling up, and backups are taken when they should be. Any failing check makes
 * the whole answer failing. Details (paths, errors, sizes) are for the admin only.
 */
export async function readiness(inputs: ReadinessInputs, withDetails: boolean): Promise<Readiness> {
  const now = inputs.now ?? Date.now();
  const dbCheck = await database(inputs.db);
  const results: Record<CheckName, Check> = {
    database: dbCheck,
    publishing:
      dbCheck.status === 'ok'
        ? await publishing(inputs.db, now)
        : { status: 'failing', details: { error: 'the database does not answer' } },
    disk: await disk(inputs.siteDir),
    mail: {
      status: inputs.mailer.sending > READINESS_LIMITS.mailSending ? 'failing' : 'ok',
      details: { transport: inputs.mailer.transport, sending: inputs.mailer.sending },
    },
    backups: await backups(inputs.backup, now),
  };
  const checks = Object.fromEntries(CHECKS.map((name) => [name, results[name].status])) as Record<CheckName, Status>;
  return {
    status: CHECKS.every((name) => checks[name] === 'ok') ? 'ok' : 'failing',
    checks,
    ...(withDetails ? { details: Object.fromEntries(CHECKS.map((name) => [name, results[name].details])) as Readiness['details'] } : {}),
  };
}
