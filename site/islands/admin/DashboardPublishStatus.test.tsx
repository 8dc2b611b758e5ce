import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DashboardPublishStatus } from './DashboardPublishStatus';
import { callsTo, deferred, json, mockFetch, renderInRoot } from './Dashboard.test-utils';

const STATUS = 'GET /api/admin/publish-status';
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const healthy = () => ({
  queueLength: 0,
  lastPublish: {
    at: minutesAgo(5),
    durationMs: 1400,
    pagesChanged: 3,
    urls: ['/', '/lisbon/guide', '/sitemap.xml'],
    error: null,
    by: ['Ana Lima', 'Bo Chen'],
  },
  failuresLastDay: 0,
  lastFailure: null,
  failingRoutes: [],
  bucket: null,
});

/** The facts panel as term -> value pairs. */
function facts(): Record<string, string> {
  const list = screen.getByRole('region', { name: 'Publish status' }).querySelector('dl');
  const terms = [...(list?.querySelectorAll('dt') ?? [])];
  return Object.fromEntries(terms.map((dt) => [dt.textContent, dt.nextElementSibling?.textContent ?? '']));
}

describe('the publish status panel', () => {
  it('shows the queue, the last publish, whose changes it published and its changed pages', async () => {
    mockFetch({ [STATUS]: json(200, healthy()) });
    renderInRoot(<DashboardPublishStatus />);
    expect(screen.getByRole('status').textContent).toBe('Loading publish status…');
    await screen.findByText('5 minutes ago');
    expect(facts()).toEqual({
      'Waiting to publish': '0 changes',
      'Last publish': '5 minutes ago',
      Duration: '1.4 s',
      'Pages changed': '3',
      'Changes by': 'Ana Lima, Bo Chen',
      'Failures in the last day': '0',
    });
    const disclosure = screen.getByText('Changed pages (3)').closest('details');
    expect(disclosure?.open).toBe(false);
    await userEvent.setup().click(screen.getByText('Changed pages (3)'));
    expect(disclosure?.open).toBe(true);
    expect(
      within(disclosure!)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/', '/lisbon/guide', '/sitemap.xml']);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Last failure' })).toBeNull();
  });

  it('shows failures: the last publish error, the count for the day and the last failure', async () => {
    mockFetch({
      [STATUS]: json(200, {
        queueLength: 1,
        lastPublish: { at: minutesAgo(2), durationMs: 320, pagesChanged: 0, urls: [], error: 'ENOSPC: no space left on device', by: [] },
        failuresLastDay: 2,
        lastFailure: {
          startedAt: minutesAgo(2),
          durationMs: 320,
          pagesChanged: 0,
          urls: [],
          error: 'ENOSPC: no space left on device',
          by: [],
        },
        failingRoutes: [],
      }),
    });
    renderInRoot(<DashboardPublishStatus />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('The last publish failed: ENOSPC: no space left on device');
    expect(facts()).toMatchObject({ 'Waiting to publish': '1 change', Duration: '320 ms', 'Failures in the last day': '2' });
    const failure = screen.getByRole('heading', { name: 'Last failure' }).parentElement!;
    expect(within(failure).getByText('ENOSPC: no space left on device').tagName).toBe('PRE');
    expect(within(failure).getByText('2 minutes ago')).toBeTruthy();
    expect(screen.queryByText(/Changed pages/)).toBeNull();
  });

  it('lists the pages that are not live yet, with why, since when and when they are tried again', async () => {
    mockFetch({
      [STATUS]: json(200, {
        ...healthy(),
        failingRoutes: [
          {
            path: '/kyoto/guide',
            error: 'EACCES: permission denied',
            attempts: 3,
            firstFailedAt: minutesAgo(10),
            retryAt: new Date(Date.now() + 4 * 60_000).toISOString(),
          },
        ],
      }),
    });
    renderInRoot(<DashboardPublishStatus />);
    const heading = await screen.findByRole('heading', { name: '1 page not live yet' });
    const item = within(heading.parentElement!).getByRole('listitem');
    expect(within(item).getByRole('link').getAttribute('href')).toBe('/kyoto/guide');
    expect(item.textContent).toContain('EACCES: permission denied');
    expect(item.textContent).toContain('3 attempts, failing since 10 minutes ago');
  });

  it('shows what waits for each bucket, and the files a bucket does not hold yet', async () => {
    mockFetch({
      [STATUS]: json(200, {
        ...healthy(),
        bucket: {
          site: { url: 's3://forkcast-site/live', queued: 2, failing: 1, reconciling: false },
          uploads: { url: 's3://forkcast-site/live/uploads', queued: 0, failing: 0, reconciling: true },
          failingObjects: [
            {
              bucket: 'site',
              key: 'kyoto/guide',
              error: 'connect ECONNREFUSED 127.0.0.1:9000',
              attempts: 4,
              firstFailedAt: minutesAgo(3),
              retryAt: new Date(Date.now() + 60_000).toISOString(),
            },
          ],
        },
      }),
    });
    renderInRoot(<DashboardPublishStatus />);
    const heading = await screen.findByRole('heading', { name: '1 file not in the bucket yet' });
    expect(facts()).toMatchObject({
      'Site bucket': 's3://forkcast-site/live: 2 files waiting',
      'Uploads bucket': 's3://forkcast-site/live/uploads: comparing with the folder',
    });
    const item = within(heading.parentElement!).getByRole('listitem');
    expect(within(item).getByRole('link').getAttribute('href')).toBe('/kyoto/guide');
    expect(item.textContent).toContain('connect ECONNREFUSED 127.0.0.1:9000');
    expect(item.textContent).toContain('4 attempts, failing since 3 minutes ago');
  });

  it('says when nothing has been published yet', async () => {
    mockFetch({
      [STATUS]: json(200, { queueLength: 0, lastPublish: null, failuresLastDay: 0, lastFailure: null, failingRoutes: [], bucket: null }),
    });
    renderInRoot(<DashboardPublishStatus />);
    await screen.findByText('Never');
    expect(facts()).toEqual({ 'Waiting to publish': '0 changes', 'Last publish': 'Never', 'Failures in the last day': '0' });
  });

  it('refetches on Refresh, holding the button while it runs', async () => {
    const second = deferred<Response>();
    const fetchMock = mockFetch({ [STATUS]: [json(200, healthy()), second.promise] });
    const user = userEvent.setup();
    renderInRoot(<DashboardPublishStatus />);
    await screen.findByText('0 changes');
    const refresh = screen.getByRole<HTMLButtonElement>('button', { name: 'Refresh' });
    await user.click(refresh);
    expect(refresh.disabled).toBe(true);
    second.resolve(json(200, { ...healthy(), queueLength: 4 }));
    await screen.findByText('4 changes');
    expect(refresh.disabled).toBe(false);
    expect(callsTo(fetchMock, STATUS)).toHaveLength(2);
  });

  it('asks to log in again when the session expired', async () => {
    mockFetch({ [STATUS]: json(401, { message: 'Not signed in.' }) });
    renderInRoot(<DashboardPublishStatus />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Your session has expired. Log in again to see the publish status.');
    expect(within(alert).getByRole('link', { name: 'Log in again' }).getAttribute('href')).toBe('/api/login');
  });

  it('reports any other failure, after its one retry', async () => {
    mockFetch({ [STATUS]: json(403, { message: 'Forbidden.' }) });
    renderInRoot(<DashboardPublishStatus />);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Failed to fetch the publish status'), { timeout: 3000 });
  });
});
