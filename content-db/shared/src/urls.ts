import { NEWSLETTER_PAGES } from './contracts/forms.ts';
import { SEARCH_PAGE } from './contracts/search.ts';

/**
 * The one place that knows where a post lives and what a missing URL was aiming at. The site
 * (links, routes, the `_redirects` file), the publisher (which file a route is written to) and the
 * server (301s and the fitting 404 page) all ask this module, so they can never disagree.
 */

/** Slugs as the site makes them: lowercase ASCII letters and digits joined by single hyphens. */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const CSV_FILE = /^[a-z0-9]+(?:-[a-z0-9]+)*\.csv$/;

export interface UrlPost {
  slug: string;
  type: 'post' | 'guide';
}

export interface UrlCity {
  slug: string;
}

/**
 * The single canonical path of a published post, following the post card rule: a guide with a
 * city lives at /{citySlug}/guide, a post with a city at /{citySlug}/{postSlug}, and anything
 * without a (known) city at /post/{slug}.
 */
export function canonicalPostPath(post: UrlPost, city: UrlCity | undefined): string {
  if (!city) return `/post/${post.slug}`;
  return post.type === 'guide' ? `/${city.slug}/guide` : `/${city.slug}/${post.slug}`;
}

/**
 * The other paths a post is reachable at, each answered with a 301 to the canonical path. Only
 * paths that can be listed from the post and its own city: a post filed under a wrong city is
 * redirected by the server, which looks the slug up.
 */
export function alternatePostPaths(post: UrlPost, city: UrlCity | undefined): string[] {
  if (!city) return [];
  return post.type === 'guide' ? [`/post/${post.slug}`, `/${city.slug}/${post.slug}`] : [`/post/${post.slug}`];
}

/** The pages a missing URL is answered with, by what it looked like; each is rendered once. */
export const NOT_FOUND_ROUTES = { page: '/404', post: '/404-post', guide: '/404-guide' } as const;

export type NotFoundKind = keyof typeof NOT_FOUND_ROUTES;

export function isNotFoundRoute(route: string): boolean {
  return (Object.values(NOT_FOUND_ROUTES) as string[]).includes(route);
}

/** The redirects file for static hosts and CDNs (Netlify and Cloudflare Pages read `_redirects`). */
export const REDIRECTS_ROUTE = '/_redirects';

/** Where the sitemap files sitemap.xml indexes live. */
const SITEMAPS_FOLDER = 'sitemaps';

/** The sitemap of every URL that is not a post's own page (listings, tag pages, the fixed pages). */
export const SITEMAP_PAGES_PATH = `/${SITEMAPS_FOLDER}/pages.xml`;

/**
 * Pages and files that exist whatever the content. The not-found pages are written as 404.html,
 * 404-post.html and 404-guide.html; '/_redirects' is the redirects file for static hosts.
 */
export const FIXED_ROUTES = [
  '/',
  '/city-guides',
  '/about',
  '/terms',
  '/privacy',
  '/sitemap',
  '/newsletter',
  NEWSLETTER_PAGES.confirmed,
  NEWSLETTER_PAGES.unsubscribe,
  NEWSLETTER_PAGES.unsubscribed,
  '/admin',
  '/admin/editor',
  '/admin/city',
  '/admin/sign-in',
  '/admin/cities',
  '/admin/pages',
  '/admin/media',
  '/admin/newsletter',
  '/admin/inbox',
  '/admin/insights',
  '/admin/publishing',
  '/admin/history',
  '/admin/redirects',
  '/admin/people',
  '/admin/profile',
  '/admin/webhooks',
  '/admin/transfer',
  // The pages the mailed links open, and the one that asks for a reset link.
  '/admin/accept',
  '/admin/forgot-password',
  '/admin/reset-password',
  ...Object.values(NOT_FOUND_ROUTES),
  REDIRECTS_ROUTE,
  '/rss.xml',
  '/sitemap.xml',
  SITEMAP_PAGES_PATH,
  '/robots.txt',
] as const;

