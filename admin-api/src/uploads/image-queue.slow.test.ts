import sharp from 'sharp';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '../errors.ts';
import { createTestApp, type TestApp } from '../testing.ts';
import { ImageQueue } from './image-queue.ts';
import { processImage } from './process-image.ts';

// A large photo-sized upload: 6000 x 4000 pixels of noise, which compresses badly and decodes big.
let large: Buffer;
beforeAll(async () => {
  large = await sharp({
    create: { width: 6000, height: 4000, channels: 3, background: '#7a5', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
  })
    .jpeg({ quality: 60 })
    .toBuffer();
});

describe('ImageQueue', () => {
  it('processes at most `concurrency` images at once, lets `maxWaiting` wait, and refuses the rest with 503', async () => {
    const queue = new ImageQueue({ concurrency: 2, maxWaiting: 6 });
    let active = 0;
    let most = 0;
    const job = () =>
      queue.run(async () => {
        active++;
        most = Math.max(most, active);
        try {
          return await processImage(new Uint8Array(large));
        } finally {
          active--;
        }
      });
    const outcomes = await Promise.allSettled(Array.from({ length: 9 }, () => Promise.resolve().then(job)));
    expect(most).toBe(2);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(8);
    const refused = outcomes.filter((outcome) => outcome.status === 'rejected').map((outcome) => outcome.reason as ApiError);
    expect(refused.map((error) => [error.status, error.retryAfter])).toEqual([[503, 5]]);
  }, 120_000);
});

describe('uploads under load', () => {
  let t: TestApp;
  afterEach(() => t.cleanup());

  it('answers 503 with Retry-After when the queue is full, and stores nothing for it', async () => {
    t = await createTestApp({ imageQueue: new ImageQueue({ concurrency: 1, maxWaiting: 0 }) });
    const cookie = await t.signIn();
    const upload = () => {
      const form = new FormData();
      form.set('image', new File([new Uint8Array(large)], 'large.jpg', { type: 'image/jpeg' }));
      return t.request('/api/upload', { method: 'POST', body: form, cookie });
    };
    const [first, second] = await Promise.all([upload(), upload()]);
    expect([first.status, second.status].sort()).toEqual([201, 503]);
    const busy = first.status === 503 ? first : second;
    expect(busy.headers.get('retry-after')).toBe('5');
    expect(await busy.json()).toEqual({
      code: 'unavailable',
      message: 'Other images are being processed; try this one again in a few seconds.',
    });
  }, 60_000);
});
