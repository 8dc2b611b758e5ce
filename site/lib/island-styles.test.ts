import { describe, expect, it } from 'vitest';
import { hoistIslandStyles } from './island-styles';

const STYLE = '<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>';

describe('hoistIslandStyles', () => {
  it('moves the island style element from the body into the head', () => {
    const html = `<html><head><title>t</title></head><body><p>a</p>${STYLE}<script>x</script><astro-island></astro-island></body></html>`;
    expect(hoistIslandStyles(html)).toBe(
      `<html><head><title>t</title>${STYLE}</head><body><p>a</p><script>x</script><astro-island></astro-island></body></html>`,
    );
  });

  it('leaves a page without islands as it is', () => {
    const html = '<html><head><title>t</title></head><body><p>a</p></body></html>';
    expect(hoistIslandStyles(html)).toBe(html);
  });

  it('leaves the element alone when it is already in the head', () => {
    const html = `<html><head>${STYLE}</head><body><p>a</p></body></html>`;
    expect(hoistIslandStyles(html)).toBe(html);
  });
});
