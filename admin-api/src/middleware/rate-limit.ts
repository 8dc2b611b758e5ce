import type { Context, MiddlewareHandler } from 'hono';
import { LRUCache } from 'lru-cache';
import proxyAddr, { compile } from 'proxy-addr';
import type { AppEnv } from '../context.ts';
import type { TrustProxy } from '../config.ts';
import { errors } from '../errors.ts';
import { documented, refusals } from '../openapi/describe.ts';

export interface RateLimitOptions {
  /** Requests allowed per window for one key. */
  limit: number;
  windowMs: number;
  /** The sentence the client sees when refused. */
  message: string;
  /** How many clients are remembered; past it, the least recently seen is forgotten. */
  maxClients?: number;
  now?: () => number;
}

const MAX_CLIENTS = 10_000;

/**
 * A fixed-window counter per key (the client address by default), kept in memory in an LRU of
 * bounded size, so each request costs constant time and a flood of addresses cannot grow it: enough
 * for one server process, and forgotten on restart, which only ever errs towards letting people in.
 */
export function rateLimit(options: RateLimitOptions, keyOf: (c: Context<AppEnv>) => string = clientAddress): MiddlewareHandler<AppEnv> {
  const now = options.now ?? Date.now;
  const windows = new LRUCache<string, { start: number; count: number }>({ max: options.maxClients ?? MAX_CLIENTS });
  const allowance = `${options.limit} requests per ${options.windowMs / 60_000} minutes per client address`;
  const limiter: MiddlewareHandler<AppEnv> = async (c, next) => {
    const key = keyOf(c);
    const at = now();
    let window = windows.get(key);
    if (!window || at - window.start >= options.windowMs) {
      window = { start: at, count: 0 };
      windows.set(key, window);
    }
    window.count++;
    if (window.count > options.limit) {
      throw errors.rateLimited(options.message, Math.ceil((window.start + options.windowMs - at) / 1000));
    }
    await next();
  };
  const [status, refusal] = Object.entries(refusals('rate_limited'))[0]!;
  return documented(limiter, { responses: { [status]: { ...refusal, description: `More than ${allowance}. ${refusal.description}` } } });
}

type Trust = (address: string, hop: number) => boolean;
const compiled = new WeakMap<object, Trust>();

/** The trust function for a TRUST_PROXY value, compiled once per list. */
function trustFor(setting: TrustProxy): Trust {
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  let trust = compiled.get(setting);
  if (!trust) {
    trust = compile(setting);
    compiled.set(setting, trust);
  }
  return trust;
}

/**
 * The client's address: the socket's, or, when TRUST_PROXY names the proxies in front of the
 * server, the address the outermost trusted proxy saw, read from X-Forwarded-For from the right
 * (entries a client wrote itself, left of that, are ignored).
 */
export function clientAddress(c: Context<AppEnv>): string {
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  const socket = incoming?.socket?.remoteAddress;
  const setting = c.get('config')?.trustProxy;
  if (!socket) return 'unknown';
  if (setting === undefined) return socket;
  const forwardedFor = c.req.header('x-forwarded-for');
  const request = { connection: { remoteAddress: socket }, headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {} };
  return proxyAddr(request as unknown as Parameters<typeof proxyAddr>[0], trustFor(setting));
}
