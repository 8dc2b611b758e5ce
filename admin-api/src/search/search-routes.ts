import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { searchableCities, searchSite } from '@forkcast/content-db';
import { SEARCH_LIMITS, SEARCH_PAGE, SEARCH_TYPES, type SearchPageState } from '@forkcast/shared/contracts';
import type { AppEnv } from '../context.ts';
import { errors } from '../errors.ts';
import { rateLimit } from '../middleware/rate-limit.ts';
import { answer, describer } from '../openapi/describe.ts';
import { SearchAnswer } from '../openapi/shapes.ts';
import { text } from '../schemas.ts';
import { countSearch } from '../insights/routes.ts';
import { validate } from '../validation.ts';

const TOO_LONG = `A search can be at most ${SEARCH_LIMITS.query} characters.`;
const query = text('The search').trim().max(SEARCH_LIMITS.query, TOO_LONG);
const type = z.enum(SEARCH_TYPES, { error: `The type must be one of ${SEARCH_TYPES.join(', ')}.` });
// A city filter names a city by its slug; anything else cannot match one.
const city = text('The city')
  .trim()
  .max(200)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'The city must be a city slug, such as kyoto.');
const count = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${label} must be a whole number.` })
    .int(`${label} must be a whole number.`)
    .min(min, `${label} must be at least ${min}.`)
    .max(max, `${label} can be at most ${max}.`);

const describe = describer('Search');

const apiQuery = z.object({
  q: query.min(1, 'Type a word to search for.').describe('The words to find, 1-200 characters.'),
  type: type.optional().describe('Only guides, dining posts or restaurants.'),
  city: city.optional().describe("Only this city's (its slug)."),
  limit: count('limit', 1, SEARCH_LIMITS.maxResults).default(SEARCH_LIMITS.defaultResults).describe('Matches in one answer.'),
  offset: count('offset', 0, SEARCH_LIMITS.maxOffset).default(0).describe('Skip this many first.'),
});

// The page's own form sends every field, empty ones included ('All types' is type='').
const blankAsAbsent = (value: unknown) => (value === '' ? undefined : value);
const pageQuery = z.object({
  q: query.default(''),
  type: z.preprocess(blankAsAbsent, type.optional()),
  city: z.preprocess(blankAsAbsent, city.optional()),
  page: count('The page', 1, Math.floor(SEARCH_LIMITS.maxOffset / SEARCH_LIMITS.perPage) + 1).default(1),
});

/** Search reads cost more than serving a file; this bounds one address without slowing a fast typist. */
const limiter = () =>
  rateLimit({
    limit: 600,
    windowMs: 5 * 60 * 1000,
    message: 'Too many searches from this connection. Please wait a minute and try again.',
  });

/**
 * GET /api/search?q=&type=&city=&limit=&offset=: the published site's posts, guides and
 * restaurants matching the words, best first, with the matched words marked and the filters' counts.
 */
export const searchApiRoutes = () =>
  new Hono<AppEnv>().get(
    '/',
    describe({
      operationId: 'search',
      summary: 'Search the site',
      description:
        "The published site's guides, dining posts and itinerary restaurants matching the words `q`, best first, the matched words marked as `{ text, match }` runs; `type` and `city` filter, and `facets` counts each value. When nothing matches as typed, a corrected spelling is searched and named in `correctedQuery`. A search visits at most 1,000 matches (`SEARCH_LIMITS.countLimit`) whatever the archive: up to there every count is exact; above it `total` is 1,000 with `totalExact: false` ('1,000+'), the facets count the newest 1,000 matches (`facetsExact: false`: lower bounds), the results are the best of the newest 1,000 matches, and `offset` pages through those. See [search.md](search.md).",
      responses: { 200: answer('The matches.', SearchAnswer) },
      examples: [
        {
          name: 'ramen',
          summary: 'Ramen, the first match',
          query: { q: 'ramen', limit: '1' },
          status: 200,
          response: {
            query: 'ramen',
            correctedQuery: null,
            total: 7,
            totalExact: true,
            hits: [
              {
                type: 'post',
                title: 'Kyoto After Dark: The Ramen Counters of Ichijōji',
                url: '/kyoto/kyoto-ichijoji-ramen-street',
                city: { slug: 'kyoto', name: 'Kyoto' },
                titleRuns: [
                  { text: 'Kyoto After Dark: The ', match: false },
                  { text: 'Ramen', match: true },
                  { text: ' Counters of Ichijōji', match: false },
                ],
                snippet: [
                  { text: "...one of Japan's great ", match: false },
                  { text: 'ramen', match: true },
                  { text: ' districts. A late-night…', match: false },
                ],
              },
            ],
            facets: {
              types: { guide: 3, post: 2, restaurant: 2, author: 0, page: 0 },
              cities: [{ slug: 'kyoto', name: 'Kyoto', count: 3 }],
            },
            facetsExact: true,
          },
        },
        {
          name: 'empty',
          summary: 'No words',
          query: { q: ' ' },
          status: 400,
          response: { message: 'Type a word to search for.', code: 'validation' },
        },
      ],
    }),
    limiter(),
    validate('query', apiQuery),
    async (c) => {
      const { q, ...filters } = c.req.valid('query');
      c.header('Cache-Control', 'no-cache');
      const found = await searchSite(c.get('db'), { query: q, ...filters });
      if (filters.offset === 0) countSearch(c, q, found.total);
      return c.json(found);
    },
  );

async function pageState(c: Context<AppEnv>): Promise<{ state: SearchPageState; status: 200 | 400 }> {
  const db = c.get('db');
  const cities = await searchableCities(db);
  const parsed = pageQuery.safeParse(c.req.query());
  if (!parsed.success) {
    // The words go back into the search box, without the characters that could never be searched.
    const query = (c.req.query('q') ?? '').replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ').slice(0, SEARCH_LIMITS.query);
    const state = { query, type: null, city: null, page: 1, answer: null, cities };
    return { state: { ...state, problem: parsed.error.issues[0]?.message ?? 'This search could not be read.' }, status: 400 };
  }
  const { q, type, city, page } = parsed.data;
  const answer =
    q === ''
      ? null
      : await searchSite(db, { query: q, type, city, limit: SEARCH_LIMITS.perPage, offset: (page - 1) * SEARCH_LIMITS.perPage });
  if (answer && page === 1) countSearch(c, q, answer.total);
  return { state: { query: q, type: type ?? null, city: city ?? null, page, answer, cities, problem: null }, status: 200 };
}

/**
 * GET /search?q=&type=&city=&page=: the results page, which works as a plain form without
 * JavaScript. The site's own page renders it for each request (it is never written into the site
 * folder, where a CDN would keep stale results), and is kept out of search engines.
 */
export const searchPageRoutes = () =>
  new Hono<AppEnv>().get('/', limiter(), async (c) => {
    const pages = c.get('pages');
    if (!pages) throw errors.unavailable('The search page needs the built site; run make build.');
    const { state, status } = await pageState(c);
    const page = await pages.render(SEARCH_PAGE, { search: state });
    if (page.status !== 200) throw errors.internal();
    c.header('Cache-Control', 'no-cache');
    c.header('X-Robots-Tag', 'noindex');
    return c.html(new TextDecoder().decode(page.body), status);
  });
