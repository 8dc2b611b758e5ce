/**
 * Serves files from a folder: the site folder and the uploads. Written here rather than taken from
 * @hono/node-server's serveStatic, which (as of 2.1) sends no ETag and never answers 304, sets
 * Vary only on the compressed answers (so a cache may hand the identity bytes it stored to a client
 * that asked for brotli, or the reverse), reads Accept-Encoding without its q-values (`br;q=0` picks
 * brotli), and serves hidden files (`/uploads/.x.tmp`, a write in progress).
 *
 * Files are looked up and read with blocking calls, as nginx does: a stat of a file the page cache
 * holds takes microseconds, while each trip through libuv's thread pool costs far more on a small
 * machine (on 2 cores, a page read with asynchronous stat, open, read and close took twice the CPU
 * of one with blocking calls, and the stat alone was a fifth of the server's time under load).
 * Only files too large to keep in memory are streamed asynchronously.
 */
import { closeSync, fstatSync, openSync, readSync, statSync, type BigIntStats } from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { Context, MiddlewareHandler } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import { COMPRESSED_COPIES, isCompressibleFile } from '@forkcast/shared/urls';

// Files up to this size are read whole (and may be kept in memory); larger ones are streamed.
const SMALL_FILE_BYTES = 256 * 1024;

/**
 * The files (relative to the folder, '/' separators) a request path may name, in the order to try
 * them: `/` names index.html, `/kyoto/guide` its index.html or else a file of that name, `/rss.xml`
 * itself. Undefined when the path can name nothing we serve: an encoded character left after
 * decoding (`%2F`), a backslash or NUL, an empty segment, or any segment that starts with a dot
 * (hidden files, temporary files of an atomic write, `.` and `..`); and for the other spellings of a
 * page's URL (`/kyoto/guide/`, `/kyoto/guide/index.html`), which are redirected to it instead, so
 * that each page is served, cached and purged under one URL.
 */
export function candidateFiles(path: string): string[] | undefined {
  if (!path.startsWith('/') || /[%\\\0]/.test(path)) return undefined;
  const segments = path.slice(1).split('/');
  const last = segments.pop()!;
  if (segments.some((segment) => segment === '' || segment.startsWith('.')) || last.startsWith('.')) return undefined;
  if (last === 'index.html' || (last === '' && segments.length > 0)) return undefined;
  const folder = segments.map((segment) => `${segment}/`).join('');
  if (last === '') return ['index.html'];
  return last.includes('.') ? [`${folder}${last}`] : [`${folder}${last}/index.html`, `${folder}${last}`];
}

// Files whose name says more than their extension: the feed is XML, but feed readers and browsers
// recognise it by its own type.
const TYPE_BY_NAME: Record<string, string> = { 'rss.xml': 'application/rss+xml; charset=utf-8' };

/** The Content-Type of a file of the folder, by its path relative to the folder (every feed: the site's and each author's). */
export function contentTypeOf(file: string): string {
  return TYPE_BY_NAME[file.slice(file.lastIndexOf('/') + 1)] ?? getMimeType(file) ?? 'application/octet-stream';
}

/** The content codings an Accept-Encoding header accepts (q > 0), `*` standing for any not named. */
export function acceptedEncodings(header: string | undefined): (encoding: string) => boolean {
  const weights = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    if (!name) continue;
    const q = params.find((param) => param.startsWith('q='));
    weights.set(name, q === undefined ? 1 : Number(q.slice(2)) || 0);
  }
  return (encoding) => (weights.get(encoding) ?? weights.get('*') ?? 0) > 0;
}

// A site's clients send a handful of distinct Accept-Encoding values: each is read once.
const MAX_REMEMBERED = 256;
const encodingsByHeader = new Map<string, ReadonlySet<string>>();

/** Which of the compressed copies' codings a client sending this Accept-Encoding accepts. */
function acceptedEncodingSet(header: string | undefined): ReadonlySet<string> {
  const key = header ?? '';
  let accepted = encodingsByHeader.get(key);
  if (accepted === undefined) {
    const accepts = acceptedEncodings(header);
    accepted = new Set(COMPRESSED_COPIES.map(({ encoding }) => encoding).filter(accepts));
    if (encodingsByHeader.size >= MAX_REMEMBERED) encodingsByHeader.clear();
    encodingsByHeader.set(key, accepted);
  }
  return accepted;
}

/** Whether an If-None-Match header names this ETag (weak comparison, as the header asks) or is `*`. */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const value = tag.trim();
    return value === '*' || value.replace(/^W\//, '') === etag;
  });
}

