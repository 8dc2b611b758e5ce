// @ts-check
import { fileURLToPath } from 'node:url';
import node from '@astrojs/node';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';

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

export default defineConfig({
  srcDir: './site',
  output: 'server',
  adapter: nodeWithRender(),
  ...(process.env.FORKCAST_OUT_DIR ? { outDir: process.env.FORKCAST_OUT_DIR } : {}),
  // The benchmark keeps its builds' caches apart from the project's.
  ...(process.env.FORKCAST_CACHE_DIR ? { cacheDir: process.env.FORKCAST_CACHE_DIR } : {}),
  integrations: [react(), interactionDirective()],
  session: false,
  trailingSlash: 'ignore',
  // Inlined CSS saves every page a render-blocking request; pages are compressed on the wire.
  build: { format: 'directory', inlineStylesheets: 'always' },
  devToolbar: { enabled: false },
  vite: { plugins: [externalContentDb()] },
});
