import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, json, mockFetch, renderInRoot } from '../Dashboard.test-utils';
import { change, DashboardInsights, periodOf } from './DashboardInsights';

const day = (offset: number) => new Date(Date.now() - offset * 86_400_000).toISOString().slice(0, 10);

function report(days: number) {
  const { from, to } = periodOf(days);
  return {
    from,
    to,
    path: null,
    pageviews: 120,
    visitors: 40,
    previous: { from: day(2 * days - 1), to: day(days), pageviews: 100, visitors: 50 },
    days: Array.from({ length: days }, (_, index) => ({ day: day(days - 1 - index), pageviews: 4, visitors: 1 })),
    hours:
      days <= 14
        ? Array.from({ length: days * 24 }, (_, index) => ({
            hour: `${day(0)}T${String(index % 24).padStart(2, '0')}`,
            pageviews: 0,
            visitors: 0,
          }))
        : [],
    pages: [
      { path: '/kyoto/guide', pageviews: 80, visitors: 30 },
      { path: '/', pageviews: 40, visitors: 20 },
    ],
    referrers: [
      { host: '', pageviews: 90 },
      { host: 'news.example', pageviews: 30 },
    ],
    devices: [{ device: 'mobile', pageviews: 120 }],
    browsers: [{ browser: 'Safari', pageviews: 120 }],
    sources: [],
    searches: [{ query: 'ramen', searches: 9, results: 7 }],
    zeroResultSearches: [{ query: 'vegan lisbon', searches: 3 }],
    newsletter: {
      signups: 4,
      confirmed: 3,
      confirmationRate: 0.75,
      unsubscribes: 1,
      sends: [{ id: 1, subject: 'Autumn in Kyoto', status: 'done', at: `${day(1)}T08:00:00.000Z`, delivered: 410, failed: 2 }],
    },
  };
}

describe('the Insights section', () => {
  beforeEach(() => {
    // jsdom lays nothing out; the chart only needs to be told its box exists.
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
  });

  it('says how each figure moved against the period before', () => {
    expect(change(120, 100)).toEqual({ text: '+20%', trend: 'up' });
    expect(change(40, 50)).toEqual({ text: '−20%', trend: 'down' });
    expect(change(5, 0)).toEqual({ text: 'new', trend: 'up' });
    expect(change(0, 0)).toEqual({ text: 'no change', trend: 'flat' });
  });

  it('shows the last 30 days: the figures with their change, the top pages, the searches that found nothing and the newsletter', async () => {
    const { from, to } = periodOf(30);
    mockFetch({ [`GET /api/insights?from=${from}&to=${to}`]: json(200, report(30)) });
    renderInRoot(<DashboardInsights />);
    const visitors = (await screen.findByText('Visitors', { selector: 'dt' })).parentElement!;
    expect(within(visitors).getByText('40')).toBeTruthy();
    expect(within(visitors).getByText('−20%')).toBeTruthy();
    const pages = screen.getByRole('heading', { name: 'Top pages' }).parentElement!;
    expect(
      within(pages)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['/kyoto/guide 30 visitors80 views', '/ 20 visitors40 views']);
    const nothing = screen.getByRole('heading', { name: 'Searches that found nothing' }).parentElement!;
    expect(within(nothing).getByText('vegan lisbon')).toBeTruthy();
    expect(screen.getByText('Direct or this site')).toBeTruthy();
    expect(screen.getByText('75%')).toBeTruthy();
    expect(screen.getByRole('table', { name: "The period's sends" }).textContent).toContain('Autumn in Kyoto');
    expect(screen.getByRole('table', { name: 'Visitors and page views by day' }).querySelectorAll('tbody tr')).toHaveLength(30);
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe(`/api/insights.csv?from=${from}&to=${to}`);
    // Hours are offered only for short periods.
    expect(screen.queryByRole('radio', { name: 'By hour' })).toBeNull();
  });

  it('asks for another period when one is chosen, and draws a short one by hour on request', async () => {
    const user = userEvent.setup();
    const month = periodOf(30);
    const week = periodOf(7);
    const fetchMock = mockFetch({
      [`GET /api/insights?from=${month.from}&to=${month.to}`]: json(200, report(30)),
      [`GET /api/insights?from=${week.from}&to=${week.to}`]: json(200, report(7)),
    });
    renderInRoot(<DashboardInsights />);
    await screen.findByText('Visitors', { selector: 'dt' });
    await user.selectOptions(screen.getByLabelText('Period'), 'Last 7 days');
    await screen.findByRole('radio', { name: 'By hour' });
    expect(callsTo(fetchMock, `GET /api/insights?from=${week.from}&to=${week.to}`)).toHaveLength(1);
    await user.click(screen.getByRole('radio', { name: 'By hour' }));
    expect(screen.getByRole('table', { name: 'Visitors and page views by hour' }).querySelectorAll('tbody tr')).toHaveLength(7 * 24);
  });
});
