import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const PACKAGE = resolve(import.meta.dirname, '..');
// What the site's pages, the islands in the browser and the API may all load.
const ALLOWED = ['zod', '@sindresorhus/slugify'];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

const importsOf = (file: string): string[] =>
  [...readFileSync(file, 'utf8').matchAll(/^\s*(?:import|export)\b[^'"]*?\bfrom\s*['"]([^'"]+)['"]|^\s*import\s*['"]([^'"]+)['"]/gm)].map(
    (match) => (match[1] ?? match[2])!,
  );

describe('@forkcast/shared', () => {
  it('depends on nothing but zod and slugify: no database, no server, no Node built-in', () => {
    const manifest = JSON.parse(readFileSync(join(PACKAGE, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    expect(Object.keys(manifest.dependencies).sort()).toEqual([...ALLOWED].sort());
    const outside = sources(join(PACKAGE, 'src')).flatMap((file) =>
      importsOf(file)
        .filter((specifier) =>
          specifier.startsWith('.') ? !resolve(dirname(file), specifier).startsWith(join(PACKAGE, 'src')) : !ALLOWED.includes(specifier),
        )
        .map((specifier) => `${relative(PACKAGE, file)}: ${specifier}`),
    );
    expect(outside).toEqual([]);
  });

  it('names in its exports every module the site and the API import from it', () => {
    const manifest = JSON.parse(readFileSync(join(PACKAGE, 'package.json'), 'utf8')) as { exports: Record<string, string> };
    for (const target of Object.values(manifest.exports))
      expect(sources(join(PACKAGE, 'src')).map((file) => relative(PACKAGE, file))).toContain(target.slice(2));
  });
});
