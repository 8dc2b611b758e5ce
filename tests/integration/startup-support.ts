import { cpSync, mkdirSync, mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BUILT, copyBuiltAssets } from './support.ts';

/** What `make start` runs. */
export const START = join(import.meta.dirname, '..', '..', 'scripts', 'start.ts');

/**
 * A work dir laid out as `make start` expects: dist/server from the build, dist/client with the
 * built assets, and the nginx security headers the build wrote beside them.
 */
export function workDirWithBuild(): string {
  const workDir = mkdtempSync(join(tmpdir(), 'forkcast-start-'));
  mkdirSync(join(workDir, 'dist'));
  symlinkSync(BUILT.serverDir, join(workDir, 'dist', 'server'));
  copyBuiltAssets(join(workDir, 'dist', 'client'));
  cpSync(join(BUILT.distDir, 'security-headers.conf'), join(workDir, 'dist', 'security-headers.conf'));
  return workDir;
}
