import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import Dashboard from './Dashboard';
import { currentToast, deferred, json, mockFetch, mockLocationAssign, untilStillClock } from './Dashboard.test-utils';
import { userOf } from './test-api';

const SIGNED_IN = {
  'GET /api/auth/user': json(200, userOf('owner')),
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
    user.resolve(json(200, userOf('owner')));
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

  it('shows the signed-in owner, the links out and every panel', async () => {
    mockFetch(SIGNED_IN);
    render(<Dashboard />);
    const header = await screen.findByRole('banner');
    expect(within(header).getByText('Editor').tagName).toBe('STRONG');
    expect(header.textContent).toContain('Signed in as Editor (editor@forkcast.test), owner');
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

  it('shows a contributor their own posts and a New post button, and nothing else', async () => {
    const fetchMock = mockFetch({
      'GET /api/auth/user': json(200, userOf('contributor', 5)),
      'GET /api/posts?sort=updated&limit=21&offset=0&authorId=5': json(200, []),
      'GET /api/cities': json(200, []),
    });
    render(<Dashboard />);
    const posts = await screen.findByRole('region', { name: 'Your posts' });
    expect(within(posts).getByRole('link', { name: 'New post' }).getAttribute('href')).toBe('/admin/editor');
    await screen.findByText('No posts match.');
    for (const name of ['Cities', 'Generate a city guide', 'Sends', 'Subscribers', 'Messages', 'Publish status'])
      expect(screen.queryByRole('region', { name })).toBeNull();
    // Nothing it may not see is even asked for.
    const asked = fetchMock.mock.calls.map(([input]) => String(input));
    expect([...new Set(asked)].sort()).toEqual(['/api/auth/user', '/api/cities', '/api/posts?sort=updated&limit=21&offset=0&authorId=5']);
  });

  it('shows an editor all content, history and the publisher, but not readers or sends', async () => {
    mockFetch({ ...SIGNED_IN, 'GET /api/auth/user': json(200, userOf('editor', 3)) });
    render(<Dashboard />);
    await screen.findByRole('region', { name: 'Posts' });
    for (const name of ['Cities', 'Generate a city guide', 'Publish status'])
      expect(screen.getByRole('region', { name }).tagName).toBe('SECTION');
    for (const name of ['Sends', 'Subscribers', 'Messages']) expect(screen.queryByRole('region', { name })).toBeNull();
  });
});
