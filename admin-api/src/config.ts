import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { compile as compileTrust } from 'proxy-addr';
import type { LevelWithSilent } from 'pino';
import addressparser from 'nodemailer/lib/addressparser';
import { z } from 'zod';
import { isEmailAddress } from '@forkcast/shared/contracts';
import { configProblem, httpUrlEnv as httpUrl, optionalEnv as optional, siteEnvShape } from '@forkcast/shared/site-config';
import { fullKey, overlapping, parseBucketUrl, type BucketLocation } from './bucket/bucket-url.ts';

const TRUST_PROXY_PROBLEM = 'must be a number of proxy hops or a list of addresses and CIDR ranges';
// More proxies than this in front of one server is a mistyped setting, not a deployment.
const MAX_PROXY_HOPS = 10;
// proxy-addr's names for the ranges of its kind of address.
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address as ipaddr.js writes it, with its bits past `prefix` (if given) cleared. */
function addressBits(address: string, prefix = 128): string {
  const bytes = ipaddr.parse(address).toByteArray();
  const kept = bytes.map((byte, index) => byte & (0xff << (8 - Math.min(8, Math.max(0, prefix - index * 8)))) & 0xff);
  return ipaddr.fromByteArray(kept).toString();
}

/**
 * Why one item of a TRUST_PROXY list names no proxy, or undefined when it names some. Only the
 * plain forms pass: a dotted-quad IPv4 or an IPv6 address, either with a prefix length that leaves
 * no address bits past it, or a name of proxy-addr's. Looser forms that some parsers take (`10.1`,
 * `010.0.0.1`, a netmask, a bare number) are read differently by different programs.
 */
function trustItemProblem(item: string): string | undefined {
  if (item === '') return 'the list has an empty item';
  if (/^\d+$/.test(item)) return `"${item}" in a list is not an address (a number of hops stands alone)`;
  if (NAMED_RANGES.has(item)) return undefined;
  const [, address = '', prefixText] = /^([^/]*)(?:\/(0|[1-9]\d{0,2}))?$/.exec(item) ?? [];
  const family = isIP(address);
  const prefix = prefixText === undefined ? undefined : Number(prefixText);
  if (family === 0 || (prefix !== undefined && prefix > (family === 4 ? 32 : 128))) return `"${item}" is not an address or a CIDR range`;
  if (prefix === undefined) return undefined;
  if (prefix === 0) return `"${item}" would trust every address, so any client could name its own`;
  const start = addressBits(address, prefix);
  if (start !== addressBits(address)) {
    return `"${item}" has bits set past its prefix (the range is ${start}/${prefix}, the address alone ${address})`;
  }
  return undefined;
}

/**
 * TRUST_PROXY: a number of proxy hops in front of the server (at most MAX_PROXY_HOPS), or a
 * comma-separated list of the proxies' addresses, CIDR ranges or proxy-addr's names (loopback,
 * linklocal, uniquelocal); never both. Unset, blank or 0: no proxy is trusted.
 */
const trustProxyEnv = z.string().transform((value, ctx): TrustProxy | undefined => {
  const text = value.trim();
  const refuse = (why: string) => {
    ctx.addIssue({ code: 'custom', message: `${TRUST_PROXY_PROBLEM}: ${why}` });
    return z.NEVER;
  };
  if (text === '') return undefined;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > MAX_PROXY_HOPS) return refuse(`a number of hops is at most ${MAX_PROXY_HOPS}`);
    return hops === 0 ? undefined : hops;
  }
  const list = text.split(',').map((part) => part.trim());
  for (const item of list) {
    const problem = trustItemProblem(item);
    if (problem) return refuse(problem);
  }
  try {
    compileTrust(list);
  } catch (error) {
    return refuse((error as Error).message);
  }
  return list;
});

