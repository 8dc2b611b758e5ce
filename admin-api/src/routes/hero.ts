import { Hono } from 'hono';
import { z } from 'zod';
import { getSetting, HOME_HERO, nowIso, SETTING, setSetting } from '@forkcast/content-db';
import type { AppEnv } from '../context.ts';
import { allow } from '../permissions/guards.ts';
import { publicRead } from '../middleware/cache-control.ts';
import { answer, describer, refusals } from '../openapi/describe.ts';
import { FIRST_EDIT } from '../openapi/examples.ts';
import { HomepageHero, HomepageHeroUpdated } from '../openapi/shapes.ts';
import { altText, imageSource } from '../schemas.ts';
import { validate } from '../validation.ts';
import { tagVersion } from '../versions/answers.ts';
import { takesVersion } from '../versions/precondition.ts';
import { commitVersionedWrite } from '../write.ts';

const describe = describer('Homepage hero');
const updateBody = z.object({ imageUrl: imageSource('Give the image as an http(s) URL or an uploaded image.'), alt: altText });

/** GET /api/hero/image, POST /api/hero/update-image: the homepage hero. */
export const heroRoutes = new Hono<AppEnv>()
  .get(
    '/image',
    describe({
      operationId: 'getHomepageHero',
      summary: "The homepage's hero image",
      responses: { 200: answer("The image (null for the default one) and the hero's version.", HomepageHero, { versioned: true }) },
      examples: [
        {
          name: 'seeded',
          summary: 'The seeded hero',
          status: 200,
          response: { heroImage: '/images/presets/european-city.jpg', version: 0 },
        },
      ],
    }),
    publicRead,
    async (c) => {
      const db = c.get('db');
      const heroImage = (await getSetting(db, SETTING.homepageHeroImage)) ?? null;
      return c.json({ heroImage, version: await tagVersion(c, db, HOME_HERO) });
    },
  )
  .post(
    '/update-image',
    describe({
      operationId: 'setHomepageHero',
      summary: "Change the homepage's hero image",
      description:
        'An http(s) URL or an `/uploads/` or `/images/` path, and its alt text. Sent without `alt` (or with a blank one), the hero becomes decorative (`alt=""`): the banner\'s headline already says what the page is. Send the hero\'s version the change was made to as `If-Match`.',
      responses: {
        200: answer("The new image and the hero's new version.", HomepageHeroUpdated, { versioned: true }),
        ...refusals('validation'),
      },
      examples: [
        {
          name: 'preset',
          summary: 'The London Bridge preset',
          headers: { 'If-Match': '"0"' },
          body: { imageUrl: '/images/presets/london-bridge.jpg', alt: 'London Bridge at dusk' },
          status: 200,
          response: { imageUrl: '/images/presets/london-bridge.jpg', version: FIRST_EDIT },
        },
      ],
    }),
    allow('editor'),
    takesVersion,
    validate('json', updateBody),
    async (c) => {
      const { imageUrl, alt } = c.req.valid('json');
      const { version } = await commitVersionedWrite(c, HOME_HERO, async (trx) => {
        const now = nowIso();
        await setSetting(trx, SETTING.homepageHeroImage, imageUrl, now);
        // The banner's headline already says what the page is, so a picture sent without alt text
        // is treated as decorative ('') rather than keeping the previous picture's description.
        await setSetting(trx, SETTING.homepageHeroAlt, alt ?? '', now);
      });
      return c.json({ imageUrl, version });
    },
  );
