import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { resolver } from 'hono-openapi';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import {
  confirmSubscriber,
  deleteSubscriber,
  getSubscriber,
  listSubscribers,
  nowIso,
  releaseConfirmation,
  subscribe,
  toCsv,
  unsubscribe,
} from '@forkcast/content-db';
import { NEWSLETTER_PAGES, newsletterOutcomeUrl } from '@forkcast/shared/contracts';
import type { AppEnv } from '../context.ts';
import { errors } from '../errors.ts';
import { allow } from '../permissions/guards.ts';
import { rateLimit } from '../middleware/rate-limit.ts';
import { answer, describer, document, pathParameter, redirect, refusals } from '../openapi/describe.ts';
import { Message, Subscriber } from '../openapi/shapes.ts';
import { confirmationEmail } from '../newsletter/emails.ts';
import { NewsletterLinks, newsletterLinks, UNSUBSCRIBE_PATH } from '../newsletter/links.ts';
import { emailAddress, text } from '../schemas.ts';
import { parseId, validate } from '../validation.ts';
import { commitWrite } from '../write.ts';

const BAD_EMAIL = 'Please enter a valid email address.';
const describe = describer('Newsletter');
const byToken = pathParameter('token', 'The signed token of the link in the email.');
const subscribeBody = z.object({ email: emailAddress('Your email', BAD_EMAIL) });
/** RFC 8058: a one-click unsubscribe is a POST whose body is exactly this field. */
const oneClickBody = z.object({
  'List-Unsubscribe': text('List-Unsubscribe', { error: 'Send List-Unsubscribe=One-Click.' }).refine((value) => value === 'One-Click', {
    message: 'Send List-Unsubscribe=One-Click.',
  }),
});

/**
 * The one answer to every accepted sign-up, new, pending or already confirmed: nobody learns from
 * it whether an address is on the list.
 */
const SIGNED_UP = 'Check your inbox to confirm your subscription.';

/** A browser shows whatever a form post returns: every outcome, refusals included, becomes a 303 to the page that explains it. */
const answerWithPage: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  c.res = c.redirect(newsletterOutcomeUrl(c.res.status < 400 ? 'subscribed' : 'failed'), 303);
};

const links = (c: Context<AppEnv>): Promise<NewsletterLinks> => newsletterLinks(c.get('db'), c.get('config').publicHost);

/**
 * Records the sign-up and queues the confirmation email, answered before anything is sent: the
 * answer does the same work for a new, a pending and a confirmed address, so neither its time nor
 * its words tell which it was. The queued job sends only when a confirmation is due (at most one a
 * mailbox an hour); the send is claimed in the same transaction as the sign-up, so two sign-ups at
 * once send one email, and one that cannot be sent is given back for the next sign-up.
 */
