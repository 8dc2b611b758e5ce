import { purgeUnconfirmed } from '@forkcast/content-db';
import { CONFIRMATION_VALID_MS } from './links.ts';
import { PeriodicTask } from '../housekeeping/periodic-task.ts';

/**
 * Deletes the sign-ups nobody confirmed once their last confirmation link has expired: at start,
 * then hourly. An address nobody confirmed is not kept.
 */
export class UnconfirmedPurge extends PeriodicTask<number> {
  protected readonly failure = 'could not purge unconfirmed sign-ups';

  /** Purges now; returns how many sign-ups went. */
  async run(now: Date = new Date()): Promise<number> {
    const purged = await purgeUnconfirmed(this.db, new Date(now.getTime() - CONFIRMATION_VALID_MS).toISOString());
    if (purged > 0) this.logger.info({ purged }, 'deleted newsletter sign-ups never confirmed');
    return purged;
  }
}
