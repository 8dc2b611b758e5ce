import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, PUBLISHED, renderIsland, stubApi, writes } from '../test-api';
import { SitePageAdmin } from './SitePageAdmin';

const ABOUT = { id: 1, slug: 'about', title: 'About', content: '# We plan our trips around lunch\n\nThe lede.', version: 3 };

async function openEditor() {
  const user = userEvent.setup();
  const onRepublish = vi.fn();
  renderIsland(<SitePageAdmin pageId={1} onRepublish={onRepublish} />);
  await user.click(screen.getByRole('button', { name: 'Edit this page' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit this page' });
  const markdown = within(dialog).getByRole('textbox', { name: 'Markdown' }) as HTMLTextAreaElement;
  await waitFor(() => expect(markdown.value).toBe(ABOUT.content));
  return { user, dialog, markdown, onRepublish };
}

describe("a page's editing toolbar on the live page", () => {
  it('saves the title and text with the version it read, then shows the republished page', async () => {
    const calls = stubApi({
      'GET /api/pages/1': () => json(200, ABOUT),
      'PATCH /api/pages/1': ({ body }) => json(200, { ...ABOUT, ...(body as object), version: 4 }, PUBLISHED),
    });
    const { user, dialog, markdown, onRepublish } = await openEditor();
    const title = within(dialog).getByRole('textbox', { name: 'Title' });
    await user.clear(title);
    await user.type(title, 'About Us');
    await user.type(markdown, ' More.');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onRepublish).toHaveBeenCalledOnce());
    expect(writes(calls)).toEqual([
      { method: 'PATCH', url: '/api/pages/1', ifMatch: '"3"', body: { title: 'About Us', content: `${ABOUT.content} More.` } },
    ]);
  });

  it('on a page someone changed since, shows their change and mine, and applies mine on top once asked', async () => {
    const calls = stubApi({
      'GET /api/pages/1': () => json(200, ABOUT),
      'PATCH /api/pages/1': ({ body, ifMatch }) =>
        ifMatch === '"5"'
          ? json(200, { ...ABOUT, ...(body as object), version: 6 }, PUBLISHED)
          : json(412, {
              message: 'This page was changed since you opened it; reload it and make your change again.',
              code: 'stale_version',
              currentVersion: 5,
              changedBy: null,
              changedAt: '2026-11-02T09:30:00.000Z',
              changes: [],
            }),
    });
    const { user, dialog, markdown, onRepublish } = await openEditor();
    await user.type(markdown, ' Mine.');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const conflict = await within(dialog).findByRole('alert', { name: /changed this page at / });
    expect(within(conflict).getByRole('region', { name: 'Your change: Text' }).textContent).toMatch(/Mine\./);
    await user.click(within(conflict).getByRole('button', { name: 'Apply my edit on top' }));
    await waitFor(() => expect(onRepublish).toHaveBeenCalledOnce());
    expect(writes(calls).map((call) => call.ifMatch)).toEqual(['"3"', '"5"']);
  });
});
