import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { mayOnPost, roleAtLeast, type CurrentUser, type Post } from '@forkcast/shared/contracts';
import { getJson } from '../shared/api';
import { useAuth } from '../shared/auth-store';
import { IslandRoot } from '../shared/IslandRoot';
import { HeroEditorDialog } from './HeroEditorDialog';
import { HistoryDialog, HomeHeroHistory } from './history/HistoryDialog';
import {
  insertHeroSlots,
  insertItinerarySlots,
  insertPostBodySlots,
  insertSitePageSlots,
  postSlugsOnPage,
  type Editable,
} from './page-slots';
import { PostContentAdmin } from './PostContentAdmin';
import { restoreAfterRepublish, showRepublishedPage } from './publish';
import { SitePageAdmin } from './site-pages/SitePageAdmin';
import { SpreadsheetDialog } from './SpreadsheetDialog';
// Inlined into this module, not imported as a stylesheet: Astro would put an imported one into every
// page's CSS, for every visitor; this way only a signed-in admin's browser ever gets it.
import adminCss from './admin.css?inline';

function mount(container: HTMLElement, node: ReactNode): void {
  createRoot(container).render(<IslandRoot>{node}</IslandRoot>);
}

/**
 * What the signed-in user may edit on this page. Editors and above: everything. Authors: the posts
 * they wrote (asked of the API, whose answer names a post's authors). Contributors: nothing, as a
 * published page is never their draft. Only controls are hidden by it; the server decides.
 */
async function editableBy(user: CurrentUser): Promise<Editable> {
  if (roleAtLeast(user.role, 'editor')) return { home: true, post: () => true };
  if (user.role !== 'author') return { home: false, post: () => false };
  const mine = new Set<string>();
  for (const slug of postSlugsOnPage()) {
    const post = await getJson<Post>(`/api/posts/${encodeURIComponent(slug)}`).catch(() => null);
    if (post && mayOnPost(user, post, 'edit')) mine.add(slug);
  }
  return { home: false, post: (slug) => mine.has(slug) };
}

/**
 * In-place editing on a static page. The page's UI hint (a readable cookie) only says someone may
 * be signed in; the server decides. Signed in, each role gets the controls it may use: Edit Image
 * on a hero, Spreadsheet and history on a guide's itinerary card, and Edit, Delete, Add content
 * and Refresh on a body. Otherwise the hint is dropped and the page stays what visitors see.
 */
export async function bootAdmin(): Promise<void> {
  const user = await useAuth.getState().load();
  if (!user) {
    delete document.documentElement.dataset.admin;
    delete document.documentElement.dataset.role;
    restoreAfterRepublish({ showMessage: false });
    return;
  }
  document.documentElement.dataset.role = user.role;
  const editable = await editableBy(user);
  const manages = roleAtLeast(user.role, 'editor');
  const styles = document.createElement('style');
  styles.dataset.adminStyles = '';
  styles.textContent = adminCss;
  document.head.append(styles);
  for (const { container, target } of insertHeroSlots(document, editable)) {
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
  for (const { container, cityId, spreadsheetUrl } of manages ? insertItinerarySlots() : []) {
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
  for (const slots of insertPostBodySlots(document, editable)) {
    mount(slots.toolbar, <PostContentAdmin slots={slots} history={manages} onRepublish={showRepublishedPage} />);
  }
  // Pages (About, Terms, Privacy and those editors add) are the editors' to change, as /api/pages says.
  for (const { container, pageId } of manages ? insertSitePageSlots() : []) {
    mount(container, <SitePageAdmin pageId={pageId} onRepublish={showRepublishedPage} />);
  }
  // The control containers have fixed sizes in admin.css, so the layout is final already.
  restoreAfterRepublish({ showMessage: true });
}

// The layout imports this module only when the UI hint is set; the guard keeps a stray import
// (a test, a prefetch) from touching a visitor's page.
if (typeof document !== 'undefined' && document.documentElement.dataset.admin !== undefined) void bootAdmin();
