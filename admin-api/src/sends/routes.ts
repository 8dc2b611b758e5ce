import { Hono, type Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import { z } from 'zod';
import { getPostById, getSubscriberByEmail } from '@forkcast/content-db';
import { NEWSLETTER_PAGES } from '@forkcast/shared/contracts';
import type { AppEnv } from '../context.ts';
import { errors } from '../errors.ts';
import { allow } from '../permissions/guards.ts';
import { newsletterLinks, type NewsletterLinks } from '../newsletter/links.ts';
import { answer, describer, document, pathParameter, refusals } from '../openapi/describe.ts';
import { Message, NewsletterSend, SendsOverview } from '../openapi/shapes.ts';
import { emailAddress } from '../schemas.ts';
import { parseId, validate } from '../validation.ts';
import { addressLetter, renderLetter } from './letter.ts';
import type { NewsletterSends } from './sends.ts';

const postIdField = z.number({ error: 'Name the post to send by its id.' }).int().positive('Name the post to send by its id.');
const sendBody = z.object({ postId: postIdField }).strict();
const BAD_EMAIL = 'Give one email address to send the test to.';
const testBody = z
  .object({
    postId: postIdField,
    email: emailAddress('The test address', BAD_EMAIL),
  })
  .strict();

const describe = describer('Newsletter sends');

// A quiet stream is kept open through proxies with a comment this often.
const HEARTBEAT_MS = 25_000;

function sendsOf(c: Context<AppEnv>): NewsletterSends {
  const sends = c.get('sends');
  if (!sends) throw errors.unavailable('Sending newsletters is not set up on this server.');
  return sends;
}

/**
 * /api/newsletter/sends, administrators only: send a post to every confirmed subscriber (a scheduled post
 * when it goes live), send a test of it to one address first, follow every send's progress (as
 * JSON, or live as server-sent events) and cancel one.
 */
export const sendRoutes = () =>
  new Hono<AppEnv>()
    .use(allow('administrator'))
    .get(
      '/',
      describe({
        operationId: 'listSends',
        summary: 'Every send and its progress',
        description:
          'Every send, newest first, with its counts (`status`: `waiting`, `sending`, `done`, `cancelled`), and `delivery.waitingUntil` / `delivery.problem` while the mail server cannot be reached.',
        responses: { 200: answer('The sends.', SendsOverview), ...refusals('unavailable') },
        examples: [{ name: 'none', summary: 'Nothing sent yet', status: 200, response: { sends: [], delivery: {} } }],
      }),
      async (c) => {
        c.header('Cache-Control', 'no-store');
        return c.json(await sendsOf(c).overview());
      },
    )
    .get(
      '/events',
      describe({
        operationId: 'followSends',
        summary: 'Every send, live',
        description:
          'The same as `GET /api/newsletter/sends` as server-sent events (`event: sends`, the data its JSON), pushed whenever a count changes (at most 4 a second), with a comment every 25 seconds to keep the stream open: what /admin shows live.',
        responses: { 200: document('The event stream.', 'text/event-stream'), ...refusals('unavailable') },
      }),
      (c) => {
        const sends = sendsOf(c);
        c.header('Cache-Control', 'no-store');
        return streamSSE(c, async (stream) => {
          let changed = true;
          let wake = () => {};
          const stop = sends.delivery.onProgress(() => {
            changed = true;
            wake();
          });
          const heartbeat = setInterval(() => wake(), HEARTBEAT_MS);
          const end = () => wake();
          stream.onAbort(end);
          sends.closing.addEventListener('abort', end);
          try {
            while (!stream.aborted && !sends.closing.aborted) {
              if (changed) {
                changed = false;
                await stream.writeSSE({ event: 'sends', data: JSON.stringify(await sends.overview()) });
              } else {
                await stream.write(': still here\n\n');
              }
              // A change that came while the last event was being written is sent at once, not lost.
              await new Promise<void>((resolve) => {
                wake = resolve;
                if (changed || stream.aborted || sends.closing.aborted) resolve();
              });
            }
          } finally {
            stop();
            clearInterval(heartbeat);
            sends.closing.removeEventListener('abort', end);
          }
        });
      },
    )
    .post(
      '/',
      describe({
        operationId: 'sendPost',
        summary: 'Send a post to every subscriber',
        description:
          "Sends a published post to every subscriber confirmed now, or, for a scheduled post, sets it to be sent when it goes live (a send with `status: 'waiting'`). 409 for a draft or a post in review, for a post already sent or waiting, and when nobody has confirmed yet.",
        responses: {
          201: answer('The send and its progress.', NewsletterSend),
          ...refusals('validation', 'not_found', 'conflict', 'unavailable'),
        },
        examples: [
          {
            name: 'missing',
            summary: 'No such post',
            body: { postId: 999 },
            status: 404,
            response: { message: 'Post not found.', code: 'not_found' },
          },
        ],
      }),
      validate('json', sendBody),
      async (c) => {
        return c.json(await sendsOf(c).send(c.req.valid('json').postId), 201);
      },
    )
    .post(
      '/test',
      describe({
        operationId: 'sendTestLetter',
        summary: 'Send a test of a post to one address',
        description:
          "The post's letter, subject prefixed `[Test]`, to that one address at once (any post, live or not); 502 (`mail_refused`) with the mail server's answer.",
        responses: { 200: answer('Sent.', Message), ...refusals('validation', 'not_found', 'mail_refused', 'unavailable') },
      }),
      validate('json', testBody),
      async (c) => {
        const { postId, email } = c.req.valid('json');
        const db = c.get('db');
        const pages = c.get('pages');
        if (!pages) throw errors.unavailable('Sending a post needs the built site; run make build.');
        const post = await getPostById(db, postId);
        if (!post) throw errors.notFound('Post not found.');
        const letter = await renderLetter(pages, post, { unpublished: true });
        if (!letter) throw errors.notFound('Post not found.');
        // A subscriber gets their own working unsubscribe link; any other address the page that explains it.
        const subscriber = await getSubscriberByEmail(db, email);
        const { publicHost, mail } = c.get('config');
        const links: NewsletterLinks | undefined = subscriber && (await newsletterLinks(db, publicHost));
        const unsubscribeUrl = links && subscriber ? links.unsubscribeUrl(subscriber) : `${publicHost}${NEWSLETTER_PAGES.unsubscribe}`;
        const addressed = addressLetter(letter, unsubscribeUrl);
        try {
          await c.get('mailer').send({
            to: email,
            ...addressed,
            subject: `[Test] ${addressed.subject}`,
            ...(links ? { unsubscribe: { url: unsubscribeUrl, mailto: `mailto:${mail.from.address}?subject=unsubscribe` } } : {}),
          });
        } catch (error) {
          c.get('logger').warn({ err: error, post: postId }, 'test newsletter refused');
          throw errors.mailRefused(`The mail server did not take the test: ${error instanceof Error ? error.message : String(error)}`);
        }
        return c.json({ message: `Test sent to ${email}.` });
      },
    )
    .post(
      '/:id/cancel',
      describe({
        operationId: 'cancelSend',
        summary: 'Stop a send',
        description: 'Stops a waiting or sending send: what is not sent yet is skipped; 409 once it has finished.',
        parameters: [pathParameter('id', "The send's id.", 'integer')],
        responses: { 200: answer('The send, stopped.', NewsletterSend), ...refusals('not_found', 'conflict', 'unavailable') },
        examples: [
          {
            name: 'missing',
            summary: 'No such send',
            params: { id: 999 },
            status: 404,
            response: { message: 'No such send.', code: 'not_found' },
          },
        ],
      }),
      async (c) => {
        const id = parseId(c.req.param('id'), 'No such send.');
        return c.json(await sendsOf(c).cancel(id));
      },
    );
