import { useEffect } from 'react';

/** The page's own landmarks, the direct children of body that a modal dialog covers. */
const PAGE_REGIONS = 'body > :is(.skip-link, header, main, footer)';

/**
 * While a modal dialog is open the page behind it is made inert: out of the accessibility tree,
 * out of the tab order and unclickable. Radix hides it with aria-hidden, but that library keeps
 * every ancestor of a <script> exposed, and Astro writes island and component scripts inside
 * <main>, so without this a screen reader could still wander from the dialog into the page.
 * The toasts live outside these regions and stay announced.
 */
export function useInertPage(open: boolean): void {
  useEffect(() => {
    if (!open) return;
    const regions = [...document.querySelectorAll<HTMLElement>(PAGE_REGIONS)].filter((el) => !el.hasAttribute('inert'));
    for (const el of regions) el.setAttribute('inert', '');
    return () => {
      for (const el of regions) el.removeAttribute('inert');
    };
  }, [open]);
}
