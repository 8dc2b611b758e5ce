import { Hono, type Context } from 'hono';
import { z } from 'zod';
import {
  daysBetween,
  getCityById,
  getPostById,
  insightPathDays,
  insightPathSeries,
  insightReport,
  newsletterInsights,
  toCsv,
} from '@forkcast/content-db';
import type { PostViews } from '@forkcast/shared/contracts';
import { canonicalPostPath } from '@forkcast/shared/urls';
import type { AppEnv } from '../context.ts';
import { answer, describer, document, refusals } from '../openapi/describe.ts';
import * as shapes from '../openapi/shapes.ts';
import { allow } from '../permissions/guards.ts';
import { validate } from '../validation.ts';
import { collectorOf } from './routes.ts';

/** The longest period one report covers. */
const MAX_DAYS = 366;
/** The period shown when none is asked for: the last 30 days, today included. */
const DEFAULT_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

const day = (label: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} is a day, written YYYY-MM-DD.`)
    .refine(
      (value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
      `${label} is not a day of the calendar.`,
    );

const period = z
  .object({
    from: day('from').optional().describe('The first day (UTC), YYYY-MM-DD; 29 days before `to` when left out.'),
    to: day('to').optional().describe('The last day (UTC), YYYY-MM-DD; today when left out.'),
    path: z
      .string()
      .max(300, 'The path can be at most 300 characters.')
      .regex(/^\/(?!\/)/, 'The path starts with a single /.')
      .optional()
      .describe("Only this page's figures."),
  })
  .transform((query, ctx) => {
    const to = query.to ?? new Date().toISOString().slice(0, 10);
    const from = query.from ?? new Date(Date.parse(`${to}T00:00:00Z`) - (DEFAULT_DAYS - 1) * DAY_MS).toISOString().slice(0, 10);
    if (from > to) ctx.addIssue({ code: 'custom', message: 'from comes after to.' });
    else if (daysBetween(from, to).length > MAX_DAYS)
      ctx.addIssue({ code: 'custom', message: `A report covers at most ${MAX_DAYS} days.` });
    return { from, to, path: query.path ?? null };
  });

/** Brings the totals up to the views the beacon has answered, so a report is current to the second. */
function catchUp(c: Context<AppEnv>): Promise<void> {
  return collectorOf(c.get('db')).catchUp();
}

/** At most this many posts per ask: a page of the admin's list. */
const MAX_POSTS = 50;
/** The days a post's views cover. */
const POST_DAYS = 30;

const postIds = z.object({
  ids: z
    .string({ error: 'Give the post ids as ids=1,2,3.' })
    .regex(/^\d{1,9}(?:,\d{1,9})*$/, 'Give the post ids as ids=1,2,3.')
    .transform((value) => [...new Set(value.split(',').map(Number))])
    .refine((ids) => ids.length <= MAX_POSTS, `Ask for at most ${MAX_POSTS} posts at once.`)
    .describe(`Up to ${MAX_POSTS} post ids, comma-separated.`),
});

const describe = describer('Insights');
const PARAMETERS = [
  {
    in: 'query' as const,
    name: 'from',
    required: false,
    description: 'The first day (UTC), YYYY-MM-DD; 29 days before `to` by default.',
    schema: { type: 'string' as const },
  },
  {
    in: 'query' as const,
    name: 'to',
    required: false,
    description: 'The last day (UTC), YYYY-MM-DD; today by default.',
    schema: { type: 'string' as const },
  },
  { in: 'query' as const, name: 'path', required: false, description: "Only this page's figures.", schema: { type: 'string' as const } },
];

/** GET /api/insights and /api/insights.csv (editors and above): what readers read, searched and signed up for. */
export const insightReportRoutes = new Hono<AppEnv>()
  .get(
    '/insights',
    describe({
      operationId: 'insights',
      summary: 'Readership figures',
      description: `A period's page views and visitors (a visitor is counted once a day; \`visitors\` sums the days) at the top level, the period before for comparison, every day (and, up to 14 days and for the whole site, every hour, UTC), the top pages, referrers, devices, browsers and UTM sources, the top searches and those that found nothing, and the newsletter's sign-ups, confirmation rate, unsubscribes and sends. With \`path\`, that page's figures (no hours, searches or newsletter). At most ${MAX_DAYS} days. Never cached.`,
      parameters: PARAMETERS,
      responses: { 200: answer('The figures.', shapes.InsightReport), ...refusals('validation') },
      examples: [
        {
          name: 'backwards',
          summary: 'A period that ends before it starts',
          query: { from: '2026-11-10', to: '2026-11-01' },
          status: 400,
          response: { message: 'from comes after to.', code: 'validation' },
        },
      ],
    }),
    allow('editor'),
    validate('query', period),
    async (c) => {
      const { from, to, path } = c.req.valid('query');
      await catchUp(c);
      const db = c.get('db');
      const report = await insightReport(db, from, to, path);
      c.header('Cache-Control', 'no-store');
      return c.json({ ...report, newsletter: path === null ? await newsletterInsights(db, from, to) : null });
    },
  )
  .get(
    '/insights.csv',
    describe({
      operationId: 'insightsCsv',
      summary: 'Readership figures as CSV',
      description:
        "Every page's views and visitors on every day of the period (or one page's, with `path`): `day,path,pageviews,visitors`, by day and then most viewed, as a download.",
      parameters: PARAMETERS,
      responses: { 200: document('The CSV file.', 'text/csv'), ...refusals('validation') },
    }),
    allow('editor'),
    validate('query', period),
    async (c) => {
      const { from, to, path } = c.req.valid('query');
      await catchUp(c);
      const rows = await insightPathDays(c.get('db'), from, to, path);
      c.header('Content-Type', 'text/csv; charset=utf-8');
      c.header('Content-Disposition', `attachment; filename="forkcast-insights-${from}-to-${to}.csv"`);
      c.header('Cache-Control', 'no-store');
      return c.body(
        toCsv(
          ['day', 'path', 'pageviews', 'visitors'],
          rows.map((row) => [row.day, row.path, row.pageviews, row.visitors]),
        ),
      );
    },
  )
  .get(
    '/insights/posts',
    describe({
      operationId: 'postViews',
      summary: "Posts' readers over the last 30 days",
      description: `For each post asked for (and found), its canonical address, its page views and visitors over the last ${POST_DAYS} days (today included) and its page views on each of them, oldest first: the small charts of the admin's lists and the post editor. At most ${MAX_POSTS} posts. Never cached.`,
      parameters: [
        {
          in: 'query',
          name: 'ids',
          required: true,
          description: `Up to ${MAX_POSTS} post ids, comma-separated.`,
          schema: { type: 'string' },
        },
      ],
      responses: { 200: answer("The posts' views.", z.array(shapes.PostViews)), ...refusals('validation') },
      examples: [
        {
          name: 'bad',
          summary: 'Not a list of ids',
          query: { ids: 'one,two' },
          status: 400,
          response: { message: 'Give the post ids as ids=1,2,3.', code: 'validation' },
        },
      ],
    }),
    allow('editor'),
    validate('query', postIds),
    async (c) => {
      await catchUp(c);
      const db = c.get('db');
      const to = new Date().toISOString().slice(0, 10);
      const from = new Date(Date.parse(`${to}T00:00:00Z`) - (POST_DAYS - 1) * DAY_MS).toISOString().slice(0, 10);
      const days = daysBetween(from, to);
      const found: { id: number; path: string }[] = [];
      for (const id of c.req.valid('query').ids) {
        const post = await getPostById(db, id);
        if (!post) continue;
        const city = post.cityId === null ? undefined : await getCityById(db, post.cityId);
        found.push({ id, path: canonicalPostPath(post, city) });
      }
      const series = await insightPathSeries(db, [...new Set(found.map((post) => post.path))], from, to);
      c.header('Cache-Control', 'no-store');
      return c.json<PostViews[]>(
        found.map(({ id, path }) => {
          const byDay = series.get(path) ?? new Map();
          const counts = days.map((day) => byDay.get(day) ?? { pageviews: 0, visitors: 0 });
          return {
            id,
            path,
            pageviews: counts.reduce((sum, count) => sum + count.pageviews, 0),
            visitors: counts.reduce((sum, count) => sum + count.visitors, 0),
            days: counts.map((count) => count.pageviews),
          };
        }),
      );
    },
  );
