import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { resolver } from 'hono-openapi';
import { z } from 'zod';
import { nowIso } from '@forkcast/content-db';
import { LIMITS, type GenerateGuideResult, type GuidePreview } from '@forkcast/shared/contracts';
import type { AppEnv } from '../context.ts';
import { errors } from '../errors.ts';
import { generateGuide, previewGuide } from '../guides/generate-guide.ts';
import { CsvTextError, ItineraryError, parseItinerary } from '../guides/itinerary-csv.ts';
import { allow, signedIn } from '../permissions/guards.ts';
import { answer, describer, refusals } from '../openapi/describe.ts';
import * as shapes from '../openapi/shapes.ts';
import { altText, imageSource, text } from '../schemas.ts';
import { readForm } from '../validation.ts';
import { commitWrite } from '../write.ts';
import { cityOverviewRoutes } from './cities.ts';
import { contactInboxRoutes } from './contact.ts';
import { publishStatusRoutes } from './publish-status.ts';

const MAX_CSV_BYTES = LIMITS.guide.csvBytes;
// The product's own wording for these refusals.
const NOT_CSV = 'Please upload a CSV file';
const MISSING = 'Please provide both a CSV file and city name';
const heroImage = imageSource('Give the hero image as an http(s) URL or an uploaded image.');

// The form's text fields, read before anything else so a forbidden character is named at once.
// Missing fields are handled below with the form's own wording.
const formText = z.object({
  cityName: text('The city name').optional(),
  cityDescription: text('The description', { multiline: true }).optional(),
  heroImageUrl: text('The hero image address').optional(),
  dryRun: text('dryRun').optional(),
});
// The whole form, as the document describes it: the text fields as read above, and the file.
const guideForm = formText.extend({
  cityName: text('The city name').describe(
    `The city's name, at most ${LIMITS.guide.cityName} characters: a new city, or one to regenerate.`,
  ),
  cityDescription: text('The description', { multiline: true }).optional().describe(`At most ${LIMITS.guide.description} characters.`),
  heroImageUrl: text('The hero image address').optional().describe('An http(s) URL or an `/uploads/` or `/images/` path.'),
  csvFile: z.file().describe('The itinerary, a .csv file of at most 1 MB.'),
  heroImageAlt: text('The alt text').optional(),
  dryRun: z.enum(['true', 'false']).optional().describe('`true`: write nothing, answer what the upload would change.'),
});
const describe = describer('Admin');
const PORTO_CSV = 'name,address,notes\nCafe Santiago,"Rua de Passos Manuel 226, Porto",The francesinha\n';

