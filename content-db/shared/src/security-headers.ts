/**
 * The security headers every answer of the site carries, wherever it is served from: our server,
 * nginx or a static host. The Content-Security-Policy names the hashes of the inline scripts one
 * build emits, so it is computed when the site is built and written beside it as `_headers`
 * (Netlify and Cloudflare Pages read that file as it is; our server reads it at start) and as an
 * nginx include. This module is the one place that says what the headers are and how both files
 * look; it imports nothing but the embeds' player origins, so the build config, the server and the tests share it.
 */

import { EMBED_FRAME_ORIGINS } from './embeds.ts';

/** The one site whose pages the guide frames: OpenStreetMap's embeddable area map. */
export const MAP_EMBED_ORIGIN = 'https://www.openstreetmap.org';

/** The file, at the root of the site folder, that holds the headers in the static hosts' format. */
export const HEADERS_FILE = '_headers';

/** Who may frame a page: nobody, or (the admin's preview of a post, shown in the editor) this site only. */
export type Framing = 'none' | 'same-origin';

/**
 * The directives besides `default-src 'self'`, `script-src` (whose hashes come from the build) and
 * `frame-ancestors` (which depends on the page). Styles allow inline ones:
 * the dialogs' scroll lock and the editor write `<style>` elements at run time, which a static page
 * cannot give a nonce, and a style cannot run code. Images come from anywhere on the web over
 * https (a hero may be any address, the interactive map's tiles come from OpenStreetMap), never
 * plain http, which anyone on the way may change; previews of a chosen file are `blob:` URLs.
 * Frames: the guide's OpenStreetMap area map, the editor's preview of a post, which is this
 * site's own page, and the players of the providers a post may embed (loaded only on a click).
 * That is every origin any page frames: each page narrows it to its own frames with a
 * `<meta http-equiv>` policy (site/lib/frame-policy.ts), which browsers enforce as well.
 */
const FIXED_DIRECTIVES: readonly (readonly [string, string])[] = [
  ['style-src', "'self' 'unsafe-inline'"],
  ['img-src', "'self' data: blob: https:"],
  ['font-src', "'self'"],
  ['connect-src', "'self'"],
  ['frame-src', ["'self'", ...new Set([MAP_EMBED_ORIGIN, ...Object.values(EMBED_FRAME_ORIGINS)])].join(' ')],
  ['object-src', "'none'"],
  ['base-uri', "'none'"],
  ['form-action', "'self'"],
];

/** The Content-Security-Policy for pages whose inline scripts have these hashes (`sha256-...`). */
export function contentSecurityPolicy(scriptHashes: readonly string[], framing: Framing = 'none'): string {
  const scriptSrc = ["'self'", ...[...new Set(scriptHashes)].sort().map((hash) => `'${hash}'`)].join(' ');
  const directives: (readonly [string, string])[] = [
    ['default-src', "'self'"],
    ['script-src', scriptSrc],
    ...FIXED_DIRECTIVES,
    ['frame-ancestors', framing === 'none' ? "'none'" : "'self'"],
  ];
  return directives.map(([name, value]) => `${name} ${value}`).join('; ');
}

export type HeaderList = readonly (readonly [string, string])[];

/**
 * Features no page of the site (nor a frame in it: the OpenStreetMap area map, the editor's
 * preview) uses, denied to all: sensors, camera and microphone, location, payment, devices, screen
 * capture, and ad targeting by browsing topics. Left alone: full screen and the clipboard (the
 * editor takes pasted images). Only features Chromium knows, which warns in the console of every
 * page about any other.
 */
const DENIED_FEATURES = [
  'accelerometer',
  'autoplay',
  'browsing-topics',
  'camera',
  'display-capture',
  'encrypted-media',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'interest-cohort',
  'local-fonts',
  'magnetometer',
  'microphone',
  'midi',
  'otp-credentials',
  'payment',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'window-management',
  'xr-spatial-tracking',
];
const PERMISSIONS_POLICY = DENIED_FEATURES.map((feature) => `${feature}=()`).join(', ');

/** Every header of a site answer, by the framing the page allows. */
export function securityHeaders(scriptHashes: readonly string[], framing: Framing = 'none'): HeaderList {
  return [
    ['Content-Security-Policy', contentSecurityPolicy(scriptHashes, framing)],
    // For browsers that predate frame-ancestors.
    ['X-Frame-Options', framing === 'none' ? 'DENY' : 'SAMEORIGIN'],
    ['X-Content-Type-Options', 'nosniff'],
    // Cross-site, only the origin: OpenStreetMap's tile servers refuse requests that name no site.
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    ['Permissions-Policy', PERMISSIONS_POLICY],
  ];
}

/**
 * Headers our server sends on every answer besides `securityHeaders`, which only it and the
 * nginx recipe send (a static host gets `_headers` alone): older browsers' defences turned to their
 * safe settings, and each page in an origin-keyed agent cluster.
 */
export const SERVER_HEADERS: HeaderList = [
  ['Origin-Agent-Cluster', '?1'],
  ['X-DNS-Prefetch-Control', 'off'],
  ['X-Download-Options', 'noopen'],
  ['X-Permitted-Cross-Domain-Policies', 'none'],
  ['X-XSS-Protection', '0'],
];

/** Strict-Transport-Security, sent over https only: a year, the least that browsers' HSTS preload lists accept. */
export const HSTS = 'max-age=31536000; includeSubDomains';

/** The script hashes a Content-Security-Policy allows, as `sha256-...` (what `securityHeaders` was given). */
export function policyScriptHashes(policy: string): string[] {
  const scriptSrc = policy
    .split(';')
    .map((directive) => directive.trim().split(/\s+/))
    .find(([name]) => name === 'script-src');
  return (scriptSrc ?? []).slice(1).flatMap((source) => /^'(sha(?:256|384|512)-[A-Za-z0-9+/=]+)'$/.exec(source)?.[1] ?? []);
}

const HEADERS_FILE_NOTE = '# Written by `astro build` (astro.config.mjs): the security headers of every answer of this site.';

/** The Cache-Control of files that never change under their name: hashed build assets, and uploads (named by content hash). */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * `_headers` in the format Netlify and Cloudflare Pages read: every path gets the headers, and the
 * hashed build assets and the uploads (`make export` puts them under /uploads) are kept for good,
 * as our server and nginx have them.
 */
export function headersFileText(scriptHashes: readonly string[]): string {
  const lines = securityHeaders(scriptHashes).map(([name, value]) => `  ${name}: ${value}`);
  const immutable = ['/_astro/*', '/uploads/*'].map((path) => `${path}\n  Cache-Control: ${IMMUTABLE}\n`).join('');
  return `${HEADERS_FILE_NOTE}\n/*\n${lines.join('\n')}\n${immutable}`;
}

/** The script hashes a `_headers` file written by `headersFileText` allows, or undefined when it has no policy. */
export function readHeadersFile(text: string): string[] | undefined {
  const policy = /^\s+Content-Security-Policy:\s*(.+)$/m.exec(text)?.[1];
  return policy === undefined ? undefined : policyScriptHashes(policy);
}

/**
 * The same headers as nginx `add_header` lines, for an `include` in each server or location block
 * that serves the site (nginx drops a block's inherited add_header lines once it has its own).
 */
export function nginxHeadersText(scriptHashes: readonly string[]): string {
  const lines = securityHeaders(scriptHashes).map(([name, value]) => `add_header ${name} "${value}" always;`);
  return `${HEADERS_FILE_NOTE.replace('this site', 'the site')}\n${lines.join('\n')}\n`;
}