// Last-Modified has whole seconds, so two versions written within one second would share it and
// If-Modified-Since could not tell them apart. It is sent only for a file at least this old: any
// later version is written after the answer, so in a later second (the margin covers file system
// clocks that lag the wall clock by a tick).
const LAST_MODIFIED_AFTER_MS = 2000;

/** One version of one file: a publish renames a new file (a new inode and modification time) over the old. */
interface FileVersion {
  size: number;
  /** Strong: the inode tells apart the copies of a page in each coding, the inode and modification time its versions. */
  etag: string;
  /** Modification time in whole seconds, as milliseconds. */
  modifiedSecond: number;
}

function versionOf(stats: BigIntStats): FileVersion {
  return {
    size: Number(stats.size),
    etag: `"${stats.ino.toString(36)}-${stats.size.toString(36)}-${stats.mtimeNs.toString(36)}"`,
    modifiedSecond: Number(stats.mtimeMs / 1000n) * 1000,
  };
}

/** The version of a regular file, or undefined when there is none at that path. */
function fileVersion(path: string): FileVersion | undefined {
  try {
    const stats = statSync(path, { bigint: true, throwIfNoEntry: false });
    return stats?.isFile() ? versionOf(stats) : undefined;
  } catch {
    // ENOTDIR and the like: a path through a file is no file either.
    return undefined;
  }
}

/**
 * The versions of a folder's files (or that there is none), remembered between requests: under a
 * read load the stat of each request (a walk of its path in the kernel) was a fifth of the server's
 * time. A version is looked up again once it is `maxAgeMs` old, so a file another process writes
 * (a `make build` into the live folder) is seen within that time; the publisher in this process
 * calls `changed()` once its files are in place, before its write answers, so what it publishes is
 * seen at once.
 */
export class FolderVersions {
  private readonly known = new Map<string, { version: FileVersion | undefined; until: number }>();
  private readonly maxAgeMs: number;

  constructor(maxAgeMs: number) {
    this.maxAgeMs = maxAgeMs;
  }

  /** Forgets every version: the folder's files changed. */
  changed(): void {
    this.known.clear();
  }

  versionOf(path: string): FileVersion | undefined {
    const now = performance.now();
    const entry = this.known.get(path);
    if (entry !== undefined && now < entry.until) return entry.version;
    const version = fileVersion(path);
    // Bounded like any memory requests fill: anyone may ask for any path.
    if (this.known.size >= MAX_VERSIONS) this.known.clear();
    this.known.set(path, { version, until: now + this.maxAgeMs });
    return version;
  }
}
const MAX_VERSIONS = 50_000;

/** What of a request decides the answer for a file: the method and the headers read here. */
export interface FileRequest {
  method: string;
  acceptEncoding: string | undefined;
  ifNoneMatch: string | undefined;
  ifModifiedSince: string | undefined;
}

/** Whether a conditional GET may be answered 304: If-None-Match when sent, else If-Modified-Since. */
function notModified(request: FileRequest, version: FileVersion): boolean {
  if (request.ifNoneMatch !== undefined) return matchesEtag(request.ifNoneMatch, version.etag);
  const since = Date.parse(request.ifModifiedSince ?? '');
  return !Number.isNaN(since) && version.modifiedSecond <= since && Date.now() - version.modifiedSecond >= LAST_MODIFIED_AFTER_MS;
}

/**
 * Small files recently sent, by path, each with the version it was read at, up to a total size.
 * A hit still needs the file's current version (a stat, or what FolderVersions remembers of it),
 * but no open, read and close.
 * Past its size it drops files not sent since they were last passed over (a second chance rather
 * than strict least-recently-used order, so that a hit only marks its entry).
 */
export class FileCache {
  private readonly entries = new Map<string, { etag: string; body: Buffer<ArrayBuffer>; sent: boolean }>();
  private bytes = 0;
  private readonly maxBytes: number;

  constructor(maxBytes: number) {
    this.maxBytes = maxBytes;
  }

  get(path: string, version: FileVersion): Buffer<ArrayBuffer> | undefined {
    const entry = this.entries.get(path);
    if (entry?.etag !== version.etag) return undefined;
    entry.sent = true;
    return entry.body;
  }

