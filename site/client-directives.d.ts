// A module (it imports), so the declaration below augments Astro's types instead of replacing them.
import 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate on the first pointer, touch or focus inside the island (astro.config.mjs). */
    'client:interaction'?: boolean;
  }
}
