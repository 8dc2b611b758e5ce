import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from '../context.ts';
import { errors } from '../errors.ts';
import { requireAdmin } from '../middleware/auth.ts';
import { MAX_UPLOAD_BYTES, processImage } from '../uploads/process-image.ts';
import { storeImage } from '../uploads/storage.ts';
import { readForm } from '../validation.ts';

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
  return storeImage(c.get('config').uploadDir, image);
}

/** POST /api/upload -> { url }; POST /api/upload/hero-image -> { filePath }. Admin only. */
export const uploadRoutes = new Hono<AppEnv>()
  .post('/', requireAdmin, limit, async (c) => c.json({ url: await acceptUpload(c) }, 201))
  .post('/hero-image', requireAdmin, limit, async (c) => c.json({ filePath: await acceptUpload(c) }, 201));