/**
 * The email a published post is sent as, rendered by the site for the API when a send starts. It
 * is never written to the site folder: it is no page of the site, only the letter's source.
 */
export function letterRoute(postId: number): string {
  return `/newsletter/letter/${postId}`;
}

/**
 * Posts are listed in sitemap files by id, this many ids each, so an edited post changes one small
 * file and a new post the newest one, not one file of every URL. Every edit that a sitemap shows
 * (a new hero, a title, a date) renders its file again, so a file is kept small enough that this
 * costs little of a publish while a large site still makes few files.
 */
export const SITEMAP_POSTS_PER_FILE = 250;

/** The sitemap file of the posts with ids in range n: ids from (n - 1) * SITEMAP_POSTS_PER_FILE + 1 up. */
export function sitemapPostsPath(range: number): string {
  return `/${SITEMAPS_FOLDER}/posts-${range}.xml`;
}

/** The id range (1, 2, ...) whose sitemap file lists a post. */
export function sitemapRange(postId: number): number {
  return Math.floor((postId - 1) / SITEMAP_POSTS_PER_FILE) + 1;
}

/** Where a city's itinerary spreadsheets live: `/itineraries/{citySlug}.csv`. */
const ITINERARY_CSV_FOLDER = 'itineraries';

/** The itinerary of a city as a CSV file, rendered into the site folder beside its pages. */
export function itineraryCsvPath(city: UrlCity): string {
  return `/${ITINERARY_CSV_FOLDER}/${city.slug}.csv`;
}

/** Where the tag pages live: `/tags/{tagSlug}`. */
const TAGS_FOLDER = 'tags';

/** The page that lists every published post carrying a tag, by the tag's slug (see slugs.ts). */
export function tagPagePath(tagSlug: string): string {
  return `/${TAGS_FOLDER}/${tagSlug}`;
}

/** Where the author pages live: `/authors/{userSlug}`. */
const AUTHORS_FOLDER = 'authors';

/** An author's page: their bio and published posts (paginated like /posts), by their user slug. */
export function authorPagePath(userSlug: string): string {
  return `/${AUTHORS_FOLDER}/${userSlug}`;
}

/** An author's own feed, beside their page. */
export function authorFeedPath(userSlug: string): string {
  return `${authorPagePath(userSlug)}/rss.xml`;
}

/** The pages every city with a published guide has under its slug: `/{citySlug}/guide`, `/{citySlug}/itinerary`. */
export const CITY_PAGES = ['guide', 'itinerary'] as const;

/** The paths of a city's own pages and files, which exist while its guide is published. */
export function cityPagePaths(city: UrlCity): string[] {
  return [...CITY_PAGES.map((page) => `/${city.slug}/${page}`), itineraryCsvPath(city)];
}

// First segments of routes whose rest varies (a post without a city, the /posts listings, the
// itinerary files) and of what the server or the build serves beside the pages (the search page is
// rendered for each request, never into the site folder).
const PREFIXES = [
  'post',
  'posts',
  TAGS_FOLDER,
  AUTHORS_FOLDER,
  ITINERARY_CSV_FOLDER,
  SITEMAPS_FOLDER,
  'api',
  'uploads',
  '_astro',
  'images',
  'samples',
  SEARCH_PAGE.slice(1),
];

/**
 * First path segments a city may not take as its slug: every fixed route's (without its file
 * extension, so neither 'rss' nor 'rss.xml'), every prefix the site routes under, and the words
 * of a city's own pages, so that no city URL can ever shadow or be shadowed by a fixed one.
 */
export const RESERVED_FIRST_SEGMENTS: ReadonlySet<string> = new Set([
  ...FIXED_ROUTES.map((route) => route.split('/')[1]!.replace(/\.[a-z]+$/, '')).filter((segment) => segment !== ''),
  ...PREFIXES,
  ...CITY_PAGES,
]);

/** Where an editor's page lives: at the site's root, `/{slug}` (the words of RESERVED_FIRST_SEGMENTS excepted). */
export function sitePagePath(slug: string): string {
  return `/${slug}`;
}

