import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, json, mockFetch, renderInRoot } from '../Dashboard.test-utils';
import { DashboardTransfer } from './DashboardTransfer';

const REPORT = { users: { created: 2, matched: 1 }, cities: 1, posts: 4, subscribers: { created: 0, skipped: 0 } };

describe('export and import', () => {
  it('downloads the export, with subscribers only when asked', async () => {
    const user = userEvent.setup();
    mockFetch({});
    renderInRoot(<DashboardTransfer />);
    const link = screen.getByRole('link', { name: 'Download export' });
    expect(link.getAttribute('href')).toBe('/api/export');
    await user.click(screen.getByRole('checkbox', { name: /Include newsletter subscribers/ }));
    expect(link.getAttribute('href')).toBe('/api/export?subscribers=1');
  });

  it('sends the chosen file and says what was imported, moving focus to it', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({ 'POST /api/import': json(200, REPORT) });
    renderInRoot(<DashboardTransfer />);
    await user.upload(
      screen.getByLabelText('Export file'),
      new File(['{"format":"forkcast-export"}'], 'site.json', { type: 'application/json' }),
    );
    await user.click(screen.getByRole('button', { name: 'Import' }));
    const status = await screen.findByText(/Imported 4 posts and 1 city; 2 people added and 1 person matched/);
    await waitFor(() => expect(document.activeElement).toBe(status));
    expect(JSON.parse(String(callsTo(fetchMock, 'POST /api/import')[0]!.body))).toEqual({ format: 'forkcast-export' });
  });

  it('says so when the file is not JSON or the server refuses it, sending nothing for the first', async () => {
    const user = userEvent.setup();
    const refusal = 'An import goes into an empty site, and this one has 5 posts and 3 cities. Move them to the trash and empty it first.';
    const fetchMock = mockFetch({ 'POST /api/import': json(409, { message: refusal, code: 'conflict' }) });
    renderInRoot(<DashboardTransfer />);
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Choose an export file first.');
    await user.upload(screen.getByLabelText('Export file'), new File(['not json'], 'notes.txt', { type: 'application/json' }));
    await user.click(screen.getByRole('button', { name: 'Import' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('notes.txt is not a JSON file. Choose the file an export downloaded.'),
    );
    expect(callsTo(fetchMock, 'POST /api/import')).toEqual([]);
    await user.upload(screen.getByLabelText('Export file'), new File(['{}'], 'site.json', { type: 'application/json' }));
    await user.click(screen.getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(refusal));
  });
});