const DURATION_UNITS_MS = { m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** A duration such as `30m`, `6h` or `1d`, in milliseconds; at least a minute. */
const durationEnv = z.string().transform((value, ctx) => {
  const match = /^\s*(\d+)\s*([mhd])\s*$/.exec(value);
  const ms = match ? Number(match[1]) * DURATION_UNITS_MS[match[2] as keyof typeof DURATION_UNITS_MS] : 0;
  if (ms < DURATION_UNITS_MS.m) {
    ctx.addIssue({ code: 'custom', message: 'must be a duration of at least a minute, like 30m, 6h or 1d' });
    return z.NEVER;
  }
  return ms;
});

/** SITE_BUCKET, UPLOADS_BUCKET: `s3://bucket` or `s3://bucket/prefix`. */
const bucketEnv = z.string().transform((value, ctx): BucketLocation => {
  const parsed = parseBucketUrl(value);
  if ('problem' in parsed) {
    ctx.addIssue({ code: 'custom', message: parsed.problem });
    return z.NEVER;
  }
  return parsed;
});

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const satisfies readonly LevelWithSilent[];

const envSchema = z
  .object({
    PORT: optional(z.coerce.number({ error: 'must be a port number' }).int('must be a whole number').min(0).max(65535).default(4321)),
    HOST: optional(z.string().default('127.0.0.1')),
    ...siteEnvShape,
    UPLOAD_DIR: optional(z.string().default('data/uploads')),
    ADMIN_EMAIL: optional(z.string().trim().refine(isEmailAddress, 'must be an email address').optional()),
    ADMIN_PASSWORD: optional(z.string().min(12, 'must be at least 12 characters').optional()),
    PURGE_WEBHOOK_URL: optional(httpUrl.optional()),
    PURGE_WEBHOOK_SECRET: optional(z.string().min(16, 'must be at least 16 characters').optional()),
    WEBHOOK_ALLOW_PRIVATE: optional(
      z
        .enum(['0', '1'], { error: 'must be 0 or 1' })
        .default('0')
        .transform((value) => value === '1'),
    ),
    TRUST_PROXY: optional(trustProxyEnv.optional()),
    SMTP_URL: optional(z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional()),
    MAIL_FROM: optional(
      z
        .string()
        .transform((value, ctx) => {
          const address = senderAddress(value);
          if (!address) ctx.addIssue({ code: 'custom', message: 'must be one address, like "Forkcast <letter@forkcast.example>"' });
          return address ?? z.NEVER;
        })
        .optional(),
    ),
    MAIL_DIR: optional(z.string().default('data/mail')),
    NEWSLETTER_RATE: optional(
      z.coerce.number({ error: 'must be a number of messages per second' }).int('must be a whole number').min(1).max(100_000).default(50),
    ),
    NEWSLETTER_BOUNCE_LIMIT: optional(
      z.coerce.number({ error: 'must be a number of bounces' }).int('must be a whole number').min(1).max(100).default(3),
    ),
    CONTACT_NOTIFY: optional(
      z
        .enum(['true', 'false'], { error: 'must be true or false' })
        .default('true')
        .transform((value) => value === 'true'),
    ),
    BACKUP_DIR: optional(z.string().default('data/backups')),
    BACKUP_INTERVAL: optional(durationEnv.optional()),
    BACKUP_KEEP: optional(
      z.coerce.number({ error: 'must be a whole number' }).int('must be a whole number').min(1, 'must be at least 1').default(7),
    ),
    LOG_LEVEL: optional(z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info')),
    SITE_BUCKET: optional(bucketEnv.optional()),
    UPLOADS_BUCKET: optional(bucketEnv.optional()),
  })
  .superRefine((env, ctx) => {
    if (env.ADMIN_EMAIL !== undefined && env.ADMIN_PASSWORD === undefined) {
      ctx.addIssue({ code: 'custom', path: ['ADMIN_PASSWORD', 'SMTP_URL'], message: 'must be set when ADMIN_EMAIL is' });
    }
    if (env.ADMIN_PASSWORD !== undefined && env.ADMIN_EMAIL === undefined) {
      ctx.addIssue({ code: 'custom', path: ['ADMIN_EMAIL'], message: 'must be set when ADMIN_PASSWORD is' });
    }
    const { SITE_BUCKET: site, UPLOADS_BUCKET: uploads } = env;
    // The site's bucket mirrors the site folder, so a reconcile would delete uploads among its
    // keys; only its `uploads/`, where no page lives and where pages link the uploads, is theirs.
    if (site && uploads && overlapping(site, uploads) && uploads.prefix !== fullKey(site, 'uploads')) {
      ctx.addIssue({
        code: 'custom',
        path: ['UPLOADS_BUCKET'],
        message: `shares keys with SITE_BUCKET: use ${site.url}/uploads (where the site links them) or a prefix or bucket of its own`,
      });
    }
    if (env.PURGE_WEBHOOK_SECRET !== undefined && env.PURGE_WEBHOOK_URL === undefined) {
      ctx.addIssue({ code: 'custom', path: ['PURGE_WEBHOOK_URL'], message: 'must be set when PURGE_WEBHOOK_SECRET is' });
    }
  });

/** Every environment variable the server reads. */
export type ConfigVariable = keyof typeof envSchema.shape;
export const CONFIG_VARIABLES = Object.keys(envSchema.shape) as readonly ConfigVariable[];

/** What each variable is when it is unset, as the schema itself gives it (undefined: nothing). */
export function configDefaults(): Partial<Record<ConfigVariable, unknown>> {
  return envSchema.parse({});
}

/** One mailbox, with an optional display name. */
interface MailAddress {
  name: string;
  address: string;
}

/** `Name <local@domain>` or a bare `local@domain`, exactly one; undefined for anything else. */
function senderAddress(value: string): MailAddress | undefined {
  const parsed = addressparser(value, { flatten: true });
  const only = parsed.length === 1 ? parsed[0] : undefined;
  if (!only || !/^[^\s@<>]+@[^\s@<>]+$/.test(only.address)) return undefined;
  return { name: only.name, address: only.address };
}

/** Where mail goes: an SMTP server, or (without one) an .eml file per message in `dir`. */
export interface MailConfig {
  /** smtp:// or smtps:// with credentials and options; unset, messages are written to `dir`. */
  smtpUrl?: string;
  from: MailAddress;
  dir: string;
}

/** The server's configuration, validated once at start-up. */
export interface Config {
  port: number;
  host: string;
  publicHost: string;
  /** The origin pages send their page-view beacon to; '' for their own (INSIGHTS_ORIGIN). */
  insightsOrigin: string;
  databasePath: string;
  uploadDir: string;
  siteName: string;
  admin?: { email: string; password: string };
  purgeWebhookUrl?: string;
  /** Signs each purge POST (HMAC-SHA256) so the receiver can tell it came from this server. */
  purgeWebhookSecret?: string;
  /** Whether webhooks may be delivered to loopback and private network addresses (a receiver on this box). */
  webhookAllowPrivate: boolean;
  /** Which proxies' X-Forwarded-For to believe: a number of hops, or their addresses and ranges. */
  trustProxy?: TrustProxy;
  mail: MailConfig;
  /** Whether each contact message is also emailed to the owner and the administrators. */
  contactNotify: boolean;
  /** How newsletter sends are delivered. */
  newsletter: {
    /** At most this many messages a second. */
    rate: number;
    /** Permanent refusals in a row after which a subscriber is marked bounced and mailed no more. */
    bounceLimit: number;
  };
  backup: BackupConfig;
  logLevel: LevelWithSilent;
  /** Object storage every publish also lands in; credentials and endpoint are the AWS SDK's own settings. */
  siteBucket?: BucketLocation;
  /** Object storage every upload also lands in. */
  uploadsBucket?: BucketLocation;
}

/** Where backups go, how often the server takes one (never without an interval), and how many are kept. */
export interface BackupConfig {
  dir: string;
  intervalMs?: number;
  keep: number;
}

export type TrustProxy = number | string[];

/** Thrown for bad configuration; its message is the one line an operator needs. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads the configuration from environment variables; throws a ConfigError naming the bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) throw new ConfigError(configProblem(parsed.error, env, ['ADMIN_PASSWORD', 'SMTP_URL', 'PURGE_WEBHOOK_SECRET']));
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    publicHost: e.PUBLIC_HOST,
    insightsOrigin: e.INSIGHTS_ORIGIN,
    databasePath: e.DATABASE_PATH,
    uploadDir: e.UPLOAD_DIR,
    siteName: e.SITE_NAME,
    ...(e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { admin: { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD } } : {}),
    ...(e.PURGE_WEBHOOK_URL ? { purgeWebhookUrl: e.PURGE_WEBHOOK_URL } : {}),
    ...(e.PURGE_WEBHOOK_SECRET ? { purgeWebhookSecret: e.PURGE_WEBHOOK_SECRET } : {}),
    webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE,
    ...(e.TRUST_PROXY !== undefined ? { trustProxy: e.TRUST_PROXY } : {}),
    mail: {
      ...(e.SMTP_URL ? { smtpUrl: e.SMTP_URL } : {}),
      // Without MAIL_FROM, the letter comes from the site's own name at its public host.
      from: e.MAIL_FROM ?? { name: e.SITE_NAME, address: `newsletter@${new URL(e.PUBLIC_HOST).hostname}` },
      dir: e.MAIL_DIR,
    },
    contactNotify: e.CONTACT_NOTIFY,
    newsletter: { rate: e.NEWSLETTER_RATE, bounceLimit: e.NEWSLETTER_BOUNCE_LIMIT },
    backup: { dir: e.BACKUP_DIR, ...(e.BACKUP_INTERVAL ? { intervalMs: e.BACKUP_INTERVAL } : {}), keep: e.BACKUP_KEEP },
    logLevel: e.LOG_LEVEL,
    ...(e.SITE_BUCKET ? { siteBucket: e.SITE_BUCKET } : {}),
    ...(e.UPLOADS_BUCKET ? { uploadsBucket: e.UPLOADS_BUCKET } : {}),
  };
}
