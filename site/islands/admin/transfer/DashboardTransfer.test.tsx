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

  it('checks a Ghost import first by default, with the address of the old site, and lists what stays behind', async () => {
    const user = userEvent.setup();
    const report = {
      dryRun: true,
      posts: { created: [{ slug: 'a', title: 'A', status: 'published' }], skipped: [] },
      users: { created: ['mara@example.com'], matched: [] },
      tags: ['Portugal'],
      redirects: [{ from: '/a', to: '/post/a' }],
      notCarried: {
        cards: [{ post: 'a', cards: ['signup'] }],
        internalTags: [],
        pages: ['about'],
        members: 2,
        tiers: 0,
        newsletters: 0,
        offers: 0,
        snippets: 0,
        images: [],
      },
    };
    const fetchMock = mockFetch({ 'POST /api/import/ghost?dryRun=1&ghostUrl=https%3A%2F%2Fblog.example.com': json(200, report) });
    renderInRoot(<DashboardTransfer />);
    await user.upload(screen.getByLabelText('Ghost export file'), new File(['{"db":[]}'], 'ghost.json', { type: 'application/json' }));
    await user.type(screen.getByLabelText(/Ghost site address/), 'https://blog.example.com');
    await user.click(screen.getByRole('button', { name: 'Check import' }));
    const status = await screen.findByText(/Would import 1 post; 1 author to add, 1 old address redirected\./);
    await waitFor(() => expect(document.activeElement).toBe(status.parentElement));
    expect(screen.getByText('In “a”: signup (cards with no place here)')).toBeTruthy();
    expect(screen.getByText('Pages: about')).toBeTruthy();
    expect(screen.getByText('2 members')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/import/ghost?dryRun=1&ghostUrl=https%3A%2F%2Fblog.example.com')).toHaveLength(1);
    await user.click(screen.getByRole('checkbox', { name: /Check first/ }));
    expect(screen.getByRole('button', { name: 'Import from Ghost' })).toBeTruthy();
  });
});
