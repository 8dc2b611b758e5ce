import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { useAuth } from '../shared/auth-store';
import { IslandRoot } from '../shared/IslandRoot';
import './admin.css';
import { HeroEditorDialog } from './HeroEditorDialog';
import { insertHeroSlots, insertPostBodySlots } from './page-slots';
import { PostContentAdmin } from './PostContentAdmin';
import { restoreAfterRepublish, showRepublishedPage } from './publish';

function mount(container: HTMLElement, node: ReactNode): void {
  createRoot(container).render(<IslandRoot>{node}</IslandRoot>);
}

/**
 * The admin's in-place editing on a static page. The page's UI hint (a readable cookie) only says
 * someone may be signed in; the server decides. Signed in: Edit Image on the hero, and Edit,
 * Delete, Add content and Refresh controls on the body. Otherwise the hint is dropped and the page
 * stays exactly what visitors see.
 */
export async function bootAdmin(): Promise<void> {
  const user = await useAuth.getState().load();
  if (!user) {
    delete document.documentElement.dataset.admin;
    restoreAfterRepublish({ showMessage: false });
    return;
  }
  for (const { container, target } of insertHeroSlots()) {
    mount(container, <HeroEditorDialog target={target} onSaved={showRepublishedPage} />);
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
