import { fileURLToPath } from 'node:url';
import { getViteConfig } from 'astro/config';

const astroVite = getViteConfig(
  { test: { name: 'components', include: ['site/components/**/*.test.ts'] } },
  { root: fileURLToPath(new URL('..', import.meta.url)), logLevel: 'warn' },
);
type ViteConfig = Awaited<ReturnType<typeof astroVite>>;
type Plugin = NonNullable<ViteConfig['plugins']>[number];

// Astro components compile only through Astro's own Vite setup, so their tests get a project of
// their own built from astro.config.mjs. One plugin of it is left out: it keeps content-db outside
// the server bundle so pages share the publisher's instance, but Vitest's module runner cannot load
// such an externalised workspace import, and a test has only one instance anyway.
export default async (env: Parameters<typeof astroVite>[0]): Promise<ViteConfig> => {
  const config = await astroVite(env);
  const keep = (plugin: Plugin): boolean =>
    !(plugin && typeof plugin === 'object' && 'name' in plugin && plugin.name === 'forkcast:external-content-db');
  return { ...config, plugins: (config.plugins ?? []).flat(Infinity as 1).filter(keep) };
};
