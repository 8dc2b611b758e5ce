import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { resolver } from 'hono-openapi';
import { z } from 'zod';
import { nowIso, recordMedia } from '@forkcast/content-db';
import type { AppEnv } from '../context.ts';
import { errors } from '../errors.ts';
import { allow } from '../permissions/guards.ts';
import { answer, describer, refusals } from '../openapi/describe.ts';
import { HeroUploadResult, UploadResult } from '../openapi/shapes.ts';
import { makeCard } from '../social-cards/cards.ts';
import { MAX_UPLOAD_BYTES, processImage } from '../uploads/process-image.ts';
import { storeImage } from '../uploads/storage.ts';
import { readForm } from '../validation.ts';

const describe = describer('Uploads');
const uploadForm = z.object({ image: z.file().describe('The image (a field named `file` is read too).') });

// Multipart overhead on top of the file itself.
const BODY_LIMIT = MAX_UPLOAD_BYTES + 64 * 1024;

const limit = bodyLimit({
  maxSize: BODY_LIMIT,
  onError: () => {
    throw errors.tooLarge('file_too_large', 'That file is larger than 10 MB.');
  },
});

/** Reads the one image of a multipart upload (field `image`, or any single file), processes and stores it. */
async function acceptUpload(c: Context<AppEnv>): Promise<string> {
  if (!(c.req.header('content-type') ?? '').includes('multipart/form-data')) {
    throw errors.unsupportedMedia('unsupported_media_type', 'Upload the image as multipart/form-data.');
  }
  const form = await readForm(c);
  const file = form.image ?? form.file;
  if (!(file instanceof File) || file.size === 0) throw errors.validation('Choose an image file to upload.');
  if (file.size > MAX_UPLOAD_BYTES) throw errors.tooLarge('file_too_large', 'That file is larger than 10 MB.');
  const bytes = new Uint8Array(await file.arrayBuffer());
  const image = await c.get('imageQueue').run(() => processImage(bytes));
  const url = await storeImage(c.get('config').uploadDir, image);
  // Every upload is a media item; the same bytes again keep the item they made the first time.
  await recordMedia(
    c.get('db'),
    {
      path: url,
      originalName: file.name.slice(0, 255),
      bytes: image.files.get(`${image.name}.jpg`)!.length,
      width: image.width,
      height: image.height,
      mime: 'image/jpeg',
      createdBy: c.get('user')?.id ?? null,
    },
    nowIso(),
  );
  // Its social card, around the item's focal point (the centre, unless the same bytes came before),
  // is there before any page can name it.
  const { focalX, focalY } = await c
    .get('db')
    .selectFrom('media')
    .select(['focalX', 'focalY'])
    .where('path', '=', url)
    .executeTakeFirstOrThrow();
  // A card that cannot be made now is made at the next start (no page names a new upload yet).
  const card = await c
    .get('imageQueue')
    .run(() => makeCard(c.get('config').uploadDir, url, { x: focalX, y: focalY }))
    .catch((error: unknown) => void c.get('logger').warn({ url, err: error }, 'could not make the social card of this upload'));
  // Readers get the image from UPLOADS_BUCKET: it is there before the answer, or queued and retried.
  const pushed = await c.get('bucket')?.publishUploads([...image.files.keys(), ...(card ? [card] : [])]);
  if (pushed?.error) c.get('logger').warn({ url, err: pushed.error }, 'the uploads bucket does not hold this upload yet');
  return url;
}

const upload = (operationId: string, summary: string, shape: typeof UploadResult | typeof HeroUploadResult) =>
  describe({
    operationId,
    summary,
    description:
      "Multipart, the file in `image`: JPEG, PNG, WebP, AVIF or GIF up to 10 MB and 50 megapixels, re-encoded without metadata to `/uploads/<hash>.jpg` plus WebP widths, each scaled down (keeping its shape) to fit its format's largest side: 65535 px for JPEG, 16383 px for WebP; and the 1200x630 social card pages name when it is their share image, cut from the master around the item's focal point (`/uploads/<hash>-og-<x>-<y>.jpg`, x and y in thousandths). Two images are processed at a time and six may wait, so a burst of large uploads stays within a bounded memory; one more answers 503 with `Retry-After: 5`.",
    requestBody: { required: true, content: { 'multipart/form-data': { schema: resolver(uploadForm) } } },
    responses: {
      201: answer("The processed image's address.", shape),
      ...refusals(
        'validation',
        'file_too_large',
        'image_too_large',
        'unsupported_media_type',
        'unsupported_image',
        'unavailable',
        'insufficient_storage',
      ),
    },
  });

/** POST /api/upload -> { url }; POST /api/upload/hero-image -> { filePath }. Admin only. */
export const uploadRoutes = new Hono<AppEnv>()
  .post('/', upload('uploadImage', 'Upload an image', UploadResult), allow('contributor'), limit, async (c) =>
    c.json({ url: await acceptUpload(c) }, 201),
  )
  .post('/hero-image', upload('uploadHeroImage', 'Upload a hero image', HeroUploadResult), allow('contributor'), limit, async (c) =>
    c.json({ filePath: await acceptUpload(c) }, 201),
  );
