import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHANGE_HEADER } from '@forkcast/shared/contracts';
import { bootAdmin } from './boot';
import { SCROLL_KEY, TOAST_KEY } from './publish';
import { currentToast, json, noContent, PUBLISHED, stubApi, userOf, writes, type ApiCall } from './test-api';

// A post page as PostView.astro and PostBody.astro render it: paragraph 0 is original, paragraph 1
// is a stored block, a note follows paragraph 0 and an image follows paragraph 1.
const POST_PAGE = `
  <article class="article" data-post-id="7" data-post-slug="tokyo-ramen">
    <header class="wrap article__header"><h1>Tokyo Ramen, Counter by Counter</h1></header>
    <figure class="article__hero" data-hero><picture><img src="/images/hero.jpg" alt="" /></picture></figure>
    <div class="wrap article__content">
      <div class="prose post-body" data-post-body>
        <div class="post-body__section" data-position="0" data-block-id="-1"><p>First paragraph.</p></div>
        <div class="post-body__item post-body__note" data-item-id="31" data-position="1"><p>A note.</p></div>
        <div class="post-body__section" data-position="1" data-block-id="12"><p><strong>Edited</strong> second.</p></div>
        <figure class="post-body__item post-body__figure" data-item-id="32" data-position="2"><img src="/uploads/a.jpg" alt="" /></figure>
      </div>
    </div>
  </article>`;
const HOME_PAGE = `<section class="home-hero"><picture><img src="/images/home.jpg" alt="" /></picture><div class="wrap"><h1>Curated City Food Guides &amp; Itineraries</h1></div></section>`;

const ITEMS = [
  { id: 31, postId: 7, type: 'text', content: 'A note.', position: 1 },
  { id: 32, postId: 7, type: 'image', content: '/uploads/a.jpg', position: 2 },
];
const BLOCKS = [{ id: 12, postId: 7, content: '**Edited** second.', position: 1, isOriginal: true }];
const SIGNED_IN = { 'GET /api/auth/user': () => json(200, userOf('owner')) };
// The post the page shows, and its version: what every write from the page is made to.
const POST = { id: 7, slug: 'tokyo-ramen', content: 'First paragraph.\n\nSecond.', heroImage: '/images/hero.jpg', version: 5 };
const POST_READS = {
  ...SIGNED_IN,
  'GET /api/posts/tokyo-ramen': () => json(200, POST),
  'GET /api/posts/7/content': () => json(200, ITEMS),
  'GET /api/posts/7/blocks': () => json(200, BLOCKS),
};

const reload = vi.fn();
const scrollTo = vi.fn();

function showPage(html: string) {
  document.documentElement.dataset.admin = '';
  document.body.innerHTML = html;
}

const count = (calls: readonly ApiCall[], method: string, url: string) => calls.filter((c) => c.method === method && c.url === url).length;

beforeEach(() => {
  sessionStorage.clear();
  reload.mockReset();
  scrollTo.mockReset();
  // Both are unimplemented in jsdom; they are the page's own reload and scroll.
  vi.stubGlobal('location', { ...window.location, reload });
  vi.stubGlobal('scrollTo', scrollTo);
});

afterEach(() => {
  delete document.documentElement.dataset.admin;
  for (const styles of document.querySelectorAll('style[data-admin-styles]')) styles.remove();
});

