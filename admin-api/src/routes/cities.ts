import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { getCityBySlug, getGuideForCity, listCities, listPosts, nowIso } from '@forkcast/content-db';
import { cityChangeBody, newCityBody } from '../authoring/city-input.ts';
import { cityOverview, cityOverviews } from '../authoring/city-overview.ts';
import { changeCity, createCity, removeCity } from '../authoring/city-writes.ts';
import type { AppEnv } from '../context.ts';
import { errors } from '../errors.ts';
import { allow } from '../permissions/guards.ts';
import { mayReadUnpublished } from '../permissions/post-rules.ts';
import { publicRead } from '../middleware/cache-control.ts';
import { SIGNED_IN_OPTIONAL, answer, describer, ETAG, pathParameter, refusals } from '../openapi/describe.ts';
import { FIRST_EDIT, invalid, KYOTO, NOW, KYOTO_GUIDE, KYOTO_OVERVIEW, notFound, RAMEN_POST } from '../openapi/examples.ts';
import { City, CityOverview, CityWithUrl, Post } from '../openapi/shapes.ts';
import { parseId, validate } from '../validation.ts';
import { versionedJson, withVersion, withVersions } from '../versions/answers.ts';
import { takesVersion } from '../versions/precondition.ts';
import { commitCreation, commitVersionedWrite } from '../write.ts';

const cityNotFound = () => errors.notFound('City not found.');
/** Whether the signed-in user (if any) is answered every draft of a city, not only what is published. */
const seesDrafts = (c: Context<AppEnv>) => {
  const user = c.get('user');
  return user !== undefined && mayReadUnpublished(user);
};

const describe = describer('Cities');
const describeAdmin = describer('Admin');
const bySlug = pathParameter('slug', "The city's slug.");
const byId = pathParameter('id', "The city's id.", 'integer');

/**
 * GET /api/cities, /api/cities/:slug, /api/cities/:slug/guide, /api/cities/:slug/posts;
 * POST /api/cities, PATCH and DELETE /api/cities/:id.
 */
