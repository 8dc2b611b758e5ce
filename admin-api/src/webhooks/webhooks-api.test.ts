import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, json, storedState, type TestApp } from '../testing.ts';
import { isWebhookSecret } from './secret.ts';
import { isPublicAddress } from './target.ts';

const PRIVATE = 'The URL points to a loopback or private network address; webhooks go only to public addresses.';

describe('isPublicAddress', () => {
  it('lets only public unicast addresses through', () => {
    for (const address of ['93.184.215.14', '2606:4700::6810:84e5', '8.8.8.8']) expect(isPublicAddress(address), address).toBe(true);
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '224.0.0.1',
      'not an address',
    ])
      expect(isPublicAddress(address), address).toBe(false);
  });
});

describe('isWebhookSecret', () => {
  it('takes whsec_ and the base64 of 24 to 64 bytes', () => {
    expect(isWebhookSecret(`whsec_${Buffer.alloc(32, 7).toString('base64')}`)).toBe(true);
    expect(isWebhookSecret(`whsec_${Buffer.alloc(24, 7).toString('base64')}`)).toBe(true);
    expect(isWebhookSecret(`whsec_${Buffer.alloc(23, 7).toString('base64')}`)).toBe(false);
    expect(isWebhookSecret(`whsec_${Buffer.alloc(65, 7).toString('base64')}`)).toBe(false);
    expect(isWebhookSecret(Buffer.alloc(32, 7).toString('base64'))).toBe(false);
    expect(isWebhookSecret('whsec_not base64!')).toBe(false);
  });
});

describe('/api/webhooks', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.signInAs('administrator');
  });
  afterAll(() => t.cleanup());
  beforeEach(async () => {
    await t.handle.db.deleteFrom('webhooks').execute();
  });

  const create = (body: unknown, cookie = admin) => t.request('/api/webhooks', json('POST', body, cookie));

  it('registers a webhook, shows its secret once, and lists it without', async () => {
    const created = await create({ url: 'https://hooks.example.com/forkcast', events: ['post.updated', 'post.published'] });
    expect(created.status).toBe(201);
    const body = (await created.json()) as { id: number; secret: string; events: string[] };
    expect(body).toMatchObject({
      url: 'https://hooks.example.com/forkcast',
      events: ['post.published', 'post.updated'],
      lastDelivery: null,
    });
    expect(isWebhookSecret(body.secret)).toBe(true);
    const listed = await t.request('/api/webhooks', { cookie: admin });
    expect(listed.headers.get('cache-control')).toContain('no-store');
    const list = (await listed.json()) as object[];
    expect(list).toEqual([expect.objectContaining({ id: body.id })]);
    expect(JSON.stringify(list)).not.toContain('whsec_');
  });

  it('keeps a secret the administrator brings', async () => {
    const secret = `whsec_${Buffer.alloc(32, 9).toString('base64')}`;
    const created = await create({ url: 'https://hooks.example.com/x', events: ['send.finished'], secret });
    expect(((await created.json()) as { secret: string }).secret).toBe(secret);
    expect((await t.handle.db.selectFrom('webhooks').select('secret').executeTakeFirstOrThrow()).secret).toBe(secret);
  });

  it('refuses bad requests with a clear 400 and stores nothing', async () => {
    const cases: [unknown, string][] = [
      [{ url: 'http://127.0.0.1:8080/in', events: ['post.published'] }, PRIVATE],
      [{ url: 'http://10.0.0.8/in', events: ['post.published'] }, PRIVATE],
      [{ url: 'http://[::1]/in', events: ['post.published'] }, PRIVATE],
      [{ url: 'http://169.254.169.254/latest/meta-data', events: ['post.published'] }, PRIVATE],
      [{ url: 'http://[::ffff:7f00:1]/in', events: ['post.published'] }, PRIVATE],
      [{ url: 'http://localhost:4321/in', events: ['post.published'] }, PRIVATE],
      [{ url: 'http://shop.localhost/in', events: ['post.published'] }, PRIVATE],
      [{ url: 'ftp://hooks.example.com/in', events: ['post.published'] }, 'The URL must be an absolute http:// or https:// address.'],
      [{ url: '/relative', events: ['post.published'] }, 'The URL must be an absolute http:// or https:// address.'],
      [
        { url: 'https://user:pw@hooks.example.com/in', events: ['post.published'] },
        'The URL must not carry a user name or password; use the signing secret to authenticate.',
      ],
      [{ url: 'https://hooks.example.com/in', events: [] }, 'Choose at least one event.'],
      [{ url: 'https://hooks.example.com/in' }, 'Choose at least one event.'],
      [{ url: 'https://hooks.example.com/in', events: ['post.exploded'] }, 'Each event must be one of'],
      [{ url: 'https://hooks.example.com/in', events: ['post.published'], secret: 'hunter2' }, 'The secret must be whsec_'],
      [{ events: ['post.published'] }, 'The URL is required.'],
    ];
    const before = await storedState(t);
    for (const [body, message] of cases) {
      const response = await create(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(((await response.json()) as { message: string }).message, JSON.stringify(body)).toContain(message);
    }
    expect(await storedState(t)).toEqual(before);
  });

  it('deletes a webhook with its queued deliveries, and 404s an unknown one', async () => {
    const { id } = (await (await create({ url: 'https://hooks.example.com/in', events: ['post.published'] })).json()) as { id: number };
    const gone = await t.request(`/api/webhooks/${id}`, { method: 'DELETE', cookie: admin });
    expect(gone.status).toBe(204);
    expect(await t.handle.db.selectFrom('webhooks').selectAll().execute()).toEqual([]);
    const again = await t.request(`/api/webhooks/${id}`, { method: 'DELETE', cookie: admin });
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({ message: 'Webhook not found.', code: 'not_found' });
  });

  it('queues the events of writes made through the API, and logs them', async () => {
    const { id } = (await (await create({ url: 'https://hooks.example.com/in', events: ['post.published'] })).json()) as { id: number };
    const owner = await t.signIn();
    const post = await t.request(
      '/api/posts',
      json('POST', { title: 'Night markets of Taipei', content: 'Stalls, steam and queues.' }, owner),
    );
    expect(post.status).toBe(201);
    const { slug } = (await post.json()) as { slug: string };
    const published = await t.request(`/api/posts/${slug}/published`, json('PATCH', { published: true }, owner));
    expect(published.status, await published.clone().text()).toBe(200);
    const log = await t.request(`/api/webhooks/deliveries?webhookId=${id}`, { cookie: admin });
    expect(await log.json()).toEqual([expect.objectContaining({ webhookId: id, event: 'post.published', status: 'queued', attempts: 0 })]);
    const refused = await t.request('/api/webhooks/deliveries?webhookId=x', { cookie: admin });
    expect(refused.status).toBe(400);
  });

  it('allows a private target when WEBHOOK_ALLOW_PRIVATE=1', async () => {
    const local = await createTestApp({ env: { WEBHOOK_ALLOW_PRIVATE: '1' } });
    try {
      const response = await local.request(
        '/api/webhooks',
        json('POST', { url: 'http://127.0.0.1:9/in', events: ['post.published'] }, await local.signIn()),
      );
      expect(response.status).toBe(201);
    } finally {
      await local.cleanup();
    }
  });
});
