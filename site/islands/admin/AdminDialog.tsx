import * as Dialog from '@radix-ui/react-dialog';
import type { ReactElement, ReactNode } from 'react';
import { useInertPage } from '../shared/inert-page';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens the dialog; focus returns to it when the dialog closes. */
  trigger: ReactElement;
  title: string;
  description: string;
  children: ReactNode;
}

/**
 * The frame every in-place editor shares: a modal Radix dialog with a title and description, so
 * focus is trapped inside, the page behind is inert, Escape closes it and focus goes back to the
 * control that opened it.
 */
export function AdminDialog({ open, onOpenChange, trigger, title, description, children }: Props) {
  useInertPage(open);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fc-overlay" />
        <Dialog.Content className="fc-dialog fc-admin-dialog">
          <Dialog.Title>{title}</Dialog.Title>
          <Dialog.Description className="fc-dialog__description">{description}</Dialog.Description>
          {children}
          <Dialog.Close className="fc-dialog__close" aria-label="Close">
            <span aria-hidden="true">×</span>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The dialogs' secondary action. */
export function CancelButton() {
  return (
    <Dialog.Close asChild>
      <button type="button" className="button button--ghost">
        Cancel
      </button>
    </Dialog.Close>
  );
}
