import { ISLAND_STYLES } from 'astro/runtime/server/astro-island-styles.js';

// Astro writes this element into <body> just before a page's first island when it renders on
// demand (withastro/astro#10308; only its static builds put it in <head>). A <style> in <body> is
// not conforming HTML, and our pages are rendered on demand by the publisher.
const ISLAND_STYLE_ELEMENT = `<style>${ISLAND_STYLES}</style>`;

/** Moves Astro's island style element from the body to the end of the head, where it belongs. */
export function hoistIslandStyles(html: string): string {
  const headEnd = html.indexOf('</head>');
  const at = html.indexOf(ISLAND_STYLE_ELEMENT, headEnd);
  if (headEnd < 0 || at < 0) return html;
  return html.slice(0, headEnd) + ISLAND_STYLE_ELEMENT + html.slice(headEnd, at) + html.slice(at + ISLAND_STYLE_ELEMENT.length);
}
