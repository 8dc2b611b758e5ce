import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { removeStaleUploadTemps } from './storage.ts';

describe('removeStaleUploadTemps', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('removes the temporary files of uploads a crash cut short, and nothing else', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'forkcast-uploads-'));
    dirs.push(dir);
    const kept = ['0123456789abcdef01234567.jpg', '0123456789abcdef01234567-640.webp', 'notes.tmp', '.keep'];
    const stale = ['.0123456789abcdef01234567.jpg.4f1c2b9e-1d2c-4e5f-8a9b-0c1d2e3f4a5b.tmp', '.x.tmp'];
    for (const name of [...kept, ...stale]) writeFileSync(join(dir, name), 'bytes');
    mkdirSync(join(dir, '.folder.tmp'));
    expect(await removeStaleUploadTemps(dir)).toBe(2);
    expect(readdirSync(dir).sort()).toEqual([...kept, '.folder.tmp'].sort());
  });

  it('has nothing to do before the first upload made the folder', async () => {
    expect(await removeStaleUploadTemps(join(tmpdir(), 'forkcast-no-such-folder'))).toBe(0);
  });
});
