import type { Logger } from 'pino';
import { purgeUnconfirmed, type Db } from '@forkcast/content-db';
import { CONFIRMATION_VALID_MS } from './links.ts';

const EVERY_MS = 60 * 60 * 1000;

/**
 * Deletes the sign-ups nobody confirmed once their last confirmation link has expired: at start,
 * then hourly. An address nobody confirmed is not kept.
 */
export class UnconfirmedPurge {
  readonly #db: Db;
  readonly #logger: Logger;
  #timer: NodeJS.Timeout | undefined;

  constructor(options: { db: Db; logger: Logger }) {
    this.#db = options.db;
    this.#logger = options.logger;
  }

  /** Purges now; returns how many sign-ups went. */
  async run(now: Date = new Date()): Promise<number> {
    const purged = await purgeUnconfirmed(this.#db, new Date(now.getTime() - CONFIRMATION_VALID_MS).toISOString());
    if (purged > 0) this.#logger.info({ purged }, 'deleted newsletter sign-ups never confirmed');
    return purged;
  }

  start(): void {
    this.#timer ??= setInterval(() => {
      this.run().catch((error: unknown) => this.#logger.error({ err: error }, 'could not purge unconfirmed sign-ups'));
    }, EVERY_MS).unref();
  }

  stop(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
  }
}