describe('booting the admin controls', () => {
  it('adds nothing for a visitor and drops the UI hint', async () => {
    const calls = stubApi({ 'GET /api/auth/user': () => json(401, { message: 'Not signed in.' }) });
    showPage(POST_PAGE);
    await bootAdmin();
    expect(document.documentElement.dataset.admin).toBeUndefined();
    expect(document.querySelectorAll('[data-admin-slot]')).toHaveLength(0);
    expect(screen.queryAllByRole('button')).toHaveLength(0);
    expect(calls.map((c) => c.url)).toEqual(['/api/auth/user']);
    expect(document.querySelector('style[data-admin-styles]'), 'admin styles on a visitor page').toBeNull();
  });

  it('labels every control of a post page and puts each add-content slot where its addition will appear', async () => {
    const calls = stubApi(POST_READS);
    showPage(POST_PAGE);
    await bootAdmin();
    const hero = document.querySelector<HTMLElement>('figure[data-hero]')!;
    expect(await within(hero).findByRole('button', { name: 'Edit Image' })).toBeTruthy();
    const styles = document.head.querySelectorAll('style[data-admin-styles]');
    expect(styles).toHaveLength(1);
    expect(styles[0]!.textContent).toContain('.fc-admin-controls');
    for (const name of [
      'Edit section 1',
      'Edit section 2',
      'Delete added text after section 1',
      'Delete added image after section 2',
      'Refresh content and blocks',
    ]) {
      expect(await screen.findByRole('button', { name })).toBeTruthy();
    }
    const body = document.querySelector('[data-post-body]')!;
    await waitFor(() => expect(body.querySelectorAll('.fc-admin-add button')).toHaveLength(2));
    const order = [...body.children].map((child) =>
      child.matches('.fc-admin-add')
        ? `add:${child.querySelector('button')?.getAttribute('aria-label')}`
        : `${child.getAttribute('data-position')}:${child.getAttribute('data-item-id') ?? 'p'}`,
    );
    expect(order).toEqual(['0:p', '1:31', 'add:Add content after section 1', '1:p', '2:32', 'add:Add content after section 2']);
    expect(body.previousElementSibling?.querySelector('button')?.textContent).toBe('Refresh');
    await waitFor(() => expect(count(calls, 'GET', '/api/posts/7/blocks')).toBe(1));
    expect(count(calls, 'GET', '/api/posts/7/content')).toBe(1);
  });

  it('edits the homepage hero on the home page', async () => {
    const calls = stubApi({
      ...SIGNED_IN,
      'GET /api/hero/image': () => json(200, { heroImage: '/images/home.jpg', version: 2 }),
      'POST /api/hero/update-image': ({ body }) => json(200, body, PUBLISHED),
    });
    showPage(HOME_PAGE);
    await bootAdmin();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Image' }));
    await user.type(await screen.findByRole('textbox', { name: 'Image URL' }), 'https://img.example/home.jpg');
    await user.type(screen.getByRole('textbox', { name: 'Alt text' }), 'A long table set for dinner');
    await user.click(screen.getByRole('button', { name: 'Update Image' }));
    await waitFor(() => expect(reload).toHaveBeenCalledOnce());
    expect(writes(calls).at(-1)).toEqual({
      method: 'POST',
      url: '/api/hero/update-image',
      body: { imageUrl: 'https://img.example/home.jpg', alt: 'A long table set for dinner' },
      ifMatch: '"2"',
    });
  });

  it("edits a guide's spreadsheet from its itinerary card", async () => {
    const calls = stubApi({
      ...SIGNED_IN,
      'GET /api/admin/cities/3': () => json(200, { id: 3, version: 8 }),
      'PATCH /api/cities/3': ({ body }) => json(200, body, PUBLISHED),
    });
    showPage(
      `<aside class="itinerary" data-itinerary-city-id="3" data-spreadsheet-url="https://sheets.example/old"><h2>Where to eat</h2></aside>`,
    );
    await bootAdmin();
    const user = userEvent.setup();
    const card = document.querySelector('aside.itinerary')!;
    await user.click(await within(card as HTMLElement).findByRole('button', { name: 'Spreadsheet' }));
    const field = await screen.findByLabelText('Spreadsheet URL');
    expect((field as HTMLInputElement).value).toBe('https://sheets.example/old');
    await user.clear(field);
    await user.type(field, 'https://sheets.example/new');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(reload).toHaveBeenCalledOnce());
    expect(writes(calls).at(-1)).toEqual({
      method: 'PATCH',
      url: '/api/cities/3',
      body: { spreadsheetUrl: 'https://sheets.example/new' },
      ifMatch: '"8"',
    });
  });

  it("edits the post's hero by slug, described by the post's title, then shows the republished page at the same place", async () => {
    vi.stubGlobal('scrollY', 480);
    const calls = stubApi({ ...POST_READS, 'PATCH /api/posts/tokyo-ramen/hero-image': ({ body }) => json(200, body, PUBLISHED) });
    showPage(POST_PAGE);
    await bootAdmin();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Image' }));
    await user.click(await screen.findByRole('tab', { name: 'Preset Images' }));
    await user.click(screen.getByRole('radio', { name: 'London Bridge' }));
    await user.click(screen.getByRole('button', { name: 'Update Image' }));
    await waitFor(() => expect(reload).toHaveBeenCalledOnce());
    expect(writes(calls).at(-1)).toEqual({
      method: 'PATCH',
      url: '/api/posts/tokyo-ramen/hero-image',
      body: { heroImage: '/images/presets/london-bridge.jpg', alt: 'Tokyo Ramen, Counter by Counter' },
      ifMatch: '"5"',
    });
    expect(sessionStorage.getItem(SCROLL_KEY)).toBe('480');
    expect(JSON.parse(sessionStorage.getItem(TOAST_KEY) ?? 'null')).toEqual({ title: 'Image Updated', description: 'Published in 42 ms' });
  });

  it('asks before deleting an inline item, naming it, then deletes it, refetches the content list and reloads', async () => {
    const calls = stubApi({ ...POST_READS, 'DELETE /api/posts/7/content/31': () => noContent({ ...PUBLISHED, [CHANGE_HEADER]: '9' }) });
    showPage(POST_PAGE);
    await bootAdmin();
    await waitFor(() => expect(count(calls, 'GET', '/api/posts/7/content')).toBe(1));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete added text after section 1' }));
    const question = await screen.findByRole('dialog', { name: 'Delete this added text?' });
    expect(question.textContent).toContain(`The text after section 1 ('${ITEMS[0]!.content}') leaves the page.`);
    expect(count(calls, 'DELETE', '/api/posts/7/content/31')).toBe(0);
    await user.click(within(question).getByRole('button', { name: 'Delete text' }));
    await waitFor(() => expect(reload).toHaveBeenCalledOnce());
    expect(count(calls, 'DELETE', '/api/posts/7/content/31')).toBe(1);
    expect(count(calls, 'GET', '/api/posts/7/content')).toBe(2);
    expect(currentToast()).toEqual({ title: 'Content deleted', description: 'Published in 42 ms' });
    // The message keeps its Undo across the reload.
    expect(JSON.parse(sessionStorage.getItem(TOAST_KEY) ?? 'null')).toEqual({
      title: 'Content deleted',
      description: 'Published in 42 ms',
      undo: { changeId: 9, label: 'Undo' },
    });
    expect(sessionStorage.getItem(SCROLL_KEY)).toBe('0');
  });

  it('only logs a failed inline delete', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const calls = stubApi({ ...POST_READS, 'DELETE /api/posts/7/content/32': () => json(404, { message: 'Content not found.' }) });
    showPage(POST_PAGE);
    await bootAdmin();
    const button = await screen.findByRole('button', { name: 'Delete added image after section 2' });
    const user = userEvent.setup();
    await user.click(button);
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete this added image?' })).getByRole('button', { name: 'Delete image' }),
    );
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith('Delete failed', expect.objectContaining({ message: 'Failed to delete content' })),
    );
    expect(count(calls, 'DELETE', '/api/posts/7/content/32')).toBe(1);
    expect(currentToast()).toBeUndefined();
    expect(reload).not.toHaveBeenCalled();
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
  });

  it('refreshes the content and blocks, and says so when the page is current', async () => {
    const calls = stubApi(POST_READS);
    showPage(POST_PAGE);
    await bootAdmin();
    await waitFor(() => expect(count(calls, 'GET', '/api/posts/7/blocks')).toBe(1));
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Refresh content and blocks' }));
    await waitFor(() =>
      expect(currentToast()).toEqual({ title: 'Up to date', description: 'This page already shows the latest content.' }),
    );
    expect(count(calls, 'GET', '/api/posts/7/content')).toBe(2);
    expect(count(calls, 'GET', '/api/posts/7/blocks')).toBe(2);
    expect(reload).not.toHaveBeenCalled();
  });

  it('reloads on refresh when the API has content the page does not show', async () => {
    let reads = 0;
    stubApi({ ...POST_READS, 'GET /api/posts/7/content': () => json(200, reads++ === 0 ? ITEMS : [...ITEMS, { ...ITEMS[0], id: 33 }]) });
    showPage(POST_PAGE);
    await bootAdmin();
    await waitFor(() => expect(reads).toBe(1));
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Refresh content and blocks' }));
    await waitFor(() => expect(reload).toHaveBeenCalledOnce());
  });

  it('restores the scroll position and the message after the reload, once', async () => {
    stubApi(POST_READS);
    sessionStorage.setItem(SCROLL_KEY, '640');
    sessionStorage.setItem(TOAST_KEY, JSON.stringify({ title: 'Content added', description: 'Published in 42 ms' }));
    showPage(POST_PAGE);
    await bootAdmin();
    expect(scrollTo).toHaveBeenCalledWith(0, 640);
    expect(currentToast()).toEqual({ title: 'Content added', description: 'Published in 42 ms' });
    expect(sessionStorage.getItem(SCROLL_KEY)).toBeNull();
    expect(sessionStorage.getItem(TOAST_KEY)).toBeNull();
  });

  it('adds no second set of controls when booted twice', async () => {
    stubApi(POST_READS);
    showPage(POST_PAGE);
    await bootAdmin();
    await bootAdmin();
    await screen.findAllByRole('button', { name: 'Edit section 1' });
    expect(document.querySelectorAll('.fc-admin-toolbar')).toHaveLength(1);
    expect(document.querySelectorAll('.fc-admin-add')).toHaveLength(2);
    expect(document.querySelectorAll('[data-hero] > [data-admin-slot]')).toHaveLength(1);
  });

  describe('by role', () => {
    const ITINERARY = `<aside class="itinerary" data-itinerary-city-id="3" data-spreadsheet-url=""><h2>Where to eat</h2></aside>`;
    const as = (role: 'author' | 'contributor' | 'editor', id: number, authorIds: number[]) =>
      stubApi({
        ...POST_READS,
        'GET /api/auth/user': () => json(200, userOf(role, id)),
        'GET /api/posts/tokyo-ramen': () => json(200, { ...POST, status: 'published', authorIds }),
      });

    it("gives an author's own post its editing controls, without the history, and nothing of cities or the homepage", async () => {
      as('author', 6, [3, 6]);
      showPage(`${HOME_PAGE}${POST_PAGE}${ITINERARY}`);
      await bootAdmin();
      expect(document.documentElement.dataset.role).toBe('author');
      await screen.findAllByRole('button', { name: 'Edit section 1' });
      const hero = document.querySelector<HTMLElement>('figure[data-hero]')!;
      expect(within(hero).getByRole('button', { name: 'Edit Image' })).toBeTruthy();
      expect(screen.getAllByRole('button', { name: 'Edit Image' })).toHaveLength(1);
      for (const name of ['History of this post', 'Spreadsheet', 'History']) expect(screen.queryByRole('button', { name })).toBeNull();
    });

    it("gives an author nothing on someone else's post", async () => {
      as('author', 6, [3]);
      showPage(POST_PAGE);
      await bootAdmin();
      expect(document.querySelectorAll('[data-admin-slot]')).toHaveLength(0);
      expect(screen.queryAllByRole('button')).toHaveLength(0);
    });

    it('gives a contributor no controls on a published page, and asks for nothing', async () => {
      const calls = as('contributor', 5, [5]);
      showPage(`${HOME_PAGE}${POST_PAGE}${ITINERARY}`);
      await bootAdmin();
      expect(document.querySelectorAll('[data-admin-slot]')).toHaveLength(0);
      expect(calls.map((call) => call.url)).toEqual(['/api/auth/user']);
    });

    it("gives an editor everything, someone else's post included, reading the post once", async () => {
      const calls = as('editor', 4, [3]);
      showPage(`${POST_PAGE}${ITINERARY}`);
      await bootAdmin();
      await screen.findByRole('button', { name: 'History of this post' });
      expect(await screen.findByRole('button', { name: 'Spreadsheet' })).toBeTruthy();
      expect(calls.filter((call) => call.url === '/api/posts/tokyo-ramen')).toHaveLength(1);
    });
  });

  it('boots by itself when imported on a page with the UI hint', async () => {
    const calls = stubApi({ 'GET /api/auth/user': () => json(401, { message: 'Not signed in.' }) });
    showPage(POST_PAGE);
    vi.resetModules();
    await import('./boot');
    await waitFor(() => expect(document.documentElement.dataset.admin).toBeUndefined());
    expect(calls.map((c) => c.url)).toEqual(['/api/auth/user']);
  });
});
