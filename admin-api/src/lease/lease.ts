import { randomUUID } from 'node:crypto';
import { statSync } from 'node:fs';
import {
  hasLeaseTable,
  immediateTransaction,
  readLease,
  releaseLease,
  renewLease,
  setLeaseUrl,
  writeLease,
  type Db,
  type Lease,
  type LeaseRole,
} from '@forkcast/content-db';
import { StartupError } from '../startup-error.ts';
import { liveness, thisProcess, type ProcessIdentity } from './process-identity.ts';
import type { LeaseTiming } from './timing.ts';

/** The database is in use by another process; the message is the one line to show. */
export class LeaseHeld extends StartupError {
  override name = 'LeaseHeld';
  readonly holder: Lease;
  constructor(message: string, holder: Lease) {
    super(message);
    this.holder = holder;
  }
}

/** Why a lease left by another process was taken over. */
export type TakeOverReason = 'expired' | 'ended' | 'copied';

export interface AcquireOptions {
  /** DATABASE_PATH as configured: named in messages, and its file (device and inode) recorded. */
  databasePath: string;
  role: LeaseRole;
  timing: LeaseTiming;
  /** Where the holder answers, when already known. */
  url?: string;
}

export interface HeartbeatOptions {
  /** The lease went to another process, or was removed: say so, and stop every write. */
  onLost: (message: string) => void;
  /** A renewal failed (the database was busy or refused); the next one is tried on time. */
  onError?: (error: unknown) => void;
}

/** The file a path names, as the holder that took the lease saw it: a copy of the database is another file. */
function fileIdentity(path: string): string {
  try {
    const stat = statSync(path, { bigint: true });
    return `${stat.dev}:${stat.ino}`;
  } catch {
    return '';
  }
}

const secondsSince = (iso: string, now: number) => Math.max(0, Math.round((now - Date.parse(iso)) / 1000));

/** Who holds a lease, in words: 'the Forkcast server pid 12 on host web1 serving http://127.0.0.1:4321 since ...'. */
function holderPhrase(holder: Lease): string {
  if (holder.role === 'restore') return `make restore pid ${holder.pid} on host ${holder.host} since ${holder.startedAt}`;
  const where = holder.url ? `serving ${holder.url}` : 'while it starts';
  return `the Forkcast server pid ${holder.pid} on host ${holder.host} ${where} since ${holder.startedAt}`;
}

/** The one line a start (or a restore) refused because another process holds the database prints. */
export function inUseMessage(holder: Lease, databasePath: string, now = Date.now()): string {
  const advice = holder.role === 'restore' ? 'let it finish first' : 'stop it first';
  // A holder that stopped renewing (stopped, or on a machine this one cannot look into) is taken
  // over once its lease runs out: say when, rather than have the operator look for it.
  const leaseMs = Date.parse(holder.expiresAt) - Date.parse(holder.heartbeatAt);
  const silentMs = now - Date.parse(holder.heartbeatAt);
  const silence =
    silentMs > leaseMs / 2
      ? ` (it has not renewed its lease for ${secondsSince(holder.heartbeatAt, now)} s; a start takes over after ${holder.expiresAt})`
      : '';
  return `DATABASE_PATH=${databasePath} is in use by ${holderPhrase(holder)}; ${advice}${silence}`;
}

/**
 * Whether a lease another process left may be taken: it ran out, its holder has ended (known on
 * this machine), or it was taken in another file (this database is a copy, and its lease row came
 * along with the data).
 */
function takeOverReason(holder: Lease, me: ProcessIdentity & { databaseFile: string }, now: number): TakeOverReason | undefined {
  if (Date.parse(holder.expiresAt) <= now) return 'expired';
  const alive = liveness(holder, me);
  if (alive === 'ended') return 'ended';
  if (alive === 'running' && holder.databaseFile !== me.databaseFile) return 'copied';
  return undefined;
}

/**
 * Puts `lease` into the database file at `path`, which is about to take the place of the one it
 * was taken in (a restore renames it over DATABASE_PATH), so the holder keeps the database through
 * the swap. Does nothing to a database from before the lease (it has no table for it).
 */
export async function carryLease(db: Db, lease: Lease, path: string): Promise<void> {
  if (await hasLeaseTable(db)) await writeLease(db, { ...lease, databaseFile: fileIdentity(path) });
}

/**
 * The one writer lease of a database (DESIGN.md: one writer per database). The holder publishes,
 * schedules and sends; another process that wants it is refused while the holder lives and renews
 * it. The lease is a row in the database, taken in a BEGIN IMMEDIATE transaction so two processes
 * racing cannot both win, renewed by a heartbeat, and given up by a clean stop. A holder killed
 * on this machine is known to have ended at once; elsewhere its lease runs out after its expiry.
 *
 * `held()` is the holder's own view, on its monotonic clock: true only until its last successful
 * renewal's time plus the expiry, less one heartbeat, so a holder paused or cut off from the
 * database stops sending before another process may take over, even before it learns it lost.
 */
