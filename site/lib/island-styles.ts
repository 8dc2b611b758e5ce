import { ISLAND_STYLES } from 'astro/runtime/server/astro-island-styles.js';

// Astro writes this element into <body> just before a page's first island when it renders on
// demand (withastro/astro#10308; only its static builds put it in <head>). A <style> in <body> is
// not conforming HTML, and our pages are rendered on demand by the publisher.
const ISLAND_STYLE_ELEMENT = Buffer.from(`<style>${ISLAND_STYLES}</style>`);
const HEAD_END = Buffer.from('</head>');

/**
 * Moves Astro's island style element from the body to the end of the head, where it belongs. Works
 * on the page's UTF-8 bytes as rendered: decoding a page to text and encoding it again cost two
 * passes over every page (four megabytes of strings for the 1.3 MB /sitemap), and a page without
 * islands comes back as the very bytes it came in.
 */
export function hoistIslandStyles(html: Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer> {
  const bytes = Buffer.from(html.buffer, html.byteOffset, html.byteLength);
  const headEnd = bytes.indexOf(HEAD_END);
  const at = headEnd < 0 ? -1 : bytes.indexOf(ISLAND_STYLE_ELEMENT, headEnd);
  if (at < 0) return html;
  return Buffer.concat([
    bytes.subarray(0, headEnd),
    ISLAND_STYLE_ELEMENT,
    bytes.subarray(headEnd, at),
    bytes.subarray(at + ISLAND_STYLE_ELEMENT.length),
  ]);
}
