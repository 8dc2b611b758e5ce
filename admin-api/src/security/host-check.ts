import type { MiddlewareHandler } from 'hono';
import { errors } from '../errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
// Names a page of another site can never carry as its own Host: its browser sends the name it looked up.
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);
const EVERY_ADDRESS = new Set(['0.0.0.0', '[::]']);

/** A host name as it appears in a URL: lower case, IPv6 addresses in brackets, no trailing dot. */
function urlHostname(name: string): string {
  const lower = name.toLowerCase().replace(/\.$/, '');
  return lower.includes(':') && !lower.startsWith('[') ? `[${lower}]` : lower;
}

/**
 * Whether a request's host (`name:port` or `name`) is one this server answers for: PUBLIC_HOST's
 * (with its port), the address it is bound to (HOST, when that is one address), or a loopback name.
 */
export function servesHost(publicHost: string, bindHost: string): (host: string) => boolean {
  const canonical = new URL(publicHost).host;
  const bound = urlHostname(bindHost);
  return (host) => {
    if (host === canonical) return true;
    const { hostname } = new URL(`http://${host}`);
    return LOOPBACK.has(hostname) || (!EVERY_ADDRESS.has(bound) && hostname === bound);
  };
}

/**
 * Refuses (421) every unsafe request addressed to a host this server does not answer for. A page
 * on a name the attacker controls that points at our address (DNS rebinding) is same-origin with
 * itself, so the browser's Sec-Fetch-Site and Origin say nothing is amiss; only its Host tells.
 */
export function refuseOtherHosts(publicHost: string, bindHost: string): MiddlewareHandler {
  const serves = servesHost(publicHost, bindHost);
  return async (c, next) => {
    if (!SAFE_METHODS.has(c.req.method) && !serves(new URL(c.req.url).host)) throw errors.wrongHost();
    await next();
  };
}
