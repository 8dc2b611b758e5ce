import { Hono } from 'hono';
import { z } from 'zod';
import { getSetting, nowIso, SETTING, setSetting } from '@forkcast/content-db';
import type { AppEnv } from '../context.ts';
import { allow } from '../permissions/guards.ts';
import { publicRead } from '../middleware/cache-control.ts';
import { answer, describer, refusals } from '../openapi/describe.ts';
import { HomepageHero, HomepageHeroUpdated } from '../openapi/shapes.ts';
import { altText, imageSource } from '../schemas.ts';
import { validate } from '../validation.ts';
import { commitWrite } from '../write.ts';

const describe = describer('Homepage hero');
const updateBody = z.object({ imageUrl: imageSource('Give the image as an http(s) URL or an uploaded image.'), alt: altText });

/** GET /api/hero/image, POST /api/hero/update-image: the homepage hero. */
export const heroRoutes = new Hono<AppEnv>()
  .get(
    '/image',
    describe({
      operationId: 'getHomepageHero',
      summary: "The homepage's hero image",
      responses: { 200: answer('The image, or null for the default one.', HomepageHero) },
      examples: [{ name: 'seeded', summary: 'The seeded hero', status: 200, response: { heroImage: '/images/presets/european-city.jpg' } }],
    }),
    publicRead,
    async (c) => c.json({ heroImage: (await getSetting(c.get('db'), SETTING.homepageHeroImage)) ?? null }),
  )
  .post(
    '/update-image',
    describe({
      operationId: 'setHomepageHero',
      summary: "Change the homepage's hero image",
      description:
        'An http(s) URL or an `/uploads/` or `/images/` path, and its alt text. Sent without `alt` (or with a blank one), the hero becomes decorative (`alt=""`): the banner\'s headline already says what the page is.',
      responses: { 200: answer('The new image.', HomepageHeroUpdated), ...refusals('validation') },
      examples: [
        {
          name: 'preset',
          summary: 'The London Bridge preset',
          body: { imageUrl: '/images/presets/london-bridge.jpg', alt: 'London Bridge at dusk' },
          status: 200,
          response: { imageUrl: '/images/presets/london-bridge.jpg' },
        },
      ],
    }),
    allow('editor'),
    validate('json', updateBody),
    async (c) => {
      const { imageUrl, alt } = c.req.valid('json');
      await commitWrite(c, async (trx) => {
        const now = nowIso();
        await setSetting(trx, SETTING.homepageHeroImage, imageUrl, now);
        // The banner's headline already says what the page is, so a picture sent without alt text
        // is treated as decorative ('') rather than keeping the previous picture's description.
        await setSetting(trx, SETTING.homepageHeroAlt, alt ?? '', now);
      });
      return c.json({ imageUrl });
    },
  );
