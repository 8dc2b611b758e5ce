import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { nowIso } from '@forkcast/content-db';
import type { AppEnv } from '../context.ts';
import { ApiError } from '../errors.ts';
import { generateGuide } from '../guides/generate-guide.ts';
import { ItineraryError, parseItinerary } from '../guides/itinerary-csv.ts';
import { requireAdmin } from '../middleware/auth.ts';
import { altText, imageSource } from '../schemas.ts';
import { commitWrite } from '../write.ts';
import { contactInboxRoutes } from './contact.ts';
import { publishStatusRoutes } from './publish-status.ts';

const MAX_CSV_BYTES = 1024 * 1024;
// SPEC §5's wording.
const NOT_CSV = 'Please upload a CSV file';
const MISSING = 'Please provide both a CSV file and city name';
const heroImage = imageSource('Give the hero image as an http(s) URL or an uploaded image.');

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** /api/admin: the guide generator and the contact inbox. Admin only. */
export const adminRoutes = new Hono<AppEnv>()
  .use(requireAdmin)
  .post(
    '/generate-guide',
    bodyLimit({
      maxSize: MAX_CSV_BYTES + 64 * 1024,
      onError: () => {
        throw new ApiError(413, 'file_too_large', 'That CSV is larger than 1 MB.');
      },
    }),
    async (c) => {
      if (!(c.req.header('content-type') ?? '').includes('multipart/form-data')) {
        throw new ApiError(415, 'unsupported_media_type', 'Send the guide form as multipart/form-data.');
      }
      const form = await c.req.parseBody();
      const file = form.csvFile;
      const cityName = text(form.cityName);
      if (!(file instanceof File) || cityName === '') throw new ApiError(400, 'validation', MISSING);
      if (!file.name.toLowerCase().endsWith('.csv')) throw new ApiError(400, 'validation', NOT_CSV);
      if (file.size > MAX_CSV_BYTES) throw new ApiError(413, 'file_too_large', 'That CSV is larger than 1 MB.');
      if (cityName.length > 80) throw new ApiError(400, 'validation', 'The city name can be at most 80 characters.');
      const description = text(form.cityDescription);
      if (description.length > 600) throw new ApiError(400, 'validation', 'The description can be at most 600 characters.');
      const heroUrl = text(form.heroImageUrl);
      const hero = heroUrl === '' ? undefined : heroImage.safeParse(heroUrl);
      if (hero && !hero.success) throw new ApiError(400, 'validation', hero.error.issues[0]!.message);
      const heroAlt = altText.safeParse(text(form.heroImageAlt));
      if (!heroAlt.success) throw new ApiError(400, 'validation', heroAlt.error.issues[0]!.message);

      let restaurants;
      try {
        restaurants = parseItinerary(new Uint8Array(await file.arrayBuffer()));
      } catch (error) {
        if (error instanceof ItineraryError) {
          return c.json({ message: error.message, code: 'invalid_csv', problems: error.problems }, 422);
        }
        throw error;
      }
      const result = await commitWrite(c, async (trx) => {
        const generated = await generateGuide(trx, {
          cityName,
          ...(description ? { description } : {}),
          ...(hero?.data ? { heroImage: hero.data, ...(heroAlt.data ? { heroAlt: heroAlt.data } : {}) } : {}),
          restaurants,
          now: nowIso(),
        });
        return { result: generated, tags: generated.tags };
      });
      return c.json({ cityName: result.cityName, citySlug: result.citySlug }, result.created ? 201 : 200);
    },
  )
  .route('/contact-messages', contactInboxRoutes)
  .route('/publish-status', publishStatusRoutes);
