import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatPublishFailure, formatPublishReport, PUBLISH_HEADER } from '@forkcast/shared/contracts';
import { dateTime } from '../DashboardFormat';
import { currentToast, signInAs, stubApi, writes, type ApiCall } from '../test-api';
import { PREVIEW_MS } from './LivePreview';
import PostEditor, { AUTOSAVE_MS, wordCount } from './PostEditor';

const CITIES = [{ id: 3, slug: 'lisbon', name: 'Lisbon' }];
const PUBLISHED = { [PUBLISH_HEADER]: formatPublishReport({ pages: 4, ms: 30 }) };
const answer = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

function post(overrides: Record<string, unknown> = {}) {
  return {
    id: 9,
    slug: 'bifanas-at-noon',
    title: 'Bifanas at noon',
    excerpt: 'Pork, bread, mustard.',
    content: 'First.\n\nSecond.',
    heroImage: null,
    heroAlt: 'Bifanas at noon',
    type: 'post',
    cityId: 3,
    tags: ['pork'],
    published: false,
    status: 'draft',
    publishedAt: null,
    publishAt: null,
    authorIds: [1],
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    url: '/lisbon/bifanas-at-noon',
    version: 4,
    ...overrides,
  };
}

/** The writes the editor made, without the live preview's renders (which store nothing). */
const saves = (calls: readonly ApiCall[]) => writes(calls).filter((call) => !call.url.endsWith('/preview'));

function open(search: string) {
  window.history.replaceState(null, '', `/admin/editor${search}`);
  render(<PostEditor />);
}

