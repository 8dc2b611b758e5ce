import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, json, mockFetch, renderInRoot } from '../Dashboard.test-utils';
import { DashboardMedia } from './DashboardMedia';
import { mediaItem, mediaPage } from './media.test-utils';

const ITEM = mediaItem({ usedBy: [{ kind: 'post', id: 3, title: 'Ramen at midnight', path: '/kyoto/ramen' }] });
const PAGE = mediaPage([ITEM]);
const IN_USE = 'This image is still used by Ramen at midnight (/kyoto/ramen); replace it there first.';

describe('the media section', () => {
  it('shows thumbnails cropped at their focal point, and searches', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({
      'GET /api/media?page=1': json(200, { ...PAGE, items: [{ ...ITEM, focalPoint: { x: 0.2, y: 0.75 } }] }),
      'GET /api/media?q=noodles&page=1': json(200, mediaPage([])),
    });
    renderInRoot(<DashboardMedia />);
    const tile = await screen.findByRole('button', { name: /ramen\.jpg/ });
    expect(tile.textContent).toContain('1600 × 900');
    expect(tile.querySelector('img')!.style.objectPosition).toBe('20% 75%');
    await user.type(screen.getByLabelText('Search the library'), 'noodles');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByText('No images match “noodles”.');
    expect(callsTo(fetchMock, 'GET /api/media?q=noodles&page=1')).toHaveLength(1);
  });

  it('sets the focal point and alt text, and shows why an image in use cannot be deleted', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({
      'GET /api/media?page=1': json(200, PAGE),
      'PATCH /api/media/7': json(200, { ...ITEM, focalPoint: { x: 0.55, y: 0.5 } }),
      'DELETE /api/media/7': json(409, { message: IN_USE, code: 'conflict' }),
    });
    renderInRoot(<DashboardMedia />);
    await user.click(await screen.findByRole('button', { name: /ramen\.jpg/ }));
    const dialog = await screen.findByRole('dialog', { name: 'ramen.jpg' });
    expect(within(dialog).getByRole('link', { name: 'Ramen at midnight' }).getAttribute('href')).toBe('/kyoto/ramen');
    within(dialog)
      .getByRole('button', { name: /Focal point at 50% from the left/ })
      .focus();
    await user.keyboard('{ArrowRight}');
    within(dialog).getByRole('button', { name: /Focal point at 55% from the left/ });
    const alt = within(dialog).getByLabelText('Alt text');
    await user.clear(alt);
    await user.type(alt, 'Ramen with an egg');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(fetchMock, 'PATCH /api/media/7')).toHaveLength(1));
    expect(JSON.parse(String(callsTo(fetchMock, 'PATCH /api/media/7')[0]!.body))).toEqual({
      alt: 'Ramen with an egg',
      focalPoint: { x: 0.55, y: 0.5 },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(IN_USE);
  });
});
