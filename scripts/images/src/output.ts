// Rendering SVG strings to the JPEG master + responsive WebP variants with sharp.
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import sharp from 'sharp';
import { IMAGE_VARIANT_WIDTHS } from '@forkcast/shared/images';
import { cardRegion, SOCIAL_CARD } from '@forkcast/shared/social-card';

export interface WriteResult {
  files: string[];
  bytes: number;
}

async function sizeOf(file: string): Promise<number> {
  return (await stat(file)).size;
}

/** Rasterise once, then write <base>.jpg and <base>-<w>.webp for each variant width. */
export async function writeImageSet(svg: string, base: string, variants = true): Promise<WriteResult> {
  await mkdir(dirname(base), { recursive: true });
  const raster = await sharp(Buffer.from(svg)).png().toBuffer();
  const meta = await sharp(raster).metadata();
  const files: string[] = [];
  const jpg = `${base}.jpg`;
  await sharp(raster).flatten({ background: '#ffffff' }).jpeg({ quality: 80, mozjpeg: true, progressive: true }).toFile(jpg);
  files.push(jpg);
  if (variants) {
    for (const w of IMAGE_VARIANT_WIDTHS) {
      const file = `${base}-${w}.webp`;
      const h = Math.round((w * (meta.height ?? 900)) / (meta.width ?? 1600));
      await sharp(raster).resize(w, h).webp({ quality: 76, effort: 5 }).toFile(file);
      files.push(file);
    }
  }
  let bytes = 0;
  for (const f of files) bytes += await sizeOf(f);
  return { files, bytes };
}

export async function writeSvgFile(svg: string, file: string): Promise<WriteResult> {
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, svg);
  return { files: [file], bytes: await sizeOf(file) };
}

export async function writePng(svg: string, file: string, size: number, background: string): Promise<WriteResult> {
  await mkdir(dirname(file), { recursive: true });
  await sharp(Buffer.from(svg), { density: 72 * (size / 64) })
    .resize(size, size)
    .flatten({ background })
    .png({ compressionLevel: 9 })
    .toFile(file);
  return { files: [file], bytes: await sizeOf(file) };
}

/** The social card shipped beside a preset: its JPEG cut to 1200x630 around the centre, as pages name it (`<base>-og.jpg`). */
export async function writeSocialCard(base: string): Promise<WriteResult> {
  const jpg = await readFile(`${base}.jpg`);
  const { width = 0, height = 0 } = await sharp(jpg).metadata();
  const file = `${base}-og.jpg`;
  await sharp(jpg)
    .extract(cardRegion({ width, height }, { x: 0.5, y: 0.5 }))
    .resize(SOCIAL_CARD.width, SOCIAL_CARD.height, { fit: 'cover' })
    .jpeg({ quality: 80, mozjpeg: true, progressive: true })
    .toFile(file);
  return { files: [file], bytes: await sizeOf(file) };
}
