/**
 * The site folder's files answered straight from Node's HTTP server, before a request becomes a
 * Fetch Request for the app. Reading a page is most of a site's traffic, and under load the app's
 * way cost about twice the CPU of the file work itself: building a Request and a Headers object,
 * the middleware chain and the router, then turning the Response's Headers back into Node's. Here
 * a page is one lookup and one write of a header list built from the same pieces the app uses: the
 * same file answer (`answerFile`, with the app's own memory of recent files), the same headers on
 * every answer, the same request id and the same log line. Anything else (another method, a path
 * the app routes itself, a file too large to read whole, no file at all) goes to the app untouched.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HeaderList } from '@forkcast/shared/security-headers';
import { requestIdOf, type WriteRequestLine } from '../middleware/request-log.ts';
import { answerFile, candidateFiles, type SendFileOptions } from './serve-files.ts';

/** Answers a request itself and returns true, or leaves it untouched and returns false. */
export type DirectListener = (request: IncomingMessage, response: ServerResponse) => boolean;

export interface DirectFilesOptions {
  /** The folder and its settings, as the app's middleware serves it (sharing its memory of recent files). */
  files: SendFileOptions & { status: 200 };
  /** Whether the app answers this path with a route of its own before looking in the folder. */
  routedByApp: (path: string) => boolean;
  /** The headers the app adds to every answer it does not let be framed. */
  headers: HeaderList;
  log: WriteRequestLine;
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}

/** The path of a request target in origin form without anything to decode, or undefined for any other. */
function plainPath(url: string | undefined): string | undefined {
  if (url === undefined || !url.startsWith('/') || url.includes('%')) return undefined;
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

// The files a path may name, remembered for the paths readers ask for (bounded: anyone may send any path).
const MAX_PATHS = 20_000;

export function directFiles({ files, routedByApp, headers, log }: DirectFilesOptions): DirectListener {
  const every = headers.flat();
  const candidatesByPath = new Map<string, string[] | undefined>();
  const candidatesOf = (path: string) => {
    let candidates = candidatesByPath.get(path);
    if (candidates === undefined && !candidatesByPath.has(path)) {
      candidates = routedByApp(path) ? undefined : candidateFiles(path);
      if (candidatesByPath.size >= MAX_PATHS) candidatesByPath.clear();
      candidatesByPath.set(path, candidates);
    }
    return candidates;
  };
  return (request, response) => {
    const started = performance.now();
    const method = request.method;
    if (method !== 'GET' && method !== 'HEAD') return false;
    const path = plainPath(request.url);
    if (path === undefined) return false;
    const candidates = candidatesOf(path);
    if (!candidates) return false;
    let answer: ReturnType<typeof answerFile>;
    try {
      answer = answerFile(
        candidates,
        {
          method,
          acceptEncoding: single(request.headers['accept-encoding']),
          ifNoneMatch: single(request.headers['if-none-match']),
          ifModifiedSince: request.headers['if-modified-since'],
        },
        files,
      );
    } catch {
      // A read failing mid-way: the app answers, and logs the error if it fails again.
      return false;
    }
    if (answer === undefined || !('body' in answer)) return false;
    const reqId = requestIdOf(single(request.headers['x-request-id']));
    const raw = answer.headers;
    raw.push('X-Request-Id', reqId, ...every);
    response.writeHead(answer.status, raw);
    response.end(answer.body ?? undefined);
    log({ reqId, method, path, status: answer.status, started });
    return true;
  };
}
