import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CHANGE_HEADER, type RevisionDetail, type RevisionSummary } from '@forkcast/shared/contracts';
import { json, PUBLISHED, renderIsland, stubApi, writes } from '../test-api';
import { HistoryDialog } from './HistoryDialog';

const AT = '2026-11-20T09:30:00.000Z';
const version = (id: number, kind: string, summary: string, extra: Partial<RevisionSummary> = {}): RevisionSummary => ({
  id,
  changeId: id,
  entity: 'post',
  entityId: 7,
  createdAt: AT,
  actor: 'Editor',
  actorId: 1,
  kind,
  summary,
  title: 'Ramen at dawn',
  current: false,
  restorable: true,
  ...extra,
});
const VERSIONS = [
  version(12, 'body', 'Edited section 2', { current: true, restorable: false }),
  version(11, 'edited', 'Changed the title'),
  version(10, 'earlier', 'As it was before its first recorded change'),
];
const DETAIL: RevisionDetail = {
  ...VERSIONS[1]!,
  hasPrevious: true,
  changes: [
    {
      label: 'Title',
      parts: [{ value: 'Ramen' }, { value: ' before sunrise', removed: true }, { value: ' at dawn', added: true }],
    },
  ],
};

const reload = vi.fn();
beforeEach(() => {
  reload.mockReset();
  vi.stubGlobal('location', { ...window.location, reload });
});

async function openHistory() {
  const onRestored = vi.fn();
  renderIsland(
    <HistoryDialog
      entity="post"
      entityId={7}
      name="'Ramen at dawn'"
      onRestored={onRestored}
      trigger={
        <button type="button" aria-label="History of this post">
          History
        </button>
      }
    />,
  );
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'History of this post' }));
  const dialog = await screen.findByRole('dialog', { name: "History of 'Ramen at dawn'" });
  return { user, dialog, onRestored };
}

describe('the history dialog', () => {
  it('lists the versions newest first with who, when and what, and shows a version as a diff', async () => {
    stubApi({ 'GET /api/revisions?entity=post&id=7': () => json(200, VERSIONS), 'GET /api/revisions/11': () => json(200, DETAIL) });
    const { user, dialog } = await openHistory();
    const list = await within(dialog).findByRole('list', { name: "Versions of 'Ramen at dawn', newest first" });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('.fc-history__summary')?.textContent)).toEqual([
      'Edited section 2',
      'Changed the title',
      'As it was before its first recorded change',
    ]);
    expect(items[0]!.textContent).toContain('Current version');
    expect(within(items[0]!).queryByRole('button', { name: /Restore this version/ })).toBeNull();
    expect(items[1]!.textContent).toContain('Editor');

    const show = within(items[1]!).getByRole('button', { name: 'Show changes' });
    await user.click(show);
    expect(show.getAttribute('aria-expanded')).toBe('true');
    const field = await within(items[1]!).findByRole('region', { name: 'Title' });
    expect(field.querySelector('del')?.textContent).toBe('removed:  before sunrise');
    expect(field.querySelector('ins')?.textContent).toBe('added:  at dawn');
  });

  it('restores a version in one click and announces it with an Undo that takes the restore back', async () => {
    const calls = stubApi({
      'GET /api/revisions?entity=post&id=7': () => json(200, VERSIONS),
      'POST /api/revisions/11/restore': () => json(200, { restored: [] }, { ...PUBLISHED, [CHANGE_HEADER]: '13' }),
      'POST /api/changes/13/undo': () => json(200, { restored: [] }, { ...PUBLISHED, [CHANGE_HEADER]: '14' }),
    });
    const { user, dialog, onRestored } = await openHistory();
    const restore = await within(dialog).findByRole('button', { name: /^Restore this version: Changed the title/ });
    await user.click(restore);
    await waitFor(() => expect(onRestored).toHaveBeenCalledOnce());
    expect(writes(calls).map((call) => `${call.method} ${call.url}`)).toEqual(['POST /api/revisions/11/restore']);

    const toast = (await screen.findByText('Version restored')).closest('li')!;
    // A plain click: the toast's swipe handling asks for pointer capture, which jsdom lacks.
    fireEvent.click(within(toast).getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(reload).toHaveBeenCalledOnce());
    expect(writes(calls).map((call) => `${call.method} ${call.url}`)).toEqual([
      'POST /api/revisions/11/restore',
      'POST /api/changes/13/undo',
    ]);
  });

  it('says why a restore was refused', async () => {
    stubApi({
      'GET /api/revisions?entity=post&id=7': () => json(200, VERSIONS),
      'POST /api/revisions/11/restore': () =>
        json(409, { message: "'Gyoza' uses the slug 'ramen' now; give it another slug first.", code: 'conflict' }),
    });
    const { user, dialog, onRestored } = await openHistory();
    await user.click(await within(dialog).findByRole('button', { name: /^Restore this version: Changed the title/ }));
    await waitFor(() => expect(screen.getByText("'Gyoza' uses the slug 'ramen' now; give it another slug first.")).toBeTruthy());
    expect(onRestored).not.toHaveBeenCalled();
  });
});
