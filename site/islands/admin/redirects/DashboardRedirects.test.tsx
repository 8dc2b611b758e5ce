import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, json, mockFetch, renderInRoot } from '../Dashboard.test-utils';
import { DashboardRedirects } from './DashboardRedirects';

const AUTOMATIC = {
  id: 1,
  from: '/post/ramen',
  to: '/kyoto/ramen',
  status: 301,
  source: 'automatic',
  createdAt: '2025-01-02T09:00:00.000Z',
};
const EDITORS = {
  id: 2,
  from: '/winter',
  to: 'https://partner.example/menu',
  status: 302,
  source: 'editor',
  createdAt: '2025-01-03T09:00:00.000Z',
};

describe('the redirects section', () => {
  it('lists every redirect with its kind and origin, and filters them', async () => {
    const user = userEvent.setup();
    mockFetch({ 'GET /api/redirects': json(200, [AUTOMATIC, EDITORS]) });
    renderInRoot(<DashboardRedirects />);
    await screen.findByText('2 redirects, 1 kept automatically when a slug changed');
    const table = screen.getByRole('table', { name: "The site's redirects, by old path" });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['/post/ramen', '/winter']);
    expect(within(rows[0]!).getByText('Permanent · 301')).toBeTruthy();
    expect(within(rows[0]!).getByText('When a slug changed')).toBeTruthy();
    expect(within(rows[1]!).getByRole('link', { name: EDITORS.to }).getAttribute('href')).toBe(EDITORS.to);
    expect(within(rows[1]!).getByText('Temporary · 302')).toBeTruthy();
    await user.type(screen.getByLabelText('Filter'), 'partner');
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(screen.getByText('1 redirect shown')).toBeTruthy();
  });

  it('adds a temporary redirect, and marks the field the server refused', async () => {
    const user = userEvent.setup();
    const refusal = '/about is a live page: a redirect from it would never be followed.';
    const fetchMock = mockFetch({
      'GET /api/redirects': json(200, []),
      'POST /api/redirects': [json(409, { message: refusal, code: 'conflict', field: 'from' }), json(201, EDITORS)],
    });
    renderInRoot(<DashboardRedirects />);
    await screen.findByText('No redirects yet');
    await user.type(screen.getByLabelText('Old path'), '/about');
    await user.type(screen.getByLabelText('Leads to'), EDITORS.to);
    await user.click(screen.getByRole('radio', { name: /Temporary/ }));
    await user.click(screen.getByRole('button', { name: 'Add redirect' }));
    expect((await screen.findByRole('alert')).textContent).toBe(refusal);
    expect(screen.getByLabelText('Old path').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Leads to').getAttribute('aria-invalid')).toBeNull();

    await user.clear(screen.getByLabelText('Old path'));
    await user.type(screen.getByLabelText('Old path'), '/winter');
    await user.click(screen.getByRole('button', { name: 'Add redirect' }));
    await screen.findByText('/winter now leads to https://partner.example/menu.');
    expect(screen.queryByRole('alert')).toBeNull();
    expect((screen.getByLabelText('Old path') as HTMLInputElement).value).toBe('');
    expect(callsTo(fetchMock, 'POST /api/redirects').map((call) => JSON.parse(String(call.body)))).toEqual([
      { from: '/about', to: EDITORS.to, status: 302 },
      { from: '/winter', to: EDITORS.to, status: 302 },
    ]);
  });

  it('imports a CSV list, and lists each line’s problem when the server refuses it', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({
      'GET /api/redirects': json(200, []),
      'POST /api/redirects/import': [
        json(422, {
          message: 'Nothing was imported: 1 line has a problem.',
          code: 'invalid_csv',
          problems: [{ row: 3, column: 'to', message: '/a redirects to /b: lead /c straight there, so readers take one hop.' }],
        }),
        json(201, { created: 2 }),
      ],
    });
    renderInRoot(<DashboardRedirects />);
    await screen.findByText('No redirects yet');
    const file = new File(['/a,/b\n/c,/a\n'], 'moves.csv', { type: 'text/csv' });
    await user.upload(screen.getByLabelText('CSV file'), file);
    await user.click(screen.getByRole('button', { name: 'Import redirects' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading').textContent).toBe('Nothing was imported: 1 line has a problem.');
    expect(within(alert).getByRole('listitem').textContent).toBe(
      'Row 3, column “to”: /a redirects to /b: lead /c straight there, so readers take one hop.',
    );
    await user.click(screen.getByRole('button', { name: 'Import redirects' }));
    await screen.findByText('2 redirects added.');
    const [first] = callsTo(fetchMock, 'POST /api/redirects/import');
    expect((first!.body as FormData).get('csvFile')).toBeInstanceOf(File);
  });

  it('says when the list could not be loaded, and offers to try again', async () => {
    mockFetch({ 'GET /api/redirects': json(500, { message: 'Boom', code: 'internal' }) });
    renderInRoot(<DashboardRedirects />);
    const failure = await screen.findByRole('alert', {}, { timeout: 3000 });
    expect(failure.textContent).toBe('Failed to fetch redirectsTry again');
  });

  it('asks to log in again when the session has expired', async () => {
    mockFetch({ 'GET /api/redirects': json(401, { message: 'Sign in to continue.', code: 'unauthorized' }) });
    renderInRoot(<DashboardRedirects />);
    const expired = await screen.findByRole('alert', {}, { timeout: 3000 });
    expect(expired.textContent).toBe('Your session has expired. Log in again to manage redirects.');
    expect(within(expired).getByRole('link', { name: 'Log in again' }).getAttribute('href')).toBe('/api/login');
  });
});
