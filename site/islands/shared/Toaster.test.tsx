import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Toaster } from './Toaster';
import { toast, useToasts } from './toast-store';

describe('toasts', () => {
  it('keeps at most one toast at a time, the newest', () => {
    toast({ title: 'First' });
    toast({ title: 'Second' });
    expect(useToasts.getState().toasts.map((t) => t.title)).toEqual(['Second']);
  });

  it('renders the toast in a viewport labelled for the F8 hotkey', () => {
    render(<Toaster />);
    act(() => void toast({ title: 'Saved', description: 'All good.' }));
    expect(screen.getByText('Saved')).toBeTruthy();
    expect(screen.getByText('All good.')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Notifications (F8)' })).toBeTruthy();
  });
});
