import PQueue from 'p-queue';
import { errors } from '../errors.ts';

export interface ImageQueueOptions {
  /** Images processed at the same time. */
  concurrency?: number;
  /** Images that may wait for a turn; one more is refused with 503. */
  maxWaiting?: number;
}

/** Seconds a refused upload is told to wait before trying again. */
const RETRY_AFTER_S = 5;

/**
 * Bounds image processing: at most `concurrency` images decode at once and `maxWaiting` wait, so a
 * burst of large uploads costs a bounded amount of memory; an upload beyond that is refused with a
 * 503 and Retry-After instead of piling up.
 */
export class ImageQueue {
  private readonly queue: PQueue;
  /** Images running or waiting; counted here so a refusal never depends on when the queue starts a job. */
  private admitted = 0;
  private readonly capacity: number;

  constructor(options: ImageQueueOptions = {}) {
    const concurrency = options.concurrency ?? 2;
    this.queue = new PQueue({ concurrency });
    this.capacity = concurrency + (options.maxWaiting ?? 6);
  }

  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.admitted >= this.capacity) {
      throw errors.busy('Other images are being processed; try this one again in a few seconds.', RETRY_AFTER_S);
    }
    this.admitted++;
    try {
      return await this.queue.add(job);
    } finally {
      this.admitted--;
    }
  }
}
