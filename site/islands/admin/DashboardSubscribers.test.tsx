import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DashboardSubscribers } from './DashboardSubscribers';
import {
  callsTo,
  currentToast,
  deferred,
  json,
  mockFetch,
  mockLocationAssign,
  noContent,
  renderInRoot,
  untilStillClock,
} from './Dashboard.test-utils';

const LIST = 'GET /api/newsletter/subscribers';
const DATES = { confirmationSentAt: null, confirmedAt: null, unsubscribedAt: null, bouncedAt: null };
const ADA = { ...DATES, id: 7, email: 'ada@example.com', status: 'confirmed', subscribedAt: '2025-03-05T10:00:00.000Z' };
const GRACE = { ...DATES, id: 4, email: 'grace@example.com', status: 'pending', subscribedAt: '2024-12-24T18:30:00.000Z' };
const ALAN = { ...DATES, id: 2, email: 'alan@example.com', status: 'unsubscribed', subscribedAt: '2024-11-01T08:00:00.000Z' };

const deleteButtons = () => screen.getAllByRole<HTMLButtonElement>('button', { name: /^Delet/ });

afterEach(() => {
  vi.useRealTimers();
});

describe('the subscribers table', () => {
  it('shows skeleton rows while loading', async () => {
    const answer = deferred<Response>();
    mockFetch({ [LIST]: answer.promise });
    const { container } = renderInRoot(<DashboardSubscribers />);
    expect(screen.getByRole('status').textContent).toBe('Loading subscribers…');
    expect(container.querySelectorAll('.fc-dash-skeleton-row')).toHaveLength(3);
    answer.resolve(json(200, [ADA]));
    await screen.findByRole('rowheader', { name: 'ada@example.com' });
    expect(container.querySelectorAll('.fc-dash-skeleton-row')).toHaveLength(0);
  });

  it('says when there are no subscribers yet', async () => {
    mockFetch({ [LIST]: json(200, []) });
    renderInRoot(<DashboardSubscribers />);
    await screen.findByText('No subscribers yet');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('lists each email with its status and long US subscription date', async () => {
    mockFetch({ [LIST]: json(200, [ADA, GRACE]) });
    renderInRoot(<DashboardSubscribers />);
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => [th.textContent, th.getAttribute('scope')]),
    ).toEqual([
      ['Email', 'col'],
      ['Status', 'col'],
      ['Subscribed', 'col'],
      ['Actions', 'col'],
    ]);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['ada@example.com', 'grace@example.com']);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual(['Confirmed', 'Pending']);
    expect(rows.map((row) => within(row).getAllByRole('cell')[1]?.textContent)).toEqual(['March 5, 2025', 'December 24, 2024']);
    expect(screen.getByText('2 subscribers')).toBeTruthy();
  });

  it('counts the subscribers of each status and filters the table by one', async () => {
    mockFetch({ [LIST]: json(200, [ADA, GRACE, ALAN]) });
    renderInRoot(<DashboardSubscribers />);
    const table = await screen.findByRole('table');
    const filters = screen.getByRole('group', { name: 'Show subscribers' });
    expect(
      within(filters)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')!.textContent),
    ).toEqual(['All 3', 'Pending 1', 'Confirmed 1', 'Unsubscribed 1', 'Bounced 0']);
    expect(within(filters).getByRole('radio', { name: 'All 3' })).toHaveProperty('checked', true);
    const emails = () =>
      within(table)
        .queryAllByRole('rowheader')
        .map((th) => th.textContent);
    const statuses = () => [...table.querySelectorAll('td.fc-dash-status')].map((td) => td.textContent);
    expect(emails()).toEqual(['ada@example.com', 'grace@example.com', 'alan@example.com']);
    expect(statuses()).toEqual(['Confirmed', 'Pending', 'Unsubscribed']);

    const user = userEvent.setup();
    await user.click(within(filters).getByRole('radio', { name: 'Pending 1' }));
    expect(emails()).toEqual(['grace@example.com']);
    await user.click(within(filters).getByRole('radio', { name: 'Bounced 0' }));
    expect(screen.getByText('No bounced subscribers')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    await user.click(within(filters).getByRole('radio', { name: 'All 3' }));
    expect(within(screen.getByRole('table')).getAllByRole('rowheader')).toHaveLength(3);
  });

  it('offers the CSV export', async () => {
    mockFetch({ [LIST]: json(200, [ADA]) });
    renderInRoot(<DashboardSubscribers />);
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe('/api/newsletter/subscribers/export');
  });

  it('disables every delete button while one delete runs, then refreshes the list', async () => {
    const answer = deferred<Response>();
    const fetchMock = mockFetch({
      [LIST]: [json(200, [ADA, GRACE]), json(200, [GRACE])],
      'DELETE /api/newsletter/subscribers/7': answer.promise,
    });
    const user = userEvent.setup();
    renderInRoot(<DashboardSubscribers />);
    await user.click(await screen.findByRole('button', { name: 'Delete ada@example.com' }));

    expect(deleteButtons().map((button) => [button.textContent, button.disabled])).toEqual([
      ['Deleting… ada@example.com', true],
      ['Delete grace@example.com', true],
    ]);
    answer.resolve(noContent());
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: 'ada@example.com' })).toBeNull());
    expect(currentToast()).toMatchObject({
      title: 'Subscriber deleted',
      description: 'The subscriber has been removed from the newsletter.',
    });
    expect(callsTo(fetchMock, LIST)).toHaveLength(2);
    await waitFor(() => expect(deleteButtons().map((button) => button.disabled)).toEqual([false]));
  });

  it('says so when a delete fails and keeps the row', async () => {
    mockFetch({ [LIST]: json(200, [ADA]), 'DELETE /api/newsletter/subscribers/7': json(404, { message: 'Subscriber not found.' }) });
    const user = userEvent.setup();
    renderInRoot(<DashboardSubscribers />);
    await user.click(await screen.findByRole('button', { name: 'Delete ada@example.com' }));
    await waitFor(() => expect(currentToast()).toMatchObject({ title: 'Error', description: 'Failed to delete subscriber' }));
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Delete ada@example.com' }).disabled).toBe(false);
  });

  it('sends an expired session to the login page one second after saying so', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const assign = mockLocationAssign();
    const fetchMock = mockFetch({ [LIST]: json(401, { message: 'Not signed in.', code: 'unauthorized' }) });
    renderInRoot(<DashboardSubscribers />);
    await untilStillClock(() => expect(currentToast()?.title).toBe('Session expired'));
    expect(currentToast()?.description).toBe('Please log in again to view subscribers.');
    vi.advanceTimersByTime(999);
    expect(assign).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(assign).toHaveBeenCalledExactlyOnceWith('/api/login');
    // A 401 is not retried: signing in again is the only fix.
    expect(callsTo(fetchMock, LIST)).toHaveLength(1);
  });

  it('says the list could not be fetched after one retry on any other failure', async () => {
    const assign = mockLocationAssign();
    const fetchMock = mockFetch({ [LIST]: [json(500, { message: 'Boom' }), json(500, { message: 'Boom' }), json(200, [ADA])] });
    renderInRoot(<DashboardSubscribers />);
    const alert = await screen.findByRole('alert', {}, { timeout: 3000 });
    expect(alert.textContent).toContain('Failed to fetch subscribers');
    expect(callsTo(fetchMock, LIST)).toHaveLength(2);
    expect(assign).not.toHaveBeenCalled();
    expect(currentToast()).toBeUndefined();

    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByRole('rowheader', { name: 'ada@example.com' });
  });
});
