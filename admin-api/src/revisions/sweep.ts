import type { Logger } from 'pino';
import { purgeExpired, type Db, type PurgeResult } from '@forkcast/content-db';

const EVERY_MS = 60 * 60 * 1000;

/**
 * Keeps history and trash within their retention: at start, then hourly, it purges what has been in
 * the trash for 30 days, the history of what is gone for good, and each entity's revisions beyond
 * the newest 50 that are older than 30 days.
 */
export class RetentionSweep {
  readonly #db: Db;
  readonly #logger: Logger;
  #timer: NodeJS.Timeout | undefined;

  constructor(options: { db: Db; logger: Logger }) {
    this.#db = options.db;
    this.#logger = options.logger;
  }

  /** Sweeps now; returns how many trash items and revisions went. */
  async run(now: Date = new Date()): Promise<PurgeResult> {
    const purged = await purgeExpired(this.#db, now.toISOString());
    if (purged.trash + purged.revisions > 0) this.#logger.info(purged, 'purged expired trash and revisions');
    return purged;
  }

  start(): void {
    this.#timer ??= setInterval(() => {
      this.run().catch((error: unknown) => this.#logger.error({ err: error }, 'could not purge expired trash and revisions'));
    }, EVERY_MS).unref();
  }

  stop(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
  }
}
