import type { Context, MiddlewareHandler } from 'hono';
import { errors } from '../errors.ts';

export interface RateLimitOptions {
  /** Requests allowed per window for one key. */
  limit: number;
  windowMs: number;
  /** The sentence the client sees when refused. */
  message: string;
  now?: () => number;
}

/**
 * A fixed-window counter per key (the client address by default), kept in memory: enough for one
 * server process, and forgotten on restart, which only ever errs towards letting people in.
 */
export function rateLimit(options: RateLimitOptions, keyOf: (c: Context) => string = clientAddress): MiddlewareHandler {
  const now = options.now ?? Date.now;
  const windows = new Map<string, { start: number; count: number }>();
  return async (c, next) => {
    const key = keyOf(c);
    const at = now();
    let window = windows.get(key);
    if (!window || at - window.start >= options.windowMs) {
      window = { start: at, count: 0 };
      windows.set(key, window);
      if (windows.size > 10_000) {
        for (const [k, w] of windows) if (at - w.start >= options.windowMs) windows.delete(k);
      }
    }
    window.count++;
    if (window.count > options.limit) {
      throw errors.rateLimited(options.message, Math.ceil((window.start + options.windowMs - at) / 1000));
    }
    await next();
  };
}

/** The client's address as the socket sees it (the server is not behind a trusted proxy). */
export function clientAddress(c: Context): string {
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress ?? 'unknown';
}