  set(path: string, version: FileVersion, body: Buffer<ArrayBuffer>): void {
    const old = this.entries.get(path);
    if (old) {
      this.bytes -= old.body.length;
      this.entries.delete(path);
    }
    this.entries.set(path, { etag: version.etag, body, sent: false });
    this.bytes += body.length;
    // Map order is insertion order: the oldest first. One sent since it was passed over goes to
    // the end instead, unmarked; the loop ends, since every entry it passes is then unmarked.
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      if (entry.sent && oldest !== path) {
        entry.sent = false;
        this.entries.set(oldest, entry);
      } else this.bytes -= entry.body.length;
    }
  }
}

/** Reads a whole small file from one open descriptor, with the version of the very bytes read. */
function readVersioned(path: string): { version: FileVersion; body: Buffer<ArrayBuffer> } | undefined {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return undefined;
  }
  try {
    const stats = fstatSync(fd, { bigint: true });
    if (!stats.isFile()) return undefined;
    const version = versionOf(stats);
    const body = Buffer.allocUnsafe(version.size);
    let filled = 0;
    while (filled < body.length) {
      const bytesRead = readSync(fd, body, filled, body.length - filled, filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    return { version, body: body.subarray(0, filled) };
  } finally {
    closeSync(fd);
  }
}

export interface SendFileOptions {
  /** The folder the files live in. */
  root: string;
  /** The Cache-Control of a file, by its path relative to the folder. */
  cacheControl: (file: string) => string;
  /** Send a file's `.br` or `.gz` copy, when there is one and the client accepts it. */
  precompressed: boolean;
  /** 200 answers carry validators (ETag, Last-Modified) and may answer 304; a 404 page does neither. */
  status: 200 | 404;
  cache?: FileCache;
  /** Remember the files' versions between requests (else each request looks its file up). */
  versions?: FolderVersions;
}

// Formatting the date took 2% of the server's time under load; the site's files share few distinct seconds.
const httpDates = new Map<number, string>();
function httpDate(ms: number): string {
  let date = httpDates.get(ms);
  if (date === undefined) {
    if (httpDates.size >= 10_000) httpDates.clear();
    date = new Date(ms).toUTCString();
    httpDates.set(ms, date);
  }
  return date;
}

/** Headers as one flat list, name then value: what Node's writeHead takes, built without pairs. */
type FlatHeaders = string[];

/** What a file's name alone says about its answers. */
interface FileFacts {
  /** The file's own path, and the paths of the compressed copies it may have, best first. */
  path: string;
  copies: readonly { encoding: string; path: string }[];
  /** Cache-Control, and Vary when the file has compressed copies. */
  head: FlatHeaders;
  contentType: string;
}

// Remembered per folder: a site has some ten thousand files, each looked up on every request for it.
// The same path strings are used again each time, so each is hashed once (for the stat and the cache).
const MAX_FACTS = 100_000;
const factsByOptions = new WeakMap<SendFileOptions, Map<string, FileFacts>>();

function factsOf(file: string, options: SendFileOptions): FileFacts {
  let known = factsByOptions.get(options);
  if (!known) factsByOptions.set(options, (known = new Map()));
  let facts = known.get(file);
  if (!facts) {
    const compressible = options.precompressed && isCompressibleFile(file);
    const path = join(options.root, file);
    const head = ['Cache-Control', options.cacheControl(file)];
    if (compressible) head.push('Vary', 'Accept-Encoding');
    facts = {
      path,
      copies: compressible ? COMPRESSED_COPIES.map(({ encoding, suffix }) => ({ encoding, path: `${path}${suffix}` })) : [],
      head,
      contentType: contentTypeOf(file),
    };
    if (known.size >= MAX_FACTS) known.clear();
    known.set(file, facts);
  }
  return facts;
}

/**
 * The answer for one file, besides the headers every answer carries. `body` is null for a 304 and
 * for HEAD; `streamFrom` names a file too large to read whole, whose validators and length the
 * sender takes from the descriptor it opens.
 */
export type FileAnswer =
  | { status: 304; headers: FlatHeaders; body: null }
  | { status: 200 | 404; headers: FlatHeaders; body: Buffer<ArrayBuffer> | null }
  | { status: 200 | 404; headers: FlatHeaders; streamFrom: string };

/** Adds the validators of the version about to be sent. */
function addValidators(headers: FlatHeaders, version: FileVersion): FlatHeaders {
  headers.push('ETag', version.etag);
  if (Date.now() - version.modifiedSecond >= LAST_MODIFIED_AFTER_MS) headers.push('Last-Modified', httpDate(version.modifiedSecond));
  return headers;
}

/**
 * The answer with the first of `files` that exists (relative to `root`), or undefined when none
 * does. A text file is sent as its brotli or gzip copy when the client accepts one (brotli first),
 * with Vary: Accept-Encoding whichever coding is sent. HEAD gets the headers alone. Any HTTP server
 * sends it: the app's middleware and the server's direct path for site files share it.
 */
export function answerFile(files: readonly string[], request: FileRequest, options: SendFileOptions): FileAnswer | undefined {
  const lookUp = (path: string) => (options.versions ? options.versions.versionOf(path) : fileVersion(path));
  for (const file of files) {
    const facts = factsOf(file, options);
    let path = facts.path;
    let version: FileVersion | undefined;
    let encoding: string | undefined;
    if (facts.copies.length > 0) {
      const accepted = acceptedEncodingSet(request.acceptEncoding);
      for (const copy of facts.copies) {
        if (!accepted.has(copy.encoding)) continue;
        version = lookUp(copy.path);
        if (version) {
          path = copy.path;
          encoding = copy.encoding;
          break;
        }
      }
    }
    version ??= lookUp(path);
    if (!version) continue;

    if (options.status === 200 && notModified(request, version))
      return { status: 304, headers: addValidators([...facts.head], version), body: null };
    // Cache-Control, Vary, the validators of the version sent, Content-Type and Content-Encoding.
    const describe = (sent: FileVersion): FlatHeaders => {
      const headers = options.status === 200 ? addValidators([...facts.head], sent) : [...facts.head];
      headers.push('Content-Type', facts.contentType);
      if (encoding) headers.push('Content-Encoding', encoding);
      return headers;
    };
    if (request.method === 'HEAD') {
      const headers = describe(version);
      headers.push('Content-Length', String(version.size));
      return { status: options.status, headers, body: null };
    }
    if (version.size > SMALL_FILE_BYTES) {
      const headers = [...facts.head, 'Content-Type', facts.contentType];
      if (encoding) headers.push('Content-Encoding', encoding);
      return { status: options.status, headers, streamFrom: path };
    }
    let body = options.cache?.get(path, version);
    if (!body) {
      const read = readVersioned(path);
      if (!read) continue;
      // A publish may have renamed a new version in since the stat: describe the bytes actually sent.
      version = read.version;
      body = read.body;
      options.cache?.set(path, version, body);
    }
    const headers = describe(version);
    headers.push('Content-Length', String(body.length));
    return { status: options.status, headers, body };
  }
  return undefined;
}

/** What of a Hono request decides the answer for a file. */
function fileRequestOf(c: Context): FileRequest {
  return {
    // Hono answers HEAD by running the GET handlers and dropping the body; the raw request still says HEAD.
    method: c.req.raw.method,
    acceptEncoding: c.req.header('accept-encoding'),
    ifNoneMatch: c.req.header('if-none-match'),
    ifModifiedSince: c.req.header('if-modified-since'),
  };
}

function setHeaders(c: Context, headers: FlatHeaders): void {
  for (let at = 0; at < headers.length; at += 2) c.header(headers[at]!, headers[at + 1]);
}

/** Answers with the first of `files` that exists (relative to `root`), or resolves undefined when none does. */
export async function sendFile(c: Context, files: string[], options: SendFileOptions): Promise<Response | undefined> {
  const answer = answerFile(files, fileRequestOf(c), options);
  if (!answer) return undefined;
  if ('body' in answer) {
    setHeaders(c, answer.headers);
    return answer.body === null ? c.body(null, answer.status) : c.body(answer.body, answer.status);
  }
  // Gone since it was looked up (an unpublish removed it): nothing of it may reach the next handler's answer.
  const handle = await open(answer.streamFrom, 'r').catch(() => undefined);
  if (!handle) return undefined;
  setHeaders(c, answer.headers);
  const opened = versionOf(await handle.stat({ bigint: true }));
  if (answer.status === 200) setHeaders(c, addValidators([], opened));
  c.header('Content-Length', String(opened.size));
  return c.body(Readable.toWeb(handle.createReadStream()) as ReadableStream, answer.status);
}

/**
 * Serves GET and HEAD requests from a folder (under `prefix`, say `/uploads`); anything it has no
 * file for goes on to the next handler. The options are used as given, so what is remembered of
 * the folder's files is shared with any other sender of the same options.
 */
export function serveFiles(options: SendFileOptions & { status: 200 }, prefix = ''): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    const path = c.req.path;
    const files = path.startsWith(`${prefix}/`) ? candidateFiles(path.slice(prefix.length)) : undefined;
    if (!files) return next();
    const response = await sendFile(c, files, options);
    return response ?? next();
  };
}
