import { create } from 'zustand';

/** At most one toast at a time; a dismissed toast is removed after 1,000,000 ms. */
const TOAST_LIMIT = 1;
const TOAST_REMOVE_DELAY = 1_000_000;

/** A button on a toast (Undo): it closes the toast; `altText` tells screen readers how to do it without the toast. */
export interface ToastAction {
  label: string;
  altText: string;
  onClick: () => void;
}

export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  /** An optional link shown under the description. */
  link?: { href: string; label: string };
  action?: ToastAction;
  open: boolean;
}

interface ToastState {
  toasts: Toast[];
  toast: (toast: Omit<Toast, 'id' | 'open'>) => number;
  dismiss: (id: number) => void;
  remove: (id: number) => void;
}

let nextId = 1;

export const useToasts = create<ToastState>((set, get) => ({
  toasts: [],
  toast(toast) {
    const id = nextId++;
    set({ toasts: [{ ...toast, id, open: true }, ...get().toasts].slice(0, TOAST_LIMIT) });
    return id;
  },
  dismiss(id) {
    set({ toasts: get().toasts.map((t) => (t.id === id ? { ...t, open: false } : t)) });
    setTimeout(() => get().remove(id), TOAST_REMOVE_DELAY);
  },
  remove(id) {
    set({ toasts: get().toasts.filter((t) => t.id !== id) });
  },
}));

/** Shows a toast from anywhere (islands, plain modules). */
export const toast = (t: Omit<Toast, 'id' | 'open'>) => useToasts.getState().toast(t);
