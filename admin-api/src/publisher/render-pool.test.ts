import { describe, expect, it } from 'vitest';
import type { PageJob } from './page-job.ts';
import { JobQueue, SharedJobQueue } from './render-pool.ts';

const JOBS: PageJob[] = [
  { route: '/', previousHash: undefined, durable: false },
  { route: '/kyoto/café-über-ramen', previousHash: 'a'.repeat(64), durable: true },
  { route: '/tags/izakaya/', previousHash: 'b1', durable: false, mayBeGone: true },
  { route: '/guides/page/2', previousHash: undefined, durable: true },
];

describe('JobQueue shared with worker threads', () => {
  it('hands every job out once, in order, whichever side takes it, and each as it was', () => {
    const queue = new JobQueue(JOBS);
    // A worker is started with a structured clone of the shared views: the same memory, new objects.
    const { bytes, ends } = structuredClone(queue.shared());
    const next = structuredClone(queue.next);
    const [first, second] = [new SharedJobQueue({ bytes, ends }, next), new SharedJobQueue({ bytes, ends }, next)];
    const taken = [first.take(), queue.take(), second.take(), first.take(), second.take(), queue.take(), first.take()];
    expect(taken).toEqual([...JOBS, undefined, undefined, undefined]);
  });

  it('shares no job when there is none to take', () => {
    const queue = new JobQueue([]);
    expect(new SharedJobQueue(queue.shared(), queue.next).take()).toBeUndefined();
    expect(queue.take()).toBeUndefined();
  });
});
