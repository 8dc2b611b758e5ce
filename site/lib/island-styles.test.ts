import { describe, expect, it } from 'vitest';
import { hoistIslandStyles } from './island-styles';

const STYLE = '<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>';
const hoisted = (html: string) => new TextDecoder().decode(hoistIslandStyles(new TextEncoder().encode(html)));

describe('hoistIslandStyles', () => {
  it('moves the island style element from the body into the head', () => {
    const html = `<html><head><title>t</title></head><body><p>a</p>${STYLE}<script>x</script><astro-island></astro-island></body></html>`;
    expect(hoisted(html)).toBe(
      `<html><head><title>t</title>${STYLE}</head><body><p>a</p><script>x</script><astro-island></astro-island></body></html>`,
    );
  });

  it('keeps every other byte of a page with text beyond ASCII', () => {
    const html = `<html><head><title>Ōsaka → Kyōto</title></head><body><p>café 🍜</p>${STYLE}<astro-island></astro-island></body></html>`;
    expect(hoisted(html)).toBe(
      `<html><head><title>Ōsaka → Kyōto</title>${STYLE}</head><body><p>café 🍜</p><astro-island></astro-island></body></html>`,
    );
  });

  it('hands back the very bytes of a page without islands', () => {
    const page = new TextEncoder().encode('<html><head><title>t</title></head><body><p>a</p></body></html>');
    expect(hoistIslandStyles(page)).toBe(page);
  });

  it('leaves the element alone when it is already in the head', () => {
    const html = `<html><head>${STYLE}</head><body><p>a</p></body></html>`;
    expect(hoisted(html)).toBe(html);
  });
});
