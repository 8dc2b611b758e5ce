import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DashboardPosts, POSTS_PAGE_SIZE } from './DashboardPosts';
import { json, renderIsland, stubApi } from './test-api';

const CITIES = [{ id: 3, slug: 'lisbon', name: 'Lisbon' }];

function row(id: number, overrides: Record<string, unknown> = {}) {
  return {
    id,
    slug: `post-${id}`,
    title: `Post ${id}`,
    type: 'post',
    cityId: null,
    tags: [],
    status: 'published',
    publishAt: null,
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

const firstPage = `/api/posts?sort=updated&limit=${POSTS_PAGE_SIZE + 1}&offset=0`;

describe('the posts list on /admin', () => {
  it('lists posts with their status, a scheduled one with its time, and opens each in the editor', async () => {
    stubApi({
      'GET /api/cities': () => json(200, CITIES),
      [`GET ${firstPage}`]: () =>
        json(200, [
          row(1, { title: 'Bica, the Lisbon espresso', cityId: 3 }),
          row(2, { title: 'Soon', status: 'scheduled', publishAt: '2030-05-01T08:30:00.000Z' }),
          row(3, { title: 'Unfinished', status: 'draft' }),
          row(4, { title: 'Waiting', status: 'review', reviewAt: '2026-11-03T08:00:00.000Z' }),
        ]),
    });
    renderIsland(<DashboardPosts />);
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((tr) => within(tr).getByRole('rowheader').textContent)).toEqual([
      'Bica, the Lisbon espresso',
      'Soon',
      'Unfinished',
      'Waiting',
    ]);
    expect(within(rows[0]!).getByRole('link').getAttribute('href')).toBe('/admin/editor?id=1');
    await waitFor(() => expect(within(rows[0]!).getByText('Lisbon')).toBeTruthy());
    expect(within(rows[1]!).getByText('Scheduled')).toBeTruthy();
    expect(within(rows[1]!).getByText(/2030/).getAttribute('datetime')).toBe('2030-05-01T08:30:00.000Z');
    expect(within(rows[2]!).getByText('Draft')).toBeTruthy();
    expect(within(rows[3]!).getByText('In review')).toBeTruthy();
    // The status filter offers it too.
    expect(within(screen.getByRole('combobox', { name: 'Status' })).getByRole('option', { name: 'In review' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'New post' }).getAttribute('href')).toBe('/admin/editor');
  });

  it('asks the API for the filters the editor picks, from the first page', async () => {
    const calls = stubApi({
      'GET /api/cities': () => json(200, CITIES),
      [`GET ${firstPage}`]: () => json(200, [row(1)]),
      [`GET ${firstPage}&status=scheduled`]: () => json(200, []),
      [`GET ${firstPage}&q=ramen&status=scheduled`]: () => json(200, []),
    });
    renderIsland(<DashboardPosts />);
    const user = userEvent.setup();
    await screen.findByRole('table');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'scheduled');
    await screen.findByText('No posts match.');
    await user.type(screen.getByRole('searchbox', { name: 'Search titles' }), 'ramen');
    await waitFor(() => expect(calls.map((call) => call.url)).toContain(`${firstPage}&q=ramen&status=scheduled`));
  });

  it('pages through the list when there are more posts than fit', async () => {
    stubApi({
      'GET /api/cities': () => json(200, CITIES),
      [`GET ${firstPage}`]: () =>
        json(
          200,
          Array.from({ length: POSTS_PAGE_SIZE + 1 }, (_, i) => row(i + 1)),
        ),
      [`GET /api/posts?sort=updated&limit=${POSTS_PAGE_SIZE + 1}&offset=${POSTS_PAGE_SIZE}`]: () =>
        json(200, [row(99, { title: 'The oldest' })]),
    });
    renderIsland(<DashboardPosts />);
    const user = userEvent.setup();
    expect(within(await screen.findByRole('table')).getAllByRole('row')).toHaveLength(POSTS_PAGE_SIZE + 1);
    expect(screen.getByRole('button', { name: 'Newer' })).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('button', { name: 'Older' }));
    await screen.findByText('The oldest');
    expect(screen.getByText('Page 2')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Older' })).toHaveProperty('disabled', true);
  });

  it("shows an editor each post's views over the last 30 days", async () => {
    stubApi({
      'GET /api/cities': () => json(200, CITIES),
      [`GET ${firstPage}`]: () => json(200, [row(1, { title: 'Read a lot' }), row(2, { title: 'Not yet read', status: 'draft' })]),
      'GET /api/insights/posts?ids=1,2': () =>
        json(200, [
          { id: 1, path: '/post/post-1', pageviews: 1234, visitors: 800, days: [...Array(29).fill(40), 74] },
          { id: 2, path: '/post/post-2', pageviews: 0, visitors: 0, days: Array(30).fill(0) },
        ]),
    });
    renderIsland(<DashboardPosts views />);
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Views, 30 days' })).toBeTruthy();
    const [read, unread] = within(table).getAllByRole('row').slice(1);
    await waitFor(() => expect(within(read!).getAllByRole('cell').at(-1)!.textContent).toBe('1,234 views in the last 30 days'));
    expect(within(unread!).getAllByRole('cell').at(-1)!.textContent).toBe('0 views in the last 30 days');
  });
});
