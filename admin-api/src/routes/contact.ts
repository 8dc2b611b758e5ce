import { Hono } from 'hono';
import { z } from 'zod';
import { addContactMessage, deleteContactMessage, emailsOfRoles, listContactMessages, nowIso } from '@forkcast/content-db';
import { rolesFrom } from '@forkcast/shared/contracts';
import { isEmailAddress, LIMITS } from '@forkcast/shared/contracts';
import type { AppEnv } from '../context.ts';
import { errors } from '../errors.ts';
import { contactNotice } from '../mail/contact-notice.ts';
import { allow } from '../permissions/guards.ts';
import { rateLimit } from '../middleware/rate-limit.ts';
import { answer, describer, pathParameter, refusals } from '../openapi/describe.ts';
import { invalid, notFound } from '../openapi/examples.ts';
import { ContactMessage, Message } from '../openapi/shapes.ts';
import { text } from '../schemas.ts';
import { parseId, validate } from '../validation.ts';

// The product's own wording; the client shows the same sentences before ever calling the server.
const ALL_REQUIRED = 'All fields are required to send your message.';
const BAD_EMAIL = 'Please enter a valid email address.';
const describe = describer('Contact');

const field = (max: number, label: string, multiline = false) =>
  text(label, { error: ALL_REQUIRED, multiline }).trim().min(1, ALL_REQUIRED).max(max, `${label} can be at most ${max} characters.`);

const contactBody = z.object({
  name: field(LIMITS.contact.name, 'Your name'),
  // The one address rule, whose characters also give the inbox's mailto: reply link no meaning of its own.
  email: field(LIMITS.contact.email, 'Your email').refine(isEmailAddress, BAD_EMAIL),
  subject: field(LIMITS.contact.subject, 'The subject'),
  message: field(LIMITS.contact.message, 'Your message', true),
});

/** POST /api/contact (anyone, rate-limited per address). Each app gets its own limiter. */
export const contactRoutes = () =>
  new Hono<AppEnv>().post(
    '/',
    describe({
      operationId: 'sendContactMessage',
      summary: 'Send a message',
      description:
        'Stores the message in the inbox and, unless `CONTACT_NOTIFY=false`, emails it to the owner and every administrator, who read the inbox (Reply-To: the sender) after answering. All four fields are required; `email` is one bare address.',
      responses: { 201: answer('Sent.', Message), ...refusals('validation') },
      examples: [
        {
          name: 'question',
          summary: 'A question',
          body: { name: 'Ana', email: 'ana@example.com', subject: 'Kyoto in winter', message: 'Is the ramen road busy in January?' },
          status: 201,
          response: { message: "Thank you for your message. We'll get back to you soon." },
        },
        {
          name: 'badEmail',
          summary: 'Not an email address',
          body: { name: 'Ana', email: 'ana at example', subject: 'Hi', message: 'Hello.' },
          status: 400,
          response: invalid(BAD_EMAIL),
        },
      ],
    }),
    rateLimit({
      limit: 5,
      windowMs: 10 * 60 * 1000,
      message: 'You have sent several messages in a short time. Please try again in a few minutes.',
    }),
    validate('json', contactBody),
    async (c) => {
      const message = c.req.valid('json');
      await addContactMessage(c.get('db'), { ...message, createdAt: nowIso() });
      // The message is stored either way; the email to the admins follows without holding up the answer.
      const { config } = c.var;
      const admins = config.contactNotify ? await emailsOfRoles(c.get('db'), rolesFrom('administrator')) : [];
      if (admins.length > 0) {
        c.get('mailer').sendInBackground(
          contactNotice({ siteName: config.siteName, publicHost: config.publicHost, to: admins, message }),
          'contact notice',
        );
      }
      return c.json({ message: "Thank you for your message. We'll get back to you soon." }, 201);
    },
  );

/** GET /api/admin/contact-messages, DELETE /api/admin/contact-messages/:id: the inbox (readers' addresses: administrators only). */
export const contactInboxRoutes = new Hono<AppEnv>()
  .use(allow('administrator'))
  .get(
    '/',
    describe({
      operationId: 'listContactMessages',
      summary: 'The contact inbox',
      description: 'Every message sent through the contact form, newest first.',
      responses: { 200: answer('The messages.', z.array(ContactMessage)) },
      examples: [{ name: 'empty', summary: 'An empty inbox', status: 200, response: [] }],
    }),
    async (c) => c.json(await listContactMessages(c.get('db'))),
  )
  .delete(
    '/:id',
    describe({
      operationId: 'deleteContactMessage',
      summary: 'Delete a message',
      parameters: [pathParameter('id', "The message's id.", 'integer')],
      responses: { 204: { description: 'Deleted.' }, ...refusals('not_found') },
      examples: [
        { name: 'missing', summary: 'No such message', params: { id: 999 }, status: 404, response: notFound('Message not found.') },
      ],
    }),
    async (c) => {
      const id = parseId(c.req.param('id'), 'Message not found.');
      if (!(await deleteContactMessage(c.get('db'), id))) throw errors.notFound('Message not found.');
      return c.body(null, 204);
    },
  );
