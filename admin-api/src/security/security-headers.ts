import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { MiddlewareHandler } from 'hono';
import type { Logger } from 'pino';
import {
  HEADERS_FILE,
  HSTS,
  readHeadersFile,
  SERVER_HEADERS,
  securityHeaders,
  type Framing,
  type HeaderList,
} from '@forkcast/shared/security-headers';
import type { AppEnv } from '../context.ts';

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

export type AnswerHeaders = Record<Framing, HeaderList>;

/**
 * The headers the server adds to every answer (a policy on an API answer or an image does no harm,
 * and the not-found pages need it), by who may frame it: the build's, the server's own, and
 * Strict-Transport-Security over https.
 */
export function answerHeaders({ scriptHashes, https }: SecurityHeadersOptions): AnswerHeaders {
  const framed = (framing: Framing): HeaderList => [
    ...securityHeaders(scriptHashes, framing),
    ...SERVER_HEADERS,
    ...(https ? [['Strict-Transport-Security', HSTS] as const] : []),
  ];
  return { none: framed('none'), 'same-origin': framed('same-origin') };
}

/** Sets the headers of every answer, framed by nobody unless the handler allowed this site (`c.set('framing', 'same-origin')`). */
export function sendSecurityHeaders(headers: AnswerHeaders): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    for (const [name, value] of headers[c.get('framing') ?? 'none']) c.res.headers.set(name, value);
  };
}
