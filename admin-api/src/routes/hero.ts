import { Hono } from 'hono';
import { z } from 'zod';
import { getSetting, nowIso, SETTING, setSetting, TAG } from '@forkcast/content-db';
import type { AppEnv } from '../context.ts';
import { requireAdmin } from '../middleware/auth.ts';
import { imageSource } from '../schemas.ts';
import { validate } from '../validation.ts';
import { commitWrite } from '../write.ts';

const updateBody = z.object({ imageUrl: imageSource('Give the image as an http(s) URL or an uploaded image.') });

/** GET /api/hero/image, POST /api/hero/update-image: the homepage hero. */
export const heroRoutes = new Hono<AppEnv>()
  .get('/image', async (c) => c.json({ heroImage: (await getSetting(c.get('db'), SETTING.homepageHeroImage)) ?? null }))
  .post('/update-image', requireAdmin, validate('json', updateBody), async (c) => {
    const { imageUrl } = c.req.valid('json');
    await commitWrite(c, async (trx) => {
      await setSetting(trx, SETTING.homepageHeroImage, imageUrl, nowIso());
      return { result: undefined, tags: [TAG.setting(SETTING.homepageHeroImage)] };
    });
    return c.json({ imageUrl });
  });
