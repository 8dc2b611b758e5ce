import { Hono } from 'hono';
import { z } from 'zod';
import { getSetting, nowIso, SETTING, setSetting } from '@forkcast/content-db';
import type { AppEnv } from '../context.ts';
import { requireAdmin } from '../middleware/auth.ts';
import { publicRead } from '../middleware/cache-control.ts';
import { altText, imageSource } from '../schemas.ts';
import { validate } from '../validation.ts';
import { commitWrite } from '../write.ts';

const updateBody = z.object({ imageUrl: imageSource('Give the image as an http(s) URL or an uploaded image.'), alt: altText });

/** GET /api/hero/image, POST /api/hero/update-image: the homepage hero. */
export const heroRoutes = new Hono<AppEnv>()
  .get('/image', publicRead, async (c) => c.json({ heroImage: (await getSetting(c.get('db'), SETTING.homepageHeroImage)) ?? null }))
  .post('/update-image', requireAdmin, validate('json', updateBody), async (c) => {
    const { imageUrl, alt } = c.req.valid('json');
    await commitWrite(c, async (trx) => {
      const now = nowIso();
      await setSetting(trx, SETTING.homepageHeroImage, imageUrl, now);
      // The banner's headline already says what the page is, so a picture sent without alt text
      // is treated as decorative ('') rather than keeping the previous picture's description.
      await setSetting(trx, SETTING.homepageHeroAlt, alt ?? '', now);
    });
    return c.json({ imageUrl });
  });
