import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DashboardInbox } from './DashboardInbox';
import { callsTo, currentToast, deferred, json, mockFetch, noContent, renderInRoot } from './Dashboard.test-utils';

const LIST = 'GET /api/admin/contact-messages';
const OLDER = {
  id: 3,
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  subject: 'Table for two',
  message: 'Which bakery opens first?\n\nWe land at 6 am.',
  createdAt: '2025-01-02T09:00:00.000Z',
};
const NEWER = {
  id: 9,
  name: 'Grace Hopper',
  email: 'grace@example.com',
  subject: 'Re: Osaka guide',
  message: 'Thank you for the okonomiyaki tip.',
  createdAt: '2025-02-10T12:00:00.000Z',
};

const subjects = () => screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);

describe('the contact inbox', () => {
  it('shows a loading state, then says when there are no messages', async () => {
    const answer = deferred<Response>();
    mockFetch({ [LIST]: answer.promise });
    renderInRoot(<DashboardInbox />);
    expect(screen.getByRole('status').textContent).toBe('Loading messages…');
    answer.resolve(json(200, []));
    await screen.findByText('No messages yet');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('lists messages newest first, keeping their line breaks, with a reply link', async () => {
    mockFetch({ [LIST]: json(200, [OLDER, NEWER]) });
    renderInRoot(<DashboardInbox />);
    await screen.findByText('2 messages');
    expect(subjects()).toEqual(['Re: Osaka guide', 'Table for two']);

    const ada = screen.getByRole('article', { name: 'Table for two' });
    expect(within(ada).getByText('Ada Lovelace')).toBeTruthy();
    expect(within(ada).getByRole('link', { name: 'ada@example.com' }).getAttribute('href')).toBe('mailto:ada@example.com');
    expect(within(ada).getByText(/Which bakery/).textContent).toBe('Which bakery opens first?\n\nWe land at 6 am.');
    expect(within(ada).getByRole('link', { name: 'Reply to Ada Lovelace' }).getAttribute('href')).toBe(
      'mailto:ada@example.com?subject=Re%3A%20Table%20for%20two',
    );
    expect(ada.querySelector('time')?.getAttribute('datetime')).toBe(OLDER.createdAt);

    const grace = screen.getByRole('article', { name: 'Re: Osaka guide' });
    expect(within(grace).getByRole('link', { name: 'Reply to Grace Hopper' }).getAttribute('href')).toBe(
      'mailto:grace@example.com?subject=Re%3A%20Osaka%20guide',
    );
  });

  it('links an address stored before addresses were checked without letting it add fields to the mail', async () => {
    mockFetch({ [LIST]: json(200, [{ ...OLDER, email: 'ada@example.com?cc=spy@evil.example&body=hi' }]) });
    renderInRoot(<DashboardInbox />);
    const ada = await screen.findByRole('article', { name: 'Table for two' });
    expect(within(ada).getByRole('link', { name: 'ada@example.com?cc=spy@evil.example&body=hi' }).getAttribute('href')).toBe(
      'mailto:ada@example.com%3Fcc%3Dspy@evil.example%26body%3Dhi',
    );
  });

  it('deletes a message, holding the buttons while it runs, then refreshes the list', async () => {
    const answer = deferred<Response>();
    const fetchMock = mockFetch({
      [LIST]: [json(200, [NEWER, OLDER]), json(200, [NEWER])],
      'DELETE /api/admin/contact-messages/3': answer.promise,
    });
    const user = userEvent.setup();
    renderInRoot(<DashboardInbox />);
    await user.click(await screen.findByRole('button', { name: 'Delete message from Ada Lovelace' }));
    const buttons = screen.getAllByRole<HTMLButtonElement>('button', { name: /^Delet/ });
    expect(buttons.map((button) => button.disabled)).toEqual([true, true]);
    expect(buttons[1]?.textContent).toBe('Deleting… message from Ada Lovelace');

    answer.resolve(noContent());
    await waitFor(() => expect(subjects()).toEqual(['Re: Osaka guide']));
    expect(currentToast()).toMatchObject({ title: 'Message deleted', description: 'The message from Ada Lovelace has been removed.' });
    expect(callsTo(fetchMock, 'DELETE /api/admin/contact-messages/3')).toHaveLength(1);
    expect(callsTo(fetchMock, LIST)).toHaveLength(2);
  });

  it("shows the server's message when a delete fails", async () => {
    mockFetch({ [LIST]: json(200, [OLDER]), 'DELETE /api/admin/contact-messages/3': json(404, { message: 'Message not found.' }) });
    const user = userEvent.setup();
    renderInRoot(<DashboardInbox />);
    await user.click(await screen.findByRole('button', { name: 'Delete message from Ada Lovelace' }));
    await waitFor(() => expect(currentToast()).toMatchObject({ title: 'Error', description: 'Message not found.' }));
    expect(subjects()).toEqual(['Table for two']);
  });

  it('asks to log in again when the session expired', async () => {
    mockFetch({ [LIST]: json(401, { message: 'Not signed in.' }) });
    renderInRoot(<DashboardInbox />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Your session has expired. Log in again to read messages.');
    expect(within(alert).getByRole('link', { name: 'Log in again' }).getAttribute('href')).toBe('/api/login');
  });

  it('says the messages could not be fetched on any other failure, after its one retry', async () => {
    mockFetch({ [LIST]: json(403, { message: 'Forbidden.' }) });
    renderInRoot(<DashboardInbox />);
    expect((await screen.findByRole('alert', {}, { timeout: 3000 })).textContent).toContain('Failed to fetch messages');
  });
});
