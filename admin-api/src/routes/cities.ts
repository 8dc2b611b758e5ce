import { Hono } from 'hono';
import { z } from 'zod';
import { getCityById, getCityBySlug, getGuideForCity, listCities, listPosts, nowIso, updateCity } from '@forkcast/content-db';
import { LIMITS } from '@forkcast/content-db/contracts';
import type { AppEnv } from '../context.ts';
import { errors } from '../errors.ts';
import { requireAdmin } from '../middleware/auth.ts';
import { text } from '../schemas.ts';
import { parseId, validate } from '../validation.ts';
import { commitWrite } from '../write.ts';

const cityNotFound = () => errors.notFound('City not found.');

const SPREADSHEET_MESSAGE = 'Give the spreadsheet as a web address starting with http:// or https://, or null to remove it.';

// Only web addresses: the itinerary button opens it in a new tab for every visitor.
const spreadsheetUrl = text('The spreadsheet address', { error: SPREADSHEET_MESSAGE })
  .trim()
  .max(LIMITS.spreadsheetUrl, `That spreadsheet address is too long (at most ${LIMITS.spreadsheetUrl} characters).`)
  .refine((value) => /^https?:\/\/[^\s]+$/i.test(value) && URL.canParse(value), SPREADSHEET_MESSAGE)
  .nullable();

// Strict, so a misspelt field is a 400 instead of a silent no-op; the settings a city has grow here.
const cityChanges = z.strictObject(
  { spreadsheetUrl: spreadsheetUrl.optional() },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? `Unknown field: ${issue.keys.join(', ')}.` : 'Send the city changes as a JSON object.',
  },
);

/** GET /api/cities, /api/cities/:slug, /api/cities/:slug/guide, /api/cities/:slug/posts; PATCH /api/cities/:id. */
export const cityRoutes = new Hono<AppEnv>()
  .get('/', async (c) => c.json(await listCities(c.get('db'))))
  .get('/:slug', async (c) => {
    const city = await getCityBySlug(c.get('db'), c.req.param('slug'));
    if (!city) throw cityNotFound();
    return c.json(city);
  })
  .get('/:slug/guide', async (c) => {
    const db = c.get('db');
    const city = await getCityBySlug(db, c.req.param('slug'));
    if (!city) throw cityNotFound();
    const guide = await getGuideForCity(db, city.id, { publishedOnly: !c.get('admin') });
    if (!guide) throw errors.notFound('City guide not found.');
    return c.json(guide);
  })
  .get('/:slug/posts', async (c) => {
    const db = c.get('db');
    const city = await getCityBySlug(db, c.req.param('slug'));
    if (!city) throw cityNotFound();
    const type = c.req.query('type');
    if (type !== undefined && type !== 'post' && type !== 'guide') throw errors.validation("type must be 'post' or 'guide'.");
    return c.json(await listPosts(db, { cityId: city.id, type, publishedOnly: !c.get('admin') }));
  })
  .patch('/:id', requireAdmin, validate('json', cityChanges), async (c) => {
    const id = parseId(c.req.param('id'), 'City not found.');
    const changes = c.req.valid('json');
    const city = await commitWrite(c, async (trx) => {
      if (!(await getCityById(trx, id))) throw cityNotFound();
      await updateCity(trx, id, { ...changes, updatedAt: nowIso() });
      return (await getCityById(trx, id))!;
    });
    return c.json(city);
  });
