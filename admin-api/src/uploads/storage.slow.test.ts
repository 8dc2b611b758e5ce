import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing.ts';

const isRoot = process.getuid?.() === 0;

/** A photo-like JPEG (noise does not compress), so its processed files take real room. */
async function noisyJpeg(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 1) pixels[i] = (i * 2654435761) >>> 24;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

// A real full disk: a 1 MB tmpfs as the upload folder, which only root may mount.
describe.skipIf(!isRoot)('an upload on a full disk (mounts a 1 MB tmpfs, so it runs as root only)', () => {
  let t: TestApp | undefined;
  let mount: string | undefined;
  afterEach(async () => {
    await t?.cleanup();
    if (mount) {
      execFileSync('umount', [mount]);
      rmSync(mount, { recursive: true, force: true });
    }
  });

  it('answers 507 saying what happened, and leaves neither a temporary file nor a part of the image', async () => {
    mount = mkdtempSync(join(tmpdir(), 'forkcast-full-'));
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', mount]);
    // Most of the room is taken, so the image's files fill the rest part way through.
    writeFileSync(join(mount, 'other-upload.jpg'), Buffer.alloc(800 * 1024, 1));
    t = await createTestApp({ env: { UPLOAD_DIR: mount } });
    const cookie = await t.signIn();
    const form = new FormData();
    form.append('image', new File([new Uint8Array(await noisyJpeg(1200, 800))], 'photo.jpg', { type: 'image/jpeg' }));

    for (let attempt = 0; attempt < 2; attempt += 1) {
      const response = await t.request('/api/upload', { method: 'POST', body: form, cookie });
      expect(response.status).toBe(507);
      expect(await response.json()).toEqual({
        code: 'insufficient_storage',
        message: 'The server has no room left to store this image; nothing was saved. Ask whoever runs it to free some disk space.',
      });
      expect(readdirSync(mount)).toEqual(['other-upload.jpg']);
    }
  }, 60_000);
});
