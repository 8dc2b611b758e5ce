import { Hono } from 'hono';
import { getCityBySlug, getGuideForCity, listCities, listPosts } from '@forkcast/content-db';
import type { AppEnv } from '../context.ts';
import { ApiError } from '../errors.ts';

const cityNotFound = () => new ApiError(404, 'not_found', 'City not found.');

/** GET /api/cities, /api/cities/:slug, /api/cities/:slug/guide, /api/cities/:slug/posts. */
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
    if (!guide) throw new ApiError(404, 'not_found', 'City guide not found.');
    return c.json(guide);
  })
  .get('/:slug/posts', async (c) => {
    const db = c.get('db');
    const city = await getCityBySlug(db, c.req.param('slug'));
    if (!city) throw cityNotFound();
    const type = c.req.query('type');
    if (type !== undefined && type !== 'post' && type !== 'guide') throw new ApiError(400, 'validation', "type must be 'post' or 'guide'.");
    return c.json(await listPosts(db, { cityId: city.id, type, publishedOnly: !c.get('admin') }));
  });
