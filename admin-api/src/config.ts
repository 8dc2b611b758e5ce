import { compile as compileTrust } from 'proxy-addr';
import { z } from 'zod';
import { configProblem, httpUrlEnv as httpUrl, optionalEnv as optional, siteEnvShape } from '@forkcast/content-db/site-config';

const TRUST_PROXY_PROBLEM = 'must be a number of proxy hops or a list of addresses and CIDR ranges';

/**
 * TRUST_PROXY: a number of proxy hops in front of the server, or a comma-separated list of the
 * proxies' addresses, CIDR ranges or proxy-addr's names (loopback, linklocal, uniquelocal).
 * Unset or 0: no proxy is trusted.
 */
const trustProxyEnv = z.string().transform((value, ctx): TrustProxy | undefined => {
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) === 0 ? undefined : Number(text);
  const list = text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  try {
    compileTrust(list);
  } catch (error) {
    ctx.addIssue({ code: 'custom', message: `${TRUST_PROXY_PROBLEM}: ${(error as Error).message}` });
    return z.NEVER;
  }
  return list;
});

const envSchema = z
  .object({
    PORT: optional(z.coerce.number({ error: 'must be a port number' }).int('must be a whole number').min(0).max(65535).default(4321)),
    HOST: optional(z.string().default('127.0.0.1')),
    ...siteEnvShape,
    UPLOAD_DIR: optional(z.string().default('data/uploads')),
    ADMIN_EMAIL: optional(z.email({ error: 'must be an email address' }).optional()),
    ADMIN_PASSWORD: optional(z.string().min(12, 'must be at least 12 characters').optional()),
    PURGE_WEBHOOK_URL: optional(httpUrl.optional()),
    TRUST_PROXY: optional(trustProxyEnv.optional()),
  })
  .superRefine((env, ctx) => {
    if (env.ADMIN_EMAIL !== undefined && env.ADMIN_PASSWORD === undefined) {
      ctx.addIssue({ code: 'custom', path: ['ADMIN_PASSWORD'], message: 'must be set when ADMIN_EMAIL is' });
    }
    if (env.ADMIN_PASSWORD !== undefined && env.ADMIN_EMAIL === undefined) {
      ctx.addIssue({ code: 'custom', path: ['ADMIN_EMAIL'], message: 'must be set when ADMIN_PASSWORD is' });
    }
  });

/** The server's configuration, validated once at start-up. */
export interface Config {
  port: number;
  host: string;
  publicHost: string;
  databasePath: string;
  uploadDir: string;
  siteName: string;
  admin?: { email: string; password: string };
  purgeWebhookUrl?: string;
  /** Which proxies' X-Forwarded-For to believe: a number of hops, or their addresses and ranges. */
  trustProxy?: TrustProxy;
}

export type TrustProxy = number | string[];

/** Thrown for bad configuration; its message is the one line an operator needs. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads the configuration from environment variables; throws a ConfigError naming the bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) throw new ConfigError(configProblem(parsed.error, env, ['ADMIN_PASSWORD']));
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    publicHost: e.PUBLIC_HOST,
    databasePath: e.DATABASE_PATH,
    uploadDir: e.UPLOAD_DIR,
    siteName: e.SITE_NAME,
    ...(e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { admin: { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD } } : {}),
    ...(e.PURGE_WEBHOOK_URL ? { purgeWebhookUrl: e.PURGE_WEBHOOK_URL } : {}),
    ...(e.TRUST_PROXY !== undefined ? { trustProxy: e.TRUST_PROXY } : {}),
  };
}
