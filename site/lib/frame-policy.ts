/**
 * The frames a page may hold, named in a `<meta http-equiv="Content-Security-Policy">` of its own.
 * The site-wide header allows every origin any page frames (security-headers.ts); a browser
 * enforces both policies, so each page may frame only what it shows. That works wherever the
 * site is served (our server, nginx, a bucket, a CDN) without a header per path.
 */

// What frames a page: an iframe's src, and an embed's player, swapped in on a click (markdown.ts).
const FRAME_URL = /<iframe\b[^>]*?\ssrc="([^"]*)"|\sdata-embed-src="([^"]*)"/gi;

/** The origins the frames of a page's HTML load, 'self' for our own, sorted and once each. */
export function framedOrigins(html: string): string[] {
  const origins = new Set<string>();
  for (const match of html.matchAll(FRAME_URL)) {
    const url = (match[1] ?? match[2] ?? '').replaceAll('&amp;', '&');
    if (!URL.canParse(url, 'https://this-site.invalid/')) continue;
    const origin = new URL(url, 'https://this-site.invalid/').origin;
    origins.add(origin === 'https://this-site.invalid' ? "'self'" : origin);
  }
  origins.delete("'self'");
  return [...origins].sort();
}

/** The frame-src a page with this HTML needs: our own pages (the editor's preview) and its frames' origins. */
export function pageFrameSrc(html: string): string {
  return ["frame-src 'self'", ...framedOrigins(html)].join(' ');
}
