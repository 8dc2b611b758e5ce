import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { useAuth } from '../shared/auth-store';
import { IslandRoot } from '../shared/IslandRoot';
import { HeroEditorDialog } from './HeroEditorDialog';
import { HistoryDialog, HomeHeroHistory } from './history/HistoryDialog';
import { insertHeroSlots, insertItinerarySlots, insertPostBodySlots } from './page-slots';
import { PostContentAdmin } from './PostContentAdmin';
import { restoreAfterRepublish, showRepublishedPage } from './publish';
import { SpreadsheetDialog } from './SpreadsheetDialog';
// Inlined into this module, not imported as a stylesheet: Astro would put an imported one into every
// page's CSS, for every visitor; this way only a signed-in admin's browser ever gets it.
import adminCss from './admin.css?inline';

function mount(container: HTMLElement, node: ReactNode): void {
  createRoot(container).render(<IslandRoot>{node}</IslandRoot>);
}

/**
 * The admin's in-place editing on a static page. The page's UI hint (a readable cookie) only says
 * someone may be signed in; the server decides. Signed in: Edit Image on the hero, Spreadsheet on
 * a guide's itinerary card, and Edit, Delete, Add content and Refresh controls on the body.
 * Otherwise the hint is dropped and the page stays exactly what visitors see.
 */
export async function bootAdmin(): Promise<void> {
  const user = await useAuth.getState().load();
  if (!user) {
    delete document.documentElement.dataset.admin;
    restoreAfterRepublish({ showMessage: false });
    return;
  }
  const styles = document.createElement('style');
  styles.dataset.adminStyles = '';
  styles.textContent = adminCss;
  document.head.append(styles);
  for (const { container, target } of insertHeroSlots()) {
    mount(
      container,
      <>
        <HeroEditorDialog target={target} onSaved={showRepublishedPage} />
        {target.kind === 'home' && (
          <HomeHeroHistory
            trigger={
              <button type="button" className="fc-admin-button">
                History
              </button>
            }
          />
        )}
      </>,
    );
  }
  for (const { container, cityId, spreadsheetUrl } of insertItinerarySlots()) {
    mount(
      container,
      <>
        <SpreadsheetDialog cityId={cityId} current={spreadsheetUrl} onSaved={showRepublishedPage} />
        <HistoryDialog
          entity="city"
          entityId={cityId}
          name="this city and its itinerary"
          onRestored={showRepublishedPage}
          trigger={
            <button type="button" className="fc-admin-button" aria-label="History of this city and its itinerary">
              City history
            </button>
          }
        />
      </>,
    );
  }
  for (const slots of insertPostBodySlots()) {
    mount(slots.toolbar, <PostContentAdmin slots={slots} onRepublish={showRepublishedPage} />);
  }
  // The control containers have fixed sizes in admin.css, so the layout is final already.
  restoreAfterRepublish({ showMessage: true });
}

// The layout imports this module only when the UI hint is set; the guard keeps a stray import
// (a test, a prefetch) from touching a visitor's page.
if (typeof document !== 'undefined' && document.documentElement.dataset.admin !== undefined) void bootAdmin();