beforeEach(() => {
  window.history.replaceState(null, '', '/admin/editor');
  signInAs('owner');
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the post editor', () => {
  it('counts words, not punctuation', () => {
    expect(wordCount('')).toBe(0);
    expect(wordCount('Ramen — at **midnight**, in Kyōto.\n\n![A bowl](/uploads/a.jpg)')).toBe(7);
  });

  it('saves a new post as a draft once typing pauses, then edits it by id', async () => {
    const calls = stubApi({
      'GET /api/cities': () => answer(200, CITIES),
      'POST /api/posts': ({ body }) =>
        answer(
          201,
          post({ ...(body as object), slug: 'ramen-street', excerpt: '', content: '', tags: [], cityId: null, heroAlt: 'Ramen street' }),
          PUBLISHED,
        ),
    });
    open('');
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Ramen street');
    expect(screen.getByText('Editing…')).toBeTruthy();
    await waitFor(() => expect(saves(calls)).toHaveLength(1), { timeout: AUTOSAVE_MS + 2000 });
    expect(saves(calls)[0]).toMatchObject({
      method: 'POST',
      url: '/api/posts',
      body: { title: 'Ramen street', content: '', type: 'post', cityId: null },
    });
    await waitFor(() => expect(window.location.search).toBe('?id=9'));
    expect(screen.getByRole('textbox', { name: 'Slug' })).toHaveProperty('value', 'ramen-street');
    expect(await screen.findByText('All changes saved')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Preview' }).getAttribute('href')).toBe('/api/posts/9/preview');
  });

  it('keeps edits to a live post until Update, and sends only what changed', async () => {
    const calls = stubApi({
      'GET /api/cities': () => answer(200, CITIES),
      'GET /api/posts/9/edit': () => answer(200, post({ status: 'published', published: true })),
      'PATCH /api/posts/9': ({ body }) => answer(200, post({ status: 'published', published: true, ...(body as object) }), PUBLISHED),
    });
    open('?id=9');
    const user = userEvent.setup();
    const title = await screen.findByRole('textbox', { name: 'Title' });
    expect(screen.getByText('This post is live: Update publishes your changes to readers at once.')).toBeTruthy();
    await user.clear(title);
    await user.type(title, 'Bifanas, ranked');
    await act(() => new Promise((resolve) => setTimeout(resolve, AUTOSAVE_MS + 300)));
    expect(saves(calls)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Update' }));
    // Made to the version the editor read: a post changed since is refused, not overwritten.
    await waitFor(() =>
      expect(saves(calls)).toEqual([{ method: 'PATCH', url: '/api/posts/9', body: { title: 'Bifanas, ranked' }, ifMatch: '"4"' }]),
    );
    await waitFor(() => expect(currentToast()).toEqual({ title: 'Saved', description: 'Published in 30 ms' }));
  });

  it('previews what is typed in a live post before Update, on the page readers will get', async () => {
    const calls = stubApi({
      'GET /api/cities': () => answer(200, CITIES),
      'GET /api/posts/9/edit': () => answer(200, post({ status: 'published', published: true })),
      'POST /api/posts/9/preview': ({ body }) =>
        new Response(`<!doctype html><title>Preview</title><h1>${(body as { title: string }).title}</h1>`, {
          status: 200,
          headers: { 'content-type': 'text/html' },
        }),
    });
    open('?id=9');
    const user = userEvent.setup();
    const title = await screen.findByRole('textbox', { name: 'Title' });
    const frame = screen.getByTitle('Preview of the post');
    await waitFor(() => expect(frame.getAttribute('srcdoc')).toContain('<h1>Bifanas at noon</h1>'), { timeout: PREVIEW_MS + 2000 });
    await user.clear(title);
    await user.type(title, 'Bifanas, ranked');
    await waitFor(() => expect(frame.getAttribute('srcdoc')).toContain('<h1>Bifanas, ranked</h1>'), { timeout: PREVIEW_MS + 2000 });
    const previews = calls.filter((call) => call.url === '/api/posts/9/preview');
    // One render per pause in typing, not one per key, each with the page's fields as typed.
    expect(previews.length).toBeLessThanOrEqual(3);
    expect(previews.at(-1)!.body).toEqual({
      title: 'Bifanas, ranked',
      excerpt: 'Pork, bread, mustard.',
      content: 'First.\n\nSecond.',
      tags: ['pork'],
      heroImage: null,
      heroAlt: 'Bifanas at noon',
    });
    expect(saves(calls)).toEqual([]);
  });

  it('says why the preview waits when what is typed would be refused', async () => {
    stubApi({
      'GET /api/cities': () => answer(200, CITIES),
      'GET /api/posts/9/edit': () => answer(200, post()),
      'POST /api/posts/9/preview': () => answer(400, { message: 'Title is required.', code: 'validation_error' }),
    });
    open('?id=9');
    await screen.findByRole('textbox', { name: 'Title' });
    expect(await screen.findByText('The preview waits for a fix: Title is required.', {}, { timeout: PREVIEW_MS + 2000 })).toBeTruthy();
  });

  it('shows why a save was refused beside the form', async () => {
    stubApi({
      'GET /api/cities': () => answer(200, CITIES),
      'GET /api/posts/9/edit': () => answer(200, post()),
      'PATCH /api/posts/9': () => answer(409, { message: 'Another post already uses that slug.', code: 'conflict' }),
    });
    open('?id=9');
    const user = userEvent.setup();
    const slug = await screen.findByRole('textbox', { name: 'Slug' });
    await user.clear(slug);
    await user.type(slug, 'taken');
    await user.keyboard('{Control>}s{/Control}');
    expect((await screen.findByRole('alert')).textContent).toBe('Another post already uses that slug.');
  });

  it("says 'Saved, but not live yet' when publishing a post failed", async () => {
    stubApi({
      'GET /api/cities': () => answer(200, CITIES),
      'GET /api/posts/9/edit': () => answer(200, post()),
      'PATCH /api/posts/9': () =>
        answer(200, post({ status: 'published', published: true }), {
          [PUBLISH_HEADER]: formatPublishFailure('ENOSPC: no space left on device'),
        }),
    });
    open('?id=9');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Publish now' }));
    await waitFor(() => expect(currentToast()?.title).toBe('Saved, but not live yet'));
    expect(currentToast()?.description).toMatch(/^Publishing failed: ENOSPC: no space left on device\./);
  });

  it('schedules a draft for a time in the editor’s zone and shows when it goes live', async () => {
    const calls = stubApi({
      'GET /api/cities': () => answer(200, CITIES),
      'GET /api/posts/9/edit': () => answer(200, post()),
      'PATCH /api/posts/9': ({ body }) =>
        answer(200, post({ status: 'scheduled', publishAt: (body as { publishAt: string }).publishAt }), PUBLISHED),
    });
    open('?id=9');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Go live at (your time)'), '2030-05-01T09:30');
    await user.click(screen.getByRole('button', { name: 'Schedule' }));
    await waitFor(() => expect(saves(calls)).toHaveLength(1));
    expect(saves(calls)[0]!.body).toEqual({ status: 'scheduled', publishAt: new Date('2030-05-01T09:30').toISOString() });
    expect((await screen.findByText(/^Scheduled to go live on/)).textContent).toContain('2030');
  });

  it('asks before leaving with unsaved changes, and not otherwise', async () => {
    stubApi({
      'GET /api/cities': () => answer(200, CITIES),
      'GET /api/posts/9/edit': () => answer(200, post({ status: 'published', published: true })),
    });
    open('?id=9');
    const user = userEvent.setup();
    const title = await screen.findByRole('textbox', { name: 'Title' });
    const leave = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(leave()).toBe(false);
    await user.type(title, '!');
    expect(leave()).toBe(true);
  });

  it("starts a city's guide from the city editor's link, with the type and city set", async () => {
    const calls = stubApi({
      'GET /api/cities': () => answer(200, CITIES),
      'POST /api/posts': ({ body }) => answer(201, post({ ...(body as object), id: 12, type: 'guide' }), PUBLISHED),
    });
    open('?type=guide&cityId=3');
    const user = userEvent.setup();
    expect(screen.getByRole('combobox', { name: 'Type' })).toHaveProperty('value', 'guide');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'City' })).toHaveProperty('value', '3'));
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Lisbon, slowly');
    await user.keyboard('{Control>}s{/Control}');
    await waitFor(() => expect(saves(calls)).toHaveLength(1));
    expect(saves(calls)[0]!.body).toMatchObject({ title: 'Lisbon, slowly', type: 'guide', cityId: 3 });
  });

  it('links the chosen city to its city editor', async () => {
    stubApi({
      'GET /api/cities': () => answer(200, [...CITIES, { id: 4, slug: 'porto', name: 'Porto' }]),
      'GET /api/posts/9/edit': () => answer(200, post()),
    });
    open('?id=9');
    const user = userEvent.setup();
    const link = await screen.findByRole('link', { name: 'Edit Lisbon’s city settings' });
    expect(link.getAttribute('href')).toBe('/admin/city?id=3');
    await user.selectOptions(screen.getByRole('combobox', { name: 'City' }), 'Porto');
    expect(screen.getByRole('link', { name: 'Edit Porto’s city settings' }).getAttribute('href')).toBe('/admin/city?id=4');
    await user.selectOptions(screen.getByRole('combobox', { name: 'City' }), 'No city');
    expect(screen.queryByRole('link', { name: /city settings/ })).toBeNull();
  });

  it('keeps a long title on one line, as the API requires, while showing it in full', async () => {
    stubApi({ 'GET /api/cities': () => answer(200, CITIES), 'GET /api/posts/9/edit': () => answer(200, post()) });
    open('?id=9');
    const user = userEvent.setup();
    const title = await screen.findByRole('textbox', { name: 'Title' });
    await user.clear(title);
    await user.type(title, 'Bifanas{Enter}at noon');
    expect(title).toHaveProperty('value', 'Bifanasat noon');
    await user.clear(title);
    await user.click(title);
    await user.paste('Bifanas\nat noon');
    expect(title).toHaveProperty('value', 'Bifanas at noon');
  });

  it('confirms before deleting, naming the post', async () => {
    stubApi({ 'GET /api/cities': () => answer(200, CITIES), 'GET /api/posts/9/edit': () => answer(200, post()) });
    open('?id=9');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete post' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this post?' });
    expect(dialog.textContent).toContain("'Bifanas at noon' leaves the site with its edited sections and additions");
    expect(dialog.textContent).toContain('It waits in the trash on /admin/history for 30 days');
  });

  describe('by role', () => {
    const loaded = async (overrides: Record<string, unknown>) => {
      stubApi({ 'GET /api/cities': () => answer(200, CITIES), 'GET /api/posts/9/edit': () => answer(200, post(overrides)) });
      open('?id=9');
      await screen.findByRole('textbox', { name: 'Title' });
    };
    const buttons = () => screen.getAllByRole('button').map((button) => button.textContent);

    it("gives a contributor's own draft Save draft and Delete, but no Publish now, schedule or history", async () => {
      signInAs('contributor', 5);
      await loaded({ authorIds: [5] });
      expect(buttons()).toEqual(expect.arrayContaining(['Save draft', 'Delete post']));
      for (const name of ['Publish now', 'History', 'Schedule']) expect(screen.queryByRole('button', { name })).toBeNull();
    });

    it("leaves a contributor's published post without Update, Unpublish or Delete", async () => {
      signInAs('contributor', 5);
      await loaded({ authorIds: [5], status: 'published', published: true });
      for (const name of ['Update', 'Unpublish', 'Delete post', 'Publish now']) expect(screen.queryByRole('button', { name })).toBeNull();
    });

    it('lets an author update, unpublish and delete their own live post, without the history', async () => {
      signInAs('author', 6);
      await loaded({ authorIds: [6], status: 'published', published: true });
      expect(buttons()).toEqual(expect.arrayContaining(['Update', 'Unpublish', 'Delete post']));
      expect(screen.queryByRole('button', { name: /History/ })).toBeNull();
    });
  });

  describe('when someone else changed the post', () => {
    const THEIRS_AT = '2026-11-02T09:30:00.000Z';
    const LIVE = { status: 'published', published: true };
    /** Ana retitled the post (version 6) while this editor had version 4 open. */
    function api() {
      let current = post({ ...LIVE, title: 'Bifanas at dawn', version: 6 });
      let stale = true;
      return stubApi({
        'GET /api/cities': () => answer(200, CITIES),
        'GET /api/posts/9/edit': () => answer(200, stale ? post(LIVE) : current),
        'PATCH /api/posts/9': ({ body, ifMatch }) => {
          if (ifMatch !== '"6"') {
            stale = false;
            return answer(412, {
              message: 'ana@forkcast.test changed this post.',
              code: 'stale_version',
              currentVersion: 6,
              changedBy: 'ana@forkcast.test',
              changedAt: THEIRS_AT,
              changes: [
                { label: 'Title', parts: [{ value: 'Bifanas at ' }, { value: 'noon', removed: true }, { value: 'dawn', added: true }] },
              ],
            });
          }
          current = { ...current, ...(body as object), version: 7 };
          return answer(200, current, PUBLISHED);
        },
      });
    }

    async function saveAnExcerpt() {
      const user = userEvent.setup();
      const excerpt = await screen.findByRole('textbox', { name: 'Excerpt' });
      await user.clear(excerpt);
      await user.type(excerpt, 'Pork, bread, mustard, at dawn.');
      await user.click(screen.getByRole('button', { name: 'Update' }));
      return user;
    }

    it('says who changed it and when, with their change and mine side by side', async () => {
      api();
      open('?id=9');
      await saveAnExcerpt();
      const conflict = await screen.findByRole('alert', { name: `ana@forkcast.test changed this post at ${dateTime(THEIRS_AT)}` });
      const theirs = within(conflict).getByRole('region', { name: 'Their change (ana@forkcast.test)' });
      expect(within(theirs).getByRole('region', { name: /Title$/ }).textContent).toBe('TitleBifanas at removed: noonadded: dawn');
      const mine = within(conflict).getByRole('region', { name: 'Your change' });
      expect(within(mine).getByRole('region', { name: /Excerpt$/ }).textContent).toContain('added: , at dawn');
      expect(currentToast()).toEqual({ title: 'Not saved', description: `ana@forkcast.test changed this post at ${dateTime(THEIRS_AT)}.` });
    });

    it('applies my edit on top of theirs: only my change, made to their version', async () => {
      const calls = api();
      open('?id=9');
      const user = await saveAnExcerpt();
      await user.click(await screen.findByRole('button', { name: 'Apply my edit on top' }));
      await waitFor(() => expect(saves(calls)).toHaveLength(2));
      expect(saves(calls)[1]).toEqual({
        method: 'PATCH',
        url: '/api/posts/9',
        body: { excerpt: 'Pork, bread, mustard, at dawn.' },
        ifMatch: '"6"',
      });
      await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
      expect(screen.getByRole('textbox', { name: 'Title' })).toHaveProperty('value', 'Bifanas at dawn');
      expect(screen.getByRole('textbox', { name: 'Excerpt' })).toHaveProperty('value', 'Pork, bread, mustard, at dawn.');
      expect(await screen.findByText('All changes saved')).toBeTruthy();
    });

    it('reloads theirs, dropping my edit', async () => {
      const calls = api();
      open('?id=9');
      const user = await saveAnExcerpt();
      await user.click(await screen.findByRole('button', { name: 'Reload theirs' }));
      await waitFor(() => expect(screen.getByRole('textbox', { name: 'Title' })).toHaveProperty('value', 'Bifanas at dawn'));
      expect(screen.getByRole('textbox', { name: 'Excerpt' })).toHaveProperty('value', 'Pork, bread, mustard.');
      expect(screen.queryByRole('alert')).toBeNull();
      expect(saves(calls)).toHaveLength(1);
    });
  });

  it('says who else has the post open, from its heartbeat', async () => {
    const calls = stubApi({
      'GET /api/cities': () => answer(200, CITIES),
      'GET /api/posts/9/edit': () => answer(200, post()),
      'POST /api/posts/9/presence': () => answer(200, { others: [{ name: 'ana@forkcast.test', since: '2026-11-02T09:00:00.000Z' }] }),
    });
    open('?id=9');
    expect((await screen.findByText('ana@forkcast.test is also editing this post.')).getAttribute('role')).toBe('status');
    expect(calls.filter((call) => call.url === '/api/posts/9/presence').map((call) => call.method)).toEqual(['POST']);
  });
});
