import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { formatPublishFailure, PUBLISH_HEADER } from '@forkcast/shared/contracts';
import { BlockEditorDialog } from './BlockEditorDialog';
import { currentToast, isDisabled, json, noContent, PUBLISHED, renderIsland, stubApi, fieldValue, writes } from './test-api';

const POST_CONTENT = 'First paragraph.\n\nSecond *paragraph* with [a link](https://example.com).\n\nThird one.';
const BLOCKS = [{ id: 12, postId: 7, content: '**Edited** third paragraph.', position: 2, isOriginal: true }];
const READS = {
  'GET /api/posts/7/blocks': () => json(200, BLOCKS),
  'GET /api/posts/tokyo-ramen': () => json(200, { id: 7, slug: 'tokyo-ramen', content: POST_CONTENT }),
};

async function openEditor({ blockId, position }: { blockId: number; position: number }, sectionText = 'Rendered text of the section') {
  const user = userEvent.setup();
  const onSaved = vi.fn();
  renderIsland(
    <BlockEditorDialog
      postId={7}
      postSlug="tokyo-ramen"
      position={position}
      blockId={blockId}
      sectionText={sectionText}
      version={3}
      onSaved={onSaved}
    />,
  );
  await user.click(screen.getByRole('button', { name: `Edit section ${position + 1}` }));
  const dialog = await screen.findByRole('dialog', { name: `Edit section ${position + 1}` });
  const textarea = within(dialog).getByRole('textbox', { name: 'Markdown' });
  const button = (name: string) => within(dialog).getByRole('button', { name });
  return { user, dialog, textarea, button, onSaved };
}

const STORED = { blockId: 12, position: 2 };
const ORIGINAL = { blockId: -1, position: 1 };