async function signUp(c: Context<AppEnv>, email: string): Promise<void> {
  const { db, config, logger, mailer } = c.var;
  const now = nowIso();
  const result = await db.transaction().execute((trx) => subscribe(trx, email, now));
  mailer.later('newsletter confirmation', async () => {
    if (!result.sendConfirmation) return;
    try {
      const signed = await newsletterLinks(db, config.publicHost);
      await mailer.send(
        confirmationEmail({
          siteName: config.siteName,
          to: result.subscriber.email,
          confirmUrl: signed.confirmUrl(result.subscriber, now),
          unsubscribeUrl: signed.unsubscribeUrl(result.subscriber),
          unsubscribeMailbox: config.mail.from.address,
        }),
      );
    } catch (error) {
      await releaseConfirmation(db, result);
      logger.warn({ subscriber: result.subscriber.id }, 'confirmation not sent; the next sign-up sends it');
      throw error;
    }
  });
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

/** The unsubscribe page for this request (site/pages/newsletter/unsubscribe.astro), with its button when the link is good. */
async function unsubscribePage(c: Context<AppEnv>, action: string | undefined, status: ContentfulStatusCode) {
  c.header('Cache-Control', 'no-store');
  c.header('Referrer-Policy', 'no-referrer');
  const page = await c.get('pages')?.render(NEWSLETTER_PAGES.unsubscribe, action ? { unsubscribe: { action } } : {});
  if (page?.status === 200) return c.html(new TextDecoder().decode(page.body), status);
  // A server whose site has not been built (tests, a bare API) still gives the reader the button.
  const body = action
    ? `<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button>Unsubscribe</button></form>`
    : '<p>This link is incomplete or not valid.</p>';
  return c.html(`<!doctype html><html lang="en"><title>Unsubscribe</title><main><h1>Unsubscribe</h1>${body}</main>`, status);
}

/**
 * /api/newsletter: sign-up (anyone, rate-limited; JSON from the island, or the form's own post
 * without JavaScript), the links in every newsletter email (confirm; unsubscribe, one POST per
 * RFC 8058 behind a page with one button), and the subscriber list for administrators. Each app gets
 * its own limiter, which both ways of signing up share.
 */
export const newsletterRoutes = () => {
  const limiter = rateLimit({
    limit: 10,
    windowMs: 10 * 60 * 1000,
    message: 'Too many sign-ups from this connection. Please try again in a few minutes.',
  });
  return new Hono<AppEnv>()
    .post(
      '/subscribe',
      describe({
        operationId: 'subscribe',
        summary: 'Sign up for the newsletter',
        description:
          'Always the same answer, for a new, pending or confirmed address alike, so nobody learns who is subscribed. `email` must be one bare address. The confirmation email is sent after the answer, at most one a mailbox an hour.',
        responses: { 200: answer('Signed up, or already: the same words either way.', Message), ...refusals('validation') },
        examples: [
          { name: 'signUp', summary: 'Sign up', body: { email: 'reader@example.com' }, status: 200, response: { message: SIGNED_UP } },
          {
            name: 'displayName',
            summary: 'A display name is not an address',
            body: { email: 'Reader <reader@example.com>' },
            status: 400,
            response: { message: BAD_EMAIL, code: 'validation' },
          },
        ],
      }),
      limiter,
      validate('json', subscribeBody),
      async (c) => {
        await signUp(c, c.req.valid('json').email);
        return c.json({ message: SIGNED_UP }, 200);
      },
    )
    .post(
      '/subscribe/form',
      describe({
        operationId: 'subscribeWithForm',
        summary: 'Sign up from the form, without JavaScript',
        description: "The sign-up form's own post: every outcome, refusals included, is a 303 to the page that explains it.",
        responses: { 303: redirect(`To \`${newsletterOutcomeUrl('subscribed')}\`, or \`${newsletterOutcomeUrl('failed')}\`.`) },
        examples: [
          {
            name: 'signUp',
            summary: 'Sign up',
            body: { email: 'reader@example.com' },
            media: 'application/x-www-form-urlencoded',
            status: 303,
          },
        ],
      }),
      answerWithPage,
      limiter,
      validate('form', subscribeBody),
      async (c) => {
        await signUp(c, c.req.valid('form').email);
        return c.body(null, 204);
      },
    )
    .get(
      '/confirm',
      describe({
        operationId: 'confirmSubscription',
        summary: 'Confirm a sign-up',
        description:
          'The link in the confirmation email: confirms (opening it twice is as good as once) and answers 303 to `/newsletter/confirmed`, or to `/newsletter#link-expired` for a link that expired, was altered or belongs to an earlier sign-up.',
        parameters: [
          { in: 'query', name: 'token', required: true, description: "The confirmation link's signed token.", schema: { type: 'string' } },
        ],
        responses: { 303: redirect('To the page saying what happened.') },
        examples: [{ name: 'altered', summary: 'An altered link', query: { token: 'not-a-token' }, status: 303 }],
      }),
      async (c) => {
        c.header('Cache-Control', 'no-store');
        c.header('Referrer-Policy', 'no-referrer');
        const token = c.req.query('token') ?? '';
        const id = NewsletterLinks.confirmTarget(token);
        const subscriber = id === undefined ? undefined : await getSubscriber(c.get('db'), id);
        if (subscriber && (await links(c)).confirms(token, subscriber, new Date())) {
          // Opening the link twice is as good as once.
          const confirmed =
            subscriber.status === 'confirmed' ||
            (await c
              .get('db')
              .transaction()
              .execute((trx) => confirmSubscriber(trx, subscriber.id, nowIso())));
          if (confirmed) {
            c.get('webhooks')?.wake();
            return c.redirect(NEWSLETTER_PAGES.confirmed, 303);
          }
        }
        return c.redirect(newsletterOutcomeUrl('linkExpired'), 303);
      },
    )
    .get(
      '/unsubscribe/:token',
      describe({
        operationId: 'getUnsubscribePage',
        summary: 'The unsubscribe page',
        description: 'The `List-Unsubscribe` link of every email: a page with one Unsubscribe button; changes nothing.',
        parameters: [byToken],
        responses: {
          200: document('The page with its button.', 'text/html'),
          400: document('The link is incomplete or not valid.', 'text/html'),
        },
      }),
      async (c) => {
        const token = c.req.param('token');
        const id = NewsletterLinks.unsubscribeTarget(token);
        const subscriber = id === undefined ? undefined : await getSubscriber(c.get('db'), id);
        // A well-formed link to an address no longer on file still gets its button: leaving twice is harmless.
        const good = id !== undefined && (!subscriber || (await links(c)).unsubscribes(token, subscriber));
        return unsubscribePage(c, good ? `${UNSUBSCRIBE_PATH}/${token}` : undefined, good ? 200 : 400);
      },
    )
    .post(
      '/unsubscribe/:token',
      describe({
        operationId: 'unsubscribe',
        summary: 'Unsubscribe in one click',
        description:
          "RFC 8058's one-click unsubscribe, which mail programs post from wherever the reader reads mail (so it is the one unsafe request not refused as cross-site): the body `List-Unsubscribe=One-Click`, urlencoded or multipart. Answers 303 to `/newsletter/unsubscribed`; an altered link is a 400.",
        parameters: [byToken],
        requestBody: { required: true, content: { 'multipart/form-data': { schema: resolver(oneClickBody) } } },
        responses: { 303: redirect('Unsubscribed: to the page that says so.'), ...refusals('validation') },
        examples: [
          {
            name: 'altered',
            summary: 'An altered link',
            params: { token: 'not-a-token' },
            body: { 'List-Unsubscribe': 'One-Click' },
            media: 'application/x-www-form-urlencoded',
            status: 400,
            response: { message: 'This unsubscribe link is incomplete or not valid.', code: 'validation' },
          },
        ],
      }),
      validate('form', oneClickBody),
      async (c) => {
        const token = c.req.param('token');
        const id = NewsletterLinks.unsubscribeTarget(token);
        if (id === undefined) throw errors.validation('This unsubscribe link is incomplete or not valid.');
        const subscriber = await getSubscriber(c.get('db'), id);
        if (subscriber) {
          if (!(await links(c)).unsubscribes(token, subscriber))
            throw errors.validation('This unsubscribe link is incomplete or not valid.');
          await c
            .get('db')
            .transaction()
            .execute((trx) => unsubscribe(trx, subscriber.id, nowIso()));
          c.get('webhooks')?.wake();
        }
        c.header('Cache-Control', 'no-store');
        return c.redirect(NEWSLETTER_PAGES.unsubscribed, 303);
      },
    )
    .get(
      '/subscribers',
      describe({
        operationId: 'listSubscribers',
        summary: 'The subscribers',
        description: 'Every subscriber, whatever their status. Never cached.',
        responses: { 200: answer('The subscribers.', z.array(Subscriber)) },
        examples: [{ name: 'none', summary: 'Nobody yet', status: 200, response: [] }],
      }),
      allow('administrator'),
      async (c) => {
        c.header('Cache-Control', 'no-store');
        return c.json(await listSubscribers(c.get('db')));
      },
    )
    .get(
      '/subscribers/export',
      describe({
        operationId: 'exportSubscribers',
        summary: 'The subscribers as CSV',
        description: 'Email, status and dates, one subscriber a row, as a download.',
        responses: { 200: document('The CSV file.', 'text/csv') },
      }),
      allow('administrator'),
      async (c) => {
        const subscribers = await listSubscribers(c.get('db'));
        const csv = toCsv(
          ['Email', 'Status', 'Subscribed at', 'Confirmed at', 'Unsubscribed at', 'Bounced at'],
          subscribers.map((s) => [s.email, s.status, s.subscribedAt, s.confirmedAt ?? '', s.unsubscribedAt ?? '', s.bouncedAt ?? '']),
        );
        c.header('Content-Type', 'text/csv; charset=utf-8');
        c.header('Content-Disposition', 'attachment; filename="forkcast-subscribers.csv"');
        c.header('Cache-Control', 'no-store');
        return c.body(csv);
      },
    )
    .delete(
      '/subscribers/:id',
      describe({
        operationId: 'deleteSubscriber',
        summary: 'Delete a subscriber',
        description: 'The address waits in the trash, and the deletion can be undone.',
        parameters: [pathParameter('id', "The subscriber's id.", 'integer')],
        responses: { 204: { description: 'Deleted.' }, ...refusals('not_found') },
        examples: [
          {
            name: 'missing',
            summary: 'No such subscriber',
            params: { id: 999 },
            status: 404,
            response: { message: 'Subscriber not found.', code: 'not_found' },
          },
        ],
      }),
      allow('administrator'),
      async (c) => {
        const id = parseId(c.req.param('id'), 'Subscriber not found.');
        // Through the one write path, so the address waits in the trash and the deletion can be undone.
        await commitWrite(c, async (trx) => {
          if (!(await deleteSubscriber(trx, id))) throw errors.notFound('Subscriber not found.');
        });
        return c.body(null, 204);
      },
    );
};
