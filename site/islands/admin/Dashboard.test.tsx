import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import Dashboard from './Dashboard';
import { currentToast, deferred, json, mockFetch, mockLocationAssign, untilStillClock } from './Dashboard.test-utils';

const SIGNED_IN = {
  'GET /api/auth/user': json(200, { id: 1, email: 'editor@forkcast.test' }),
  'GET /api/newsletter/subscribers': json(200, []),
  'GET /api/newsletter/sends': json(200, { sends: [], delivery: {} }),
  'GET /api/posts?status=published&limit=30': json(200, []),
  'GET /api/posts?status=scheduled&limit=30': json(200, []),
  'GET /api/posts?sort=updated&limit=21&offset=0': json(200, []),
  'GET /api/cities': json(200, []),
  'GET /api/admin/cities': json(200, []),
  'GET /api/admin/contact-messages': json(200, []),
  'GET /api/admin/publish-status': json(200, {
    queueLength: 0,
    lastPublish: null,
    failuresLastDay: 0,
    lastFailure: null,
    failingRoutes: [],
  }),
};

afterEach(() => {
  vi.useRealTimers();
});

describe('the admin dashboard', () => {
  it('shows an accessible spinner while the session is checked', async () => {
    const user = deferred<Response>();
    mockFetch({ ...SIGNED_IN, 'GET /api/auth/user': user.promise });
    render(<Dashboard />);
    expect(screen.getByRole('status').textContent).toBe('Loading the dashboard…');
    user.resolve(json(200, { id: 1, email: 'editor@forkcast.test' }));
    await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' });
    expect(screen.queryByText('Loading the dashboard…')).toBeNull();
  });

  it('tells a signed-out visitor, then sends them to the login page after one second', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const assign = mockLocationAssign();
    mockFetch({ 'GET /api/auth/user': json(401, { message: 'Not signed in.', code: 'unauthorized' }) });
    render(<Dashboard />);
    await untilStillClock(() => expect(currentToast()?.title).toBe('Unauthorized'));
    expect(currentToast()).toMatchObject({
      title: 'Unauthorized',
      description: 'You need to be logged in to access the admin panel. Redirecting to login...',
    });
    expect(screen.getByRole('link', { name: 'the login page' }).getAttribute('href')).toBe('/api/login?next=/admin');
    vi.advanceTimersByTime(999);
    expect(assign).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(assign).toHaveBeenCalledExactlyOnceWith('/api/login?next=/admin');
    expect(screen.queryByRole('heading', { name: 'Admin Dashboard' })).toBeNull();
  });

  it('shows the signed-in editor, the links out and every panel', async () => {
    mockFetch(SIGNED_IN);
    render(<Dashboard />);
    const header = await screen.findByRole('banner');
    expect(within(header).getByText('editor@forkcast.test').textContent).toBe('editor@forkcast.test');
    expect(screen.getByRole('link', { name: 'View site' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'Log out' }).getAttribute('href')).toBe('/api/logout');
    for (const name of ['Posts', 'Cities', 'Generate a city guide', 'Sends', 'Subscribers', 'Messages', 'Publish status']) {
      expect(screen.getByRole('region', { name }).tagName).toBe('SECTION');
    }
    await screen.findByText('No posts match.');
    await screen.findByText('No cities yet. Create one, or generate a guide below.');
    await screen.findByText('No post has been sent yet.');
    await screen.findByText('No subscribers yet');
    await screen.findByText('No messages yet');
    await screen.findByText('Never');
    expect(currentToast()).toBeUndefined();
  });
});
