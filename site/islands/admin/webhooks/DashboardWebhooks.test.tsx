import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, json, mockFetch, renderInRoot } from '../Dashboard.test-utils';
import { DashboardWebhooks } from './DashboardWebhooks';

const HOOK = {
  id: 4,
  url: 'https://hooks.example.com/forkcast',
  events: ['post.published', 'send.finished'],
  createdAt: '2025-01-02T09:00:00.000Z',
  lastDelivery: { status: 'failed', at: '2025-01-02T10:00:00.000Z', responseStatus: 500 },
};
const DELIVERY = {
  id: 12,
  webhookId: 4,
  event: 'post.published',
  messageId: 'msg_1',
  status: 'queued',
  attempts: 2,
  responseStatus: 503,
  lastError: 'the endpoint answered 503',
  createdAt: '2025-01-02T09:30:00.000Z',
  finishedAt: null,
  nextAttemptAt: '2025-01-02T10:30:00.000Z',
};
const SECRET = `whsec_${'A'.repeat(43)}=`;

describe('the webhooks section', () => {
  it('lists webhooks with their events and last delivery, and the log with retries', async () => {
    mockFetch({ 'GET /api/webhooks': json(200, [HOOK]), 'GET /api/webhooks/deliveries': json(200, [DELIVERY]) });
    renderInRoot(<DashboardWebhooks />);
    await screen.findByText('1 webhook');
    const item = screen.getByText(HOOK.url, { selector: '.fc-hook__url' }).closest('li')!;
    expect(
      within(within(item).getByRole('list', { name: 'Events' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['post.published', 'send.finished']);
    expect(within(item).getByText('Failed')).toBeTruthy();
    expect(within(item).getByText(/HTTP 500/)).toBeTruthy();
    const log = await screen.findByRole('table', { name: 'The newest webhook deliveries' });
    const row = within(log).getAllByRole('row')[1]!;
    expect(within(row).getByText('Waiting')).toBeTruthy();
    expect(within(row).getByText('the endpoint answered 503')).toBeTruthy();
    expect(within(row).getByText(/Next try/)).toBeTruthy();
  });

  it('adds a webhook with the chosen events and shows its secret once, focused', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({
      'GET /api/webhooks': [json(200, []), json(200, [{ ...HOOK, lastDelivery: null }])],
      'GET /api/webhooks/deliveries': json(200, []),
      'POST /api/webhooks': json(201, { ...HOOK, lastDelivery: null, secret: SECRET }),
    });
    renderInRoot(<DashboardWebhooks />);
    await screen.findByText('No webhooks yet');
    await user.type(screen.getByLabelText('Endpoint URL'), HOOK.url);
    await user.click(screen.getByRole('checkbox', { name: /send\.finished/ }));
    await user.click(screen.getByRole('button', { name: 'Add webhook' }));
    const heading = await screen.findByRole('heading', { name: `Signing secret for ${HOOK.url}` });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByText(SECRET)).toBeTruthy();
    const [call] = callsTo(fetchMock, 'POST /api/webhooks');
    expect(JSON.parse(String(call!.body))).toEqual({ url: HOOK.url, events: ['post.published', 'send.finished'] });
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByText(SECRET)).toBeNull();
  });

  it('says why the server refused a webhook, beside the form', async () => {
    const user = userEvent.setup();
    const refusal = 'The URL points to a loopback or private network address; webhooks go only to public addresses.';
    mockFetch({
      'GET /api/webhooks': json(200, []),
      'GET /api/webhooks/deliveries': json(200, []),
      'POST /api/webhooks': json(400, { message: refusal, code: 'validation', field: 'url' }),
    });
    renderInRoot(<DashboardWebhooks />);
    await user.type(screen.getByLabelText('Endpoint URL'), 'http://10.0.0.8/in');
    await user.click(screen.getByRole('button', { name: 'Add webhook' }));
    expect((await screen.findByRole('alert')).textContent).toBe(refusal);
    expect(screen.getByLabelText('Endpoint URL').getAttribute('aria-invalid')).toBe('true');
  });
});
