import { createHash, randomBytes } from 'node:crypto';
import { isbot } from 'isbot';

/**
 * The salt of the current UTC day, held in memory only: on the first hit of a new day a fresh one is
 * drawn and the old one is dropped, so yesterday's hashes can no longer be matched to anyone.
 */
export class DailySalt {
  private day = '';
  private salt: Buffer = Buffer.alloc(0);
  private readonly now: () => Date;
  constructor(now: () => Date = () => new Date()) {
    this.now = now;
  }

  current(): { day: string; salt: Buffer } {
    const day = this.now().toISOString().slice(0, 10);
    if (day !== this.day) {
      this.salt.fill(0);
      this.salt = randomBytes(32);
      this.day = day;
    }
    return { day, salt: this.salt };
  }
}

/** The day's anonymous visitor id: a hash of salt, address, user agent and site, never stored unhashed. */
export function visitorHash(salt: Buffer, address: string, userAgent: string, site: string): string {
  return createHash('sha256').update(salt).update(`\0${address}\0${userAgent}\0${site}`).digest('base64url').slice(0, 22);
}

export interface CountRequest {
  userAgent: string;
  gpc?: string | undefined;
  dnt?: string | undefined;
}

/** Whether a view is counted at all: not for a bot, nor for a reader who asked not to be tracked. */
export function countable({ userAgent, gpc, dnt }: CountRequest): boolean {
  if (gpc?.trim() === '1' || dnt?.trim() === '1') return false;
  return userAgent !== '' && !isbot(userAgent);
}

/** A coarse device class from the user agent. */
export function deviceClass(userAgent: string): 'mobile' | 'tablet' | 'desktop' {
  if (/iPad|Tablet|Android(?!.*Mobile)/i.test(userAgent)) return 'tablet';
  if (/Mobi|iPhone|iPod|Android/i.test(userAgent)) return 'mobile';
  return 'desktop';
}

/** A browser family only (no version), in the order that tells look-alike agents apart. */
export function browserFamily(userAgent: string): string {
  const families: [RegExp, string][] = [
    [/Edg\//, 'Edge'],
    [/OPR\/|Opera/, 'Opera'],
    [/SamsungBrowser/, 'Samsung Internet'],
    [/Firefox\/|FxiOS/, 'Firefox'],
    [/Chrome\/|CriOS|Chromium/, 'Chrome'],
    [/Safari\//, 'Safari'],
  ];
  return families.find(([pattern]) => pattern.test(userAgent))?.[1] ?? 'Other';
}
