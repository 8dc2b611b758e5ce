import { Hono, type Context } from 'hono';
import { resolver } from 'hono-openapi';
import { z } from 'zod';
import type { Db } from '@forkcast/content-db';
import type { AppEnv } from '../context.ts';
import { clientAddress, rateLimit } from '../middleware/rate-limit.ts';
import { describer, refusals } from '../openapi/describe.ts';
import { errors } from '../errors.ts';
import { InsightCollector } from './collector.ts';
import { countable, DailySalt } from './visitor.ts';

const describe = describer('Insights');
const FORM_MEDIA = 'application/x-www-form-urlencoded';
const beacon = z.object({
  p: z.string({ error: 'Send the page path as p.' }).max(2000, 'The page path can be at most 2000 characters.'),
  r: z.string().max(2000, 'The referrer can be at most 2000 characters.').default(''),
});
// The smallest transparent GIF, for the <noscript> image of a reader without JavaScript.
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** The collector of each database, so every route table on one database shares one batch. */
const collectors = new WeakMap<Db, InsightCollector>();
export function collectorOf(db: Db, now?: () => Date): InsightCollector {
  let collector = collectors.get(db);
  if (!collector) {
    collector = new InsightCollector(db, new DailySalt(now), now);
    collectors.set(db, collector);
  }
  return collector;
}

/** Counts a search of the site's (the /search page's first page, the dialog's first answer) with its result count. */
export function countSearch(c: Context<AppEnv>, query: string, results: number): void {
  const userAgent = c.req.header('user-agent') ?? '';
  if (!countable({ userAgent, gpc: c.req.header('sec-gpc'), dnt: c.req.header('dnt') })) return;
  collectorOf(c.get('db')).recordSearch({
    query,
    results,
    address: clientAddress(c),
    userAgent,
    site: new URL(c.get('config').publicHost).hostname,
  });
}

function count(c: Context<AppEnv>, view: { p: string; r: string } | undefined): void {
  const userAgent = c.req.header('user-agent') ?? '';
  if (!view || !countable({ userAgent, gpc: c.req.header('sec-gpc'), dnt: c.req.header('dnt') })) return;
  collectorOf(c.get('db')).record({
    path: view.p,
    referrer: view.r,
    address: clientAddress(c),
    userAgent,
    site: new URL(c.get('config').publicHost).hostname,
  });
}

const limited = () =>
  rateLimit({ limit: 600, windowMs: 60_000, message: 'Too many page views from this address. Please try again in a minute.' });

/** POST and GET /api/collect (anyone): one page view, answered at once and never with a cookie. */
export const collectRoutes = () =>
  new Hono<AppEnv>()
    .post(
      '/',
      describe({
        operationId: 'collectPageView',
        summary: 'Count a page view',
        description:
          "The page's beacon: a form body `p` (the path) and `r` (the referrer), as `navigator.sendBeacon(url, new URLSearchParams(...))` sends it, which needs no CORS preflight from a page on a CDN or bucket. Bots, `Sec-GPC: 1` and `DNT: 1` are not counted; nothing is stored about the reader but a hash under a salt destroyed daily. 204 also for a view it does not count.",
        requestBody: { required: true, content: { [FORM_MEDIA]: { schema: resolver(beacon) } } },
        responses: { 204: { description: 'Received.' }, ...refusals('validation', 'unsupported_media_type') },
        examples: [
          {
            name: 'view',
            summary: 'A view of the home page',
            body: { p: '/', r: '' },
            media: 'application/x-www-form-urlencoded',
            status: 204,
          },
        ],
      }),
      limited(),
      async (c) => {
        // Read as URLSearchParams, not through the form validator's FormData, the beacon's largest
        // cost under load (docs/performance.md, "Counting page views").
        if (!(c.req.header('content-type') ?? '').startsWith(FORM_MEDIA))
          throw errors.unsupportedMedia('unsupported_media_type', `Send the page view as ${FORM_MEDIA}.`);
        const view = beacon.safeParse(Object.fromEntries(new URLSearchParams(await c.req.text())));
        if (!view.success) throw errors.validation(view.error.issues[0]?.message ?? 'The page view is not valid.');
        count(c, view.data);
        return c.body(null, 204);
      },
    )
    .get(
      '/',
      describe({
        operationId: 'collectPageViewPixel',
        summary: 'Count a page view without JavaScript',
        description: 'The `<noscript>` image: `?p=` the path, `?r=` the referrer. Answers a 1x1 transparent GIF, counted as the beacon is.',
        responses: { 200: { description: 'A 1x1 GIF.', content: { 'image/gif': {} } } },
      }),
      limited(),
      (c) => {
        const parsed = beacon.safeParse({ p: c.req.query('p'), r: c.req.query('r') ?? c.req.header('referer') ?? '' });
        count(c, parsed.success ? parsed.data : undefined);
        c.header('cache-control', 'no-store');
        return c.body(PIXEL, 200, { 'content-type': 'image/gif' });
      },
    );

/** Pages served from a CDN or bucket send their beacon from another origin; it changes only a counter. */
export const COLLECT_BEACON = { method: 'POST', path: /^\/api\/collect$/ } as const;
