import type { FocalPoint } from './contracts/media.ts';

/**
 * The picture a shared link shows (og:image, twitter:image): 1200x630, the size Facebook, LinkedIn
 * and X ask for. Pages whose share image is one of ours name a crop of it at this size around its
 * focal point; any other image is named as it is.
 */
export const SOCIAL_CARD = { width: 1200, height: 630 } as const;

export interface CropRegion {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The hero presets we ship under /images/presets/; each has its card beside it (`<name>-og.jpg`, made by scripts/images). */
export const PRESET_IMAGES = [
  'asian-cuisine',
  'european-city',
  'food-plating',
  'london-bridge',
  'london-street',
  'mountain-trail',
  'restaurant-interior',
  'san-francisco-cityscape',
] as const;

// An upload's master as the API names it (a content hash), and the cards made of it.
const UPLOAD_MASTER = /^\/uploads\/([0-9a-f]{24})\.jpg$/;
const CARD_FILE = /^([0-9a-f]{24})-og-(\d{1,4})-(\d{1,4})\.jpg$/;
const PRESET = /^\/images\/presets\/([a-z-]+)\.jpg$/;

const clamp = (value: number, low: number, high: number) => Math.min(Math.max(value, low), high);

/**
 * A focal point as a card's name carries it: thousandths of the width and height (2.4 px of the
 * largest master). The crop is made from these rounded values, so the name alone fixes the pixels.
 */
export function cardFocus(focal: FocalPoint): { x: number; y: number } {
  const thousandths = (value: number) => clamp(Math.round(value * 1000), 0, 1000);
  return { x: thousandths(focal.x), y: thousandths(focal.y) };
}

/**
 * The part of a `width` x `height` image a card shows: the largest 1200:630 rectangle, centred on
 * the focal point and moved back inside the image where the point is near an edge. A smaller image
 * gives a smaller rectangle of the same shape, which is then enlarged to the card's size.
 */
export function cardRegion(image: { width: number; height: number }, focal: FocalPoint): CropRegion {
  const ratio = SOCIAL_CARD.width / SOCIAL_CARD.height;
  let width = image.width;
  let height = Math.round(width / ratio);
  if (height > image.height) {
    height = image.height;
    width = Math.min(image.width, Math.round(height * ratio));
  }
  width = Math.max(1, width);
  height = Math.max(1, height);
  return {
    left: clamp(Math.round(focal.x * image.width - width / 2), 0, image.width - width),
    top: clamp(Math.round(focal.y * image.height - height / 2), 0, image.height - height),
    width,
    height,
  };
}

/** The file name, in the uploads folder, of the card of the upload at `uploadPath` cropped around `focal`; undefined for anything but an upload's master. */
export function uploadCardName(uploadPath: string, focal: FocalPoint): string | undefined {
  const hash = UPLOAD_MASTER.exec(uploadPath)?.[1];
  if (hash === undefined) return undefined;
  const { x, y } = cardFocus(focal);
  return `${hash}-og-${x}-${y}.jpg`;
}

/** What a card's file name says: the master it was cut from and the focal point (0..1) it was cut around. */
export function parseCardName(name: string): { master: string; focal: FocalPoint } | undefined {
  const match = CARD_FILE.exec(name);
  if (!match) return undefined;
  const [x, y] = [Number(match[2]), Number(match[3])];
  if (x > 1000 || y > 1000) return undefined;
  return { master: `${match[1]}.jpg`, focal: { x: x / 1000, y: y / 1000 } };
}

/** The card shipped beside a hero preset, or undefined when `src` is not one. */
export function presetCardPath(src: string): string | undefined {
  const name = PRESET.exec(src)?.[1];
  return name !== undefined && (PRESET_IMAGES as readonly string[]).includes(name) ? `/images/presets/${name}-og.jpg` : undefined;
}
