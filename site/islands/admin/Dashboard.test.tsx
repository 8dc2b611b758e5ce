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

  it('shows the signed-in owner the overview: what waits for review and the posts, every other section a link away', async () => {
    mockFetch({ ...SIGNED_IN, 'GET /api/posts?status=review&limit=200': json(200, []) });
    render(<Dashboard />);
    const header = await screen.findByRole('banner');
    expect(within(header).getByText('Editor').tagName).toBe('STRONG');
    expect(header.textContent).toContain('Signed in as Editor (editor@forkcast.test), owner');
    expect(screen.getByRole('link', { name: 'View site' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'Log out' }).getAttribute('href')).toBe('/api/logout');
    for (const name of ['Waiting for review', 'Posts']) expect(screen.getByRole('region', { name }).tagName).toBe('SECTION');
    for (const name of ['Cities', 'Generate a city guide', 'Sends', 'Subscribers', 'Messages', 'Publish status'])
      expect(screen.queryByRole('region', { name })).toBeNull();
    const nav = screen.getByRole('navigation', { name: 'Admin sections' });
    expect(within(nav).getByRole('link', { name: 'Posts' }).getAttribute('aria-current')).toBe('page');
    for (const [name, href] of [
      ['Media', '/admin/media'],
      ['Cities', '/admin/cities'],
      ['Pages', '/admin/pages'],
      ['Newsletter', '/admin/newsletter'],
      ['Inbox', '/admin/inbox'],
      ['Publishing', '/admin/publishing'],
      ['History and trash', '/admin/history'],
      ['People', '/admin/people'],
      ['Webhooks', '/admin/webhooks'],
      ['Export and import', '/admin/transfer'],
    ])
      expect(within(nav).getByRole('link', { name }).getAttribute('href')).toBe(href);
    await screen.findByText('No posts match.');
    await screen.findByText('Nothing is waiting for review.');
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

  it('gives an editor the content and site sections, but not readers, sends or settings', async () => {
    mockFetch({
      ...SIGNED_IN,
      'GET /api/auth/user': json(200, userOf('editor', 3)),
      'GET /api/posts?status=review&limit=200': json(200, []),
    });
    render(<Dashboard />);
    await screen.findByRole('region', { name: 'Posts' });
    const nav = screen.getByRole('navigation', { name: 'Admin sections' });
    for (const name of ['Cities', 'Publishing', 'History and trash', 'People'])
      expect(within(nav).getByRole('link', { name })).toBeTruthy();
    for (const name of ['Newsletter', 'Inbox', 'Webhooks', 'Export and import'])
      expect(within(nav).queryByRole('link', { name })).toBeNull();
  });
});
