import { createHash } from 'node:crypto';
import type { Metadata } from 'sharp';
import { IMAGE_VARIANT_WIDTHS } from '@forkcast/shared/images';
import { errors } from '../errors.ts';
import { loadSharp } from './sharp.ts';

/** The largest upload accepted: 10 MB. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** Decoding stops above this many pixels (about 50 megapixels): decompression bombs are refused. */
export const MAX_INPUT_PIXELS = 50_000_000;
const MASTER_WIDTH = 2400;
/** The largest side each output format can encode: a taller or wider image must be scaled down to fit. */
const MAX_SIDE = { jpeg: 65_535, webp: 16_383 } as const;
const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'avif', 'gif']);
const UNSUPPORTED = 'That file is not an image we can use. Upload a JPEG, PNG, WebP, AVIF or GIF.';

export interface ProcessedImage {
  /** Content hash of the original bytes: the same upload always gets the same name. */
  name: string;
  /** File name -> bytes: `<name>.jpg` and `<name>-<width>.webp`. */
  files: Map<string, Buffer>;
  /** The JPEG master's pixel size. */
  width: number;
  height: number;
}

/**
 * Scales to at most `width` wide and `maxSide` tall, keeping the aspect ratio and never enlarging:
 * a long, narrow image (a menu, a panorama turned upright) would otherwise come out taller than the
 * format can encode and fail as if it were damaged.
 */
const within = (width: number, maxSide: number) => ({ width, height: maxSide, fit: 'inside', withoutEnlargement: true }) as const;

/**
 * Decodes an upload with sharp and re-encodes it: a JPEG master (at most 2400 px wide) and WebP
 * variants, each within its format's largest side. Re-encoding drops EXIF, GPS and every other
 * metadata block, and auto-orients first so dropping the orientation tag does not turn photos
 * sideways. Anything sharp cannot decode as one of the accepted raster formats is refused (415),
 * including SVG, which can carry scripts.
 */
export async function processImage(bytes: Uint8Array): Promise<ProcessedImage> {
  const input = Buffer.from(bytes);
  const sharp = await loadSharp();
  let metadata: Metadata;
  try {
    // Only the header is read here, so no pixel limit applies yet: the size check below decides.
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw errors.unsupportedMedia('unsupported_image', UNSUPPORTED);
  }
  // AVIF and HEIC share the HEIF container; only AVIF is accepted.
  const format = metadata.format === 'heif' ? (metadata.compression === 'av1' ? 'avif' : 'heic') : metadata.format;
  if (!ACCEPTED.has(format)) throw errors.unsupportedMedia('unsupported_image', UNSUPPORTED);
  if (metadata.width * metadata.height > MAX_INPUT_PIXELS) {
    throw errors.tooLarge('image_too_large', 'That image has too many pixels; the limit is 50 megapixels.');
  }

  const name = createHash('sha256').update(input).digest('hex').slice(0, 24);
  const decode = () => sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false }).autoOrient();
  try {
    const files = new Map<string, Buffer>();
    const master = await decode()
      .resize(within(MASTER_WIDTH, MAX_SIDE.jpeg))
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 82, mozjpeg: true, progressive: true })
      .toBuffer({ resolveWithObject: true });
    files.set(`${name}.jpg`, master.data);
    for (const width of IMAGE_VARIANT_WIDTHS) {
      files.set(`${name}-${width}.webp`, await decode().resize(within(width, MAX_SIDE.webp)).webp({ quality: 78 }).toBuffer());
    }
    return { name, files, width: master.info.width, height: master.info.height };
  } catch {
    // Headers that parse but pixel data that does not (a truncated or corrupt file).
    throw errors.unsupportedMedia('unsupported_image', 'That image is damaged or incomplete; try exporting it again.');
  }
}
