import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { MiddlewareHandler } from 'hono';
import type { Logger } from 'pino';
import { HEADERS_FILE, readHeadersFile, securityHeaders, type Framing, type HeaderList } from '@forkcast/content-db/security-headers';
import type { AppEnv } from '../context.ts';

// A year, the least that browsers' HSTS preload lists accept.
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * The hashes of the inline scripts the build allowed, read from the `_headers` file it wrote into
 * the site folder. Without one (a folder no build wrote) the policy allows no inline script at all:
 * the pages then lose their scripts rather than the site its protection.
 */
export function siteScriptHashes(siteDir: string, logger: Logger): string[] {
  const path = join(siteDir, HEADERS_FILE);
  let hashes: string[] | undefined;
  try {
    hashes = readHeadersFile(readFileSync(path, 'utf8'));
  } catch {
    hashes = undefined;
  }
  if (hashes === undefined)
    logger.warn({ path }, 'no Content-Security-Policy from the build: pages run no inline script until `make build`');
  return hashes ?? [];
}

export interface SecurityHeadersOptions {
  scriptHashes: readonly string[];
  /** Whether PUBLIC_HOST is https: only then do browsers get Strict-Transport-Security. */
  https: boolean;
}

/**
 * Sets the site's security headers, the ones the build wrote to `_headers`, on every answer (a
 * policy on an API answer or an image does no harm, and the not-found pages need it), framed by
 * nobody unless the handler allowed this site (`c.set('framing', 'same-origin')`).
 */
export function sendSecurityHeaders({ scriptHashes, https }: SecurityHeadersOptions): MiddlewareHandler<AppEnv> {
  const headers: Record<Framing, HeaderList> = {
    none: securityHeaders(scriptHashes, 'none'),
    'same-origin': securityHeaders(scriptHashes, 'same-origin'),
  };
  return async (c, next) => {
    await next();
    for (const [name, value] of headers[c.get('framing') ?? 'none']) c.res.headers.set(name, value);
    if (https) c.res.headers.set('Strict-Transport-Security', HSTS);
  };
}
