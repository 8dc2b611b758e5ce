import { IMAGE_VARIANT_WIDTHS } from '@forkcast/shared/images';

/** Shown when a post or city has no hero image, and when one fails to load. */
export const FALLBACK_IMAGE = '/images/fallback.jpg';

/** Hero images are 16:9; the intrinsic size reserves their space before they load. */
export const HERO_SIZE = { width: 1600, height: 900 } as const;

// Our own images (generated under /images, processed uploads under /uploads) are stored as
// `name.jpg` plus `name-640.webp`, `name-1024.webp` and `name-1600.webp`.
const OWN_JPEG = /^\/(?:images|uploads)\/[\w/-]+\.jpg$/;

/** The WebP srcset of one of our own images, or undefined for anything else (e.g. external URLs). */
export function webpSrcset(src: string): string | undefined {
  if (!OWN_JPEG.test(src)) return undefined;
  const base = src.slice(0, -'.jpg'.length);
  return IMAGE_VARIANT_WIDTHS.map((width) => `${base}-${width}.webp ${width}w`).join(', ');
}

/** A hero source that is always something: the image itself or the fallback. */
export function heroSrc(src: string | null | undefined): string {
  return src && src.trim() !== '' ? src : FALLBACK_IMAGE;
}
