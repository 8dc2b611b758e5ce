import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';

/** Why a webhook URL is refused, in words the admin shows; undefined when it may be used. */
export type TargetProblem = string | undefined;

const MAX_URL = 2000;

/** Whether an address is one a webhook may reach from outside: a public unicast address. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address);
  return parsed.range() === 'unicast';
}

/**
 * Checks a webhook URL when it is added: an absolute http(s) URL without credentials, and (unless
 * private targets are allowed) not an address, or a name that resolves now to one, on loopback, a
 * private or link-local network, or anything else not publicly routable. A name that cannot be
 * resolved now is let through: every delivery checks the address it connects to again.
 */
export async function targetProblem(raw: string, allowPrivate: boolean): Promise<TargetProblem> {
  if (raw.length > MAX_URL) return `The URL must be at most ${MAX_URL} characters.`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'The URL must be an absolute http:// or https:// address.';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'The URL must be an absolute http:// or https:// address.';
  if (url.username || url.password) return 'The URL must not carry a user name or password; use the signing secret to authenticate.';
  if (allowPrivate) return undefined;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const refusal = 'The URL points to a loopback or private network address; webhooks go only to public addresses.';
  if (ipaddr.isValid(host)) return isPublicAddress(host) ? undefined : refusal;
  if (host === 'localhost' || host.endsWith('.localhost')) return refusal;
  const addresses = await lookup(host, { all: true, verbatim: true }).catch(() => []);
  return addresses.every((entry) => isPublicAddress(entry.address)) ? undefined : refusal;
}
