import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { IMAGE_VARIANT_WIDTHS } from '@forkcast/shared/images';
import { ApiError } from '../errors.ts';
import { MAX_INPUT_PIXELS, processImage } from './process-image.ts';

type Format = 'jpeg' | 'png' | 'webp' | 'avif' | 'gif';

/** A real image of the given size and format, made in memory. */
function makeImage(format: Format, width = 300, height = 200, background = '#c04020'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .toFormat(format)
    .toBuffer();
}

/** A JPEG carrying EXIF with a copyright, an artist and a GPS position. */
function jpegWithExif(width = 300, height = 200): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#2050a0' } })
    .jpeg()
    .withExif({
      IFD0: { Copyright: 'Secret Photographer', Artist: 'Jane Doe' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2964/100', GPSLongitudeRef: 'E', GPSLongitude: '2/1 17/1 4000/100' },
    })
    .toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/**
 * A decompression bomb: a valid PNG header claiming width x height grey pixels with only a few
 * scanlines of data behind it. If anything tried to decode it, it would either take very long or
 * fail as truncated (415); only a header check answers 413 at once.
 */
function pngBomb(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  const idat = deflateSync(Buffer.alloc((width + 1) * 4));
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', idat),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The error processImage rejects with (fails the test when it resolves or throws something else). */
async function refusal(bytes: Uint8Array): Promise<ApiError> {
  const error = await processImage(bytes).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, 'processImage should have refused this input').toBeInstanceOf(ApiError);
  return error as ApiError;
}

const expectedNames = (name: string) => [`${name}.jpg`, ...IMAGE_VARIANT_WIDTHS.map((w) => `${name}-${w}.webp`)].sort();

describe('processImage: accepted formats', () => {
  it.each<Format>(['jpeg', 'png', 'webp', 'avif', 'gif'])('turns a %s into a JPEG master and three WebP variants', async (format) => {
    const input = await makeImage(format, 2000, 1000);
    expect((await sharp(input).metadata()).width).toBe(2000);

    const { name, files } = await processImage(input);

    expect(name).toMatch(/^[0-9a-f]{24}$/);
    expect([...files.keys()].sort()).toEqual(expectedNames(name));
    const master = await sharp(files.get(`${name}.jpg`)!).metadata();
    expect([master.format, master.width, master.height]).toEqual(['jpeg', 2000, 1000]);
    for (const width of IMAGE_VARIANT_WIDTHS) {
      const variant = await sharp(files.get(`${name}-${width}.webp`)!).metadata();
      expect([variant.format, variant.width, variant.height]).toEqual(['webp', width, width / 2]);
    }
  });

  it('never enlarges a small image: every output keeps its own width', async () => {
    const { name, files } = await processImage(await makeImage('png', 300, 200));
    expect(files.size).toBe(4);
    for (const [file, bytes] of files) {
      const meta = await sharp(bytes).metadata();
      expect([file, meta.width, meta.height]).toEqual([file, 300, 200]);
    }
    expect((await sharp(files.get(`${name}.jpg`)!).metadata()).format).toBe('jpeg');
  });

  it('scales only the variants narrower than the image (a 1200 px image: 640, 1024, then 1200 as is)', async () => {
    const { name, files } = await processImage(await makeImage('jpeg', 1200, 600));
    const widths = await Promise.all(
      IMAGE_VARIANT_WIDTHS.map(async (w) => (await sharp(files.get(`${name}-${w}.webp`)!).metadata()).width),
    );
    expect(widths).toEqual([640, 1024, 1200]);
    expect((await sharp(files.get(`${name}.jpg`)!).metadata()).width).toBe(1200);
  });

  it('caps the JPEG master at 2400 px wide, keeping the aspect ratio', async () => {
    const { name, files } = await processImage(await makeImage('png', 3000, 1500));
    const master = await sharp(files.get(`${name}.jpg`)!).metadata();
    expect([master.width, master.height]).toEqual([2400, 1200]);
  });

  it('flattens transparency onto white in the JPEG master', async () => {
    const transparent = await sharp({ create: { width: 20, height: 20, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .png()
      .toBuffer();
    const { name, files } = await processImage(transparent);
    const { data } = await sharp(files.get(`${name}.jpg`)!)
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([data[0]! > 245, data[1]! > 245, data[2]! > 245]).toEqual([true, true, true]);
  });

  it('auto-orients a photo before dropping its orientation tag', async () => {
    // Stored 300x200 but tagged "rotate 90° clockwise": a viewer shows it 200x300.
    const rotated = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#888888' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(rotated).metadata()).orientation).toBe(6);
    const { name, files } = await processImage(rotated);
    const master = await sharp(files.get(`${name}.jpg`)!).metadata();
    expect([master.width, master.height, master.orientation]).toEqual([200, 300, undefined]);
  });

  it('accepts a Uint8Array as well as a Buffer', async () => {
    const bytes = await makeImage('webp');
    const fromBuffer = await processImage(bytes);
    const fromArray = await processImage(new Uint8Array(bytes));
    expect(fromArray.name).toBe(fromBuffer.name);
  });
});

describe('processImage: content-hash names', () => {
  it('gives the same bytes the same name and identical files', async () => {
    const bytes = await makeImage('png');
    const first = await processImage(bytes);
    const second = await processImage(Buffer.from(bytes));
    expect(second.name).toBe(first.name);
    expect([...second.files.keys()]).toEqual([...first.files.keys()]);
  });

  it('gives different bytes different names, even when they differ by one pixel value', async () => {
    const a = await processImage(await makeImage('png', 50, 50, '#102030'));
    const b = await processImage(await makeImage('png', 50, 50, '#102031'));
    const c = await processImage(await makeImage('jpeg', 50, 50, '#102030'));
    expect(new Set([a.name, b.name, c.name]).size).toBe(3);
  });

  it('names files only with lowercase hex, so a name can never hold a path', async () => {
    const { files } = await processImage(await makeImage('gif'));
    for (const file of files.keys()) expect(file).toMatch(/^[0-9a-f]{24}(?:-\d+\.webp|\.jpg)$/);
  });
});

describe('processImage: metadata is stripped', () => {
  it('the test input really carries EXIF with copyright and GPS', async () => {
    const meta = await sharp(await jpegWithExif()).metadata();
    expect(meta.exif).toBeInstanceOf(Buffer);
    expect(meta.exif!.toString('latin1')).toContain('Secret Photographer');
  });

  it('removes EXIF (including GPS), XMP and IPTC from every output', async () => {
    const { files } = await processImage(await jpegWithExif(1800, 1200));
    expect(files.size).toBe(4);
    for (const [file, bytes] of files) {
      const meta = await sharp(bytes).metadata();
      expect({ file, exif: meta.exif, xmp: meta.xmp, iptc: meta.iptc }).toEqual({ file, exif: undefined, xmp: undefined, iptc: undefined });
      expect(bytes.toString('latin1')).not.toContain('Secret Photographer');
      expect(bytes.toString('latin1')).not.toContain('Jane Doe');
    }
  });

  it('removes EXIF carried by a PNG or a WebP too', async () => {
    for (const format of ['png', 'webp'] as const) {
      const input = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#00ff00' } })
        .toFormat(format)
        .withExif({ IFD0: { Copyright: 'Secret Photographer' } })
        .toBuffer();
      expect((await sharp(input).metadata()).exif, format).toBeInstanceOf(Buffer);
      const { files } = await processImage(input);
      for (const bytes of files.values()) expect((await sharp(bytes).metadata()).exif).toBeUndefined();
    }
  });
});

describe('processImage: refused inputs (415 unsupported_image)', () => {
  const expect415 = async (bytes: Uint8Array) => {
    const error = await refusal(bytes);
    expect([error.status, error.code]).toEqual([415, 'unsupported_image']);
    return error;
  };

  it('refuses plain text', async () => {
    const error = await expect415(Buffer.from('This is not an image, just some text.\n'));
    expect(error.message).toBe('That file is not an image we can use. Upload a JPEG, PNG, WebP, AVIF or GIF.');
  });

  it('refuses a valid SVG (it can carry scripts), with or without an XML prolog', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><rect width="100" height="100" fill="red"/></svg>';
    // The SVG is really decodable: sharp itself would render it.
    expect((await sharp(Buffer.from(svg)).metadata()).format).toBe('svg');
    await expect415(Buffer.from(svg));
    await expect415(Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>\n${svg.replace('<rect', '<script>alert(1)</script><rect')}`));
  });

  it('refuses a HEIC-like buffer and random bytes', async () => {
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic\0\0\0\0mif1heic', 'latin1'), Buffer.alloc(200)]);
    await expect415(heic);
    await expect415(Buffer.from(Array.from({ length: 512 }, (_, i) => (i * 7919) % 256)));
  });

  it('refuses formats sharp reads but we do not accept (TIFF)', async () => {
    await expect415(
      await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
        .tiff()
        .toBuffer(),
    );
  });

  it('refuses a truncated JPEG whose header still parses', async () => {
    const jpeg = await sharp({
      create: { width: 800, height: 600, channels: 3, background: '#000000', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
    })
      .jpeg()
      .toBuffer();
    const half = jpeg.subarray(0, Math.floor(jpeg.length / 2));
    expect((await sharp(half).metadata()).format).toBe('jpeg');
    const error = await expect415(half);
    expect(error.message).toBe('That image is damaged or incomplete; try exporting it again.');
  });

  it('refuses an empty buffer', async () => {
    await expect415(new Uint8Array(0));
  });
});

describe('processImage: pixel bombs (413 image_too_large)', () => {
  it('refuses a tiny PNG claiming 8000x8000 pixels from its header alone, quickly', async () => {
    const bomb = pngBomb(8000, 8000);
    expect(bomb.length).toBeLessThan(4096);
    expect(8000 * 8000).toBeGreaterThan(MAX_INPUT_PIXELS);
    const started = performance.now();
    const error = await refusal(bomb);
    const elapsed = performance.now() - started;
    // A decode would fail on the missing scanlines (415); 413 means only the header was read.
    expect([error.status, error.code]).toEqual([413, 'image_too_large']);
    expect(elapsed).toBeLessThan(1000);
  });

  it('accepts a very wide image that stays under 50 MP', async () => {
    const { files } = await processImage(await makeImage('png', 5000, 100));
    expect(files.size).toBe(4);
  });

  it('refuses a 20000x20000 PNG bomb (400 MP) with 413, not 415', async () => {
    const bomb = pngBomb(20000, 20000);
    expect(bomb.length).toBeLessThan(4096);
    const started = performance.now();
    const error = await refusal(bomb);
    expect([error.status, error.code]).toEqual([413, 'image_too_large']);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
