import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SpreadsheetDialog } from './SpreadsheetDialog';
import { currentToast, isDisabled, json, PUBLISHED, renderIsland, stubApi, fieldValue, writes } from './test-api';

async function openDialog(current = '', onSaved = vi.fn()) {
  const user = userEvent.setup();
  renderIsland(<SpreadsheetDialog cityId={4} current={current} onSaved={onSaved} />);
  await user.click(screen.getByRole('button', { name: 'Spreadsheet' }));
  const dialog = await screen.findByRole('dialog', { name: 'Itinerary Spreadsheet' });
  const field = within(dialog).getByLabelText('Spreadsheet URL');
  return { user, dialog, field, onSaved, save: () => within(dialog).getByRole('button', { name: 'Save' }) };
}

describe('the itinerary spreadsheet dialog', () => {
  it('opens with a labelled, empty URL field, Save disabled and nothing to remove', async () => {
    const { dialog, field, save } = await openDialog();
    expect(document.getElementById(dialog.getAttribute('aria-describedby') ?? '')?.textContent).toMatch(/new tab/);
    expect(fieldValue(field)).toBe('');
    expect(field.getAttribute('type')).toBe('url');
    expect(isDisabled(save())).toBe(true);
    expect(within(dialog).queryByRole('button', { name: 'Remove' })).toBeNull();
  });

  it('saves a trimmed link through PATCH /api/cities/:id, confirms, closes and shows the page', async () => {
    const calls = stubApi({ 'PATCH /api/cities/4': ({ body }) => json(200, { id: 4, ...(body as object) }, PUBLISHED) });
    const { user, field, save, onSaved } = await openDialog();
    await user.type(field, '  https://sheets.example/lisbon  ');
    await user.click(save());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes(calls)).toEqual([{ method: 'PATCH', url: '/api/cities/4', body: { spreadsheetUrl: 'https://sheets.example/lisbon' } }]);
    expect(currentToast()).toEqual({ title: 'Spreadsheet Updated', description: 'Published in 42 ms' });
    expect(onSaved).toHaveBeenCalledOnce();
    // Focus goes back to the control that opened the dialog.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Spreadsheet' }));
  });

  it('removes the current link with null', async () => {
    const calls = stubApi({ 'PATCH /api/cities/4': () => json(200, { id: 4, spreadsheetUrl: null }, PUBLISHED) });
    const { user, dialog, field } = await openDialog('https://sheets.example/old');
    expect(fieldValue(field)).toBe('https://sheets.example/old');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(currentToast()).toEqual({ title: 'Spreadsheet Removed', description: 'Published in 42 ms' }));
    expect(writes(calls)).toEqual([{ method: 'PATCH', url: '/api/cities/4', body: { spreadsheetUrl: null } }]);
  });

  it('refuses a link that is not http(s) without calling the API', async () => {
    const calls = stubApi({});
    const { user, dialog, field, save } = await openDialog();
    await user.type(field, 'javascript:alert(1)');
    await user.click(save());
    expect(currentToast()).toEqual({ title: 'Invalid Link', description: 'Please enter a web address starting with http:// or https://.' });
    expect(writes(calls)).toEqual([]);
    expect(screen.getByRole('dialog')).toBe(dialog);
  });

  it("shows the server's message when the update fails, and stays open", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubApi({
      'PATCH /api/cities/4': () =>
        json(400, { message: 'That spreadsheet address is too long (at most 2048 characters).', code: 'validation' }),
    });
    const { user, field, save } = await openDialog();
    await user.type(field, 'https://sheets.example/x');
    await user.click(save());
    await waitFor(() =>
      expect(currentToast()).toEqual({
        title: 'Update Failed',
        description: 'That spreadsheet address is too long (at most 2048 characters).',
      }),
    );
    expect(screen.getByRole('dialog', { name: 'Itinerary Spreadsheet' })).toBeTruthy();
  });
});
