import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import PostEditor from '../editor/PostEditor';
import { fieldValue, json, PUBLISHED, renderIsland, signInAs, stubApi, writes } from '../test-api';
import { REVIEW_QUEUE_URL, ReviewQueue } from './ReviewQueue';

const WRITER = 7;
const CHANGES = {
  id: 2,
  postId: 9,
  userId: 3,
  userName: 'Eddie Editor',
  kind: 'changes',
  body: 'Name the bakery, please.',
  createdAt: '2026-11-02T09:00:00.000Z',
};

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
    cityId: null,
    tags: [],
    published: false,
    status: 'draft',
    publishedAt: null,
    publishAt: null,
    reviewAt: null,
    authorIds: [WRITER],
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    url: '/post/bifanas-at-noon',
    version: 4,
    ...overrides,
  };
}

const IN_REVIEW = { status: 'review', reviewAt: '2026-11-03T08:00:00.000Z' };
const saves = (calls: Parameters<typeof writes>[0]) => writes(calls).filter((call) => !call.url.endsWith('/preview'));
const locked = (name: string) => screen.getByRole('textbox', { name }).matches(':disabled');

function openEditor() {
  window.history.replaceState(null, '', '/admin/editor?id=9');
  render(<PostEditor />);
}

beforeEach(() => {
  window.history.replaceState(null, '', '/admin');
});

describe('the review queue', () => {
  it('lists the posts waiting for review, the longest wait first, each opening its editor and its preview', async () => {
    signInAs('editor', 3);
    stubApi({
      [`GET ${REVIEW_QUEUE_URL}`]: () =>
        json(200, [
          post({ id: 12, title: 'Late arrival', ...IN_REVIEW, reviewAt: '2026-11-04T08:00:00.000Z', submittedBy: null }),
          post({ id: 9, ...IN_REVIEW, submittedBy: { id: 7, name: 'Cora Contributor' } }),
        ]),
    });
    renderIsland(<ReviewQueue />);
    const queue = await screen.findByRole('region', { name: 'Waiting for review' });
    await within(queue).findByText('2 posts');
    const titles = within(queue).getAllByRole('link', { name: /^(Bifanas|Late)/ });
    expect(titles.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Bifanas at noon', '/admin/editor?id=9'],
      ['Late arrival', '/admin/editor?id=12'],
    ]);
    expect(within(queue).getByRole('link', { name: 'Preview Bifanas at noon' }).getAttribute('href')).toBe('/api/posts/9/preview');
    const items = within(queue).getAllByRole('listitem');
    expect(items[0]!.textContent).toMatch(/Submitted by Cora Contributor /);
    expect(items[1]!.textContent).toMatch(/Submitted \d/);
  });

  it('says when nothing waits', async () => {
    signInAs('editor', 3);
    stubApi({ [`GET ${REVIEW_QUEUE_URL}`]: () => json(200, []) });
    renderIsland(<ReviewQueue />);
    expect(await screen.findByText('Nothing is waiting for review.')).toBeTruthy();
  });
});

describe('review in the post editor', () => {
  it("gives a contributor 'Submit for review' on their draft, which saves what is typed, submits, and locks the form", async () => {
    signInAs('contributor', WRITER);
    const calls = stubApi({
      'GET /api/cities': () => json(200, []),
      'GET /api/posts/9/edit': () => json(200, post()),
      'GET /api/posts/9/comments': () => json(200, []),
      'PATCH /api/posts/9': ({ body }) => json(200, post({ ...(body as object), version: 5 }), PUBLISHED),
      'POST /api/posts/9/submit': () => json(200, post({ title: 'Bifanas at one', ...IN_REVIEW, version: 6 }), PUBLISHED),
    });
    openEditor();
    const user = userEvent.setup();
    const title = await screen.findByRole('textbox', { name: 'Title' });
    expect(screen.queryByRole('button', { name: 'Publish now' })).toBeNull();
    await user.clear(title);
    await user.type(title, 'Bifanas at one');
    await user.click(screen.getByRole('button', { name: 'Submit for review' }));

    await waitFor(() => expect(saves(calls).map((call) => `${call.method} ${call.url}`)).toContain('POST /api/posts/9/submit'));
    const submitted = saves(calls).find((call) => call.url === '/api/posts/9/submit')!;
    expect(submitted).toMatchObject({ body: {}, ifMatch: '"5"' });
    expect(saves(calls)[0]).toMatchObject({ method: 'PATCH', body: { title: 'Bifanas at one' }, ifMatch: '"4"' });

    await screen.findByText(/Submitted for review on/);
    expect(screen.getByText('In review')).toBeTruthy();
    expect(locked('Title')).toBe(true);
    expect(screen.queryByRole('button', { name: /Save/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Submit for review' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Take back to edit' })).toBeTruthy();
  });

  it("shows the writer the editor's note on a post sent back, and opens the form again", async () => {
    signInAs('contributor', WRITER);
    stubApi({
      'GET /api/cities': () => json(200, []),
      'GET /api/posts/9/edit': () => json(200, post()),
      'GET /api/posts/9/comments': () => json(200, [CHANGES]),
    });
    openEditor();
    const note = await screen.findByRole('region', { name: 'Changes requested' });
    expect(note.textContent).toContain('Changes requested by Eddie Editor');
    expect(note.textContent).toContain('Name the bakery, please.');
    expect(locked('Title')).toBe(false);
    expect(screen.getByRole('button', { name: 'Submit for review' })).toBeTruthy();
  });

  it('lets an editor send a post in review back with a note', async () => {
    signInAs('editor', 3);
    const calls = stubApi({
      'GET /api/cities': () => json(200, []),
      'GET /api/posts/9/edit': () => json(200, post(IN_REVIEW)),
      'GET /api/posts/9/comments': () => json(200, []),
      'POST /api/posts/9/request-changes': () => json(200, post({ version: 5 }), PUBLISHED),
    });
    openEditor();
    await screen.findByText(/Waiting for review since/);
    expect(screen.queryByRole('button', { name: 'Submit for review' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Publish now' })).toBeTruthy();
    const user = userEvent.setup();
    const request = screen.getByRole('button', { name: 'Request changes' });
    expect((request as HTMLButtonElement).disabled).toBe(true);
    await user.type(screen.getByRole('textbox', { name: 'Comment or note for the writer' }), 'Name the bakery, please.');
    await user.click(request);
    await waitFor(() =>
      expect(saves(calls)).toEqual([
        expect.objectContaining({
          method: 'POST',
          url: '/api/posts/9/request-changes',
          body: { note: 'Name the bakery, please.' },
          ifMatch: '"4"',
        }),
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Request changes' })).toBeNull());
    expect(fieldValue(screen.getByRole('textbox', { name: 'Comment' }))).toBe('');
  });

  it('keeps the note in the box when sending it back is refused', async () => {
    signInAs('editor', 3);
    stubApi({
      'GET /api/cities': () => json(200, []),
      'GET /api/posts/9/edit': () => json(200, post(IN_REVIEW)),
      'GET /api/posts/9/comments': () => json(200, []),
      'POST /api/posts/9/request-changes': () => json(409, { message: 'This post is not waiting for review.', code: 'conflict' }),
    });
    openEditor();
    const box = await screen.findByRole('textbox', { name: 'Comment or note for the writer' });
    const user = userEvent.setup();
    await user.type(box, 'Name the bakery, please.');
    await user.click(screen.getByRole('button', { name: 'Request changes' }));
    await screen.findByText('This post is not waiting for review.', { selector: '.fc-editor__problem' });
    expect(fieldValue(box)).toBe('Name the bakery, please.');
  });
});
