const FOCUSABLE = 'a[href], button:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';

/**
 * Progressive enhancement for the mobile menu, a <details> element that already opens and closes
 * without JavaScript: while open, Tab cycles inside it and Escape closes it and returns focus to
 * its toggle; following a link closes it too.
 */
export function enhanceDrawer(drawer: HTMLDetailsElement): void {
  const toggle = drawer.querySelector('summary');
  if (!toggle) return;
  drawer.addEventListener('toggle', () => {
    if (drawer.open) drawer.querySelector<HTMLElement>('nav a')?.focus();
  });
  drawer.addEventListener('keydown', (event) => {
    if (!drawer.open) return;
    if (event.key === 'Escape') {
      drawer.open = false;
      toggle.focus();
      return;
    }
    if (event.key !== 'Tab') return;
    const items = [...drawer.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null || el === toggle);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  });
  drawer.addEventListener('click', (event) => {
    if ((event.target as Element).closest('a')) drawer.open = false;
  });
}
