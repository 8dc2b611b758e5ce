import { existsSync, readdirSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listContactMessages, listSubscribers } from '@forkcast/content-db';
import { newsletterOutcomeUrl } from '@forkcast/shared/contracts';
import { loadConfig } from './config.ts';
import { ADMIN_EMAIL, createTestApp, json, type TestApp } from './testing.ts';

// What the old something@something.something pattern let through: a display name (each prefix a new
// subscriber and another confirmation to the same mailbox, with a To line of the sender's
// choosing), more recipients, or a header of its own.
const NOT_BARE = [
  'a<victim@example.com>',
  'Victim <victim@example.com>',
  '"Victim"<victim@example.com>',
  'victim@example.com>',
  'victim@example.com,other@example.com',
  'victim@example.com;other@example.com',
  '=cmd|calc@example.com',
  'réader@example.com',
];

/**
 * Every field that takes an email address, each held to the one rule: a bare address. `good` is a
 * request that gets past validation, so a refusal below is the rule's and nothing else's.
 */
describe('every email field takes a bare address only', () => {
  let t: TestApp;
  let ip = 0;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.cleanup());
  const from = () => ({ ip: `10.9.${++ip >> 8}.${ip & 255}` });

  it.each(NOT_BARE)('the newsletter sign-up (JSON and form) refuses %j, stores nothing and sends nothing', async (email) => {
    const res = await t.request('/api/newsletter/subscribe', { ...json('POST', { email }), ...from() });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: 'Please enter a valid email address.', code: 'validation' });
    const form = await t.request('/api/newsletter/subscribe/form', { method: 'POST', body: new URLSearchParams({ email }), ...from() });
    expect(form.headers.get('location')).toBe(newsletterOutcomeUrl('failed'));
    expect(await listSubscribers(t.handle.db)).toEqual([]);
    await t.mailer.idle();
    expect(existsSync(t.mailDir) ? readdirSync(t.mailDir) : []).toEqual([]);
  });

  it.each(NOT_BARE)('the contact form refuses %j and stores nothing', async (email) => {
    const message = { name: 'Reader', email, subject: 'Hello', message: 'A question.' };
    const res = await t.request('/api/contact', { ...json('POST', message), ...from() });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: 'Please enter a valid email address.', code: 'validation' });
    expect(await listContactMessages(t.handle.db)).toEqual([]);
  });

  it.each(NOT_BARE)('sign-in refuses %j as no address, before any password is checked', async (email) => {
    const res = await t.request('/api/login', { ...json('POST', { email, password: 'a password' }), ...from() });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: 'Please enter a valid email address.', code: 'validation' });
  });

  it.each(NOT_BARE)('the test letter refuses %j', async (email) => {
    const cookie = await t.signIn();
    const res = await t.request('/api/newsletter/sends/test', { ...json('POST', { postId: 1, email }, cookie), ...from() });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: 'Give one email address to send the test to.', code: 'validation' });
  });

  it.each(NOT_BARE)('ADMIN_EMAIL refuses %j', (email) => {
    expect(() => loadConfig({ ADMIN_EMAIL: email, ADMIN_PASSWORD: 'long enough password' })).toThrow(
      'Invalid configuration: ADMIN_EMAIL must be an email address',
    );
  });

  it('each of them takes a bare address', async () => {
    expect((await t.request('/api/newsletter/subscribe', { ...json('POST', { email: 'reader@example.com' }), ...from() })).status).toBe(
      200,
    );
    const message = { name: 'Reader', email: 'reader@example.com', subject: 'Hello', message: 'A question.' };
    expect((await t.request('/api/contact', { ...json('POST', message), ...from() })).status).toBe(201);
    expect((await t.request('/api/login', { ...json('POST', { email: ADMIN_EMAIL, password: 'wrong password' }), ...from() })).status).toBe(
      401,
    );
    const cookie = await t.signIn();
    // Past validation: this app has no built site to render the letter with.
    expect((await t.request('/api/newsletter/sends/test', json('POST', { postId: 1, email: 'reader@example.com' }, cookie))).status).toBe(
      503,
    );
    expect(loadConfig({ ADMIN_EMAIL: ADMIN_EMAIL, ADMIN_PASSWORD: 'long enough password' }).admin?.email).toBe(ADMIN_EMAIL);
  });
});
