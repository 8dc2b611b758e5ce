import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IMAGE_VARIANT_WIDTHS } from '@forkcast/shared/images';
import { createTestApp, type TestApp } from '../testing.ts';
import { MAX_UPLOAD_BYTES, processImage } from '../uploads/process-image.ts';
import { storeImage } from '../uploads/storage.ts';

const HASH_FILE = /^[0-9a-f]{24}(?:\.jpg|-(?:640|1024|1600)\.webp|-og-500-500\.jpg)$/;

function pngBytes(width = 320, height = 240, background = '#d06030'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
}

/** A multipart body with one file in the given field. */
function fileForm(bytes: Uint8Array | string, fileName = 'photo.png', type = 'image/png', field = 'image'): FormData {
  const form = new FormData();
  form.append(field, new File([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], fileName, { type }));
  return form;
}

/** Every entry below a folder (relative paths, dot files included); [] when it does not exist. */
/** What an upload stores under its content hash: the JPEG, three WebP widths and its social card (a centred focal point). */
const storedFiles = (name: string) => [
  `${name}-1024.webp`,
  `${name}-1600.webp`,
  `${name}-640.webp`,
  `${name}-og-500-500.jpg`,
  `${name}.jpg`,
];

function listTree(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1))
    .sort();
}

describe('image uploads', () => {
  let t: TestApp;
  let cookie: string;

  beforeEach(async () => {
    t = await createTestApp();
    cookie = await t.signIn();
  });
  afterEach(async () => {
    vi.useRealTimers();
    await t.cleanup();
  });

  const upload = (path: string, body: BodyInit, init: { cookie?: string; headers?: Record<string, string> } = { cookie }) =>
    t.request(path, { method: 'POST', body, ...init });

  describe('POST /api/upload', () => {
    it('makes every upload a media item, and the same bytes again the same item', async () => {
      const bytes = await pngBytes(400, 300);
      const { url } = (await (await upload('/api/upload', fileForm(bytes, 'tram stop.png'))).json()) as { url: string };
      await upload('/api/upload/hero-image', fileForm(bytes, 'again.png'));
      const rows = await t.handle.db.selectFrom('media').select(['path', 'originalName', 'width', 'height', 'bytes', 'mime']).execute();
      expect(rows).toEqual([
        {
          path: url,
          originalName: 'tram stop.png',
          width: 400,
          height: 300,
          bytes: readFileSync(join(t.uploadDir, url.slice(9))).length,
          mime: 'image/jpeg',
        },
      ]);
    });

    it('stores a PNG as a hashed JPEG plus three WebP variants and its social card, and answers 201 { url }', async () => {
      const res = await upload('/api/upload', fileForm(await pngBytes()));
      expect(res.status).toBe(201);
      const body = (await res.json()) as { url: string };
      expect(Object.keys(body)).toEqual(['url']);
      const match = /^\/uploads\/([0-9a-f]{24})\.jpg$/.exec(body.url);
      expect(match, body.url).not.toBeNull();
      const name = match![1]!;
      expect(listTree(t.uploadDir)).toEqual(storedFiles(name));
      expect((await sharp(readFileSync(join(t.uploadDir, `${name}.jpg`))).metadata()).format).toBe('jpeg');
      // The social card a page names when the image is its share image: cut around the centre.
      expect(await sharp(readFileSync(join(t.uploadDir, `${name}-og-500-500.jpg`))).metadata()).toMatchObject({
        format: 'jpeg',
        width: 1200,
        height: 630,
      });
      for (const width of IMAGE_VARIANT_WIDTHS) {
        expect((await sharp(readFileSync(join(t.uploadDir, `${name}-${width}.webp`))).metadata()).format).toBe('webp');
      }
    });

    it('gives the same image the same URL when it is uploaded twice, without extra files', async () => {
      const bytes = await pngBytes();
      const first = (await (await upload('/api/upload', fileForm(bytes, 'a.png'))).json()) as { url: string };
      const second = (await (await upload('/api/upload', fileForm(bytes, 'b.png'))).json()) as { url: string };
      expect(second.url).toBe(first.url);
      expect(listTree(t.uploadDir)).toHaveLength(5);
    });

    it('also accepts the file under the field name "file"', async () => {
      const res = await upload('/api/upload', fileForm(await pngBytes(), 'photo.png', 'image/png', 'file'));
      expect(res.status).toBe(201);
      expect(((await res.json()) as { url: string }).url).toMatch(/^\/uploads\/[0-9a-f]{24}\.jpg$/);
    });

    it('accepts JPEG, WebP, AVIF and GIF uploads whatever type the browser claims', async () => {
      for (const format of ['jpeg', 'webp', 'avif', 'gif'] as const) {
        const bytes = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#123456' } })
          .toFormat(format)
          .toBuffer();
        const res = await upload('/api/upload', fileForm(bytes, `photo.${format}`, 'application/octet-stream'));
        expect([format, res.status]).toEqual([format, 201]);
      }
      expect(listTree(t.uploadDir)).toHaveLength(20);
    });
  });

  describe('POST /api/upload/hero-image', () => {
    it('answers 201 { filePath } and stores the same five files', async () => {
      const res = await upload('/api/upload/hero-image', fileForm(await pngBytes(1800, 900)));
      expect(res.status).toBe(201);
      const body = (await res.json()) as { filePath: string };
      expect(Object.keys(body)).toEqual(['filePath']);
      expect(body.filePath).toMatch(/^\/uploads\/[0-9a-f]{24}\.jpg$/);
      const name = body.filePath.slice('/uploads/'.length, -'.jpg'.length);
      expect(listTree(t.uploadDir)).toEqual(storedFiles(name));
      expect((await sharp(readFileSync(join(t.uploadDir, `${name}-1600.webp`))).metadata()).width).toBe(1600);
    });
  });

  describe('tall images', () => {
    // WebP cannot encode a side over 16383 px and JPEG none over 65535 px; uploads this tall used
    // to fail while encoding and were refused as damaged. Tens of megapixels take a while to
    // encode and decode on a busy machine, hence the long timeout.
    const LIMIT = { jpeg: 65_535, webp: 16_383 };

    it.each([
      ['png', 1600, 17_000],
      ['gif', 2000, 24_000],
    ] as const)(
      'stores a %s of %ix%i with every file inside its format limit, keeping the shape',
      async (format, width, height) => {
        const bytes = await sharp({ create: { width, height, channels: 3, background: '#3a6e5a' } })
          .toFormat(format)
          .toBuffer();
        expect(bytes.length).toBeLessThan(MAX_UPLOAD_BYTES);

        const res = await upload('/api/upload', fileForm(bytes, `menu.${format}`, `image/${format}`));
        expect(res.status, await res.clone().text()).toBe(201);
        const name = ((await res.json()) as { url: string }).url.slice('/uploads/'.length, -'.jpg'.length);

        const stored = async (file: string) => sharp(readFileSync(join(t.uploadDir, file))).metadata();
        const master = await stored(`${name}.jpg`);
        // Under both the 2400 px width cap and JPEG's limit: kept as uploaded.
        expect([master.format, master.width, master.height]).toEqual(['jpeg', width, height]);
        for (const target of IMAGE_VARIANT_WIDTHS) {
          const variant = await stored(`${name}-${target}.webp`);
          expect(variant.format).toBe('webp');
          expect(variant.height).toBeLessThanOrEqual(LIMIT.webp);
          expect(variant.width).toBeLessThanOrEqual(target);
          // As large as the width or the height limit allows, whichever binds first.
          const scale = Math.min(target / width, LIMIT.webp / height, 1);
          expect(Math.abs(variant.width - width * scale), `${target}: width`).toBeLessThanOrEqual(1);
          expect(Math.abs(variant.height - height * scale), `${target}: height`).toBeLessThanOrEqual(1);
        }
        // The widest variant is the one the WebP limit had to shrink.
        expect((await stored(`${name}-1600.webp`)).height).toBe(LIMIT.webp);
        expect(master.height).toBeLessThanOrEqual(LIMIT.jpeg);
      },
      60_000,
    );
  });

  describe('serving uploads', () => {
    it('serves the uploaded JPEG and its variants with their content types and the stored bytes', async () => {
      const { url } = (await (await upload('/api/upload', fileForm(await pngBytes()))).json()) as { url: string };
      const res = await t.request(url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/jpeg');
      const served = Buffer.from(await res.arrayBuffer());
      expect(served.equals(readFileSync(join(t.uploadDir, url.slice('/uploads/'.length))))).toBe(true);

      const variant = await t.request(url.replace(/\.jpg$/, '-640.webp'));
      expect(variant.status).toBe(200);
      expect(variant.headers.get('content-type')).toBe('image/webp');
      expect((await sharp(Buffer.from(await variant.arrayBuffer())).metadata()).format).toBe('webp');
    });

    it('serves uploads with immutable caching (their names are content hashes)', async () => {
      const { url } = (await (await upload('/api/upload', fileForm(await pngBytes()))).json()) as { url: string };
      for (const path of [url, url.replace(/\.jpg$/, '-1024.webp')]) {
        const res = await t.request(path);
        expect(res.status).toBe(200);
        expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      }
    });

    it('answers 404 for an upload that does not exist', async () => {
      mkdirSync(t.uploadDir, { recursive: true });
      const res = await t.request('/uploads/0123456789abcdef01234567.jpg');
      expect(res.status).toBe(404);
    });

    it('never serves a file outside the upload folder, whatever the encoding of the traversal', async () => {
      mkdirSync(t.uploadDir, { recursive: true });
      const outside = dirname(t.uploadDir);
      writeFileSync(join(outside, 'config'), 'TOP-SECRET-CONFIG');
      writeFileSync(join(outside, 'something'), 'TOP-SECRET-SOMETHING');
      mkdirSync(join(t.uploadDir, 'sub'));
      const attempts = [
        '/uploads/../config',
        '/uploads/..%2fconfig',
        '/uploads/..%2f..%2fsomething',
        '/uploads/..%2Fsomething',
        '/uploads/%2e%2e/config',
        '/uploads/%2e%2e%2fconfig',
        '/uploads/%2e%2e%2f%2e%2e%2fsomething',
        '/uploads/..%5cconfig',
        '/uploads/..\\config',
        '/uploads/sub/..%2f..%2fconfig',
        '/uploads/%252e%252e%252fconfig',
        '/uploads/....//config',
        '/uploads//config',
      ];
      for (const path of attempts) {
        const res = await t.request(path);
        const text = await res.text();
        expect({ path, status: res.status, leaked: text.includes('TOP-SECRET') }).toEqual({ path, status: 404, leaked: false });
      }
    });
  });

  describe('refusals', () => {
    it('answers 401 to an anonymous upload and writes nothing', async () => {
      for (const path of ['/api/upload', '/api/upload/hero-image']) {
        const res = await upload(path, fileForm(await pngBytes()), {});
        expect(res.status).toBe(401);
        expect(((await res.json()) as { code: string }).code).toBe('unauthorized');
      }
      expect(listTree(t.uploadDir)).toEqual([]);
    });

    it('answers 401 with a forged session cookie', async () => {
      const res = await upload('/api/upload', fileForm(await pngBytes()), { cookie: cookie.replace(/=([^;]*)/, '=forged') });
      expect(res.status).toBe(401);
      expect(listTree(t.uploadDir)).toEqual([]);
    });

    it('refuses a cross-site upload even with a valid session (403) and writes nothing', async () => {
      const res = await upload('/api/upload', fileForm(await pngBytes()), { cookie, headers: { 'sec-fetch-site': 'cross-site' } });
      expect(res.status).toBe(403);
      expect(listTree(t.uploadDir)).toEqual([]);
    });

    it('answers 415 when the body is not multipart', async () => {
      const json = await t.request('/api/upload', {
        method: 'POST',
        cookie,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ image: 'x' }),
      });
      expect(json.status).toBe(415);
      expect(await json.json()).toEqual({ message: 'Upload the image as multipart/form-data.', code: 'unsupported_media_type' });
      const raw = await t.request('/api/upload/hero-image', {
        method: 'POST',
        cookie,
        headers: { 'content-type': 'image/png' },
        body: new Uint8Array(await pngBytes()),
      });
      expect(raw.status).toBe(415);
      expect(listTree(t.uploadDir)).toEqual([]);
    });

    it('answers 400 when the form has no file, an empty file or a text value instead', async () => {
      const none = new FormData();
      none.append('caption', 'no image here');
      const empty = fileForm(new Uint8Array(0));
      const text = new FormData();
      text.append('image', 'https://example.com/a.png');
      for (const form of [none, empty, text]) {
        const res = await upload('/api/upload', form);
        expect(res.status).toBe(400);
        expect(await res.json()).toEqual({ message: 'Choose an image file to upload.', code: 'validation' });
      }
      expect(listTree(t.uploadDir)).toEqual([]);
    });

    it('answers 413 file_too_large for a file just over 10 MB and leaves no file', async () => {
      const big = new Uint8Array(MAX_UPLOAD_BYTES + 1);
      big.set(await pngBytes());
      const res = await upload('/api/upload', fileForm(big));
      expect(res.status).toBe(413);
      expect(await res.json()).toEqual({ message: 'That file is larger than 10 MB.', code: 'file_too_large' });
      expect(listTree(t.uploadDir)).toEqual([]);
    });

    it('answers 413 file_too_large when the whole body is far over the limit', async () => {
      const res = await upload('/api/upload/hero-image', fileForm(new Uint8Array(MAX_UPLOAD_BYTES + 512 * 1024)));
      expect(res.status).toBe(413);
      expect(((await res.json()) as { code: string }).code).toBe('file_too_large');
      expect(listTree(t.uploadDir)).toEqual([]);
    });

    it('accepts an image of exactly 10 MB (the limit is not too tight)', async () => {
      // A valid PNG followed by padding after its IEND chunk, which decoders ignore.
      const exact = new Uint8Array(MAX_UPLOAD_BYTES);
      exact.set(await pngBytes());
      const res = await upload('/api/upload', fileForm(exact));
      expect(res.status).toBe(201);
      expect(listTree(t.uploadDir)).toHaveLength(5);
    });

    it('answers 415 to text renamed photo.png and leaves no file, not even a temporary one', async () => {
      const res = await upload('/api/upload', fileForm('hello, I am plain text pretending to be a PNG\n'));
      expect(res.status).toBe(415);
      expect(((await res.json()) as { code: string }).code).toBe('unsupported_image');
      expect(listTree(t.uploadDir)).toEqual([]);
    });

    it('answers 415 to an SVG (even a valid one) on both endpoints', async () => {
      const svg =
        '<svg xmlns="http://www.w3.org/2000/svg" width="50" height="50"><script>alert(1)</script><circle r="20" cx="25" cy="25"/></svg>';
      for (const path of ['/api/upload', '/api/upload/hero-image']) {
        const res = await upload(path, fileForm(svg, 'logo.svg', 'image/svg+xml'));
        expect([path, res.status]).toEqual([path, 415]);
        expect(((await res.json()) as { code: string }).code).toBe('unsupported_image');
      }
      expect(listTree(t.uploadDir)).toEqual([]);
    });

    it('answers 415 to a truncated JPEG and leaves no file', async () => {
      const jpeg = await sharp({
        create: { width: 600, height: 400, channels: 3, background: '#000000', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
      })
        .jpeg()
        .toBuffer();
      const res = await upload('/api/upload', fileForm(jpeg.subarray(0, jpeg.length >> 1), 'photo.jpg', 'image/jpeg'));
      expect(res.status).toBe(415);
      expect(listTree(t.uploadDir)).toEqual([]);
    });
  });

  describe('client file names', () => {
    it('ignores path-like file names: only hash names appear, only inside the upload folder', async () => {
      const names = [
        '../../etc/passwd.png',
        '..\\evil.png',
        '/absolute/evil.png',
        '.hidden.png',
        'sub/dir/photo.png',
        '%2e%2e%2fencoded.png',
      ];
      const urls: string[] = [];
      for (const [index, name] of names.entries()) {
        const res = await upload('/api/upload', fileForm(await pngBytes(40 + index, 30), name));
        expect([name, res.status]).toEqual([name, 201]);
        urls.push(((await res.json()) as { url: string }).url);
      }
      for (const url of urls) expect(url).toMatch(/^\/uploads\/[0-9a-f]{24}\.jpg$/);
      const stored = listTree(t.uploadDir);
      expect(stored).toHaveLength(names.length * 5);
      for (const file of stored) expect(file).toMatch(HASH_FILE);
      // Nothing was written next to the upload folder or above it.
      expect(readdirSync(dirname(t.uploadDir)).filter((entry) => entry !== 'uploads' && entry !== 'site')).toEqual([]);
      expect(existsSync(join(t.uploadDir, '..', '..', 'etc', 'passwd.png'))).toBe(false);
      expect(existsSync(join(t.uploadDir, '..', 'evil.png'))).toBe(false);
    });
  });

  describe('concurrency', () => {
    it('stores the same image twice at the same moment without failing (storeImage)', async () => {
      const image = await processImage(await pngBytes());
      vi.useFakeTimers({ toFake: ['Date'] });
      const results = await Promise.allSettled([storeImage(t.uploadDir, image), storeImage(t.uploadDir, image)]);
      vi.useRealTimers();
      expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled']);
      expect(listTree(t.uploadDir)).toHaveLength(4);
    });

    it('stores simultaneous uploads of different images', async () => {
      const images = await Promise.all([pngBytes(50, 50, '#ff0000'), pngBytes(50, 50, '#00ff00'), pngBytes(50, 50, '#0000ff')]);
      const responses = await Promise.all(images.map((bytes) => upload('/api/upload', fileForm(bytes))));
      expect(responses.map((res) => res.status)).toEqual([201, 201, 201]);
      const stored = listTree(t.uploadDir);
      expect(stored).toHaveLength(15);
      for (const file of stored) expect(file).toMatch(HASH_FILE);
    });
  });
});
