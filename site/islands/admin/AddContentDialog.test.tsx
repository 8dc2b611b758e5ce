import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AddContentDialog } from './AddContentDialog';
import { currentToast, imageFile, isDisabled, json, PUBLISHED, renderIsland, stubApi, textFile, fieldValue, writes } from './test-api';

async function openDialog() {
  const user = userEvent.setup({ applyAccept: false });
  const onSaved = vi.fn();
  renderIsland(<AddContentDialog postId={7} position={2} version={3} onSaved={onSaved} />);
  await user.click(screen.getByRole('button', { name: 'Add content after section 2' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add Content' });
  const add = () => within(dialog).getByRole('button', { name: 'Add Content' });
  const chooseImage = () => user.click(within(dialog).getByRole('radio', { name: 'Image' }));
  const fileInput = () => within(dialog).getByLabelText(/Or upload an image file/);
  return { user, dialog, add, chooseImage, fileInput, onSaved };
}

const altField = (dialog: HTMLElement) => within(dialog).getByRole('textbox', { name: 'Alt text' });

const created = ({ body }: { body: unknown }) => json(201, { id: 31, postId: 7, ...(body as object) }, PUBLISHED);

describe('the add-content dialog', () => {
  it('adds trimmed text at its position, confirms and closes', async () => {
    const calls = stubApi({ 'POST /api/posts/7/content': created });
    const { user, dialog, add, onSaved } = await openDialog();
    expect((within(dialog).getByRole('radio', { name: 'Text' }) as HTMLInputElement).checked).toBe(true);
    await user.type(within(dialog).getByRole('textbox', { name: 'Text' }), '  Try the *yuzu* tart.  ');
    await user.click(add());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes(calls)).toEqual([
      { method: 'POST', url: '/api/posts/7/content', body: { type: 'text', content: 'Try the *yuzu* tart.', position: 2 }, ifMatch: '"3"' },
    ]);
    expect(currentToast()).toEqual({ title: 'Content added', description: 'Published in 42 ms' });
    expect(onSaved).toHaveBeenCalledOnce();
  });

  it('needs non-blank text in text mode', async () => {
    const calls = stubApi({});
    const { user, dialog, add } = await openDialog();
    expect(isDisabled(add())).toBe(true);
    await user.type(within(dialog).getByRole('textbox', { name: 'Text' }), '   ');
    expect(isDisabled(add())).toBe(true);
    await user.type(within(dialog).getByRole('textbox', { name: 'Text' }), 'x');
    expect(isDisabled(add())).toBe(false);
    expect(calls).toEqual([]);
  });

  it('needs a URL or a file in image mode and adds an image by URL', async () => {
    const calls = stubApi({ 'POST /api/posts/7/content': created });
    const { user, dialog, add, chooseImage } = await openDialog();
    await user.type(within(dialog).getByRole('textbox', { name: 'Text' }), 'Some text');
    await chooseImage();
    expect(isDisabled(add())).toBe(true);
    await user.type(within(dialog).getByRole('textbox', { name: 'Image URL' }), 'https://img.example/tart.jpg');
    expect(isDisabled(add())).toBe(false);
    await user.type(altField(dialog), ' A slice of yuzu tart on a blue plate ');
    await user.click(add());
    await waitFor(() => expect(currentToast()?.title).toBe('Content added'));
    expect(writes(calls)).toEqual([
      {
        method: 'POST',
        url: '/api/posts/7/content',
        body: { type: 'image', content: 'https://img.example/tart.jpg', alt: 'A slice of yuzu tart on a blue plate', position: 2 },
        ifMatch: '"3"',
      },
    ]);
  });

  it('uploads a chosen file first, with the URL field disabled meanwhile', async () => {
    const calls = stubApi({ 'POST /api/upload': () => json(201, { url: '/uploads/f00d.jpg' }), 'POST /api/posts/7/content': created });
    const { user, dialog, add, chooseImage, fileInput } = await openDialog();
    await chooseImage();
    const url = within(dialog).getByRole('textbox', { name: 'Image URL' });
    const file = imageFile('tart.png');
    await user.upload(fileInput(), file);
    expect(isDisabled(url)).toBe(true);
    expect(within(dialog).getByText('Selected: tart.png')).toBeTruthy();
    expect(isDisabled(add())).toBe(false);
    await user.type(altField(dialog), 'Tart');
    await user.click(add());
    await waitFor(() => expect(currentToast()).toEqual({ title: 'Content added', description: 'Published in 42 ms' }));
    const [upload, addition] = writes(calls);
    expect(upload?.url).toBe('/api/upload');
    expect((upload!.body as FormData).get('image')).toBe(file);
    expect(addition).toEqual({
      method: 'POST',
      url: '/api/posts/7/content',
      body: { type: 'image', content: '/uploads/f00d.jpg', alt: 'Tart', position: 2 },
      ifMatch: '"3"',
    });
  });

  it('labels the alt text field of an image and explains what good alt text is', async () => {
    const { dialog, chooseImage } = await openDialog();
    expect(within(dialog).queryByRole('textbox', { name: 'Alt text' })).toBeNull();
    await chooseImage();
    const field = altField(dialog);
    expect(document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent).toMatch(/what the picture shows/);
    expect(field.getAttribute('maxlength')).toBe('300');
  });

  it.each([
    [
      'a URL',
      async (user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) =>
        user.type(within(dialog).getByRole('textbox', { name: 'Image URL' }), 'https://img.example/a.jpg'),
    ],
    [
      'an upload',
      async (user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) =>
        user.upload(within(dialog).getByLabelText(/Or upload an image file/), imageFile()),
    ],
  ])('requires alt text for an image from %s: says so at the field, focuses it and sends nothing', async (_label, chooseSource) => {
    const calls = stubApi({});
    const { user, dialog, add, chooseImage } = await openDialog();
    await chooseImage();
    await chooseSource(user, dialog);
    await user.type(altField(dialog), '  ');
    await user.click(add());
    expect(within(dialog).getByRole('alert').textContent).toBe('Describe the image for readers who cannot see it.');
    expect(document.activeElement).toBe(altField(dialog));
    expect(calls).toEqual([]);
  });

  it('enables the URL field again when the chosen file is removed', async () => {
    const { user, dialog, add, chooseImage, fileInput } = await openDialog();
    await chooseImage();
    await user.upload(fileInput(), imageFile());
    await user.click(within(dialog).getByRole('button', { name: 'Remove the chosen file' }));
    expect(isDisabled(within(dialog).getByRole('textbox', { name: 'Image URL' }))).toBe(false);
    expect(isDisabled(add())).toBe(true);
  });

  it('refuses a file that is not an image', async () => {
    const { user, dialog, add, chooseImage, fileInput } = await openDialog();
    await chooseImage();
    await user.upload(fileInput(), textFile());
    expect(currentToast()).toEqual({ title: 'Invalid File', description: 'Please select a valid image file.' });
    expect(isDisabled(within(dialog).getByRole('textbox', { name: 'Image URL' }))).toBe(false);
    expect(isDisabled(add())).toBe(true);
  });

  it('reports a failed addition and stays open with the text kept', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubApi({ 'POST /api/posts/7/content': () => json(400, { message: 'position must be between 0 and 1.' }) });
    const { user, dialog, add, onSaved } = await openDialog();
    await user.type(within(dialog).getByRole('textbox', { name: 'Text' }), 'Note');
    await user.click(add());
    await waitFor(() => expect(currentToast()).toEqual({ title: 'Error', description: 'Failed to add content. Please try again.' }));
    expect(fieldValue(within(dialog).getByRole('textbox', { name: 'Text' }))).toBe('Note');
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('reports a failed upload the same way and adds nothing', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const calls = stubApi({ 'POST /api/upload': () => json(415, { message: 'Unsupported image.' }) });
    const { user, dialog, add, chooseImage, fileInput } = await openDialog();
    await chooseImage();
    await user.upload(fileInput(), imageFile());
    await user.type(altField(dialog), 'A market stall');
    await user.click(add());
    await waitFor(() => expect(currentToast()).toEqual({ title: 'Error', description: 'Failed to add content. Please try again.' }));
    expect(writes(calls).map((call) => call.url)).toEqual(['/api/upload']);
  });

  it('starts over after being closed', async () => {
    const { user, dialog, chooseImage } = await openDialog();
    await chooseImage();
    await user.type(within(dialog).getByRole('textbox', { name: 'Image URL' }), 'https://img.example/a.jpg');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Add content after section 2' }));
    const reopened = await screen.findByRole('dialog', { name: 'Add Content' });
    expect((within(reopened).getByRole('radio', { name: 'Text' }) as HTMLInputElement).checked).toBe(true);
    expect(fieldValue(within(reopened).getByRole('textbox', { name: 'Text' }))).toBe('');
  });

  it('on a post changed since the page was read, says by whom and adds mine on top once asked, uploading nothing twice', async () => {
    // Ana changed the post (now version 9) after the page was read at version 3.
    const calls = stubApi({
      'POST /api/upload': () => json(201, { url: '/uploads/f00d.jpg' }),
      'POST /api/posts/7/content': (call) =>
        call.ifMatch === '"9"'
          ? created(call)
          : json(412, {
              message: 'Changed.',
              code: 'stale_version',
              currentVersion: 9,
              changedBy: 'ana@forkcast.test',
              changedAt: '2026-11-02T09:30:00.000Z',
              changes: [{ label: 'Title', parts: [{ value: 'Ramen', added: true }] }],
            }),
    });
    const { user, dialog, add, chooseImage, fileInput, onSaved } = await openDialog();
    await chooseImage();
    await user.upload(fileInput(), imageFile('tart.png'));
    await user.type(altField(dialog), 'Tart');
    await user.click(add());
    const conflict = await within(dialog).findByRole('alert', { name: /^ana@forkcast\.test changed this post at / });
    expect(within(conflict).getByRole('region', { name: 'Your change' }).textContent).toContain('Added image after section 2');
    expect(onSaved).not.toHaveBeenCalled();
    await user.click(within(conflict).getByRole('button', { name: 'Add mine on top' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    expect(writes(calls).map((call) => `${call.method} ${call.url} ${call.ifMatch ?? ''}`)).toEqual([
      'POST /api/upload ',
      'POST /api/posts/7/content "3"',
      'POST /api/posts/7/content "9"',
    ]);
  });
});
