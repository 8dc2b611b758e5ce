import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildId } from './render-site.ts';

describe('buildId', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('names the same build the same however its folder is spelled, and tells apart changed files and names', async () => {
    dir = mkdtempSync(join(tmpdir(), 'forkcast-build-'));
    mkdirSync(join(dir, 'chunks'));
    writeFileSync(join(dir, 'entry.mjs'), 'export {};');
    writeFileSync(join(dir, 'chunks', 'page.mjs'), 'export const page = 1;');
    const id = await buildId(dir);
    expect(await buildId(relative(process.cwd(), dir))).toBe(id);
    expect(await buildId(`${dir}/`)).toBe(id);

    renameSync(join(dir, 'chunks', 'page.mjs'), join(dir, 'chunks', 'other.mjs'));
    const renamed = await buildId(dir);
    expect(renamed).not.toBe(id);
    writeFileSync(join(dir, 'chunks', 'other.mjs'), 'export const page = 2;');
    expect(await buildId(dir)).not.toBe(renamed);
  });
});
