// @ts-check
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import productConfig from '../../astro.config.mjs';

/**
 * The benchmark's peer: the product's own pages built with Astro's static output and its
 * experimental incremental build. It is kept apart from the product so the shipped pages carry
 * no getStaticPaths. Pages without parameters are the product's files as they are; the pages with
 * parameters are thin wrappers in static-site/pages that render the product page and add the
 * getStaticPaths Astro's static output needs.
 */
const PRODUCT_PAGES = new URL('../../site/pages/', import.meta.url);

/** The product's page files whose route has no parameters, as paths under site/pages. */
function plainPageFiles() {
  return readdirSync(PRODUCT_PAGES, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(?:astro|ts)$/.test(file) && !file.includes('['))
    .sort();
}

/** site/pages file -> route, the way Astro names file-based routes (`admin/index.astro` is `/admin`). */
function routeOf(/** @type {string} */ file) {
  const path = file.replace(/\.(?:astro|ts)$/, '').replace(/(?:^|\/)index$/, '');
  return `/${path}`;
}

function productPlainPages() {
  return {
    name: 'forkcast-bench:product-pages',
    hooks: {
      /** @param {{ injectRoute: (route: { pattern: string; entrypoint: string }) => void }} params */
      'astro:config:setup': ({ injectRoute }) => {
        for (const file of plainPageFiles())
          injectRoute({ pattern: routeOf(file), entrypoint: fileURLToPath(new URL(file, PRODUCT_PAGES)) });
      },
    },
  };
}

// Its pages are prerendered, where Astro's CSP support would add a <meta> policy to each: the
// comparison is of the same pages byte for byte, and the product sends its policy as a header.
const { adapter: _serverAdapter, security: _security, ...shared } = productConfig;
// Without security.csp it has no hashes to write, and the headers are the product's concern.
const notSecurityHeaders = (/** @type {unknown} */ integration) =>
  !(typeof integration === 'object' && integration !== null && 'name' in integration && integration.name === 'forkcast:security-headers');

/** @type {import('astro').AstroUserConfig} */
const config = {
  ...shared,
  srcDir: './scripts/bench/static-site',
  output: 'static',
  outDir: process.env.FORKCAST_OUT_DIR ?? './dist-static',
  experimental: { incrementalBuild: true },
  trailingSlash: 'never',
  integrations: [...(shared.integrations ?? []).filter(notSecurityHeaders), productPlainPages()],
};

export default config;