export const cityRoutes = new Hono<AppEnv>()
  .get(
    '/',
    describe({
      operationId: 'listCities',
      summary: 'Every city',
      description: 'Every city, in display order, each with its version.',
      responses: { 200: answer('The cities.', z.array(City)) },
      examples: [{ name: 'all', summary: 'The cities (one shown)', status: 200, response: [KYOTO] }],
    }),
    publicRead,
    async (c) => c.json(await withVersions(c.get('db'), 'city', await listCities(c.get('db')))),
  )
  .get(
    '/:slug',
    describe({
      operationId: 'getCity',
      summary: 'One city',
      parameters: [bySlug],
      responses: { 200: answer('The city, with its version.', City, { versioned: true }), ...refusals('not_found') },
      examples: [
        { name: 'kyoto', summary: 'Kyoto', params: { slug: 'kyoto' }, status: 200, response: KYOTO },
        { name: 'unknown', summary: 'No such city', params: { slug: 'atlantis' }, status: 404, response: notFound('City not found.') },
      ],
    }),
    publicRead,
    async (c) => {
      const city = await getCityBySlug(c.get('db'), c.req.param('slug'));
      if (!city) throw cityNotFound();
      return versionedJson(c, await withVersion(c.get('db'), 'city', city));
    },
  )
  .get(
    '/:slug/guide',
    describe({
      operationId: 'getCityGuide',
      summary: "A city's guide",
      description: 'Visitors get the guide once it is published; editors and above also before.',
      security: SIGNED_IN_OPTIONAL,
      parameters: [bySlug],
      responses: { 200: answer('The guide, with its version.', Post, { versioned: true }), ...refusals('not_found') },
      examples: [{ name: 'kyoto', summary: "Kyoto's guide", params: { slug: 'kyoto' }, status: 200, response: KYOTO_GUIDE }],
    }),
    publicRead,
    async (c) => {
      const db = c.get('db');
      const city = await getCityBySlug(db, c.req.param('slug'));
      if (!city) throw cityNotFound();
      const guide = await getGuideForCity(db, city.id, { publishedOnly: !seesDrafts(c) });
      if (!guide) throw errors.notFound('City guide not found.');
      return versionedJson(c, await withVersion(db, 'post', guide));
    },
  )
  .get(
    '/:slug/posts',
    describe({
      operationId: 'listCityPosts',
      summary: "A city's posts",
      description:
        "The city's posts and guide, newest first; visitors (and writers below editor) see published ones only, editors and above every one.",
      security: SIGNED_IN_OPTIONAL,
      parameters: [
        bySlug,
        {
          in: 'query',
          name: 'type',
          description: 'Only posts (`post`) or only the guide (`guide`).',
          schema: { type: 'string', enum: ['post', 'guide'] },
        },
      ],
      responses: { 200: answer('The posts.', z.array(Post)), ...refusals('validation', 'not_found') },
      examples: [
        {
          name: 'kyotoPosts',
          summary: "Kyoto's dining posts",
          params: { slug: 'kyoto' },
          query: { type: 'post' },
          status: 200,
          response: [RAMEN_POST],
        },
      ],
    }),
    publicRead,
    async (c) => {
      const db = c.get('db');
      const city = await getCityBySlug(db, c.req.param('slug'));
      if (!city) throw cityNotFound();
      const type = c.req.query('type');
      if (type !== undefined && type !== 'post' && type !== 'guide') throw errors.validation("type must be 'post' or 'guide'.");
      return c.json(await withVersions(db, 'post', await listPosts(db, { cityId: city.id, type, publishedOnly: !seesDrafts(c) })));
    },
  )
  .post(
    '/',
    describe({
      operationId: 'createCity',
      summary: 'Add a city',
      description:
        'A new city, last in the order unless `displayOrder` says otherwise. The slug is derived from the name when not given, transliterated (`Москва` -> `moskva`), never a reserved segment, with `-2`, `-3`, ... when taken. Its pages appear once it has a published guide. A refusal because of one field names it in `field`. The answer carries its first version.',
      responses: {
        201: answer("The city, with its guide's address and its version.", CityWithUrl, { versioned: true }),
        ...refusals('validation', 'conflict'),
      },
      examples: [
        {
          name: 'porto',
          summary: 'Add Porto',
          body: { name: 'Porto', country: 'Portugal', description: 'Francesinhas, port lodges and grilled sardines by the river.' },
          status: 201,
          response: {
            ...KYOTO,
            id: 15,
            slug: 'porto',
            name: 'Porto',
            country: 'Portugal',
            description: 'Francesinhas, port lodges and grilled sardines by the river.',
            heroImage: null,
            heroAlt: '',
            itineraryUrl: null,
            displayOrder: 14,
            createdAt: NOW,
            updatedAt: NOW,
            url: '/porto/guide',
            version: 1,
          },
        },
        {
          name: 'unknownField',
          summary: 'A misspelt field',
          body: { name: 'Porto', contry: 'Portugal' },
          status: 400,
          response: invalid('Unknown field: contry.'),
        },
      ],
    }),
    allow('editor'),
    validate('json', newCityBody, { nameField: true }),
    async (c) => {
      const input = c.req.valid('json');
      return c.json(await commitCreation(c, 'city', (trx) => createCity(trx, input, nowIso())), 201);
    },
  )
  .patch(
    '/:id',
    describe({
      operationId: 'updateCity',
      summary: 'Change a city',
      description:
        'Any of the fields `POST /api/cities` takes; unknown fields are refused. `spreadsheetUrl` is an http(s) address up to 2048 characters and `mapEmbedUrl` an address on `https://www.openstreetmap.org` (an embed, the one site the pages may frame), or `null` to remove them. A new slug moves every page of the city (guide, itinerary page and CSV, posts) and leaves a stored 301 from each old URL. Send the version the change was made to as `If-Match`.',
      parameters: [byId],
      responses: {
        200: answer("The city, with its guide's address and new version.", CityWithUrl, { versioned: true }),
        ...refusals('validation', 'not_found', 'conflict'),
      },
      examples: [
        {
          name: 'describe',
          summary: "Change Kyoto's description",
          params: { id: 3 },
          headers: { 'If-Match': '"0"' },
          body: { description: 'Temples, tofu and the best ramen street in Japan.' },
          status: 200,
          response: {
            ...KYOTO,
            description: 'Temples, tofu and the best ramen street in Japan.',
            updatedAt: NOW,
            url: '/kyoto/guide',
            version: FIRST_EDIT,
          },
        },
      ],
    }),
    allow('editor'),
    takesVersion,
    validate('json', cityChangeBody, { nameField: true }),
    async (c) => {
      const id = parseId(c.req.param('id'), 'City not found.');
      const change = c.req.valid('json');
      const { result, version } = await commitVersionedWrite(c, { entity: 'city', id }, (trx) => changeCity(trx, id, change, nowIso()));
      return c.json({ ...result, version });
    },
  )
  .delete(
    '/:id',
    describe({
      operationId: 'deleteCity',
      summary: 'Delete a city',
      description: 'Refused (409, naming how many) while any post, published or not, belongs to the city. The city waits in the trash.',
      parameters: [byId],
      responses: {
        204: { description: 'Deleted; the ETag is the version its deletion made.', headers: ETAG },
        ...refusals('not_found', 'conflict'),
      },
      examples: [
        {
          name: 'hasPosts',
          summary: 'A city that still has posts',
          params: { id: 3 },
          status: 409,
          response: {
            message: 'Kyoto cannot be deleted: 4 posts belong to it. Move them to another city or delete them first.',
            code: 'conflict',
          },
        },
      ],
    }),
    allow('editor'),
    takesVersion,
    async (c) => {
      const id = parseId(c.req.param('id'), 'City not found.');
      await commitVersionedWrite(c, { entity: 'city', id }, (trx) => removeCity(trx, id));
      return c.body(null, 204);
    },
  );

