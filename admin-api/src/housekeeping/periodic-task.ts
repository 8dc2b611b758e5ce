import type { Logger } from 'pino';
import type { Db } from '@forkcast/content-db';

const HOUR_MS = 60 * 60 * 1000;

/**
 * A chore the server runs at start and then on a timer (hourly unless told otherwise): a subclass
 * says what `run` does and how a failure reads in the log. The timer never keeps the process
 * alive, and a failed run is logged and tried again at the next tick.
 */
export abstract class PeriodicTask<Result> {
  protected readonly db: Db;
  protected readonly logger: Logger;
  readonly #everyMs: number;
  #timer: NodeJS.Timeout | undefined;

  constructor(options: { db: Db; logger: Logger; everyMs?: number }) {
    this.db = options.db;
    this.logger = options.logger;
    this.#everyMs = options.everyMs ?? HOUR_MS;
  }

  /** Does the chore once, now (or as if at `now`). */
  abstract run(now?: Date): Promise<Result>;

  /** The log message of a run that failed. */
  protected abstract readonly failure: string;

  start(): void {
    this.#timer ??= setInterval(() => {
      this.run().catch((error: unknown) => this.logger.error({ err: error }, this.failure));
    }, this.#everyMs).unref();
  }

  stop(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
  }
}
