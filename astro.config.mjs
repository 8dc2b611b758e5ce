// @ts-check
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import node from '@astrojs/node';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
import { HEADERS_FILE, headersFileText, nginxHeadersText } from '@forkcast/shared/security-headers';
import { BEACON_SCRIPT } from './site/lib/beacon-script.ts';
import { HEAD_SCRIPT } from './site/lib/head-script.ts';

/** A CSP hash source of a script's text, as Astro computes its own. */
const scriptHash = (/** @type {string} */ text) => `sha256-${createHash('sha256').update(text).digest('base64')}`;

/**
 * @astrojs/node in middleware mode, with our own server entry: it re-exports the adapter's Node
 * handler and adds `render(request, locals)`, which the publisher calls to turn a route into HTML
 * without any HTTP in between (see site/server-entry.ts).
 */
function nodeWithRender() {
  const adapter = node({ mode: 'middleware' });
  const configDone = adapter.hooks['astro:config:done'];
  return {
    ...adapter,
    hooks: {
      ...adapter.hooks,
      /** @param {Parameters<NonNullable<typeof configDone>>[0]} params */
      'astro:config:done': (params) =>
        configDone?.({
          ...params,
          setAdapter: (settings) =>
            params.setAdapter({
              ...settings,
              serverEntrypoint: fileURLToPath(new URL('./site/server-entry.ts', import.meta.url)),
            }),
        }),
    },
  };
}

/**
 * Pages and the publisher must share one content-db module: repository reads record their tags in
 * its AsyncLocalStorage, which only works if both sides load the same instance. So the server
 * bundle imports the workspace package at run time instead of carrying its own copy.
 */
function externalContentDb() {
  return {
    name: 'forkcast:external-content-db',
    enforce: /** @type {const} */ ('pre'),
    /**
     * @this {{ environment?: { name: string } }}
     * @param {string} id
     */
    resolveId(id) {
      if (this.environment?.name !== 'client' && /^@forkcast\/content-db(?:\/|$)/.test(id)) return { id, external: true };
      return null;
    },
  };
}

/** `client:interaction` (site/islands/shared/interaction-directive.ts): hydrate on first pointer, touch or focus. */
function interactionDirective() {
  return {
    name: 'forkcast:client-interaction',
    hooks: {
      /** @param {{ addClientDirective: (directive: { name: string; entrypoint: string }) => void }} params */
      'astro:config:setup': ({ addClientDirective }) =>
        addClientDirective({
          name: 'interaction',
          entrypoint: fileURLToPath(new URL('./site/islands/shared/interaction-directive.ts', import.meta.url)),
        }),
    },
  };
}

/**
 * Writes the site's security headers beside it once the build is done: `_headers` in the site
 * folder (static hosts read it; so does our server) and `security-headers.conf` next to the folder
 * for nginx. Astro's CSP support (security.csp below) hashes every inline script the build can emit
 * (its island loader and directives, the small page scripts it inlines, and our head script), but
 * it would deliver the policy as a header of each rendered response, which the publisher's files
 * do not keep, or as a <meta> element, where frame-ancestors does nothing. So the hashes are taken
 * from its manifest instead, leaving out those of the bundled script files, which `'self'` allows.
 */
function securityHeadersFiles() {
  /** @type {string[] | undefined} */
  let hashes;
  return {
    name: 'forkcast:security-headers',
    hooks: {
      /** @param {{ manifest: { csp?: { scriptDirective: { hashes: (string | { hash: string })[] } } } }} params */
      'astro:build:ssr': ({ manifest }) => {
        hashes = manifest.csp?.scriptDirective.hashes.map((entry) => (typeof entry === 'string' ? entry : entry.hash));
      },
      /** @param {{ dir: URL }} params */
      'astro:build:done': async ({ dir }) => {
        if (!hashes) throw new Error('forkcast:security-headers needs security.csp, which gives it the hashes of the inline scripts');
        const bundle = new URL('_astro/', dir);
        const files = (await readdir(bundle)).filter((file) => /\.m?js$/.test(file));
        const bundled = new Set(await Promise.all(files.map(async (file) => scriptHash(await readFile(new URL(file, bundle), 'utf8')))));
        const inline = hashes.filter((hash) => !bundled.has(hash));
        await writeFile(new URL(HEADERS_FILE, dir), headersFileText(inline));
        await writeFile(new URL('../security-headers.conf', dir), nginxHeadersText(inline));
      },
    },
  };
}

export default defineConfig({
  srcDir: './site',
  output: 'server',
  adapter: nodeWithRender(),
  ...(process.env.FORKCAST_OUT_DIR ? { outDir: process.env.FORKCAST_OUT_DIR } : {}),
  // The benchmark keeps its builds' caches apart from the project's.
  ...(process.env.FORKCAST_CACHE_DIR ? { cacheDir: process.env.FORKCAST_CACHE_DIR } : {}),
  integrations: [react(), interactionDirective(), securityHeadersFiles()],
  session: false,
  security: {
    csp: {
      algorithm: 'SHA-256',
      scriptDirective: { hashes: [HEAD_SCRIPT, BEACON_SCRIPT].map((text) => /** @type {`sha256-${string}`} */ (scriptHash(text))) },
    },
  },
  trailingSlash: 'ignore',
  // The site's shared stylesheet is linked, hashed and cached for good; a page's own small styles
  // stay inline ('auto'). Inlined, it saved the first page a reader opens one render-blocking
  // request, but every page carried it and every publish compressed it twice more; linked, pages
  // and full builds are smaller and faster with the same Lighthouse scores (docs/performance.md).
  build: { format: 'directory', inlineStylesheets: 'auto' },
  devToolbar: { enabled: false },
  vite: { plugins: [externalContentDb()] },
});
