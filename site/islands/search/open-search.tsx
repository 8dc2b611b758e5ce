import { createRoot } from 'react-dom/client';
import { IslandRoot } from '../shared/IslandRoot';
import { SearchDialog, useSearchDialog } from './SearchDialog';
// Inlined into this module, not imported as a stylesheet: Astro would put an imported one into every
// page's CSS, for every visitor; this way only a reader who opens search gets it.
import searchCss from './search.css?inline';

let mounted = false;

/**
 * Opens the search dialog, mounting it on first use. The header's Search link and the '/' key load
 * this module only when used, so a reader who never searches downloads none of it.
 */
export function openSearch(opener: HTMLElement | null): void {
  if (!mounted) {
    mounted = true;
    const styles = document.createElement('style');
    styles.dataset.searchStyles = '';
    styles.textContent = searchCss;
    document.head.append(styles);
    const host = document.createElement('div');
    document.body.append(host);
    createRoot(host).render(
      <IslandRoot>
        <SearchDialog />
      </IslandRoot>,
    );
  }
  useSearchDialog.getState().openFrom(opener);
}
