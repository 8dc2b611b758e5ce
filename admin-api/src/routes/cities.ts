import { Hono } from 'hono';
import { getCityBySlug, getGuideForCity, listCities, listPosts, nowIso } from '@forkcast/content-db';
import { cityChangeBody, newCityBody } from '../authoring/city-input.ts';
import { cityOverview, cityOverviews } from '../authoring/city-overview.ts';
import { changeCity, createCity, removeCity } from '../authoring/city-writes.ts';
import type { AppEnv } from '../context.ts';
import { errors } from '../errors.ts';
import { requireAdmin } from '../middleware/auth.ts';
import { publicRead } from '../middleware/cache-control.ts';
import { parseId, validate } from '../validation.ts';
import { commitWrite } from '../write.ts';

const cityNotFound = () => errors.notFound('City not found.');

/**
 * GET /api/cities, /api/cities/:slug, /api/cities/:slug/guide, /api/cities/:slug/posts;
 * POST /api/cities, PATCH and DELETE /api/cities/:id.
 */
export const cityRoutes = new Hono<AppEnv>()
  .get('/', publicRead, async (c) => c.json(await listCities(c.get('db'))))
  .get('/:slug', publicRead, async (c) => {
    const city = await getCityBySlug(c.get('db'), c.req.param('slug'));
    if (!city) throw cityNotFound();
    return c.json(city);
  })
  .get('/:slug/guide', publicRead, async (c) => {
    const db = c.get('db');
    const city = await getCityBySlug(db, c.req.param('slug'));
    if (!city) throw cityNotFound();
    const guide = await getGuideForCity(db, city.id, { publishedOnly: !c.get('admin') });
    if (!guide) throw errors.notFound('City guide not found.');
    return c.json(guide);
  })
  .get('/:slug/posts', publicRead, async (c) => {
    const db = c.get('db');
    const city = await getCityBySlug(db, c.req.param('slug'));
    if (!city) throw cityNotFound();
    const type = c.req.query('type');
    if (type !== undefined && type !== 'post' && type !== 'guide') throw errors.validation("type must be 'post' or 'guide'.");
    return c.json(await listPosts(db, { cityId: city.id, type, publishedOnly: !c.get('admin') }));
  })
  .post('/', requireAdmin, validate('json', newCityBody, { nameField: true }), async (c) => {
    const input = c.req.valid('json');
    return c.json(await commitWrite(c, (trx) => createCity(trx, input, nowIso())), 201);
  })
  .patch('/:id', requireAdmin, validate('json', cityChangeBody, { nameField: true }), async (c) => {
    const id = parseId(c.req.param('id'), 'City not found.');
    const change = c.req.valid('json');
    return c.json(await commitWrite(c, (trx) => changeCity(trx, id, change, nowIso())));
  })
  .delete('/:id', requireAdmin, async (c) => {
    const id = parseId(c.req.param('id'), 'City not found.');
    await commitWrite(c, (trx) => removeCity(trx, id));
    return c.body(null, 204);
  });

/**
 * GET /api/admin/cities and /api/admin/cities/:id: every city, or one, with the number of its
 * posts and places and its guide's state, for the admin's cities list and city editor.
 */
export const cityOverviewRoutes = new Hono<AppEnv>()
  .use(requireAdmin)
  .get('/', async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await cityOverviews(c.get('db')));
  })
  .get('/:id', async (c) => {
    const id = parseId(c.req.param('id'), 'City not found.');
    c.header('Cache-Control', 'no-store');
    return c.json(await cityOverview(c.get('db'), id));
  });