describe('the block editor', () => {
  it("edits a stored block's Markdown and updates it", async () => {
    const calls = stubApi({
      ...READS,
      'PUT /api/posts/7/blocks/12': ({ body }) => json(200, { ...BLOCKS[0], ...(body as object) }, PUBLISHED),
    });
    const { user, textarea, button, onSaved } = await openEditor(STORED);
    await waitFor(() => expect(fieldValue(textarea)).toBe('**Edited** third paragraph.'));
    await user.clear(textarea);
    await user.type(textarea, 'A *new* third paragraph.');
    await user.click(button('Save'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Made to the version of the post the page was read at.
    expect(writes(calls)).toEqual([
      { method: 'PUT', url: '/api/posts/7/blocks/12', body: { content: 'A *new* third paragraph.' }, ifMatch: '"3"' },
    ]);
    expect(currentToast()).toEqual({ title: 'Content block updated successfully', description: 'Published in 42 ms' });
    expect(onSaved).toHaveBeenCalledOnce();
  });

  it('says a saved change is not live yet, and why, when publishing it failed', async () => {
    const failed = { [PUBLISH_HEADER]: formatPublishFailure("ENOSPC: no space left on device, write '/srv/site/kyoto/index.html'") };
    stubApi({ ...READS, 'PUT /api/posts/7/blocks/12': ({ body }) => json(200, { ...BLOCKS[0], ...(body as object) }, failed) });
    const { user, textarea, button } = await openEditor(STORED);
    await waitFor(() => expect(fieldValue(textarea)).toBe('**Edited** third paragraph.'));
    await user.type(textarea, ' More.');
    await user.click(button('Save'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(currentToast()).toEqual({
      title: 'Saved, but not live yet',
      description:
        "Publishing failed: ENOSPC: no space left on device, write '/srv/site/kyoto/index.html'. Your change is saved and is published on its own as soon as it can be; Publish status on /admin shows what is waiting.",
    });
  });

  it("starts an original section from the post's own Markdown paragraph and creates a block", async () => {
    const calls = stubApi({ ...READS, 'POST /api/posts/7/blocks': ({ body }) => json(201, { id: 13, ...(body as object) }, PUBLISHED) });
    const { user, textarea, button } = await openEditor(ORIGINAL);
    await waitFor(() => expect(fieldValue(textarea)).toBe('Second *paragraph* with [a link](https://example.com).'));
    expect(calls.map((call) => call.url)).toContain('/api/posts/tokyo-ramen');
    await user.type(textarea, ' More.');
    await user.click(button('Save'));
    await waitFor(() => expect(currentToast()).toEqual({ title: 'Content section saved successfully', description: 'Published in 42 ms' }));
    expect(writes(calls)).toEqual([
      {
        method: 'POST',
        url: '/api/posts/7/blocks',
        body: { content: 'Second *paragraph* with [a link](https://example.com). More.', position: 1, isOriginal: true },
        ifMatch: '"3"',
      },
    ]);
  });

  it("falls back to the section's visible text when the post cannot be fetched", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubApi({ 'GET /api/posts/tokyo-ramen': () => json(500, { message: 'Boom' }) });
    const { textarea } = await openEditor(ORIGINAL, 'Second paragraph with a link.');
    expect(fieldValue(textarea)).toBe('Second paragraph with a link.');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fieldValue(textarea)).toBe('Second paragraph with a link.');
  });

  it('keeps Save disabled while the content is empty or blank', async () => {
    const calls = stubApi(READS);
    const { user, textarea, button } = await openEditor(STORED);
    await waitFor(() => expect(fieldValue(textarea)).not.toBe('Rendered text of the section'));
    expect(isDisabled(button('Save'))).toBe(false);
    await user.clear(textarea);
    expect(isDisabled(button('Save'))).toBe(true);
    await user.type(textarea, '   {Enter}  ');
    expect(isDisabled(button('Save'))).toBe(true);
    expect(writes(calls)).toEqual([]);
  });

  it("reports a failed save with the server's message, or the fallback", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubApi({
      ...READS,
      'PUT /api/posts/7/blocks/12': () => json(400, { message: 'A content block can hold at most 20000 characters.', code: 'validation' }),
    });
    const { user, button, dialog } = await openEditor(STORED);
    await user.click(button('Save'));
    await waitFor(() =>
      expect(currentToast()).toEqual({ title: 'Error', description: 'A content block can hold at most 20000 characters.' }),
    );
    expect(dialog.isConnected).toBe(true);
    stubApi({ ...READS, 'PUT /api/posts/7/blocks/12': () => new Response('upstream broke', { status: 502 }) });
    await user.click(button('Save'));
    await waitFor(() => expect(currentToast()).toEqual({ title: 'Error', description: 'Failed to update content' }));
  });

  it('asks first, naming the edit that goes, then deletes the stored block', async () => {
    const calls = stubApi({ ...READS, 'DELETE /api/posts/7/blocks/12': () => noContent(PUBLISHED) });
    const { user, button, dialog, onSaved } = await openEditor(STORED);
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: 'Markdown' })).toHaveProperty('value', '**Edited** third paragraph.'),
    );
    await user.click(button('Delete'));
    const question = within(dialog).getByRole('group', { name: 'Are you sure you want to delete this content block?' });
    expect(question.textContent).toContain("Your edited version of section 3 ('**Edited** third paragraph.') leaves the page");
    expect(question.textContent).toContain('trash on /admin/history for 30 days');
    // The safe answer has the focus, and nothing was written yet.
    expect(document.activeElement).toBe(button('Keep it'));
    expect(writes(calls)).toEqual([]);
    await user.click(button('Delete block'));
    await waitFor(() => expect(currentToast()).toEqual({ title: 'Content block deleted successfully', description: 'Published in 42 ms' }));
    expect(writes(calls)).toEqual([{ method: 'DELETE', url: '/api/posts/7/blocks/12', body: undefined, ifMatch: '"3"' }]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onSaved).toHaveBeenCalledOnce();
  });

  it('does nothing when the deletion is not confirmed', async () => {
    const calls = stubApi(READS);
    const { user, button, dialog } = await openEditor(STORED);
    await user.click(button('Delete'));
    await user.click(button('Keep it'));
    expect(writes(calls)).toEqual([]);
    expect(currentToast()).toBeUndefined();
    expect(dialog.isConnected).toBe(true);
    expect(within(dialog).getByRole('textbox', { name: 'Markdown' })).toBeDefined();
  });

  it("reports a failed delete with the server's message, or the fallback", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubApi({ ...READS, 'DELETE /api/posts/7/blocks/12': () => json(404, { message: 'Content block not found.', code: 'not_found' }) });
    const { user, button } = await openEditor(STORED);
    await user.click(button('Delete'));
    await user.click(button('Delete block'));
    await waitFor(() => expect(currentToast()).toEqual({ title: 'Error', description: 'Content block not found.' }));
    stubApi({ ...READS, 'DELETE /api/posts/7/blocks/12': () => new Response('', { status: 500, statusText: 'Internal Server Error' }) });
    await user.click(button('Delete block'));
    await waitFor(() => expect(currentToast()).toEqual({ title: 'Error', description: 'Failed to delete content block' }));
  });

  it('refuses to delete an original section without asking or calling the API', async () => {
    const calls = stubApi(READS);
    const { user, button } = await openEditor(ORIGINAL);
    await user.click(button('Delete'));
    expect(currentToast()).toEqual({
      title: 'Error',
      description: 'Cannot delete original content sections. Please use the + buttons to add content that can be edited and deleted.',
    });
    expect(screen.queryByRole('group', { name: 'Are you sure you want to delete this content block?' })).toBeNull();
    expect(writes(calls)).toEqual([]);
  });

  it('forgets unsaved changes when closed with Escape', async () => {
    stubApi(READS);
    const { user, textarea } = await openEditor(STORED);
    await waitFor(() => expect(fieldValue(textarea)).toBe('**Edited** third paragraph.'));
    await user.type(textarea, ' Unsaved.');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const trigger = screen.getByRole('button', { name: 'Edit section 3' });
    expect(document.activeElement).toBe(trigger);
    await user.click(trigger);
    expect(fieldValue(await screen.findByRole('textbox', { name: 'Markdown' }))).toBe('**Edited** third paragraph.');
  });

  describe('on a post someone changed since the page was read', () => {
    const STALE = {
      message: 'Changed.',
      code: 'stale_version',
      currentVersion: 9,
      changedBy: 'ana@forkcast.test',
      changedAt: '2026-11-02T09:30:00.000Z',
      changes: [{ label: 'Section 1 (edited)', parts: [{ value: 'First, ' }, { value: 'theirs.', added: true }] }],
    };

    it('shows their change beside mine, and applies mine on top made to their version', async () => {
      const calls = stubApi({
        ...READS,
        'PUT /api/posts/7/blocks/12': ({ body, ifMatch }) =>
          ifMatch === '"9"' ? json(200, { ...BLOCKS[0], ...(body as object), version: 10 }, PUBLISHED) : json(412, STALE),
      });
      const { user, dialog, textarea, button, onSaved } = await openEditor(STORED);
      await waitFor(() => expect(fieldValue(textarea)).toBe('**Edited** third paragraph.'));
      await user.type(textarea, ' Mine.');
      await user.click(button('Save'));
      const conflict = await within(dialog).findByRole('alert', { name: /^ana@forkcast\.test changed this post at / });
      expect(within(conflict).getByRole('region', { name: 'Their change (ana@forkcast.test)' }).textContent).toContain('added: theirs.');
      expect(within(conflict).getByRole('region', { name: 'Your change' }).textContent).toContain('Section 3 (edited)');
      expect(within(conflict).getByRole('region', { name: 'Your change' }).textContent).toContain('added: Mine.');
      expect(onSaved).not.toHaveBeenCalled();
      await user.click(within(conflict).getByRole('button', { name: 'Apply my edit on top' }));
      await waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
      expect(writes(calls).map((call) => call.ifMatch)).toEqual(['"3"', '"9"']);
      expect(writes(calls)[1]!.body).toEqual({ content: '**Edited** third paragraph. Mine.' });
    });

    it('reloads the page to take theirs', async () => {
      const reload = vi.fn();
      vi.stubGlobal('location', { ...window.location, reload });
      stubApi({ ...READS, 'DELETE /api/posts/7/blocks/12': () => json(412, STALE) });
      const { user, dialog, button } = await openEditor(STORED);
      await user.click(button('Delete'));
      await user.click(within(dialog).getByRole('button', { name: 'Delete block' }));
      const conflict = await within(dialog).findByRole('alert', { name: /changed this post/ });
      expect(within(conflict).getByRole('button', { name: 'Delete it anyway' })).toBeTruthy();
      await user.click(within(conflict).getByRole('button', { name: 'Reload the page' }));
      expect(reload).toHaveBeenCalledOnce();
      vi.unstubAllGlobals();
    });
  });
});
