import { existsSync, mkdirSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deploymentEnv, runScript } from './server-process.ts';
import { workDirWithBuild } from './startup-support.ts';

// `make export TO=` a folder it copies from, or one beside the database, is refused by the
// script with one line before it writes anything: the copy would otherwise be served under
// /uploads, backed up with the uploads, or copied into itself.

describe('make export TO= a folder of the deployment', () => {
  const work = workDirWithBuild();
  const env = deploymentEnv(work);
  /** Every path under the work dir, to see that a refused export wrote nothing. */
  const everything = () => readdirSync(work, { recursive: true }).map(String).sort();

  beforeAll(async () => {
    const build = await runScript('build.ts', [], work, env);
    expect(build.code, build.stderr).toBe(0);
    mkdirSync(env.UPLOAD_DIR!, { recursive: true });
    writeFileSync(join(env.UPLOAD_DIR!, 'abc.jpg'), 'jpeg');
    symlinkSync(env.UPLOAD_DIR!, join(work, 'uploads-link'));
  });

  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it.each([
    ['inside UPLOAD_DIR', 'data/uploads/export', /is inside UPLOAD_DIR/],
    ['that is UPLOAD_DIR', 'data/uploads', /is UPLOAD_DIR/],
    ['inside the site folder', 'dist/client/export', /is inside the site folder/],
    ["beside the database, in the database's folder", 'data/export', /is inside the database's folder/],
    ['reached through a symbolic link into UPLOAD_DIR', 'uploads-link/export', /is inside UPLOAD_DIR/],
    ['that holds the site folder', 'dist', /holds the site folder/],
  ])('refuses a folder %s with one line, writing nothing', async (_case, to, reason) => {
    const before = everything();
    const run = await runScript('export.ts', [to], work, env);
    expect(run.code).toBe(1);
    const lines = run.stderr.trim().split('\n');
    expect(lines, run.stderr).toHaveLength(1);
    expect(lines[0]).toMatch(/^Export refused: /);
    expect(lines[0]).toMatch(reason);
    expect(everything()).toEqual(before);
  });

  it('exports into dist/export, beside the site folder', async () => {
    const run = await runScript('export.ts', [], work, env);
    expect(run.code, run.stderr).toBe(0);
    expect(existsSync(join(work, 'dist', 'export', 'index.html'))).toBe(true);
    expect(existsSync(join(work, 'dist', 'export', 'uploads', 'abc.jpg'))).toBe(true);
  });
});
