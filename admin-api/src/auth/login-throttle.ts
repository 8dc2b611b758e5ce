import { LRUCache } from 'lru-cache';

/**
 * Login throttling in the spirit of Ghost's brute-force protection: each client address and each
 * account gets a few free failures; after that every further attempt must wait, and the wait
 * doubles with each failure (capped). A success clears the account's and the address's record.
 */
export interface ThrottleOptions {
  freeFailures: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** Failures older than this are forgotten. */
  forgetAfterMs: number;
  /** How many keys are remembered; past it, the least recently failed is forgotten. */
  maxKeys?: number;
  now?: () => number;
}

const MAX_KEYS = 10_000;

export const DEFAULT_THROTTLE: ThrottleOptions = {
  freeFailures: 5,
  baseDelayMs: 2_000,
  maxDelayMs: 15 * 60 * 1000,
  forgetAfterMs: 60 * 60 * 1000,
};

interface Record {
  failures: number;
  lastFailure: number;
}

/**
 * The records live in an LRU of bounded size, so every call costs constant time and a flood of
 * addresses cannot grow memory; an account under attack is touched by every guess, so it is the
 * last thing such a flood pushes out.
 */
export class LoginThrottle {
  private readonly records: LRUCache<string, Record>;
  private readonly options: ThrottleOptions;
  private readonly now: () => number;

  constructor(options: ThrottleOptions = DEFAULT_THROTTLE) {
    this.options = options;
    this.now = options.now ?? Date.now;
    this.records = new LRUCache({ max: options.maxKeys ?? MAX_KEYS });
  }

  /** How many keys are remembered. */
  get size(): number {
    return this.records.size;
  }

  /** Milliseconds until these keys may try again (0 when they may try now). */
  waitMs(keys: string[]): number {
    return Math.max(0, ...keys.map((key) => this.waitFor(key)));
  }

  fail(keys: string[]): void {
    const at = this.now();
    for (const key of keys) {
      const record = this.fresh(key, at);
      this.records.set(key, { failures: (record?.failures ?? 0) + 1, lastFailure: at });
    }
  }

  succeed(keys: string[]): void {
    for (const key of keys) this.records.delete(key);
  }

  private fresh(key: string, at: number): Record | undefined {
    // Looking a key up does not make it recent: only failures do.
    const record = this.records.peek(key);
    if (record && at - record.lastFailure > this.options.forgetAfterMs) {
      this.records.delete(key);
      return undefined;
    }
    return record;
  }

  private waitFor(key: string): number {
    const at = this.now();
    const record = this.fresh(key, at);
    if (!record || record.failures < this.options.freeFailures) return 0;
    const delay = Math.min(this.options.maxDelayMs, this.options.baseDelayMs * 2 ** (record.failures - this.options.freeFailures));
    return Math.max(0, record.lastFailure + delay - at);
  }
}

export const ipKey = (address: string) => `ip:${address}`;
export const accountKey = (email: string) => `account:${email.trim().toLowerCase()}`;
/** A browser holding a valid device cookie, by the cookie's nonce. */
export const deviceKey = (nonce: string) => `device:${nonce}`;
