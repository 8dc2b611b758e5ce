import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TrashItem } from '@forkcast/shared/contracts';
import { currentToast, json, noContent, renderIsland, stubApi, writes } from '../test-api';
import { DashboardTrash } from './DashboardHistory';

const AT = '2026-11-20T09:30:00.000Z';
const ITEM: TrashItem = { kind: 'post', id: 7, title: 'Ramen at dawn', deletedAt: AT, deletedBy: 'Editor', purgeAt: AT };

describe('deleting from the trash for good', () => {
  it('asks first, deletes one item forever, says so and puts focus on the trash heading', async () => {
    let trash = [ITEM];
    const calls = stubApi({
      'GET /api/trash': () => json(200, trash),
      'DELETE /api/trash/post/7': () => {
        trash = [];
        return noContent();
      },
    });
    renderIsland(<DashboardTrash />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Ramen at dawn forever' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Ramen at dawn forever?' });
    expect(writes(calls)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Delete forever' }));
    await waitFor(() => expect(currentToast()?.title).toBe('Deleted forever'));
    expect(writes(calls).map((call) => `${call.method} ${call.url}`)).toEqual(['DELETE /api/trash/post/7']);
    await screen.findByText('The trash is empty.');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Trash' })));
  });

  it('empties the trash after a confirm, and a refusal shows in the dialog', async () => {
    const calls = stubApi({
      'GET /api/trash': () => json(200, [ITEM]),
      'DELETE /api/trash': () => json(403, { message: 'Only editors can do that.', code: 'forbidden' }),
    });
    renderIsland(<DashboardTrash />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Empty trash' }));
    const dialog = await screen.findByRole('dialog', { name: 'Empty the trash?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete forever' }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty('textContent', 'Only editors can do that.');
    expect(writes(calls).map((call) => `${call.method} ${call.url}`)).toEqual(['DELETE /api/trash']);
  });
});
