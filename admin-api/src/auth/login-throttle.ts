import { createHmac, randomBytes } from 'node:crypto';
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
  /** How many client addresses are remembered; past it, the least recently failed is forgotten. */
  maxKeys?: number;
  /** How many records the emails of no account share between them (see `accountKey`). */
  unknownAccountRecords?: number;
  now?: () => number;
}

const MAX_KEYS = 10_000;
const UNKNOWN_ACCOUNT_RECORDS = 16_384;

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

/** Where a key's record lives (see LoginThrottle). */
type Table = 'addresses' | 'kept' | 'unknownAccounts';

const IP = 'ip:';
const ACCOUNT = 'account:';
const USER = 'user:';
const DEVICE = 'device:';

/**
 * The records live in three tables, each bounded, none of which a flood of made-up input can
 * empty of a lock that protects something real:
 * - client addresses, in an LRU of bounded size: a flood of fresh addresses pushes out only other
 *   addresses, and each of them was fresh anyway;
 * - real accounts and trusted browsers (`userKey`, `deviceKey`), kept until they are forgotten by
 *   age: only the server makes these keys (a user row, a device cookie it signed), so there are
 *   no more of them than accounts and browsers that signed in;
 * - emails of no account, in a fixed number of shared records picked by a keyed hash: inventing
 *   emails cannot grow memory or evict anything, and such an email is held to its free failures
 *   like an account, so being throttled or not does not tell which emails are accounts.
 */
export class LoginThrottle {
  private readonly addresses: LRUCache<string, Record>;
  private readonly kept = new Map<string, Record>();
  private readonly unknownAccounts = new Map<string, Record>();
  private readonly unknownAccountRecords: number;
  // Secret per process, so nobody can choose emails that share a record with a given one.
  private readonly bucketKey = randomBytes(32);
  private keptSweepAt = 1024;
  private readonly options: ThrottleOptions;
  private readonly now: () => number;

  constructor(options: ThrottleOptions = DEFAULT_THROTTLE) {
    this.options = options;
    this.now = options.now ?? Date.now;
    this.addresses = new LRUCache({ max: options.maxKeys ?? MAX_KEYS });
    this.unknownAccountRecords = options.unknownAccountRecords ?? UNKNOWN_ACCOUNT_RECORDS;
  }

  /** How many records are held, in all three tables. */
  get size(): number {
    return this.addresses.size + this.kept.size + this.unknownAccounts.size;
  }

  /** Milliseconds until these keys may try again (0 when they may try now). */
  waitMs(keys: string[]): number {
    return Math.max(0, ...keys.map((key) => this.waitFor(key)));
  }

  fail(keys: string[]): void {
    const at = this.now();
    for (const key of keys) {
      const [table, id] = this.locate(key);
      const record = this.fresh(table, id, at);
      this.store(table).set(id, { failures: (record?.failures ?? 0) + 1, lastFailure: at });
    }
    if (this.kept.size > this.keptSweepAt) this.sweepKept(at);
  }

  succeed(keys: string[]): void {
    for (const key of keys) {
      const [table, id] = this.locate(key);
      this.store(table).delete(id);
    }
  }

  private locate(key: string): [Table, string] {
    if (key.startsWith(USER) || key.startsWith(DEVICE)) return ['kept', key];
    if (!key.startsWith(ACCOUNT)) return ['addresses', key];
    const hash = createHmac('sha256', this.bucketKey).update(key).digest().readUInt32BE(0);
    return ['unknownAccounts', String(hash % this.unknownAccountRecords)];
  }

  private store(table: Table): Map<string, Record> | LRUCache<string, Record> {
    return this[table];
  }

  private fresh(table: Table, id: string, at: number): Record | undefined {
    // Looking a key up does not make it recent: only failures do.
    const store = this.store(table);
    const record = store instanceof LRUCache ? store.peek(id) : store.get(id);
    if (record && at - record.lastFailure > this.options.forgetAfterMs) {
      store.delete(id);
      return undefined;
    }
    return record;
  }

  // Records of accounts and browsers that never failed again are dropped once they are forgotten.
  private sweepKept(at: number): void {
    for (const [key, record] of this.kept) {
      if (at - record.lastFailure > this.options.forgetAfterMs) this.kept.delete(key);
    }
    this.keptSweepAt = Math.max(1024, 2 * this.kept.size);
  }

  private waitFor(key: string): number {
    const at = this.now();
    const [table, id] = this.locate(key);
    const record = this.fresh(table, id, at);
    if (!record || record.failures < this.options.freeFailures) return 0;
    const delay = Math.min(this.options.maxDelayMs, this.options.baseDelayMs * 2 ** (record.failures - this.options.freeFailures));
    return Math.max(0, record.lastFailure + delay - at);
  }
}

export const ipKey = (address: string) => `${IP}${address}`;
/** An email that names no user; a user's own record is `userKey`. */
export const accountKey = (email: string) => `${ACCOUNT}${email.trim().toLowerCase()}`;
/** A real account, by its user id: its lock is kept apart from everything a visitor can make up. */
export const userKey = (id: number) => `${USER}${id}`;
/** A browser holding a valid device cookie, by the cookie's nonce. */
export const deviceKey = (nonce: string) => `${DEVICE}${nonce}`;
