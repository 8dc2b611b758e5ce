import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { callsTo, json, mockFetch, renderInRoot } from '../Dashboard.test-utils';
import { ImagePicker } from './ImagePicker';
import { mediaItem, mediaPage } from './media.test-utils';

const ITEM = mediaItem();

describe('the image picker', () => {
  it('hands back a library image with its alt text, and closes', async () => {
    const user = userEvent.setup();
    mockFetch({ 'GET /api/media?page=1': json(200, mediaPage([ITEM])) });
    const onPick = vi.fn();
    renderInRoot(<ImagePicker label="Choose hero image" onPick={onPick} />);
    await user.click(screen.getByRole('button', { name: 'Choose hero image' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose an image' });
    await user.click(await within(dialog).findByRole('button', { name: /ramen\.jpg/ }));
    expect(onPick).toHaveBeenCalledWith({ url: ITEM.url, alt: 'A bowl of ramen' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('offers an upload, the presets and an address', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({
      'GET /api/media?page=1': json(200, mediaPage([])),
      'POST /api/upload': json(201, { url: '/uploads/aaaaaaaaaaaaaaaaaaaaaaaa.jpg' }),
    });
    const onPick = vi.fn();
    renderInRoot(<ImagePicker label="Insert image" onPick={onPick} />);
    const open = async () => {
      await user.click(screen.getByRole('button', { name: 'Insert image' }));
      return screen.findByRole('dialog', { name: 'Choose an image' });
    };
    let dialog = await open();
    await user.click(within(dialog).getByRole('tab', { name: 'Upload' }));
    await user.upload(within(dialog).getByLabelText('Image file'), new File(['x'], 'tram.png', { type: 'image/png' }));
    await waitFor(() => expect(onPick).toHaveBeenLastCalledWith({ url: '/uploads/aaaaaaaaaaaaaaaaaaaaaaaa.jpg', alt: '' }));
    expect(callsTo(fetchMock, 'POST /api/upload')).toHaveLength(1);

    dialog = await open();
    await user.click(within(dialog).getByRole('tab', { name: 'Presets' }));
    await user.click(within(dialog).getByRole('button', { name: 'London Bridge' }));
    expect(onPick).toHaveBeenLastCalledWith({ url: '/images/presets/london-bridge.jpg', alt: 'London Bridge' });

    dialog = await open();
    await user.click(within(dialog).getByRole('tab', { name: 'URL' }));
    await user.type(within(dialog).getByLabelText('Image address'), 'javascript:alert(1)');
    await user.click(within(dialog).getByRole('button', { name: 'Use this address' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('http(s)');
    await user.clear(within(dialog).getByLabelText('Image address'));
    await user.type(within(dialog).getByLabelText('Image address'), 'https://example.com/pho.jpg');
    await user.click(within(dialog).getByRole('button', { name: 'Use this address' }));
    expect(onPick).toHaveBeenLastCalledWith({ url: 'https://example.com/pho.jpg', alt: '' });
  });
});
