import { purgeExpired, type PurgeResult } from '@forkcast/content-db';
import { PeriodicTask } from '../housekeeping/periodic-task.ts';

/**
 * Keeps history and trash within their retention: at start, then hourly, it purges what has been in
 * the trash for 30 days, the history of what is gone for good, and each entity's revisions beyond
 * the newest 50 that are older than 30 days.
 */
export class RetentionSweep extends PeriodicTask<PurgeResult> {
  protected readonly failure = 'could not purge expired trash and revisions';

  /** Sweeps now; returns how many trash items and revisions went. */
  async run(now: Date = new Date()): Promise<PurgeResult> {
    const purged = await purgeExpired(this.db, now.toISOString());
    if (purged.trash + purged.revisions > 0) this.logger.info(purged, 'purged expired trash and revisions');
    return purged;
  }
}