const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** /api/admin: the guide generator, the cities overview, the contact inbox and the publish status; each names who may call it. */
export const adminRoutes = new Hono<AppEnv>()
  .post(
    '/generate-guide',
    describe({
      operationId: 'generateGuide',
      summary: 'Generate a city guide from an itinerary CSV',
      description:
        "Multipart: `csvFile` (the itinerary; see [the itinerary CSV format](editing.md#itinerary-csv-format)), `cityName`, and optionally `cityDescription`, `heroImageUrl` and `heroImageAlt` (the hero's alt text; without it the city's name). Creates the city and its guide (201), or replaces an existing city's itinerary and regenerates its guide (200). A CSV with a bad row writes nothing: 422 lists the problems. With `dryRun=true` it writes nothing and answers what the upload would change (restaurants matched by name, ignoring case).",
      requestBody: { required: true, content: { 'multipart/form-data': { schema: resolver(guideForm) } } },
      responses: {
        201: answer('A new city and its guide.', shapes.GenerateGuideResult),
        200: answer(
          "An existing city's guide regenerated, or (with `dryRun`) what the upload would change.",
          z.union([shapes.GenerateGuideResult, shapes.GuidePreview]),
        ),
        ...refusals('validation', 'invalid_csv', 'file_too_large', 'unsupported_media_type'),
      },
      examples: [
        {
          name: 'porto',
          summary: 'A new city',
          body: { csvFile: PORTO_CSV, cityName: 'Porto', cityDescription: 'Francesinhas and port lodges.' },
          media: 'multipart/form-data',
          status: 201,
          response: { cityName: 'Porto', citySlug: 'porto' },
        },
        {
          name: 'preview',
          summary: 'What a new itinerary would change in Kyoto',
          body: { csvFile: PORTO_CSV, cityName: 'Kyoto', dryRun: 'true' },
          media: 'multipart/form-data',
          status: 200,
          response: {
            cityName: 'Kyoto',
            citySlug: 'kyoto',
            exists: true,
            guideRegenerated: true,
            restaurants: { added: ['Cafe Santiago'], removed: ['Menya Kōzan'], changed: [], unchanged: 0 },
          },
        },
        {
          name: 'noCity',
          summary: 'No city name',
          body: { csvFile: PORTO_CSV, cityName: ' ' },
          media: 'multipart/form-data',
          status: 400,
          response: { message: MISSING, code: 'validation' },
        },
      ],
    }),
    allow('editor'),
    bodyLimit({
      maxSize: MAX_CSV_BYTES + 64 * 1024,
      onError: () => {
        throw errors.tooLarge('file_too_large', 'That CSV is larger than 1 MB.');
      },
    }),
    async (c) => {
      if (!(c.req.header('content-type') ?? '').includes('multipart/form-data')) {
        throw errors.unsupportedMedia('unsupported_media_type', 'Send the guide form as multipart/form-data.');
      }
      const form = await readForm(c);
      const fields = formText.safeParse(form);
      if (!fields.success) throw errors.validation(fields.error.issues[0]!.message);
      const file = form.csvFile;
      const cityName = trimmed(form.cityName);
      if (!(file instanceof File) || cityName === '') throw errors.validation(MISSING);
      if (!file.name.toLowerCase().endsWith('.csv')) throw errors.validation(NOT_CSV);
      if (file.size > MAX_CSV_BYTES) throw errors.tooLarge('file_too_large', 'That CSV is larger than 1 MB.');
      if (cityName.length > LIMITS.guide.cityName)
        throw errors.validation(`The city name can be at most ${LIMITS.guide.cityName} characters.`);
      const description = trimmed(form.cityDescription);
      if (description.length > LIMITS.guide.description)
        throw errors.validation(`The description can be at most ${LIMITS.guide.description} characters.`);
      const heroUrl = trimmed(form.heroImageUrl);
      const hero = heroUrl === '' ? undefined : heroImage.safeParse(heroUrl);
      if (hero && !hero.success) throw errors.validation(hero.error.issues[0]!.message);
      const heroAlt = altText.safeParse(trimmed(form.heroImageAlt));
      if (!heroAlt.success) throw errors.validation(heroAlt.error.issues[0]!.message);

      let restaurants;
      try {
        restaurants = parseItinerary(new Uint8Array(await file.arrayBuffer()));
      } catch (error) {
        // A forbidden character is the same refusal as in any other field (400); the rest is a
        // well-formed request carrying an itinerary that does not hold up (422).
        if (error instanceof CsvTextError) throw errors.validation(error.message, error.problems);
        if (error instanceof ItineraryError) throw errors.invalidCsv(error.message, error.problems);
        throw error;
      }
      // A dry run answers what the upload would change (restaurants added, removed, changed; a
      // regenerated guide), so the editor can confirm before an existing city's guide is replaced.
      if (trimmed(form.dryRun) === 'true') return c.json<GuidePreview>(await previewGuide(c.get('db'), cityName, restaurants));
      const result = await commitWrite(
        c,
        async (trx) => {
          const generated = await generateGuide(trx, {
            cityName,
            ...(description ? { description } : {}),
            ...(hero?.data ? { heroImage: hero.data, ...(heroAlt.data ? { heroAlt: heroAlt.data } : {}) } : {}),
            restaurants,
            now: nowIso(),
            writerId: signedIn(c).id,
          });
          return generated;
        },
        'csv-upload',
      );
      return c.json<GenerateGuideResult>({ cityName: result.cityName, citySlug: result.citySlug }, result.created ? 201 : 200);
    },
  )
  .route('/cities', cityOverviewRoutes)
  .route('/contact-messages', contactInboxRoutes)
  .route('/publish-status', publishStatusRoutes);
