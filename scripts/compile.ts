/**
 * `make compile` and `pnpm compile`: `astro build` into a new folder under .builds/, then that build
 * becomes the one `dist` links to, carrying the served site's pages over (admin-api's releases).
 * The site being served is never emptied or half-written, so a host compiles while it serves; the
 * next start renders every page with the new build.
 */
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { relative } from 'node:path';
import { newBuildDir, promoteBuild } from '@forkcast/admin-api/offline';

const root = process.cwd();
const buildDir = newBuildDir(root);
const astro = spawnSync('pnpm', ['exec', 'astro', 'build'], {
  stdio: 'inherit',
  env: { ...process.env, FORKCAST_OUT_DIR: relative(root, buildDir) },
});
if (astro.status !== 0) {
  rmSync(buildDir, { recursive: true, force: true });
  process.exit(astro.status ?? 1);
}
const { carried, removed } = await promoteBuild({ root, buildDir });
console.log(
  `dist now links to ${relative(root, buildDir)}${carried > 0 ? `, with the ${carried} files of the site it served until now` : ''}${
    removed.length > 0 ? `; removed ${removed.length} older ${removed.length === 1 ? 'build' : 'builds'}` : ''
  }.`,
);
