import * as ToastPrimitive from '@radix-ui/react-toast';
import { createRoot, type Root } from 'react-dom/client';
import { useToasts } from './toast-store';

/** 5000 ms, swipe right past 50 px, F8 focuses the viewport labelled 'Notifications (F8)'. */
const TOAST_DURATION = 5000;

export function Toaster() {
  const { toasts, dismiss } = useToasts();
  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION} swipeDirection="right" swipeThreshold={50} label="Notifications">
      {toasts.map((t) => (
        <ToastPrimitive.Root
          key={t.id}
          open={t.open}
          onOpenChange={(open) => {
            if (!open) dismiss(t.id);
          }}
          className={`fc-toast ${t.variant === 'destructive' ? 'fc-toast--destructive' : ''}`}
        >
          <ToastPrimitive.Title className="fc-toast__title">{t.title}</ToastPrimitive.Title>
          {t.description && <ToastPrimitive.Description className="fc-toast__description">{t.description}</ToastPrimitive.Description>}
          {t.link && (
            <a className="fc-toast__link" href={t.link.href}>
              {t.link.label}
            </a>
          )}
          {t.action && (
            <ToastPrimitive.Action className="fc-toast__action" altText={t.action.altText} onClick={t.action.onClick}>
              {t.action.label}
            </ToastPrimitive.Action>
          )}
          <ToastPrimitive.Close className="fc-toast__close" aria-label="Close">
            ×
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport className="fc-toast-viewport" hotkey={['F8']} label="Notifications ({hotkey})" />
    </ToastPrimitive.Provider>
  );
}

let mounted: { root: Root; host: HTMLElement } | undefined;

/** Mounts the page's one Toaster the first time any island needs it. */
export function ensureToaster(): void {
  if (mounted || typeof document === 'undefined') return;
  const host = document.createElement('div');
  host.dataset.toaster = '';
  document.body.append(host);
  mounted = { root: createRoot(host), host };
  mounted.root.render(<Toaster />);
}

/** Takes the Toaster off the page again (between component tests). */
export function unmountToaster(): void {
  mounted?.root.unmount();
  mounted?.host.remove();
  mounted = undefined;
}
