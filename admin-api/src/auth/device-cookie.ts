import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { Account } from '@forkcast/content-db';
import type { AppEnv } from '../context.ts';
import { secureCookies } from './sessions.ts';

/**
 * Device cookies (OWASP's answer to account lockout): a browser that signed in successfully gets a
 * token naming the account it signed in to. A sign-in carrying a valid one is limited per device
 * instead of per account and address, so failures from elsewhere cannot lock the real admin out,
 * while guesses from a stolen cookie are still held back.
 *
 * The token is `nonce.mac`, the mac an HMAC-SHA256 of the nonce and the lower-cased email keyed
 * with the admin's password hash: it reveals no email, needs no stored secret, and every token
 * dies with a password change.
 */
const DEVICE_COOKIE = 'forkcast_device';
const LIFETIME_MS = 365 * 24 * 60 * 60 * 1000;
const TOKEN = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

const mac = (account: Account, nonce: string) =>
  createHmac('sha256', account.passwordHash).update(`${nonce}\n${account.email.toLowerCase()}`).digest();

/** The nonce of this browser's device cookie when it is valid for `account`, else undefined. */
export function trustedDevice(c: Context<AppEnv>, account: Account | undefined): string | undefined {
  const match = TOKEN.exec(getCookie(c, DEVICE_COOKIE) ?? '');
  if (!account || !match) return undefined;
  const [, nonce, given] = match as unknown as [string, string, string];
  const expected = mac(account, nonce);
  const received = Buffer.from(given, 'base64url');
  return received.length === expected.length && timingSafeEqual(received, expected) ? nonce : undefined;
}

/** Gives the browser a fresh device cookie for `account`, sent back only to the sign-in endpoint. */
export function issueDeviceCookie(c: Context<AppEnv>, account: Account, now = Date.now()): void {
  const nonce = randomBytes(16).toString('base64url');
  setCookie(c, DEVICE_COOKIE, `${nonce}.${mac(account, nonce).toString('base64url')}`, {
    path: '/api/login',
    httpOnly: true,
    sameSite: 'Strict',
    secure: secureCookies(c),
    expires: new Date(now + LIFETIME_MS),
  });
}