/**
 * GET /api/admin/cities and /api/admin/cities/:id: every city, or one, with the number of its
 * posts and places and its guide's state, for the dashboard's cities list and city editor.
 */
export const cityOverviewRoutes = new Hono<AppEnv>()
  .use(allow('editor'))
  .get(
    '/',
    describeAdmin({
      operationId: 'listCityOverviews',
      summary: 'Every city, for the editor',
      description:
        "Every city in display order, each with its guide's `url`, `postCount` (its posts and guides of any status), `restaurantCount` (its itinerary's places), `guide` (or `null`) and its version: the /admin cities list.",
      responses: { 200: answer('The cities.', z.array(CityOverview)) },
      examples: [{ name: 'all', summary: 'The cities list (one shown)', status: 200, response: [KYOTO_OVERVIEW] }],
    }),
    async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await withVersions(c.get('db'), 'city', await cityOverviews(c.get('db'))));
    },
  )
  .get(
    '/:id',
    describeAdmin({
      operationId: 'getCityOverview',
      summary: 'One city, for the editor',
      description: 'One city as the cities list shows it: what the city editor loads.',
      parameters: [byId],
      responses: { 200: answer('The city, with its version.', CityOverview, { versioned: true }), ...refusals('not_found') },
      examples: [{ name: 'kyoto', summary: 'Kyoto', params: { id: 3 }, status: 200, response: KYOTO_OVERVIEW }],
    }),
    async (c) => {
      const id = parseId(c.req.param('id'), 'City not found.');
      c.header('Cache-Control', 'no-store');
      return versionedJson(c, await withVersion(c.get('db'), 'city', await cityOverview(c.get('db'), id)));
    },
  );
