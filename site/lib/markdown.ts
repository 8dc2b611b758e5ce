import DOMPurify, { type WindowLike } from 'dompurify';
import { JSDOM } from 'jsdom';
import { LRUCache } from 'lru-cache';
import { Marked } from 'marked';

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

let purifier: ReturnType<typeof DOMPurify> | undefined;
// The base of the sanitize call in progress (sanitizing is synchronous, so one call at a time).
let resolveAgainst: string | undefined;

// One jsdom window per process: creating it costs milliseconds, sanitizing with it microseconds.
function getPurifier(): ReturnType<typeof DOMPurify> {
  if (purifier) return purifier;
  const instance = DOMPurify(new JSDOM('').window as unknown as WindowLike);
  // A refused link or image source is blanked (kept as an empty attribute) rather than dropped.
  // DOMPurify removes the attribute itself; the refusal is noted here and the empty value put
  // back once it is done with the element.
  const blanked = new WeakMap<Element, string[]>();
  instance.addHook('uponSanitizeAttribute', (node, data) => {
    const allowed = data.attrName === 'href' ? ALLOWED_LINK : data.attrName === 'src' ? ALLOWED_IMAGE : undefined;
    if (allowed && !allowed.test(data.attrValue.replace(/[\u0000-\u0020\u007f-\u009f]+/g, ''))) {
      data.keepAttr = false;
      blanked.set(node, [...(blanked.get(node) ?? []), data.attrName]);
    }
  });
  instance.addHook('afterSanitizeAttributes', (node) => {
    for (const name of blanked.get(node) ?? []) node.setAttribute(name, '');
    if (node.nodeName === 'A' && leavesSite(node.getAttribute('href') ?? '')) node.setAttribute('rel', 'noopener noreferrer');
    if (resolveAgainst !== undefined) {
      for (const name of ['href', 'src']) {
        const value = node.getAttribute(name);
        if (value) node.setAttribute(name, new URL(value, resolveAgainst).href);
      }
    }
    if (node.nodeName === 'IMG') {
      if (!node.hasAttribute('alt')) node.setAttribute('alt', '');
      node.setAttribute('loading', 'lazy');
      node.setAttribute('decoding', 'async');
    }
  });
  purifier = instance;
  return instance;
}

// Sanitizing builds a document for every call, a fifth of a millisecond each; a page re-rendered
// because a list on it changed shows the same paragraphs as before, so their HTML is kept. The
// answer depends on nothing but the Markdown.
const rendered = new LRUCache<string, string>({ max: 5000 });

/**
 * Markdown to HTML that is safe to put in a page: rendered with marked, then sanitized with
 * DOMPurify (HTML profile only: no SVG, MathML, forms, frames, styles or event handlers), with
 * link and image URLs limited to the schemes above and everything else blanked. With `baseUrl`,
 * every link and image is made absolute against it (an email has no page address to resolve from).
 */
export function renderMarkdown(markdown: string, options: { baseUrl?: string } = {}): string {
  // With a base the answer depends on it too; such renders (a newsletter letter, once per send) are not kept.
  if (options.baseUrl !== undefined) return renderAgainst(markdown, options.baseUrl);
  const known = rendered.get(markdown);
  if (known !== undefined) return known;
  const html = sanitize(marked.parse(markdown) as string);
  rendered.set(markdown, html);
  return html;
}

function renderAgainst(markdown: string, baseUrl: string): string {
  const html = marked.parse(markdown) as string;
  resolveAgainst = baseUrl;
  try {
    return sanitize(html);
  } finally {
    resolveAgainst = undefined;
  }
}

function sanitize(html: string): string {
  return getPurifier().sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: [
      'style',
      'template',
      'noscript',
      'form',
      'input',
      'button',
      'textarea',
      'select',
      'iframe',
      'object',
      'embed',
      'video',
      'audio',
      'source',
      'picture',
    ],
    FORBID_ATTR: ['style', 'class', 'id', 'srcset', 'target', 'formaction'],
    ALLOW_DATA_ATTR: false,
    ALLOWED_URI_REGEXP: ALLOWED_LINK,
  });
}
