import { z } from 'zod';

/** An empty variable counts as unset, so `PORT= make start` behaves like no PORT at all. */
export const optionalEnv = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema);
export const httpUrlEnv = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });

/**
 * The environment variables the pages depend on, with their defaults. The server's configuration
 * extends these, and the site's own entry points (`astro dev`, the benchmark's static build) read
 * them here too, so both sides agree on every default and rule.
 */
export const siteEnvShape = {
  PUBLIC_HOST: optionalEnv(httpUrlEnv.default('http://localhost:4321')).transform((url) => url.replace(/\/+$/, '')),
  DATABASE_PATH: optionalEnv(z.string().default('data/content.db')),
  SITE_NAME: optionalEnv(z.string().trim().min(1, 'must not be blank').default('Forkcast')),
  // Where pages send their page-view beacon; unset, the origin that serves them.
  INSIGHTS_ORIGIN: optionalEnv(httpUrlEnv.optional()).transform((url) => (url ? new URL(url).origin : '')),
};

export interface SiteConfig {
  /** Canonical origin, without a trailing slash. */
  publicHost: string;
  databasePath: string;
  /** The product name: suffix of every title. */
  siteName: string;
  /** The origin of /api/collect for the page beacon; '' for the pages' own. */
  insightsOrigin: string;
}

/** The one line that names a bad variable, e.g. `Invalid configuration: PORT must be a port number (got "x")`. */
export function configProblem(error: z.ZodError, env: Record<string, string | undefined>, secret: readonly string[] = []): string {
  const issue = error.issues[0]!;
  const name = String(issue.path[0] ?? 'environment');
  const value = env[name];
  const shown = secret.includes(name) || value === undefined ? '' : ` (got "${value}")`;
  return `Invalid configuration: ${name} ${issue.message}${shown}`;
}

/** Reads the site's part of the configuration; throws an Error whose message names the bad variable. */
export function loadSiteConfig(env: Record<string, string | undefined> = process.env): SiteConfig {
  const parsed = z.object(siteEnvShape).safeParse(env);
  if (!parsed.success) throw new Error(configProblem(parsed.error, env));
  return {
    publicHost: parsed.data.PUBLIC_HOST,
    databasePath: parsed.data.DATABASE_PATH,
    siteName: parsed.data.SITE_NAME,
    insightsOrigin: parsed.data.INSIGHTS_ORIGIN,
  };
}
