// Inlined as a string and added to the page when first needed, like boot.tsx's admin styles: a
// stylesheet imported the usual way would join the CSS chunks the admin pages share and reorder
// them, and on the site's pages it would reach every visitor.
import historyCss from './history.css?inline';

/** Adds the history, trash and confirmation styles to the page once. */
export function ensureHistoryStyles(): void {
  if (typeof document === 'undefined' || document.head.querySelector('style[data-history-styles]')) return;
  const styles = document.createElement('style');
  styles.dataset.historyStyles = '';
  styles.textContent = historyCss;
  document.head.append(styles);
}
