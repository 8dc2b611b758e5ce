import { LRUCache } from 'lru-cache';
import { Marked } from 'marked';
import { recogniseEmbed } from '@forkcast/shared/embeds';
import sanitizeHtml, { type Attributes, type IOptions } from 'sanitize-html';

// Links may use http, https, irc, ircs, mailto or xmpp, or be relative; anything else is
// blanked. A value counts as relative when it has no scheme before its first '/', '?' or '#'.
const ALLOWED_LINK = /^(?:(?:https?|ircs?|mailto|xmpp):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;
// Images may only come from the web or from this site.
const ALLOWED_IMAGE = /^(?:https?:\/\/|\/(?!\/))/i;

// Stands in for this site's origin when telling links to it from links elsewhere.
const OWN_ORIGIN = 'https://this-site.invalid';

/** True when a link, resolved the way a browser does ('//host', '/\\host', any scheme), points off this site. */
function leavesSite(href: string): boolean {
  if (href === '') return false;
  try {
    return new URL(href, `${OWN_ORIGIN}/`).origin !== OWN_ORIGIN;
  } catch {
    return true;
  }
}

const marked = new Marked({ gfm: true, breaks: false, async: false });

// The elements and attributes a post may use: what Markdown writes, and the plain formatting an
// author may add by hand. No scripts, styles, forms, frames, media, SVG or MathML; no event
// handlers, classes, ids, inline styles or data attributes.
const ALLOWED_TAGS = [
  ...['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'hr', 'br', 'div', 'span'],
  ...['ul', 'ol', 'li', 'dl', 'dt', 'dd', 'figure', 'figcaption', 'details', 'summary'],
  ...['a', 'img', 'em', 'strong', 'b', 'i', 'u', 's', 'del', 'ins', 'mark', 'small', 'sub', 'sup', 'code', 'kbd', 'samp', 'var'],
  ...['abbr', 'cite', 'dfn', 'q', 'time', 'bdi', 'bdo', 'ruby', 'rp', 'rt', 'wbr'],
  ...['table', 'caption', 'colgroup', 'col', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td'],
];
const ALLOWED_ATTRIBUTES: IOptions['allowedAttributes'] = {
  '*': ['title', 'lang', 'dir'],
  a: ['href', 'rel'],
  img: ['src', 'alt', 'width', 'height', 'loading', 'decoding'],
  ol: ['start', 'reversed', 'type'],
  li: ['value'],
  // Markdown writes a table column's alignment as `align`.
  td: ['align', 'colspan', 'rowspan', 'headers'],
  th: ['align', 'colspan', 'rowspan', 'headers', 'scope', 'abbr'],
  col: ['span'],
  colgroup: ['span'],
  time: ['datetime'],
  details: ['open'],
};

// Dropped with everything in them; any other refused element keeps its text.
const NON_TEXT_TAGS = [
  ...['script', 'style', 'template', 'noscript', 'title', 'xmp'],
  ...['iframe', 'noembed', 'noframes', 'textarea', 'select', 'option'],
];

/** Whether a URL passes `allowed` once the control characters and spaces a browser ignores are taken out. */
const passes = (allowed: RegExp, url: string) => allowed.test(url.replace(/[\u0000-\u0020\u007f-\u009f]+/g, ''));

/**
 * A link's or image's attributes as the page gets them: a refused URL blanked (kept as an empty
 * attribute), a link off this site marked rel="noopener noreferrer", with `baseUrl` every URL made
 * absolute, and an image given alt text (empty when it has none) and lazy loading.
 */
function linkAttributes(tag: string, attributes: Attributes, baseUrl: string | undefined): Attributes {
  const { rel: _authorRel, ...kept } = attributes;
  const name = tag === 'a' ? 'href' : tag === 'img' ? 'src' : undefined;
  const value = name === undefined ? undefined : kept[name];
  if (name !== undefined && value !== undefined) {
    if (!passes(name === 'href' ? ALLOWED_LINK : ALLOWED_IMAGE, value)) kept[name] = '';
    else if (baseUrl && value) kept[name] = new URL(value, baseUrl).href;
  }
  if (tag === 'a' && value !== undefined && kept.href !== '' && leavesSite(value)) kept.rel = 'noopener noreferrer';
  if (tag === 'img') {
    kept.alt ??= '';
    kept.loading = 'lazy';
    kept.decoding = 'async';
  }
  return kept;
}

// sanitize-html's own option (2.12 and later) that @types/sanitize-html does not declare yet.
type Options = IOptions & { allowedEmptyAttributes: string[] };

function sanitizeOptions(baseUrl: string | undefined): Options {
  const transform = (tag: string, attributes: Attributes) => ({ tagName: tag, attribs: linkAttributes(tag, attributes, baseUrl) });
  return {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: ALLOWED_ATTRIBUTES,
    // URLs are judged above, so a refused one stays as an empty attribute rather than vanishing.
    allowedSchemesAppliedToAttributes: [],
    allowedEmptyAttributes: ['alt', 'href', 'src'],
    nonTextTags: NON_TEXT_TAGS,
    transformTags: { a: transform, img: transform },
  };
}
const SANITIZE = sanitizeOptions(undefined);

// Sanitizing a post's text costs about a tenth of a millisecond; a page re-rendered because a list
// on it changed shows the same paragraphs as before, so their HTML is kept. The answer depends on
// nothing but the Markdown.
const rendered = new LRUCache<string, string>({ max: 5000 });

/**
 * Markdown to HTML that is safe to put in a page: rendered with marked, then sanitized with
 * sanitize-html to the elements and attributes above (no SVG, MathML, forms, frames, styles or
 * event handlers), with link and image URLs limited to the schemes above and everything else
 * blanked. With `baseUrl`, every link and image is made absolute against it (an email has no page
 * address to resolve from).
 */
export function renderMarkdown(markdown: string, options: { baseUrl?: string } = {}): string {
  // With a base the answer depends on it too; such renders (a newsletter letter, once per send) are not kept.
  if (options.baseUrl !== undefined) return renderAgainst(markdown, options.baseUrl);
  const known = rendered.get(markdown);
  if (known !== undefined) return known;
  const html = renderEmbed(markdown) ?? renderGallery(markdown) ?? sanitize(marked.parse(markdown) as string);
  rendered.set(markdown, html);
  return html;
}

// A paragraph that is only a link: bare, in angle brackets, or with link text (and no link title).
const LONE_LINK = /^(?:<?(?<bare>[^\s<>]+?)>?|\[(?<text>[^\]\n]*)\]\((?<href>[^\s()]+)\))$/;
const TEXT_ONLY: IOptions = { allowedTags: [], allowedAttributes: {} };

/**
 * A paragraph holding only a link we embed, as a click-to-load facade: a plain link (all a reader
 * without JS gets) with the player's address kept for the embed script. No request leaves for the
 * provider until the click. Every URL here is rebuilt by recogniseEmbed and the title is plain text.
 */
function renderEmbed(markdown: string): string | undefined {
  const match = LONE_LINK.exec(markdown.trim());
  const url = match?.groups?.bare ?? match?.groups?.href;
  const embed = url === undefined ? undefined : recogniseEmbed(url);
  if (embed === undefined) return undefined;
  const text = match?.groups?.text ? sanitizeHtml(marked.parseInline(match.groups.text) as string, TEXT_ONLY).trim() : '';
  const title = text || embed.defaultTitle;
  return (
    `<figure class="embed embed--${embed.provider}" data-embed-src="${embed.frameSrc.replaceAll('&', '&amp;')}" data-embed-title="${title.replaceAll('"', '&quot;')}">` +
    `<a class="embed__link" href="${embed.href.replaceAll('&', '&amp;')}" rel="noopener noreferrer">` +
    `<span class="embed__play" aria-hidden="true"></span>` +
    `<span class="embed__title">${title}</span>` +
    `<span class="embed__provider">${embed.providerName}</span>` +
    '</a></figure>'
  );
}

const IMAGE_LINE = /^!\[[^\]\n]*\]\([^\s()]+\)$/;

/** Two or more lines that are each only an image: a row of images that wraps on narrow screens. */
function renderGallery(markdown: string): string | undefined {
  const lines = markdown
    .trim()
    .split('\n')
    .map((line) => line.trim());
  if (lines.length < 2 || !lines.every((line) => IMAGE_LINE.test(line))) return undefined;
  return `<div class="gallery">${lines.map((line) => sanitize(marked.parseInline(line) as string)).join('')}</div>`;
}

function renderAgainst(markdown: string, baseUrl: string): string {
  return sanitize(marked.parse(markdown) as string, sanitizeOptions(baseUrl));
}

/**
 * sanitize-html parses with htmlparser2 and writes back only the allowed elements and attributes,
 * escaping all text and every attribute value (so no '>' is left unescaped in either). It closes
 * void elements XHTML-style, ' />', which the pages write as HTML: '<img ...>'; and it writes a
 * no-break space as the character, which the pages keep as '&nbsp;', as an HTML serializer does.
 */
function sanitize(html: string, options: IOptions = SANITIZE): string {
  return sanitizeHtml(html, options).replaceAll(' />', '>').replaceAll('\u00a0', '&nbsp;');
}

/** One line of Markdown (a heading's text) as safe inline HTML: emphasis, code and links, no blocks. */
export function renderInlineMarkdown(markdown: string): string {
  return sanitize(marked.parseInline(markdown) as string);
}
