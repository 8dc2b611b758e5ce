import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RequestError } from '../shared/api';
import { HeroEditorDialog } from './HeroEditorDialog';
import { currentToast, imageFile, isDisabled, json, PUBLISHED, renderIsland, stubApi, textFile, fieldValue, writes } from './test-api';

const urlInput = (dialog: HTMLElement) => within(dialog).getByRole('textbox', { name: 'Image URL' });
const altInput = (dialog: HTMLElement) => within(dialog).getByRole('textbox', { name: 'Alt text' });

const HOME = { kind: 'home' } as const;
const POST = { kind: 'post', slug: 'tokyo-ramen', title: 'Tokyo Ramen, Counter by Counter' } as const;

/** What was logged with console.error: each error's message and the message of the request error under it. */
function loggedErrors(spy: { mock: { calls: unknown[][] } }) {
  return spy.mock.calls.map(([error]) => ({
    message: (error as Error).message,
    cause: (error as Error).cause instanceof RequestError ? ((error as Error).cause as RequestError).message : (error as Error).cause,
  }));
}

async function openEditor(target: typeof HOME | typeof POST = HOME, onSaved = vi.fn()) {
  const user = userEvent.setup({ applyAccept: false });
  renderIsland(<HeroEditorDialog target={target} onSaved={onSaved} />);
  await user.click(screen.getByRole('button', { name: 'Edit Image' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit Hero Image' });
  return { user, dialog, onSaved, update: () => within(dialog).getByRole('button', { name: 'Update Image' }) };
}

describe('the hero image editor', () => {
  it('opens on the Image URL tab with a description, four sources and Update disabled', async () => {
    const { dialog, update } = await openEditor();
    expect(document.getElementById(dialog.getAttribute('aria-describedby') ?? '')?.textContent).toMatch(/homepage banner/);
    const tabs = within(dialog).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Image URL', 'Upload File', 'Preset Images', 'Library']);
    expect(tabs[0]?.getAttribute('aria-selected')).toBe('true');
    expect(fieldValue(urlInput(dialog))).toBe('');
    expect(isDisabled(update())).toBe(true);
    expect(within(dialog).getByText('No image chosen yet.')).toBeTruthy();
  });

  it('updates the homepage hero from a URL, confirms, closes and resets', async () => {
    const calls = stubApi({ 'POST /api/hero/update-image': ({ body }) => json(200, body, PUBLISHED) });
    const { user, dialog, onSaved, update } = await openEditor();
    await user.type(urlInput(dialog), 'https://img.example/sf.jpg');
    expect(within(dialog).getByAltText('Preview of the new hero image').getAttribute('src')).toBe('https://img.example/sf.jpg');
    await user.type(altInput(dialog), '  Fog over the Golden Gate at dawn ');
    await user.click(update());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes(calls)).toEqual([
      {
        method: 'POST',
        url: '/api/hero/update-image',
        body: { imageUrl: 'https://img.example/sf.jpg', alt: 'Fog over the Golden Gate at dawn' },
      },
    ]);
    expect(currentToast()).toEqual({ title: 'Hero Image Updated', description: 'Published in 42 ms' });
    expect(onSaved).toHaveBeenCalledOnce();
    await user.click(screen.getByRole('button', { name: 'Edit Image' }));
    expect(fieldValue(await screen.findByRole('textbox', { name: 'Image URL' }))).toBe('');
    expect(fieldValue(screen.getByRole('textbox', { name: 'Alt text' }))).toBe('');
  });

  it("updates a post's hero from a preset, by slug, described by the post's title", async () => {
    const calls = stubApi({ 'PATCH /api/posts/tokyo-ramen/hero-image': ({ body }) => json(200, body) });
    const { user, dialog, update } = await openEditor(POST);
    await user.click(within(dialog).getByRole('tab', { name: 'Preset Images' }));
    const presets = within(dialog).getAllByRole('radio');
    expect(presets.map((radio) => radio.closest('label')?.textContent)).toEqual([
      'San Francisco Cityscape',
      'Mountain Trail',
      'Restaurant Interior',
      'Food Plating',
      'London Bridge',
    ]);
    expect(presets[1]?.closest('label')?.querySelector('img')?.getAttribute('src')).toBe('/images/presets/mountain-trail-640.webp');
    await user.click(within(dialog).getByRole('radio', { name: 'Mountain Trail' }));
    expect(within(dialog).getByAltText('Preview of the new hero image').getAttribute('src')).toBe('/images/presets/mountain-trail.jpg');
    await user.click(update());
    await waitFor(() => expect(currentToast()).toEqual({ title: 'Image Updated' }));
    expect(writes(calls)).toEqual([
      {
        method: 'PATCH',
        url: '/api/posts/tokyo-ramen/hero-image',
        body: { heroImage: '/images/presets/mountain-trail.jpg', alt: 'Tokyo Ramen, Counter by Counter' },
      },
    ]);
  });

  it('clears the other sources when one is chosen and previews the latest', async () => {
    const { user, dialog } = await openEditor();
    await user.type(urlInput(dialog), 'https://img.example/a.jpg');
    await user.click(within(dialog).getByRole('tab', { name: 'Preset Images' }));
    await user.click(within(dialog).getByRole('radio', { name: 'Food Plating' }));
    await user.click(within(dialog).getByRole('tab', { name: 'Image URL' }));
    expect(fieldValue(urlInput(dialog))).toBe('');
    await user.click(within(dialog).getByRole('tab', { name: 'Upload File' }));
    await user.upload(within(dialog).getByLabelText(/Choose an image file/), imageFile('market.png'));
    expect(within(dialog).getByText('Selected: market.png')).toBeTruthy();
    await waitFor(() =>
      expect(within(dialog).getByAltText('Preview of the new hero image').getAttribute('src')).toMatch(/^data:image\/png/),
    );
    await user.click(within(dialog).getByRole('tab', { name: 'Preset Images' }));
    expect((within(dialog).getByRole('radio', { name: 'Food Plating' }) as HTMLInputElement).checked).toBe(false);
    await user.click(within(dialog).getByRole('tab', { name: 'Image URL' }));
    await user.type(urlInput(dialog), 'https://img.example/b.jpg');
    await user.click(within(dialog).getByRole('tab', { name: 'Upload File' }));
    expect(within(dialog).queryByText(/Selected:/)).toBeNull();
  });

  it('uploads a chosen file first, then updates the hero with its path', async () => {
    const calls = stubApi({
      'POST /api/upload/hero-image': () => json(201, { filePath: '/uploads/abc123.jpg' }),
      'POST /api/hero/update-image': ({ body }) => json(200, body, PUBLISHED),
    });
    const { user, dialog, update } = await openEditor();
    await user.click(within(dialog).getByRole('tab', { name: 'Upload File' }));
    const file = imageFile();
    await user.upload(within(dialog).getByLabelText(/Choose an image file/), file);
    await user.type(altInput(dialog), 'A cook pulling noodles by hand');
    await user.click(update());
    await waitFor(() => expect(currentToast()?.title).toBe('Hero Image Updated'));
    const [upload, change] = writes(calls);
    expect(upload?.url).toBe('/api/upload/hero-image');
    expect((upload!.body as FormData).get('image')).toBe(file);
    expect(change).toEqual({
      method: 'POST',
      url: '/api/hero/update-image',
      body: { imageUrl: '/uploads/abc123.jpg', alt: 'A cook pulling noodles by hand' },
    });
  });

  it('reports a failed upload and does not try the update', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const calls = stubApi({ 'POST /api/upload/hero-image': () => json(413, { message: 'That file is larger than 10 MB.' }) });
    const { user, dialog, update } = await openEditor();
    await user.click(within(dialog).getByRole('tab', { name: 'Upload File' }));
    await user.upload(within(dialog).getByLabelText(/Choose an image file/), imageFile());
    await user.type(altInput(dialog), 'A market');
    await user.click(update());
    await waitFor(() =>
      expect(currentToast()).toEqual({ title: 'Upload Failed', description: 'Failed to upload the image. Please try again.' }),
    );
    expect(writes(calls).map((call) => call.url)).toEqual(['/api/upload/hero-image']);
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(loggedErrors(logged)).toEqual([{ message: 'Upload failed', cause: '413: {"message":"That file is larger than 10 MB."}' }]);
  });

  it('reports a failed update and stays open', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubApi({ 'PATCH /api/posts/tokyo-ramen/hero-image': () => json(400, { message: 'Give the hero image as an http(s) URL.' }) });
    const { user, dialog, onSaved, update } = await openEditor(POST);
    await user.type(urlInput(dialog), 'ftp://nope');
    await user.type(altInput(dialog), 'Nothing much');
    await user.click(update());
    await waitFor(() =>
      expect(currentToast()).toEqual({ title: 'Update Failed', description: 'Failed to update the hero image. Please try again.' }),
    );
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(onSaved).not.toHaveBeenCalled();
  });

  it.each([
    ['the homepage', HOME, 'POST /api/hero/update-image', 'Failed to update homepage hero image'],
    ["a post's", POST, 'PATCH /api/posts/tokyo-ramen/hero-image', 'Failed to update image'],
  ] as const)('logs why updating %s hero failed, under the toast SPEC words for every hero', async (_where, target, route, inner) => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    stubApi({ [route]: () => json(503, { message: 'Publishing is paused.' }) });
    const { user, dialog, update } = await openEditor(target);
    await user.type(urlInput(dialog), 'https://img.example/a.jpg');
    await user.type(altInput(dialog), 'A street stall');
    await user.click(update());
    await waitFor(() =>
      expect(currentToast()).toEqual({ title: 'Update Failed', description: 'Failed to update the hero image. Please try again.' }),
    );
    expect(loggedErrors(logged)).toEqual([{ message: inner, cause: '503: {"message":"Publishing is paused."}' }]);
  });

  it('labels the alt text field and explains what good alt text is', async () => {
    const { dialog } = await openEditor();
    const field = altInput(dialog);
    expect(document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent).toMatch(/what the picture shows/);
    expect(field.getAttribute('maxlength')).toBe('300');
  });

  it.each([
    [
      'a URL',
      async (user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) => user.type(urlInput(dialog), 'https://img.example/a.jpg'),
    ],
    [
      'an upload',
      async (user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) => {
        await user.click(within(dialog).getByRole('tab', { name: 'Upload File' }));
        await user.upload(within(dialog).getByLabelText(/Choose an image file/), imageFile());
      },
    ],
  ])('requires alt text for %s: says so at the field, focuses it and sends nothing', async (_label, chooseImage) => {
    const calls = stubApi({});
    const { user, dialog, update } = await openEditor();
    await chooseImage(user, dialog);
    await user.type(altInput(dialog), '   ');
    await user.click(update());
    expect(within(dialog).getByRole('alert').textContent).toBe('Describe the image for readers who cannot see it.');
    expect(document.activeElement).toBe(altInput(dialog));
    expect(altInput(dialog).getAttribute('aria-invalid')).toBe('true');
    expect(writes(calls)).toEqual([]);
    await user.type(altInput(dialog), 'x');
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it("fills a homepage preset's alt text with the preset's own label, and sends the admin's edit instead", async () => {
    const calls = stubApi({ 'POST /api/hero/update-image': ({ body }) => json(200, body) });
    const { user, dialog, update } = await openEditor();
    await user.click(within(dialog).getByRole('tab', { name: 'Preset Images' }));
    await user.click(within(dialog).getByRole('radio', { name: 'Food Plating' }));
    expect(fieldValue(altInput(dialog))).toBe('Food Plating');
    await user.click(within(dialog).getByRole('radio', { name: 'London Bridge' }));
    expect(fieldValue(altInput(dialog))).toBe('London Bridge');
    await user.clear(altInput(dialog));
    await user.type(altInput(dialog), 'Tower Bridge raised at dusk');
    await user.click(update());
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]?.body).toEqual({ imageUrl: '/images/presets/london-bridge.jpg', alt: 'Tower Bridge raised at dusk' });
  });

  it('starts a newly chosen picture from its own default instead of the last one’s description', async () => {
    const { user, dialog } = await openEditor(POST);
    await user.type(urlInput(dialog), 'https://img.example/a.jpg');
    await user.type(altInput(dialog), 'Steam rising from a bowl');
    await user.type(urlInput(dialog), '?v=2');
    expect(fieldValue(altInput(dialog))).toBe('Steam rising from a bowl');
    await user.click(within(dialog).getByRole('tab', { name: 'Preset Images' }));
    await user.click(within(dialog).getByRole('radio', { name: 'Mountain Trail' }));
    expect(fieldValue(altInput(dialog))).toBe('Tokyo Ramen, Counter by Counter');
    await user.click(within(dialog).getByRole('tab', { name: 'Upload File' }));
    await user.upload(within(dialog).getByLabelText(/Choose an image file/), imageFile());
    expect(fieldValue(altInput(dialog))).toBe('');
  });

  it('refuses a file that is not an image', async () => {
    const { user, dialog, update } = await openEditor();
    await user.click(within(dialog).getByRole('tab', { name: 'Upload File' }));
    await user.upload(within(dialog).getByLabelText(/Choose an image file/), textFile());
    expect(currentToast()).toEqual({ title: 'Invalid File', description: 'Please select a valid image file.' });
    expect(within(dialog).queryByText(/Selected:/)).toBeNull();
    expect(isDisabled(update())).toBe(true);
  });

  it('asks for an image when only blanks were typed, and sends nothing', async () => {
    const calls = stubApi({});
    const { user, dialog, update } = await openEditor();
    await user.type(urlInput(dialog), '   ');
    expect(isDisabled(update())).toBe(false);
    await user.click(update());
    expect(currentToast()).toEqual({ title: 'No Image Selected', description: 'Please provide an image URL or select a preset.' });
    expect(writes(calls)).toEqual([]);
  });

  it('highlights the upload zone while a file is dragged over it and takes a dropped image', async () => {
    const { user, dialog } = await openEditor();
    await user.click(within(dialog).getByRole('tab', { name: 'Upload File' }));
    const zone = within(dialog)
      .getByLabelText(/Choose an image file/)
      .closest('label')!;
    expect(zone.getAttribute('data-dragging')).toBe('false');
    fireEvent.dragOver(zone, { dataTransfer: { files: [] } });
    expect(zone.getAttribute('data-dragging')).toBe('true');
    fireEvent.dragLeave(zone, { relatedTarget: document.body });
    expect(zone.getAttribute('data-dragging')).toBe('false');
    fireEvent.dragEnter(zone, { dataTransfer: { files: [] } });
    fireEvent.drop(zone, { dataTransfer: { files: [imageFile('dropped.png')] } });
    expect(zone.getAttribute('data-dragging')).toBe('false');
    expect(within(dialog).getByText('Selected: dropped.png')).toBeTruthy();
    fireEvent.drop(zone, { dataTransfer: { files: [textFile()] } });
    expect(currentToast()?.title).toBe('Invalid File');
  });

  it('closes on Escape, returns focus to Edit Image and forgets the choice', async () => {
    const { user, dialog } = await openEditor();
    await user.type(urlInput(dialog), 'https://img.example/a.jpg');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const trigger = screen.getByRole('button', { name: 'Edit Image' });
    expect(document.activeElement).toBe(trigger);
    await user.keyboard('{Enter}');
    expect(fieldValue(await screen.findByRole('textbox', { name: 'Image URL' }))).toBe('');
  });

  it('on a hero someone changed since the page was read, shows theirs beside mine and uses mine once asked', async () => {
    const calls = stubApi({
      'GET /api/hero/image': () => json(200, { heroImage: '/images/presets/food-plating.jpg', version: 2 }),
      'POST /api/hero/update-image': ({ body, ifMatch }) =>
        ifMatch === '"5"'
          ? json(200, { ...(body as object), version: 6 }, PUBLISHED)
          : json(412, {
              message: 'Changed.',
              code: 'stale_version',
              currentVersion: 5,
              changedBy: 'ben@forkcast.test',
              changedAt: '2026-11-02T09:30:00.000Z',
              changes: [{ label: 'Image', parts: [{ value: '/images/presets/london-bridge.jpg', added: true }] }],
            }),
    });
    const { user, dialog, onSaved, update } = await openEditor();
    await waitFor(() => expect(calls.some((call) => call.url === '/api/hero/image')).toBe(true));
    await user.type(urlInput(dialog), 'https://img.example/sf.jpg');
    await user.type(altInput(dialog), 'Fog');
    await user.click(update());
    const conflict = await within(dialog).findByRole('alert', { name: /^ben@forkcast\.test changed this homepage hero at / });
    const mine = within(conflict).getByRole('region', { name: 'Your change' });
    expect(within(mine).getByRole('region', { name: 'Your change: Image' }).textContent).toMatch(
      /removed: .*food-plating.*added: .*sf\.jpg/,
    );
    await user.click(within(conflict).getByRole('button', { name: 'Use my image anyway' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    expect(writes(calls).map((call) => call.ifMatch)).toEqual(['"2"', '"5"']);
  });
});
