import { Hono, type MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { deleteSubscriber, listSubscribers, nowIso, subscribe, toCsv } from '@forkcast/content-db';
import { EMAIL_PATTERN, LIMITS, newsletterOutcomeUrl } from '@forkcast/content-db/contracts';
import type { AppEnv } from '../context.ts';
import { errors } from '../errors.ts';
import { requireAdmin } from '../middleware/auth.ts';
import { rateLimit } from '../middleware/rate-limit.ts';
import { text } from '../schemas.ts';
import { parseId, validate } from '../validation.ts';

const BAD_EMAIL = 'Please enter a valid email address.';
const subscribeBody = z.object({
  email: text('Your email', { error: BAD_EMAIL }).trim().max(LIMITS.email, BAD_EMAIL).regex(EMAIL_PATTERN, BAD_EMAIL),
});

/** A browser shows whatever a form post returns: every outcome, refusals included, becomes a 303 to the page that explains it. */
const answerWithPage: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  c.res = c.redirect(newsletterOutcomeUrl(c.res.status < 400 ? 'subscribed' : 'failed'), 303);
};

/**
 * /api/newsletter: subscribe (anyone, rate-limited; JSON from the island, or the form's own post
 * without JavaScript), and the subscriber list for the admin. Each app gets its own limiter, which
 * both ways of subscribing share.
 */
export const newsletterRoutes = () => {
  const limiter = rateLimit({
    limit: 10,
    windowMs: 10 * 60 * 1000,
    message: 'Too many sign-ups from this connection. Please try again in a few minutes.',
  });
  return new Hono<AppEnv>()
    .post('/subscribe', limiter, validate('json', subscribeBody), async (c) => {
      const { created } = await subscribe(c.get('db'), c.req.valid('json').email, nowIso());
      // Subscribing twice is not an error: the reader gets what they asked for either way.
      return created
        ? c.json({ message: 'Successfully subscribed!' }, 201)
        : c.json({ message: "You're already subscribed. Thank you!" }, 200);
    })
    .post('/subscribe/form', answerWithPage, limiter, validate('form', subscribeBody), async (c) => {
      await subscribe(c.get('db'), c.req.valid('form').email, nowIso());
      return c.body(null, 204);
    })
    .get('/subscribers', requireAdmin, async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await listSubscribers(c.get('db')));
    })
    .get('/subscribers/export', requireAdmin, async (c) => {
      const subscribers = await listSubscribers(c.get('db'));
      const csv = toCsv(
        ['Email', 'Subscribed at'],
        subscribers.map((s) => [s.email, s.subscribedAt]),
      );
      c.header('Content-Type', 'text/csv; charset=utf-8');
      c.header('Content-Disposition', 'attachment; filename="forkcast-subscribers.csv"');
      c.header('Cache-Control', 'no-store');
      return c.body(csv);
    })
    .delete('/subscribers/:id', requireAdmin, async (c) => {
      const id = parseId(c.req.param('id'), 'Subscriber not found.');
      if (!(await deleteSubscriber(c.get('db'), id))) throw errors.notFound('Subscriber not found.');
      return c.body(null, 204);
    });
};