/**
 * Words no page may take although no route uses them yet: the spellings a reader, a crawler or a
 * future route would expect to mean something else.
 */
export const RESERVED_PAGE_SLUGS: ReadonlySet<string> = new Set([
  'index',
  'login',
  'logout',
  'feed',
  'pages',
  'page',
  'static',
  'assets',
  'favicon',
  'well-known',
  'preview',
]);

/**
 * The pages SPEC's header and footer link by address (/about, /terms, /privacy): rows of
 * site_pages like any other, but they keep their address and stay published, and the footer links
 * them already.
 */
export const FIXED_PAGE_SLUGS: ReadonlySet<string> = new Set(['about', 'terms', 'privacy']);

/** What may not be done to a fixed page. */
export type FixedPageChange = 'delete' | 'unpublish' | 'move' | 'footer';

/** Why a change is refused to the page at `/{slug}`, when it is a fixed page; undefined when it may be made. */
export function fixedPageRefusal(slug: string, change: FixedPageChange): string | undefined {
  if (!FIXED_PAGE_SLUGS.has(slug)) return undefined;
  const linked = `every page's footer links to /${slug}`;
  switch (change) {
    case 'delete':
      return `This page cannot be deleted: ${linked}. Change its text instead.`;
    case 'unpublish':
      return `This page stays published: ${linked}.`;
    case 'move':
      return `This page keeps its address: ${linked}.`;
    case 'footer':
      return `This page is in the footer already: ${linked}.`;
  }
}

/** Why a page may not take a slug: malformed, owned by a route, or a reserved word; undefined when it may. */
export type PageSlugRefusal = { reason: 'malformed' | 'route' | 'reserved'; message: string };

/**
 * Whether a page may live at `/{slug}`, as far as the routes and reserved words decide (a city's
 * slug is the database's to tell). Cities are kept out of the same words, so a page and a route
 * never share a URL.
 */
export function pageSlugRefusal(slug: string): PageSlugRefusal | undefined {
  if (!SLUG.test(slug)) return { reason: 'malformed', message: 'A slug is lowercase letters and digits joined by single hyphens.' };
  if (RESERVED_FIRST_SEGMENTS.has(slug)) return { reason: 'route', message: `/${slug} belongs to one of the site's own pages.` };
  if (RESERVED_PAGE_SLUGS.has(slug)) return { reason: 'reserved', message: `"${slug}" is a reserved name.` };
  return undefined;
}

/**
 * The compressed copies kept beside each text file of the site folder, best first: `page.html.br`
 * and `page.html.gz` beside `page.html`, so that a server (ours, or nginx's brotli_static and
 * gzip_static) sends them as they are instead of compressing on every request.
 */
export const COMPRESSED_COPIES = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;

/** Whether a site file is text that gets compressed copies (pages, feeds, spreadsheets, scripts, styles, SVG). */
export function isCompressibleFile(file: string): boolean {
  return /\.(?:html|xml|txt|csv|css|js|mjs|json|svg|webmanifest)$/i.test(file);
}

/** The file a compressed copy stands for (`a/index.html` for `a/index.html.br`), or undefined for any other file. */
export function compressedOriginal(file: string): string | undefined {
  const copy = COMPRESSED_COPIES.find(({ suffix }) => file.endsWith(suffix));
  const original = copy && file.slice(0, -copy.suffix.length);
  return original && isCompressibleFile(original) ? original : undefined;
}

// Fixed routes that are files rather than pages: '/rss.xml' is written as rss.xml.
const FIXED_FILES = new Set(FIXED_ROUTES.filter((route) => /\.[a-z]+$/.test(route)).map((route) => route.slice(1)));

/**
 * Whether a file in the site folder is one the publisher renders (pages, the not-found pages, the
 * redirects file, the feeds, the itinerary spreadsheets, and their compressed copies) rather than
 * one the build copied there (assets, files from public/). Paths are relative to the folder, with
 * '/' separators.
 */