export class DatabaseLease {
  readonly #db: Db;
  readonly #lease: Lease;
  readonly #databasePath: string;
  readonly #timing: LeaseTiming;
  #validUntil: number;
  #lost = false;
  #released = false;
  #timer: NodeJS.Timeout | undefined;
  #renewing: Promise<void> | undefined;
  /** The lease this one replaced, and why it could be: for the log. */
  readonly tookOver: { holder: Lease; reason: TakeOverReason } | undefined;

  private constructor(
    db: Db,
    lease: Lease,
    options: AcquireOptions,
    startedAt: number,
    tookOver: { holder: Lease; reason: TakeOverReason } | undefined,
  ) {
    this.#db = db;
    this.#lease = lease;
    this.#databasePath = options.databasePath;
    this.#timing = options.timing;
    this.#validUntil = startedAt + this.#validFor();
    this.tookOver = tookOver;
  }

  /**
   * Takes the lease of `db` for this process, or throws LeaseHeld naming the process that holds it.
   * A lease that ran out, whose holder has ended or that a copy brought along is taken over.
   */
  static async acquire(db: Db, options: AcquireOptions): Promise<DatabaseLease> {
    const started = performance.now();
    const now = Date.now();
    const me = { ...thisProcess(), databaseFile: fileIdentity(options.databasePath) };
    const lease: Lease = {
      token: randomUUID(),
      role: options.role,
      host: me.host,
      pid: me.pid,
      processKey: me.processKey,
      databaseFile: me.databaseFile,
      url: options.url ?? null,
      startedAt: new Date(now).toISOString(),
      heartbeatAt: new Date(now).toISOString(),
      expiresAt: new Date(now + options.timing.expiryMs).toISOString(),
    };
    const tookOver = await immediateTransaction(db, async (trx) => {
      const holder = await readLease(trx);
      let replaced: { holder: Lease; reason: TakeOverReason } | undefined;
      if (holder) {
        const reason = takeOverReason(holder, me, now);
        if (!reason) throw new LeaseHeld(inUseMessage(holder, options.databasePath, now), holder);
        replaced = { holder, reason };
      }
      await writeLease(trx, lease);
      return replaced;
    });
    return new DatabaseLease(db, lease, options, started, tookOver);
  }

  /** The lease as this process holds it. */
  get row(): Lease {
    return { ...this.#lease };
  }

  /** This holder's token: every renewal, and every delivery it claims, carries it. */
  get token(): string {
    return this.#lease.token;
  }

  get expiryMs(): number {
    return this.#timing.expiryMs;
  }

  /** True while this process may write as the database's one writer (see the class comment). */
  held(): boolean {
    return !this.#lost && !this.#released && performance.now() < this.#validUntil;
  }

  /** Renews the lease every heartbeat until released; `onLost` is called once if it goes to another process. */
  keepAlive(options: HeartbeatOptions): void {
    clearInterval(this.#timer);
    this.#timer = setInterval(() => {
      this.#renewing ??= this.#renew(options).finally(() => {
        this.#renewing = undefined;
      });
    }, this.#timing.heartbeatMs);
    this.#timer.unref();
  }

  /** Names where the holder answers, for the line a refused start prints. */
  async serving(url: string): Promise<void> {
    this.#lease.url = url;
    await setLeaseUrl(this.#db, this.token, url);
  }

  /** Stops the heartbeat and gives the lease up (if it is still this process's), so the next start takes it at once. */
  async release(): Promise<void> {
    this.#released = true;
    clearInterval(this.#timer);
    await this.#renewing;
    if (!this.#lost) await releaseLease(this.#db, this.token);
  }

  #validFor(): number {
    return this.#timing.expiryMs - this.#timing.heartbeatMs;
  }

  async #renew({ onLost, onError }: HeartbeatOptions): Promise<void> {
    if (this.#lost || this.#released) return;
    const started = performance.now();
    const now = Date.now();
    let renewed: boolean;
    try {
      renewed = await renewLease(this.#db, this.token, {
        heartbeatAt: new Date(now).toISOString(),
        expiresAt: new Date(now + this.#timing.expiryMs).toISOString(),
      });
    } catch (error) {
      onError?.(error);
      return;
    }
    if (this.#released) return;
    if (renewed) {
      this.#validUntil = started + this.#validFor();
      return;
    }
    this.#lost = true;
    clearInterval(this.#timer);
    const holder = await readLease(this.#db).catch(() => undefined);
    onLost(
      holder
        ? `Lost the database lease: DATABASE_PATH=${this.#databasePath} is now held by ${holderPhrase(holder)}`
        : `Lost the database lease: DATABASE_PATH=${this.#databasePath} no longer names this process as its writer (a restore, or a copy put in its place)`,
    );
  }
}
