import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { writeSiteFile, writeSiteFileSync } from './site-folder.ts';

// A real full disk: a small tmpfs as the site folder, which only root may mount.
describe.skipIf(process.getuid?.() !== 0)('writing a page to a full disk (mounts a 256 kB tmpfs, so it runs as root only)', () => {
  let mount: string | undefined;
  afterEach(() => {
    if (!mount) return;
    execFileSync('umount', [mount]);
    rmSync(mount, { recursive: true, force: true });
    mount = undefined;
  });

  it.each([
    ['', (folder: string, page: Buffer) => writeSiteFile(folder, 'kyoto/index.html', page)],
    [' (blocking)', async (folder: string, page: Buffer) => writeSiteFileSync(folder, 'kyoto/index.html', page, { durable: true })],
  ])('fails with ENOSPC and leaves neither a temporary file nor a stale copy%s', async (_how, write) => {
    mount = mkdtempSync(join(tmpdir(), 'forkcast-full-'));
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=256k', 'tmpfs', mount]);
    mkdirSync(join(mount, 'kyoto'));
    writeFileSync(join(mount, 'kyoto/index.html.br'), 'an older copy');
    // Random bytes do not compress: neither the page nor its copies fit in the room there is.
    const page = randomBytes(300 * 1024);
    await expect(write(mount, page)).rejects.toMatchObject({ code: 'ENOSPC' });
    expect(readdirSync(join(mount, 'kyoto'))).toEqual([]);
  });
});
