import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { NewsletterSend } from '@forkcast/shared/contracts';
import { useAuth } from '../../shared/auth-store';
import { callsTo, currentToast, json, mockFetch, renderInRoot } from '../Dashboard.test-utils';
import { DashboardSends } from './DashboardSends';
import { LetterControls } from './LetterControls';

/**
 * The browser's EventSource, which jsdom lacks: it records what is opened and lets a test deliver
 * the events the server would push.
 */
class FakeEventSource {
  static opened: FakeEventSource[] = [];
  readonly url: string;
  readonly listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  closed = false;
  constructor(url: string) {
    this.url = url;
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
  }
  push(type: string, data: unknown) {
    for (const listener of this.listeners.get(type) ?? []) listener(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
}

const SUBSCRIBERS = ['confirmed', 'confirmed', 'confirmed', 'pending'].map((status, id) => ({
  id,
  email: `r${id}@example.com`,
  status,
  subscribedAt: '2026-11-01T00:00:00.000Z',
  confirmationSentAt: null,
  confirmedAt: null,
  unsubscribedAt: null,
  bouncedAt: null,
  hardBounces: 0,
}));
const POST = { id: 9, title: 'Bifanas at noon', status: 'published' as const };

function send(overrides: Partial<NewsletterSend> = {}): NewsletterSend {
  return {
    id: 4,
    postId: 9,
    subject: 'Bifanas at noon',
    status: 'sending',
    createdAt: '2026-11-20T10:00:00.000Z',
    startedAt: '2026-11-20T10:00:00.000Z',
    finishedAt: null,
    total: 3,
    sent: 1,
    failed: 0,
    skipped: 0,
    remaining: 2,
    ...overrides,
  };
}

const overview = (sends: NewsletterSend[], delivery = {}) => ({ sends, delivery });
const bodyOf = (call: { body: BodyInit | null | undefined }) => JSON.parse(String(call.body)) as unknown;

beforeEach(() => {
  FakeEventSource.opened = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  useAuth.setState({
    user: { id: 1, name: 'Editor', email: 'editor@forkcast.test', role: 'owner', slug: 'editor' },
    checkedAt: Date.now(),
  });
});

describe('sending a post from its editor', () => {
  it('sends a test to the admin’s own address first', async () => {
    const fetchMock = mockFetch({
      'GET /api/newsletter/sends': json(200, overview([])),
      'GET /api/newsletter/subscribers': json(200, SUBSCRIBERS),
      'POST /api/newsletter/sends/test': json(200, { message: 'Test sent to editor@forkcast.test.' }),
    });
    renderInRoot(<LetterControls post={POST} />);
    const address = await screen.findByLabelText<HTMLInputElement>('Send a test to');
    await waitFor(() => expect(address.value).toBe('editor@forkcast.test'));
    await userEvent.click(screen.getByRole('button', { name: 'Send test' }));
    await waitFor(() => expect(currentToast()?.title).toBe('Test sent'));
    expect(callsTo(fetchMock, 'POST /api/newsletter/sends/test').map(bodyOf)).toEqual([{ postId: 9, email: 'editor@forkcast.test' }]);
  });

  it('says why a test was refused', async () => {
    mockFetch({
      'GET /api/newsletter/sends': json(200, overview([])),
      'GET /api/newsletter/subscribers': json(200, SUBSCRIBERS),
      'POST /api/newsletter/sends/test': json(502, { message: 'The mail server did not take the test: 554 no', code: 'mail_refused' }),
    });
    renderInRoot(<LetterControls post={POST} />);
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Send a test to').value).not.toBe(''));
    await userEvent.click(screen.getByRole('button', { name: 'Send test' }));
    await waitFor(() =>
      expect(currentToast()).toMatchObject({ title: 'Test not sent', description: 'The mail server did not take the test: 554 no' }),
    );
  });

  it('sends to every confirmed subscriber after a confirmation naming how many, then shows the progress as it is pushed', async () => {
    const fetchMock = mockFetch({
      'GET /api/newsletter/sends': [json(200, overview([])), json(200, overview([send({ sent: 0, remaining: 3 })]))],
      'GET /api/newsletter/subscribers': json(200, SUBSCRIBERS),
      'POST /api/newsletter/sends': json(201, send({ sent: 0, remaining: 3 })),
    });
    renderInRoot(<LetterControls post={POST} />);
    const trigger = await screen.findByRole('button', { name: 'Send to subscribers' });
    await waitFor(() => expect(screen.queryByText(/Nobody has confirmed/)).toBeNull());
    await userEvent.click(trigger);
    const dialog = await screen.findByRole('dialog', { name: 'Send this post to your subscribers?' });
    expect(dialog.textContent).toContain("'Bifanas at noon' goes to 3 confirmed subscribers now");
    expect(callsTo(fetchMock, 'POST /api/newsletter/sends')).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send now' }));
    await waitFor(() =>
      expect(currentToast()).toMatchObject({ title: 'Sending', description: "'Bifanas at noon' is on its way to 3 subscribers." }),
    );
    expect(callsTo(fetchMock, 'POST /api/newsletter/sends').map(bodyOf)).toEqual([{ postId: 9 }]);

    const bar = await screen.findByRole('progressbar', { name: 'Progress of Bifanas at noon' });
    expect(bar.getAttribute('aria-valuetext')).toBe('0 of 3 handled');
    const [source] = FakeEventSource.opened;
    expect(source!.url).toBe('/api/newsletter/sends/events');
    act(() =>
      source!.push('sends', overview([send({ sent: 2, failed: 1, remaining: 0, status: 'done', finishedAt: '2026-11-20T10:01:00.000Z' })])),
    );
    await waitFor(() => expect(bar.getAttribute('aria-valuetext')).toBe('3 of 3 handled'));
    expect(screen.getByText('Sent', { selector: '.fc-send__badge' })).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Send to subscribers' })).toBeNull();
  });

  it('offers a scheduled post to go out when it goes live, and a draft only a test', async () => {
    mockFetch({ 'GET /api/newsletter/sends': json(200, overview([])), 'GET /api/newsletter/subscribers': json(200, SUBSCRIBERS) });
    const { unmount } = renderInRoot(<LetterControls post={{ ...POST, status: 'scheduled' }} />);
    expect(await screen.findByRole('button', { name: 'Send when it goes live' })).toBeDefined();
    unmount();
    renderInRoot(<LetterControls post={{ ...POST, status: 'draft' }} />);
    expect(await screen.findByText('Publish or schedule the post to send it to your subscribers.')).toBeDefined();
    expect(screen.queryByRole('button', { name: /^Send (to|when)/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Send test' })).toBeDefined();
  });

  it('holds the send back while nobody has confirmed', async () => {
    mockFetch({
      'GET /api/newsletter/sends': json(200, overview([])),
      'GET /api/newsletter/subscribers': json(
        200,
        SUBSCRIBERS.filter((s) => s.status !== 'confirmed'),
      ),
    });
    renderInRoot(<LetterControls post={POST} />);
    await screen.findByText('Nobody has confirmed a subscription yet, so there is nobody to send it to.');
    expect((screen.getByRole('button', { name: 'Send to subscribers' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('the sends card on /admin', () => {
  it('lists every send with its counts, live, and says when the mail server cannot be reached', async () => {
    mockFetch({
      'GET /api/newsletter/sends': json(
        200,
        overview([send(), send({ id: 3, postId: null, subject: 'An old letter', status: 'done', sent: 3, remaining: 0 })]),
      ),
      'GET /api/posts?status=published&limit=30': json(200, []),
      'GET /api/posts?status=scheduled&limit=30': json(200, []),
    });
    renderInRoot(<DashboardSends />);
    const list = await screen.findByRole('list', { name: 'Sends, newest first' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual(['Bifanas at noon', 'An old letter']);
    expect(within(items[0]!).getByRole('link', { name: 'Bifanas at noon' }).getAttribute('href')).toBe('/admin/editor?id=9');
    expect(within(items[0]!).getByRole('button', { name: 'Cancel send of Bifanas at noon' })).toBeDefined();
    expect(within(items[1]!).queryByRole('button')).toBeNull();

    act(() =>
      FakeEventSource.opened[0]!.push(
        'sends',
        overview([send({ sent: 2, remaining: 1 })], {
          waitingUntil: '2026-11-20T10:05:00.000Z',
          problem: 'connect ECONNREFUSED 127.0.0.1:25',
        }),
      ),
    );
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The mail server cannot be reached: connect ECONNREFUSED 127.0.0.1:25.',
    );
    expect(screen.getByRole('progressbar').getAttribute('aria-valuetext')).toBe('2 of 3 handled');
  });

  it('cancels a send after asking', async () => {
    const fetchMock = mockFetch({
      'GET /api/newsletter/sends': [
        json(200, overview([send()])),
        json(200, overview([send({ status: 'cancelled', skipped: 2, remaining: 0 })])),
      ],
      'GET /api/posts?status=published&limit=30': json(200, []),
      'GET /api/posts?status=scheduled&limit=30': json(200, []),
      'POST /api/newsletter/sends/4/cancel': json(200, send({ status: 'cancelled', skipped: 2, remaining: 0 })),
    });
    renderInRoot(<DashboardSends />);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel send of Bifanas at noon' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this send?' });
    expect(dialog.textContent).toContain('the 2 messages not yet sent are dropped');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel the send' }));
    await waitFor(() => expect(currentToast()?.title).toBe('Send cancelled'));
    expect(callsTo(fetchMock, 'POST /api/newsletter/sends/4/cancel')).toHaveLength(1);
    await waitFor(() => expect(screen.getByText('Cancelled')).toBeDefined());
  });

  it('sends a chosen post from the card', async () => {
    mockFetch({
      'GET /api/newsletter/sends': json(200, overview([])),
      'GET /api/newsletter/subscribers': json(200, SUBSCRIBERS),
      'GET /api/posts?status=published&limit=30': json(200, [{ ...POST, slug: 'bifanas' }]),
      'GET /api/posts?status=scheduled&limit=30': json(200, []),
    });
    renderInRoot(<DashboardSends />);
    await screen.findByText('No post has been sent yet.');
    await userEvent.selectOptions(
      await screen.findByLabelText('Post to send'),
      await screen.findByRole('option', { name: 'Bifanas at noon' }),
    );
    expect(await screen.findByRole('heading', { name: "Send 'Bifanas at noon'" })).toBeDefined();
    expect(screen.getByRole('button', { name: 'Send to subscribers' })).toBeDefined();
  });
});
