import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, json, mockFetch, renderInRoot } from '../Dashboard.test-utils';
import { DashboardSitePages } from './DashboardSitePages';

const PAGE = {
  id: 3,
  slug: 'visiting',
  title: 'Visiting Us',
  content: 'Come hungry.',
  status: 'published',
  inFooter: true,
  layout: 'standard',
  kicker: '',
  version: 7,
  createdAt: '2025-01-02T09:00:00.000Z',
  updatedAt: '2025-01-02T09:00:00.000Z',
  publishedAt: '2025-01-02T09:00:00.000Z',
  url: '/visiting',
  metaTitle: null,
  metaDescription: null,
  ogImage: null,
  canonicalUrl: null,
  noindex: false,
};

describe('the pages section', () => {
  it('lists pages with their address, status and footer flag', async () => {
    mockFetch({
      'GET /api/pages': json(200, [
        PAGE,
        { ...PAGE, id: 4, slug: 'press', title: 'Press', status: 'draft', inFooter: false, url: '/press' },
      ]),
    });
    renderInRoot(<DashboardSitePages />);
    await screen.findByText('2 pages');
    expect(screen.getByRole('link', { name: 'Visiting Us' }).getAttribute('href')).toBe('/visiting');
    expect(screen.getByText(/\/visiting · Published · In the footer/)).toBeTruthy();
    // A draft is not linked: it is not on the site.
    expect(screen.queryByRole('link', { name: 'Press' })).toBeNull();
    expect(screen.getByText(/\/press · Draft/)).toBeTruthy();
  });

  it('says why About cannot be deleted, and keeps its address, status and footer flag out of reach while its layout changes', async () => {
    const user = userEvent.setup();
    mockFetch({
      'GET /api/pages': json(200, [{ ...PAGE, id: 1, slug: 'about', title: 'About', layout: 'about', inFooter: false, url: '/about' }]),
    });
    renderInRoot(<DashboardSitePages />);
    await screen.findByText('1 page');
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(screen.getByText("This page cannot be deleted: every page's footer links to /about. Change its text instead.")).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Edit About' }));
    expect((screen.getByLabelText('Address') as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText("This page keeps its address: every page's footer links to /about.")).toBeTruthy();
    expect((screen.getByLabelText('Status') as HTMLSelectElement).disabled).toBe(true);
    expect((screen.getByLabelText('Layout') as HTMLSelectElement).value).toBe('about');
  });

  it('makes the address from the title, and shows the reason a slug is refused', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({
      'GET /api/pages': json(200, []),
      'POST /api/pages': json(409, { message: "/search belongs to one of the site's own pages.", code: 'conflict', field: 'slug' }),
    });
    renderInRoot(<DashboardSitePages />);
    await screen.findByText('No pages yet');
    await user.click(screen.getByRole('button', { name: 'New page' }));
    await user.type(screen.getByLabelText('Title'), 'Search Tips');
    expect(screen.getByLabelText<HTMLInputElement>('Address').value).toBe('search-tips');
    await user.clear(screen.getByLabelText('Address'));
    await user.type(screen.getByLabelText('Address'), 'search');
    await user.click(screen.getByRole('button', { name: 'Save page' }));
    expect((await screen.findByRole('alert')).textContent).toBe("/search belongs to one of the site's own pages.");
    const [call] = callsTo(fetchMock, 'POST /api/pages');
    expect(JSON.parse(String(call!.body))).toEqual({
      title: 'Search Tips',
      slug: 'search',
      content: '',
      status: 'draft',
      inFooter: false,
      metaTitle: null,
      metaDescription: null,
      ogImage: null,
      canonicalUrl: null,
      noindex: false,
      layout: 'standard',
      kicker: '',
    });
  });

  it('saves an edit with the version it opened', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({
      'GET /api/pages': json(200, [PAGE]),
      'PATCH /api/pages/3': json(200, { ...PAGE, title: 'Visit Us', version: 8 }),
    });
    renderInRoot(<DashboardSitePages />);
    await user.click(await screen.findByRole('button', { name: 'Edit Visiting Us' }));
    await user.clear(screen.getByLabelText('Title'));
    await user.type(screen.getByLabelText('Title'), 'Visit Us');
    // An existing page keeps its address when its title changes.
    expect(screen.getByLabelText<HTMLInputElement>('Address').value).toBe('visiting');
    await user.click(screen.getByRole('button', { name: 'Save page' }));
    await screen.findByRole('button', { name: 'New page' });
    const patch = fetchMock.mock.calls.find(([input, init]) => String(input) === '/api/pages/3' && init?.method === 'PATCH');
    expect(new Headers(patch?.[1]?.headers).get('If-Match')).toBe('"7"');
    expect(JSON.parse(String(patch?.[1]?.body))).toMatchObject({ title: 'Visit Us', slug: 'visiting' });
  });

  it("edits a page's search and social fields with the previews of its defaults, and sends them", async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({
      'GET /api/pages': json(200, [{ ...PAGE, content: '## Hours\n\nOpen on the first Friday.', metaTitle: 'Visit the kitchen' }]),
      'PATCH /api/pages/3': json(200, { ...PAGE, version: 8 }),
    });
    renderInRoot(<DashboardSitePages />);
    await user.click(await screen.findByRole('button', { name: 'Edit Visiting Us' }));
    // A page with a field set opens the panel; an empty field shows the page's own default.
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Meta title' }).value).toBe('Visit the kitchen');
    expect(screen.getByRole('textbox', { name: 'Meta description' }).getAttribute('placeholder')).toBe('Open on the first Friday.');
    expect(screen.getByTestId('serp-preview').textContent).toContain('Visit the kitchen');
    expect(screen.getByTestId('serp-preview').textContent).toContain('visiting');
    await user.type(screen.getByRole('textbox', { name: 'Canonical URL' }), '/about');
    await user.click(screen.getByRole('checkbox', { name: /Hide from search engines/ }));
    await user.click(screen.getByRole('button', { name: 'Save page' }));
    await screen.findByRole('button', { name: 'New page' });
    const [call] = callsTo(fetchMock, 'PATCH /api/pages/3');
    expect(JSON.parse(String(call!.body))).toMatchObject({
      metaTitle: 'Visit the kitchen',
      metaDescription: null,
      canonicalUrl: '/about',
      noindex: true,
    });
  });

  it("opens a page's history and moves a deleted page to the trash", async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({
      'GET /api/pages': json(200, [PAGE]),
      'GET /api/revisions?entity=page&id=3': json(200, []),
      'DELETE /api/pages/3': new Response(null, { status: 204 }),
    });
    renderInRoot(<DashboardSitePages />);
    await user.click(await screen.findByRole('button', { name: 'History of Visiting Us' }));
    expect(await screen.findByRole('dialog', { name: "History of 'Visiting Us'" })).toBeTruthy();
    await user.keyboard('{Escape}');
    window.confirm = () => true;
    await user.click(screen.getByRole('button', { name: 'Delete Visiting Us' }));
    expect(await screen.findByText('Page moved to the trash')).toBeTruthy();
    expect(callsTo(fetchMock, 'DELETE /api/pages/3')).toHaveLength(1);
  });
});