export function isRenderedFile(file: string): boolean {
  const original = compressedOriginal(file);
  if (original !== undefined) return isRenderedFile(original);
  if (file === 'index.html' || file.endsWith('/index.html')) return true;
  if (file === REDIRECTS_ROUTE.slice(1) || FIXED_FILES.has(file)) return true;
  if ((Object.values(NOT_FOUND_ROUTES) as string[]).some((route) => file === `${route.slice(1)}.html`)) return true;
  const [folder, name, ...rest] = file.split('/');
  if (folder === SITEMAPS_FOLDER && rest.length === 0) return /^[^/]+\.xml$/.test(name ?? '');
  if (folder === AUTHORS_FOLDER && rest.length === 1 && rest[0] === 'rss.xml') return true;
  return folder === ITINERARY_CSV_FOLDER && rest.length === 0 && /^[^/]+\.csv$/.test(name ?? '');
}

// First segments of two-segment paths the site uses for things other than cities.
const NOT_A_CITY = new Set([
  '_astro',
  'admin',
  'api',
  'images',
  'itineraries',
  'posts',
  'samples',
  SITEMAPS_FOLDER,
  TAGS_FOLDER,
  AUTHORS_FOLDER,
  'uploads',
]);

/** What a URL that no file answers was aiming at: a post (by slug), a city's guide, or any page. */
export type MissingTarget = { kind: 'post'; slug: string } | { kind: 'guide' } | { kind: 'page' };

export function missingTarget(path: string): MissingTarget {
  const segments = path
    .replace(/(.)\/$/, '$1')
    .split('/')
    .slice(1);
  if (segments.length !== 2 || !segments.every((segment) => SLUG.test(segment))) return { kind: 'page' };
  const [first, second] = segments as [string, string];
  if (first === 'post') return { kind: 'post', slug: second };
  if (NOT_A_CITY.has(first)) return { kind: 'page' };
  return second === 'guide' ? { kind: 'guide' } : { kind: 'post', slug: second };
}

/**
 * A same-site redirect target: the path plus the request's query string. Only paths this module
 * built (a single leading slash, slug segments, an itinerary file's `{slug}.csv`) are accepted, so no input can point a redirect
 * at another host.
 */
export function redirectLocation(path: string, search: string): string {
  const safe = path.split('/').slice(1);
  const fileName = safe.pop() ?? '';
  const isSitePath =
    safe.every((segment) => SLUG.test(segment)) &&
    (SLUG.test(fileName) || (safe.length === 1 && safe[0] === ITINERARY_CSV_FOLDER && CSV_FILE.test(fileName)));
  if (!path.startsWith('/') || !isSitePath) throw new Error(`Not a site path: ${path}`);
  return search.startsWith('?') && search.length > 1 ? `${path}${search}` : path;
}

/** How a redirect answers: 301 moved for good (browsers and search engines remember it), 302 for now. */
export const REDIRECT_STATUSES = [301, 302] as const;
export type RedirectStatus = (typeof REDIRECT_STATUSES)[number];

export interface Redirect {
  from: string;
  to: string;
  /** 301 when left out. */
  status?: RedirectStatus;
}

/**
 * `_redirects` text: one `from to status` line per redirect, sorted by source, so output is stable.
 * The lines themselves are sorted (natively, with no comparison function: about half the time at
 * 20,000 lines): a path holds no space or control character, so a line's source ends where the
 * line sorts by the space after it, and lines sort as their sources do.
 */
export function redirectsText(redirects: readonly Redirect[]): string {
  const lines = redirects.map(({ from, to, status = 301 }) => `${from} ${to} ${status}`).sort();
  return lines.length > 0 ? `${lines.join('\n')}\n` : '';
}

/** The longest path or address a redirect an editor makes may have, at either end. */
export const REDIRECT_MAX_LENGTH = 1_000;

