import { createRoot } from 'react-dom/client';
import { IslandRoot } from '../shared/IslandRoot';
import { ContactDialog, useContactDialog } from './ContactDialog';

let mounted = false;

/**
 * Opens the contact dialog, mounting it on first use. The footer's Contact link loads this module
 * only when clicked, so readers who never write to us never download React for it.
 */
export function openContact(opener: HTMLElement | null): void {
  if (!mounted) {
    mounted = true;
    const host = document.createElement('div');
    document.body.append(host);
    createRoot(host).render(
      <IslandRoot>
        <ContactDialog />
      </IslandRoot>,
    );
  }
  useContactDialog.getState().openFrom(opener);
}
