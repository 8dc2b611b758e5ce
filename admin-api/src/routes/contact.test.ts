import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addContactMessage, listContactMessages } from '@forkcast/content-db';
import { createTestApp, json, type RequestOptions, type TestApp } from '../testing.ts';

const ALL_REQUIRED = 'All fields are required to send your message.';
const BAD_EMAIL = 'Please enter a valid email address.';
const THANKS = "Thank you for your message. We'll get back to you soon.";

const VALID = { name: 'Ada Lovelace', email: 'ada@example.com', subject: 'Tip for Lisbon', message: 'Try the bifanas at the market.' };
type Field = keyof typeof VALID;
const FIELDS: Field[] = ['name', 'email', 'subject', 'message'];

describe('/api/contact', () => {
  let t: TestApp;
  // Each test has its own app, and with it a fresh rate-limit allowance.
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.cleanup());

  const send = (body: unknown, options: { ip?: string; app?: TestApp } = {}) =>
    (options.app ?? t).request('/api/contact', { ...json('POST', body), ip: options.ip } satisfies RequestOptions);

  async function expectRefused(res: Response, status: number, message: string, code = 'validation') {
    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(await res.json()).toEqual({ message, code });
    expect(await listContactMessages(t.handle.db)).toEqual([]);
  }

  describe('POST /api/contact', () => {
    it('stores the message and thanks the sender (201)', async () => {
      const res = await send(VALID);
      expect(res.status).toBe(201);
      expect(await res.json()).toEqual({ message: THANKS });
      const stored = await listContactMessages(t.handle.db);
      expect(stored).toEqual([{ id: expect.any(Number), ...VALID, createdAt: expect.any(String) }]);
      expect(Number.isNaN(Date.parse(stored[0]!.createdAt))).toBe(false);
    });

    it('stores every field trimmed', async () => {
      const res = await send({ name: '  Ada  ', email: ' ada@example.com\t', subject: '\n Tip ', message: '  Line one.\nLine two.  \n' });
      expect(res.status).toBe(201);
      expect(await listContactMessages(t.handle.db)).toEqual([
        expect.objectContaining({ name: 'Ada', email: 'ada@example.com', subject: 'Tip', message: 'Line one.\nLine two.' }),
      ]);
    });

    it('needs no session (visitors send messages)', async () => {
      expect((await send(VALID)).status).toBe(201);
    });

    describe.each(FIELDS)('when %s is', (field) => {
      it.each([
        ['missing', undefined],
        ['empty', ''],
        ['whitespace', '  \n\t '],
        ['null', null],
        ['a number', 42],
      ])('%s: 400 all fields required', async (_label, value) => {
        const body: Record<string, unknown> = { ...VALID, [field]: value };
        if (value === undefined) delete body[field];
        await expectRefused(await send(body), 400, ALL_REQUIRED);
      });
    });

    it('refuses an empty body with the all-fields message', async () => {
      await expectRefused(await send({}), 400, ALL_REQUIRED);
    });

    it.each([
      ['no @', 'ada.example.com'],
      ['a space in the local part', 'ada lovelace@example.com'],
      ['a space in the domain', 'ada@exa mple.com'],
      ['no dot after @', 'ada@example'],
      ['two @', 'ada@@example.com'],
      ['nothing before @', '@example.com'],
      ['nothing after the dot', 'ada@example.'],
      ['mailto header fields', 'ada@example.com?cc=victim@example.org'],
      ['a mailto body', 'ada@example.com?body=hello'],
      ['a mailto header field', 'ada@example.com?subject=x'],
      ['a fragment', 'ada@example.com#x'],
      ['a second recipient', 'ada@example.com,eve@example.org'],
      ['a percent-escape', 'ada%40evil.example@example.com'],
      ['a query in the local part', 'ada?cc=eve@example.org'],
    ])('refuses an email with %s', async (_label, email) => {
      await expectRefused(await send({ ...VALID, email }), 400, BAD_EMAIL);
    });

    it.each([
      ['name', 100, 'Your name can be at most 100 characters.'],
      ['subject', 200, 'The subject can be at most 200 characters.'],
      ['message', 5000, 'Your message can be at most 5000 characters.'],
    ] as const)('accepts a %s of %i characters and refuses one more', async (field, limit, message) => {
      await expectRefused(await send({ ...VALID, [field]: 'x'.repeat(limit + 1) }), 400, message);
      const ok = await send({ ...VALID, [field]: 'x'.repeat(limit) });
      expect(ok.status).toBe(201);
    });

    it('accepts an email of 254 characters and refuses 255', async () => {
      const address = (tld: string) => `${'a'.repeat(64)}@${`${'b'.repeat(60)}.`.repeat(3)}${tld}`;
      await expectRefused(await send({ ...VALID, email: address('ccc.com') }), 400, 'Your email can be at most 254 characters.');
      expect(address('cc.com')).toHaveLength(254);
      expect((await send({ ...VALID, email: address('cc.com') })).status).toBe(201);
    });

    it('measures the length after trimming', async () => {
      const res = await send({ ...VALID, name: `   ${'x'.repeat(100)}   ` });
      expect(res.status).toBe(201);
    });

    it('refuses a body that is not JSON and stores nothing', async () => {
      const res = await t.request('/api/contact', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":' });
      expect(res.status).toBe(400);
      expect(await listContactMessages(t.handle.db)).toEqual([]);
    });

    it('refuses a cross-site post with 403 and stores nothing', async () => {
      const res = await t.request('/api/contact', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
        body: JSON.stringify(VALID),
      });
      expect(res.status).toBe(403);
      expect(await listContactMessages(t.handle.db)).toEqual([]);
    });
  });

  describe('rate limit', () => {
    it('refuses the 6th message from one address within 10 minutes with a 429 and Retry-After', async () => {
      for (let i = 1; i <= 5; i++) {
        const res = await send({ ...VALID, subject: `Message ${i}` });
        expect(res.status, `message ${i}`).toBe(201);
      }
      const refused = await send({ ...VALID, subject: 'Message 6' });
      expect(refused.status).toBe(429);
      expect(await refused.json()).toEqual({
        message: 'You have sent several messages in a short time. Please try again in a few minutes.',
        code: 'rate_limited',
      });
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(Number.isInteger(retryAfter)).toBe(true);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(600);

      // Nothing is stored for the refused message.
      const stored = await listContactMessages(t.handle.db);
      expect(stored).toHaveLength(5);
      expect(stored.map((m) => m.subject)).not.toContain('Message 6');
    });

    it('still accepts messages from another address', async () => {
      for (let i = 1; i <= 6; i++) await send({ ...VALID, subject: `Message ${i}` });
      const other = await send({ ...VALID, subject: 'From elsewhere' }, { ip: '198.51.100.9' });
      expect(other.status).toBe(201);
      expect(await other.json()).toEqual({ message: THANKS });
      expect((await listContactMessages(t.handle.db)).map((m) => m.subject)).toContain('From elsewhere');
    });

    it('gives a freshly created app a fresh budget (no state shared between apps)', async () => {
      for (let i = 1; i <= 5; i++) expect((await send(VALID)).status).toBe(201);
      const second = await createTestApp();
      try {
        const res = await send(VALID, { app: second });
        expect(res.status).toBe(201);
      } finally {
        await second.cleanup();
      }
    });
  });

  describe('inbox: /api/admin/contact-messages', () => {
    it('is 401 for a visitor', async () => {
      await addContactMessage(t.handle.db, { ...VALID, createdAt: '2025-01-01T00:00:00.000Z' });
      const res = await t.request('/api/admin/contact-messages');
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ message: 'Sign in to continue.', code: 'unauthorized' });
    });

    it('lists the messages to the admin, newest first', async () => {
      const older = await addContactMessage(t.handle.db, { ...VALID, subject: 'older', createdAt: '2025-01-01T00:00:00.000Z' });
      // Inserted first but newer: the date decides, not the id.
      const newest = await addContactMessage(t.handle.db, { ...VALID, subject: 'newest', createdAt: '2025-03-01T00:00:00.000Z' });
      const middle = await addContactMessage(t.handle.db, { ...VALID, subject: 'middle', createdAt: '2025-02-01T00:00:00.000Z' });
      const cookie = await t.signIn();
      const res = await t.request('/api/admin/contact-messages', { cookie });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual([newest, middle, older]);
    });

    it('lists a message sent through the form', async () => {
      expect((await send(VALID)).status).toBe(201);
      const cookie = await t.signIn();
      const res = await t.request('/api/admin/contact-messages', { cookie });
      expect(await res.json()).toEqual([expect.objectContaining(VALID)]);
    });

    it('deletes a message with a 204 and an empty body, then 404', async () => {
      const message = await addContactMessage(t.handle.db, { ...VALID, createdAt: '2025-01-01T00:00:00.000Z' });
      const kept = await addContactMessage(t.handle.db, { ...VALID, subject: 'kept', createdAt: '2025-01-02T00:00:00.000Z' });
      const cookie = await t.signIn();
      const res = await t.request(`/api/admin/contact-messages/${message.id}`, { method: 'DELETE', cookie });
      expect(res.status).toBe(204);
      expect(await res.text()).toBe('');
      expect(await listContactMessages(t.handle.db)).toEqual([kept]);

      const again = await t.request(`/api/admin/contact-messages/${message.id}`, { method: 'DELETE', cookie });
      expect(again.status).toBe(404);
      expect(await again.json()).toEqual({ message: 'Message not found.', code: 'not_found' });
    });

    it('is 404 for a non-numeric id', async () => {
      const cookie = await t.signIn();
      const res = await t.request('/api/admin/contact-messages/abc', { method: 'DELETE', cookie });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ message: 'Message not found.', code: 'not_found' });
    });

    it('refuses a visitor delete with 401 and keeps the message', async () => {
      const message = await addContactMessage(t.handle.db, { ...VALID, createdAt: '2025-01-01T00:00:00.000Z' });
      const res = await t.request(`/api/admin/contact-messages/${message.id}`, { method: 'DELETE' });
      expect(res.status).toBe(401);
      expect(await listContactMessages(t.handle.db)).toEqual([message]);
    });
  });
});
