import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FIXED_ROUTES } from '@forkcast/shared/urls';
import { ADMIN_SECTIONS } from './AdminFrame';
import AdminSectionPage from './AdminSectionPage';
import { json, mockFetch } from './Dashboard.test-utils';
import { userOf } from './test-api';

const sections = () =>
  within(screen.getByRole('navigation', { name: 'Admin sections' }))
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href'), link.getAttribute('aria-current')]);

describe('an admin section on its own page', () => {
  it('is a page of the site for every section: an Astro page the publisher renders', () => {
    const pages = join(import.meta.dirname, '..', '..', 'pages');
    for (const { href } of ADMIN_SECTIONS) {
      expect(FIXED_ROUTES as readonly string[], href).toContain(href);
      expect(existsSync(join(pages, href === '/admin' ? 'admin/index.astro' : `${href.slice(1)}.astro`)), href).toBe(true);
    }
  });

  it("lists only the signed-in role's sections, marks the current one, and shows its panels", async () => {
    mockFetch({
      'GET /api/auth/user': json(200, userOf('editor')),
      'GET /api/admin/publish-status': json(200, {
        queueLength: 0,
        lastPublish: null,
        failuresLastDay: 0,
        lastFailure: null,
        failingRoutes: [],
      }),
    });
    render(<AdminSectionPage section="publishing" />);
    await screen.findByRole('heading', { level: 1, name: 'Publishing' });
    expect(sections()).toEqual([
      ['Posts', '/admin', null],
      ['Media', '/admin/media', null],
      ['Cities', '/admin/cities', null],
      ['Pages', '/admin/pages', null],
      ['Insights', '/admin/insights', null],
      ['Publishing', '/admin/publishing', 'page'],
      ['History and trash', '/admin/history', null],
      ['Redirects', '/admin/redirects', null],
      ['People', '/admin/people', null],
      ['Your profile', '/admin/profile', null],
    ]);
    await screen.findByRole('region', { name: 'Publish status' });
  });

  it('groups the sections, and on a narrow screen opens them from a button that Escape closes', async () => {
    mockFetch({
      'GET /api/auth/user': json(200, userOf('owner')),
      'GET /api/webhooks': json(200, []),
      'GET /api/webhooks/deliveries': json(200, []),
    });
    render(<AdminSectionPage section="webhooks" />);
    await screen.findByRole('heading', { level: 1, name: 'Webhooks' });
    const nav = screen.getByRole('navigation', { name: 'Admin sections' });
    expect(
      within(nav)
        .getAllByRole('list')
        .map((list) => list.getAttribute('aria-labelledby') && document.getElementById(list.getAttribute('aria-labelledby')!)?.textContent),
    ).toEqual(['Content', 'Readers', 'Site', 'Newsroom', 'You']);
    const toggle = within(nav).getByRole('button', { name: 'Sections, now Webhooks' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    toggle.click();
    await screen.findByRole('button', { name: 'Sections, now Webhooks', expanded: true });
    within(nav).getByRole('link', { name: 'People' }).focus();
    nav.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    await screen.findByRole('button', { name: 'Sections, now Webhooks', expanded: false });
    expect(document.activeElement).toBe(toggle);
  });

  it('tells a role below the section who may use it', async () => {
    mockFetch({ 'GET /api/auth/user': json(200, userOf('author')) });
    render(<AdminSectionPage section="newsletter" />);
    await screen.findByText('Only administrators and above use this section.');
    expect(sections().map(([label]) => label)).toEqual(['Posts', 'Media', 'Your profile']);
  });
});
