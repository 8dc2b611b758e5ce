import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DashboardCities } from './DashboardCities';
import { json, renderIsland, stubApi } from './test-api';

function city(id: number, name: string, overrides: Record<string, unknown> = {}) {
  return {
    id,
    slug: name.toLowerCase().replace(/ /g, '-'),
    name,
    country: '',
    description: '',
    heroImage: null,
    heroAlt: name,
    mapEmbedUrl: null,
    itineraryUrl: null,
    spreadsheetUrl: null,
    displayOrder: id,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-03-05T10:00:00.000Z',
    url: `/${name.toLowerCase()}/guide`,
    postCount: 0,
    restaurantCount: 0,
    guide: null,
    ...overrides,
  };
}

const CITIES = [
  city(1, 'Lisbon', { country: 'Portugal', postCount: 4, guide: { id: 10, title: 'Lisbon', status: 'published', publishAt: null } }),
  city(2, 'São Paulo', {
    slug: 'sao-paulo',
    country: 'Brazil',
    postCount: 1,
    guide: { id: 11, title: 'SP', status: 'draft', publishAt: null },
  }),
  city(3, 'Porto', { country: 'Portugal' }),
];

const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);

describe('the cities list on /admin', () => {
  it('lists every city in order with its slug, guide state, posts and last edit, each opening its editor', async () => {
    stubApi({ 'GET /api/admin/cities': () => json(200, CITIES) });
    renderIsland(<DashboardCities />);
    const rows = rowsOf(await screen.findByRole('table'));
    expect(rows.map((tr) => within(tr).getByRole('rowheader').textContent)).toEqual([
      'Lisbon/lisbon',
      'São Paulo/sao-paulo',
      'Porto/porto',
    ]);
    expect(within(rows[0]!).getByRole('link', { name: 'Lisbon' }).getAttribute('href')).toBe('/admin/city?id=1');
    expect(rows.map((tr) => within(tr).getAllByRole('cell')[0]!.textContent)).toEqual(['Published', 'Draft', 'No guide']);
    expect(rows.map((tr) => within(tr).getAllByRole('cell')[1]!.textContent)).toEqual(['4 posts', '1 post', '0 posts']);
    expect(within(rows[0]!).getByText('March 5, 2026').getAttribute('datetime')).toBe('2026-03-05T10:00:00.000Z');
    expect(screen.getByRole('link', { name: 'New city' }).getAttribute('href')).toBe('/admin/city');
  });

  it('finds cities by name, slug or country, ignoring case and accents', async () => {
    stubApi({ 'GET /api/admin/cities': () => json(200, CITIES) });
    renderIsland(<DashboardCities />);
    const user = userEvent.setup();
    await screen.findByRole('table');
    const search = screen.getByRole('searchbox', { name: 'Search cities' });
    await user.type(search, 'SAO');
    expect(rowsOf(screen.getByRole('table')).map((tr) => within(tr).getByRole('link').textContent)).toEqual(['São Paulo']);
    await user.clear(search);
    await user.type(search, 'portugal');
    expect(rowsOf(screen.getByRole('table')).map((tr) => within(tr).getByRole('link').textContent)).toEqual(['Lisbon', 'Porto']);
    await user.clear(search);
    await user.type(search, 'oslo');
    expect(screen.getByText('No cities match.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says when there are no cities yet', async () => {
    stubApi({ 'GET /api/admin/cities': () => json(200, []) });
    renderIsland(<DashboardCities />);
    expect(await screen.findByText('No cities yet. Create one, or generate a guide below.')).toBeTruthy();
  });

  it('says when the session has expired', async () => {
    stubApi({ 'GET /api/admin/cities': () => json(401, { message: 'Sign in to continue.', code: 'unauthorized' }) });
    renderIsland(<DashboardCities />);
    expect((await screen.findByRole('alert')).textContent).toBe('Your session has expired. Sign in again.');
  });

  it("shows each guide's views over the last 30 days", async () => {
    stubApi({
      'GET /api/admin/cities': () => json(200, CITIES),
      'GET /api/insights/posts?ids=10,11': () =>
        json(200, [
          { id: 10, path: '/lisbon/guide', pageviews: 860, visitors: 512, days: Array(30).fill(28) },
          { id: 11, path: '/sao-paulo/guide', pageviews: 0, visitors: 0, days: Array(30).fill(0) },
        ]),
    });
    renderIsland(<DashboardCities />);
    const table = await screen.findByRole('table');
    const [lisbon, saoPaulo, porto] = rowsOf(table);
    await within(lisbon!).findByText('860');
    expect(within(lisbon!).getAllByRole('cell').at(-1)!.textContent).toBe('860 views in the last 30 days');
    expect(within(saoPaulo!).getAllByRole('cell').at(-1)!.textContent).toBe('0 views in the last 30 days');
    // A city without a guide has nothing to count.
    expect(within(porto!).getAllByRole('cell').at(-1)!.textContent).toBe('');
  });
});