// A segment of a path an editor may redirect: letters, digits, '-', '_' and dots, not first (no
// hidden file, no '..'), so no path can name anything outside the site folder.
const REDIRECT_PATH = /^(?:\/[A-Za-z0-9_-][A-Za-z0-9._-]*)+$/;
// A query string kept on a same-site target: the characters a URL carries there unescaped.
const REDIRECT_QUERY = /^\?[A-Za-z0-9._~!$&'()*+,;=:@%/?-]*$/;

/**
 * The path a redirect an editor makes leads from, as stored: a path on this site with no query
 * string, without the trailing slash the server strips before it looks (so `/old/` and `/old` are
 * one source). Undefined when it is none (the home page `/` included, which is always a page).
 */
export function redirectSourcePath(value: string): string | undefined {
  const path = value.length > 1 ? value.replace(/\/$/, '') : value;
  return path.length <= REDIRECT_MAX_LENGTH && REDIRECT_PATH.test(path) ? path : undefined;
}

/**
 * Where a redirect an editor makes may lead, as stored: a path on this site (its trailing slash
 * stripped, as the server would answer it with another hop), with a query string if any, or an
 * absolute http(s) address on another site, written as the URL standard spells it (so no space,
 * quote or line break can reach the Location header) and never with a user name or password in it.
 * Undefined when it is neither: `javascript:` and `//host` (protocol-relative) among them.
 */
export function redirectTarget(value: string): string | undefined {
  if (value.length > REDIRECT_MAX_LENGTH) return undefined;
  if (value.startsWith('/')) {
    const queryAt = value.indexOf('?');
    const path = queryAt === -1 ? value : value.slice(0, queryAt);
    const query = queryAt === -1 ? '' : value.slice(queryAt);
    if (query !== '' && !REDIRECT_QUERY.test(query)) return undefined;
    if (path === '/') return `${path}${query}`;
    const bare = redirectSourcePath(path);
    return bare === undefined ? undefined : `${bare}${query}`;
  }
  if (!/^https?:\/\//i.test(value) || !URL.canParse(value)) return undefined;
  const url = new URL(value);
  if (url.username !== '' || url.password !== '' || url.hostname === '') return undefined;
  return url.href.length <= REDIRECT_MAX_LENGTH ? url.href : undefined;
}

/** The path part of a same-site redirect target (undefined for another site's address). */
export function redirectTargetPath(target: string): string | undefined {
  return target.startsWith('/') ? target.replace(/\?.*$/, '') : undefined;
}

/**
 * The Location of a stored redirect's answer: its target, with the request's query string kept on
 * when the target has none of its own. Targets are checked again here (see redirectTarget), so
 * nothing stored any other way can put another header or host into the answer.
 */
export function storedRedirectLocation(target: string, search: string): string {
  if (redirectTarget(target) !== target) throw new Error(`Not a redirect target: ${target}`);
  return target.includes('?') || !search.startsWith('?') || search.length === 1 ? target : `${target}${search}`;
}

/** A path segment a reader's URL may name a page or file by: unreserved ASCII characters, not starting with a dot. */
const PLAIN_SEGMENT = '[A-Za-z0-9_~-][A-Za-z0-9._~-]*';

/**
 * Another spelling of a page's one URL, over a decoded path: a trailing slash or a trailing
 * `/index.html` (`/kyoto/guide/`, `/kyoto/guide/index.html`, `/index.html`). Its first group is the
 * path without it, empty for the home page. `/` itself, the API (whose routes are its own) and
 * paths with empty, hidden or other than plain ASCII segments are no such spelling. nginx's recipe
 * (deploy/nginx.ts) matches the same expression, so both servers redirect the same URLs.
 */
export const PAGE_VARIANT = `^(?!/api(?:/|$))(?!/$)((?:/${PLAIN_SEGMENT})*?)(?:/index\\.html/?|/)$`;
const PAGE_VARIANT_PATTERN = new RegExp(PAGE_VARIANT);

/**
 * The one URL of the page a decoded path spells another way (see PAGE_VARIANT), which it is
 * answered 301 to, or undefined when the path is no such spelling. Every page is then cached, and
 * purged, under one URL only.
 */
export function barePath(path: string): string | undefined {
  const match = PAGE_VARIANT_PATTERN.exec(path);
  return match ? match[1] || '/' : undefined;
}
