import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { queryClient } from '../shared/query-client';
import { AddContentDialog } from './AddContentDialog';
import { BlockEditorDialog } from './BlockEditorDialog';
import { callsTo, currentToast, json, mockFetch, mockLocationAssign, renderInRoot } from './Dashboard.test-utils';
import { DashboardInbox } from './DashboardInbox';
import { DashboardPublishStatus } from './DashboardPublishStatus';
import { DashboardSubscribers } from './DashboardSubscribers';

// Every query on /admin and in the editors retries exactly once on any failure but a 401, which
// means 'not signed in'; mutations never retry. Each test counts the requests that really left.

const PANELS: [string, string, () => ReactElement][] = [
  ['subscribers', '/api/newsletter/subscribers', () => <DashboardSubscribers />],
  ['contact inbox', '/api/admin/contact-messages', () => <DashboardInbox />],
  ['publish status', '/api/admin/publish-status', () => <DashboardPublishStatus />],
];

/** Resolves once the query has given up, so no later retry can still be on its way. */
const settledWithError = (url: string) => waitFor(() => expect(queryClient.getQueryState([url])?.status).toBe('error'), { timeout: 4000 });

describe('query retries', () => {
  describe.each(PANELS)('the dashboard %s', (_name, url, panel) => {
    it.each([400, 403, 404, 500, 503])('asks exactly twice when the answer is %i', async (status) => {
      mockLocationAssign();
      const fetchMock = mockFetch({ [`GET ${url}`]: json(status, { message: 'Nope.' }) });
      renderInRoot(panel());
      await settledWithError(url);
      expect(callsTo(fetchMock, `GET ${url}`)).toHaveLength(2);
      expect(screen.getAllByRole('alert').length).toBeGreaterThan(0);
    });

    it('asks exactly once when the session has expired (401)', async () => {
      mockLocationAssign();
      const fetchMock = mockFetch({ [`GET ${url}`]: json(401, { message: 'Sign in to continue.' }) });
      renderInRoot(panel());
      await settledWithError(url);
      expect(callsTo(fetchMock, `GET ${url}`)).toHaveLength(1);
    });
  });

  describe("the block editor's lookup of the original paragraph", () => {
    const openEditor = async () => {
      renderInRoot(
        <BlockEditorDialog
          postId={7}
          postSlug="tokyo-ramen"
          position={0}
          blockId={-1}
          sectionText="Rendered first paragraph"
          version={3}
        />,
      );
      await userEvent.setup().click(screen.getByRole('button', { name: 'Edit section 1' }));
      return screen.findByRole('dialog', { name: 'Edit section 1' });
    };

    it.each([403, 404, 500])('asks exactly twice when the answer is %i, then falls back to the rendered text', async (status) => {
      const fetchMock = mockFetch({ 'GET /api/posts/tokyo-ramen': json(status, { message: 'Nope.' }) });
      const dialog = await openEditor();
      await settledWithError('/api/posts/tokyo-ramen');
      expect(callsTo(fetchMock, 'GET /api/posts/tokyo-ramen')).toHaveLength(2);
      expect((within(dialog).getByRole('textbox', { name: 'Markdown' }) as HTMLTextAreaElement).value).toBe('Rendered first paragraph');
    });

    it('treats a 401 as "not signed in": null at once, no retry', async () => {
      const fetchMock = mockFetch({ 'GET /api/posts/tokyo-ramen': json(401, { message: 'Sign in to continue.' }) });
      await openEditor();
      await waitFor(() => expect(queryClient.getQueryState(['/api/posts/tokyo-ramen'])?.status).toBe('success'));
      expect(queryClient.getQueryData(['/api/posts/tokyo-ramen'])).toBeNull();
      expect(callsTo(fetchMock, 'GET /api/posts/tokyo-ramen')).toHaveLength(1);
    });
  });

  it('never retries a mutation', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const fetchMock = mockFetch({ 'POST /api/posts/7/content': json(503, { message: 'Busy.' }) });
    const user = userEvent.setup();
    renderInRoot(<AddContentDialog postId={7} position={1} version={3} />);
    await user.click(screen.getByRole('button', { name: 'Add content after section 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Content' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Text' }), 'A note.');
    await user.click(within(dialog).getByRole('button', { name: 'Add Content' }));
    await waitFor(() => expect(currentToast()?.description).toBe('Failed to add content. Please try again.'));
    // Retries wait no time in tests (islands/shared/test-setup.ts), so a retry would have gone out by now.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(callsTo(fetchMock, 'POST /api/posts/7/content')).toHaveLength(1);
  });
});
