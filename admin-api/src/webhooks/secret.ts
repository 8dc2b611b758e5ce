import { randomBytes } from 'node:crypto';

const PREFIX = 'whsec_';

/** A new signing secret, as Standard Webhooks writes one: `whsec_` and the base64 of 32 random bytes. */
export function newWebhookSecret(): string {
  return `${PREFIX}${randomBytes(32).toString('base64')}`;
}

/** Whether a secret the admin gave is one Standard Webhooks can sign with: `whsec_` and the base64 of 24 to 64 bytes. */
export function isWebhookSecret(secret: string): boolean {
  if (!secret.startsWith(PREFIX)) return false;
  const body = secret.slice(PREFIX.length);
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(body) || body.length % 4 !== 0) return false;
  const bytes = Buffer.from(body, 'base64').length;
  return bytes >= 24 && bytes <= 64;
}
