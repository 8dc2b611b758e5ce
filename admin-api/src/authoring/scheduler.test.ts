import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getPostById, insertPost, pendingOutbox } from '@forkcast/content-db';
import { createTempDb, type TempDb } from '@forkcast/content-db/testing';
import { PublicationScheduler } from './scheduler.ts';

const T0 = '2025-01-01T00:00:00.000Z';

describe('PublicationScheduler', () => {
  let handle: TempDb;
  let scheduler: PublicationScheduler;
  beforeEach(async () => {
    handle = await createTempDb();
    scheduler = new PublicationScheduler({ db: handle.db, logger: pino({ level: 'silent' }) });
  });
  afterEach(async () => {
    scheduler.stop();
    await scheduler.idle();
    await handle.cleanup();
  });

  const scheduled = (slug: string, publishAt: string) =>
    insertPost(handle.db, {
      slug,
      title: slug,
      excerpt: '',
      content: 'Body.',
      type: 'post',
      published: false,
      publishAt,
      createdAt: T0,
      updatedAt: T0,
    });

  it('publishes each due post exactly once, dated with its scheduled time, even when asked twice at once', async () => {
    const due = new Date(Date.now() - 1000).toISOString();
    const id = await scheduled('due', due);
    const later = await scheduled('later', new Date(Date.now() + 60 * 60 * 1000).toISOString());
    const counts = await Promise.all([scheduler.publishDue(), scheduler.publishDue()]);
    expect(counts.sort()).toEqual([0, 1]);
    expect(await getPostById(handle.db, id)).toMatchObject({ status: 'published', publishedAt: due, publishAt: null });
    expect((await getPostById(handle.db, later))!.status).toBe('scheduled');
    expect((await pendingOutbox(handle.db)).flatMap((entry) => entry.tags)).toContain(`post:${id}`);
  });

  it('wakes up at the next scheduled time by itself', async () => {
    const id = await scheduled('soon', new Date(Date.now() + 300).toISOString());
    scheduler.reschedule();
    const deadline = Date.now() + 5000;
    while ((await getPostById(handle.db, id))!.status !== 'published' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect((await getPostById(handle.db, id))!.status).toBe('published');
  });
});
