import { createHash, randomBytes } from 'node:crypto';

/** The shape of a link token: 256 random bits, base64url. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The SHA-256 of a link token, the only form the database keeps (as it keeps session ids). */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** A new single-use link token and the hash to store. */
export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}
