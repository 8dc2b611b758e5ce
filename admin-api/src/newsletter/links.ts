import { createHmac, timingSafeEqual } from 'node:crypto';
import { ensureSecret, nowIso, SETTING, type Db, type Subscriber } from '@forkcast/content-db';

/** How long a confirmation link works; a sign-up not confirmed by then is purged. */
export const CONFIRMATION_VALID_MS = 7 * 24 * 60 * 60 * 1000;

/** The API paths the links in every newsletter email open, under PUBLIC_HOST (the unsubscribe token is the last segment). */
const CONFIRM_PATH = '/api/newsletter/confirm';
export const UNSUBSCRIBE_PATH = '/api/newsletter/unsubscribe';

const CONFIRM_TOKEN = /^(\d{1,15})\.(\d{1,15})\.([\w-]{43})$/;
const UNSUBSCRIBE_TOKEN = /^(\d{1,15})\.([\w-]{43})$/;

/**
 * RFC 8058's one-click unsubscribe: a mail program POSTs it, from wherever the reader reads mail,
 * and the signed token in its path is its authority, so the cross-site defence lets exactly this
 * through (and the route still checks the token).
 */
export const ONE_CLICK_UNSUBSCRIBE = {
  method: 'POST',
  path: new RegExp(`^${UNSUBSCRIBE_PATH}/${UNSUBSCRIBE_TOKEN.source.slice(1)}`),
} as const;

/**
 * Signs and checks the tokens in newsletter links with HMAC-SHA256 under the server's secret (a
 * random key kept in the settings table). A confirmation token names the subscriber and its
 * expiry, and is bound to the address and the current sign-up, so a link from before the reader
 * left confirms nothing; an unsubscribe token names the subscriber and its address, and keeps
 * working for as long as they might keep an old email.
 */
export class NewsletterLinks {
  readonly #secret: string;
  readonly #publicHost: string;

  constructor(secret: string, publicHost: string) {
    this.#secret = secret;
    this.#publicHost = publicHost;
  }

  /** The link that confirms this sign-up, valid for 7 days from `sentAt`. */
  confirmUrl(subscriber: Subscriber, sentAt: string): string {
    const expires = Math.floor((Date.parse(sentAt) + CONFIRMATION_VALID_MS) / 1000);
    const token = `${subscriber.id}.${expires}.${this.#confirmMac(subscriber, expires)}`;
    return `${this.#publicHost}${CONFIRM_PATH}?token=${token}`;
  }

  unsubscribeUrl(subscriber: Pick<Subscriber, 'id' | 'email'>): string {
    return `${this.#publicHost}${UNSUBSCRIBE_PATH}/${subscriber.id}.${this.#unsubscribeMac(subscriber)}`;
  }

  /** The subscriber id a confirmation token names, if it is well-formed (check it with `confirms`). */
  static confirmTarget(token: string): number | undefined {
    const match = CONFIRM_TOKEN.exec(token);
    return match ? Number(match[1]) : undefined;
  }

  static unsubscribeTarget(token: string): number | undefined {
    const match = UNSUBSCRIBE_TOKEN.exec(token);
    return match ? Number(match[1]) : undefined;
  }

  /** Whether the token was signed for this subscriber's current sign-up and has not expired at `now`. */
  confirms(token: string, subscriber: Subscriber, now: Date): boolean {
    const match = CONFIRM_TOKEN.exec(token);
    if (!match || Number(match[1]) !== subscriber.id) return false;
    const expires = Number(match[2]);
    return expires * 1000 > now.getTime() && same(match[3]!, this.#confirmMac(subscriber, expires));
  }

  unsubscribes(token: string, subscriber: Subscriber): boolean {
    const match = UNSUBSCRIBE_TOKEN.exec(token);
    return !!match && Number(match[1]) === subscriber.id && same(match[2]!, this.#unsubscribeMac(subscriber));
  }

  #confirmMac(subscriber: Subscriber, expires: number): string {
    return this.#mac(['confirm', subscriber.id, subscriber.email.toLowerCase(), subscriber.subscribedAt, expires]);
  }

  #unsubscribeMac(subscriber: Pick<Subscriber, 'id' | 'email'>): string {
    return this.#mac(['unsubscribe', subscriber.id, subscriber.email.toLowerCase()]);
  }

  #mac(parts: (string | number)[]): string {
    return createHmac('sha256', this.#secret).update(parts.join('\n')).digest('base64url');
  }
}

function same(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The signer of this server's newsletter links (its secret is made on first use and kept in the settings). */
export async function newsletterLinks(db: Db, publicHost: string): Promise<NewsletterLinks> {
  return new NewsletterLinks(await ensureSecret(db, SETTING.newsletterSecret, nowIso()), publicHost);
}
