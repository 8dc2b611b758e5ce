import { ORIGINAL_BLOCK_ID } from '@forkcast/shared/contracts';

/** Which hero an Edit Image control changes: the homepage's, or one post's (by slug, with its title for default alt text). */
export type HeroTarget = { kind: 'home' } | { kind: 'post'; slug: string; title: string };

export interface HeroSlot {
  container: HTMLElement;
  target: HeroTarget;
}

/** Where the Spreadsheet control of a guide's itinerary card sits (ItineraryCard.astro). */
export interface ItinerarySlot {
  container: HTMLElement;
  cityId: number;
  /** The city's external spreadsheet, '' when it has none. */
  spreadsheetUrl: string;
}

/** A paragraph section of a rendered body (PostBody.astro). */
interface SectionSlot {
  container: HTMLElement;
  position: number;
  blockId: number;
  /** The section's visible text: a last resort when its Markdown cannot be fetched. */
  text: string;
}

/** An inline addition of a rendered body. */
export interface ItemSlot {
  container: HTMLElement;
  itemId: number;
  position: number;
  kind: 'text' | 'image';
}

/** Where an add-content control sits: after paragraph `position - 1` and the additions that follow it. */
interface AddSlot {
  container: HTMLElement;
  position: number;
}

export interface PostBodySlots {
  postId: number;
  postSlug: string;
  /** The post's title, as its heading shows it. */
  postTitle: string;
  /** The post's editing toolbar, above the body; the post's React root is mounted here. */
  toolbar: HTMLElement;
  sections: SectionSlot[];
  items: ItemSlot[];
  adds: AddSlot[];
}

// Marks an element that already carries admin controls, so booting twice adds nothing.
const READY = 'adminReady';

function slot(className: string): HTMLElement {
  const element = document.createElement('div');
  element.className = className;
  element.dataset.adminSlot = '';
  return element;
}

const whole = (value: string | undefined): number | null => {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isInteger(n) ? n : null;
};

function claim(element: HTMLElement): boolean {
  if (element.dataset[READY] !== undefined) return false;
  element.dataset[READY] = '';
  return true;
}

/** Which heroes get controls: the homepage's, and which posts' by slug (what the signed-in role may edit). */
export interface Editable {
  home: boolean;
  post: (slug: string) => boolean;
}

const EVERYTHING: Editable = { home: true, post: () => true };

/** The slugs of the posts on a page (its articles'), so what may be edited is known before any control goes in. */
export function postSlugsOnPage(root: ParentNode = document): string[] {
  return [...new Set([...root.querySelectorAll<HTMLElement>('[data-post-slug]')].map((article) => article.dataset.postSlug ?? ''))].filter(
    Boolean,
  );
}

/**
 * Adds a control container to every hero `editable` allows: `figure[data-hero]` inside an article
 * with a data-post-slug edits that post's hero; a `section.home-hero` (or a data-hero outside any
 * post) edits the homepage's.
 */
export function insertHeroSlots(root: ParentNode = document, editable: Editable = EVERYTHING): HeroSlot[] {
  const slots: HeroSlot[] = [];
  for (const hero of root.querySelectorAll<HTMLElement>('[data-hero], section.home-hero')) {
    const article = hero.closest<HTMLElement>('[data-post-slug]');
    const slug = article?.dataset.postSlug;
    if (!(slug ? editable.post(slug) : editable.home) || !claim(hero)) continue;
    // The post's heading is its title, as rendered for every reader.
    const title = (article?.querySelector('h1')?.textContent ?? '').trim();
    const container = slot('fc-admin-controls fc-admin-controls--hero');
    hero.classList.add('fc-admin-anchor');
    hero.append(container);
    slots.push({ container, target: slug ? { kind: 'post', slug, title } : { kind: 'home' } });
  }
  return slots;
}

/** Adds a control container to every itinerary card that names its city. */
export function insertItinerarySlots(root: ParentNode = document): ItinerarySlot[] {
  const slots: ItinerarySlot[] = [];
  for (const card of root.querySelectorAll<HTMLElement>('[data-itinerary-city-id]')) {
    const cityId = whole(card.dataset.itineraryCityId);
    if (cityId === null || !claim(card)) continue;
    const container = slot('fc-admin-controls fc-admin-controls--itinerary');
    card.classList.add('fc-admin-anchor');
    card.append(container);
    slots.push({ container, cityId, spreadsheetUrl: card.dataset.spreadsheetUrl ?? '' });
  }
  return slots;
}

function sectionSlots(body: HTMLElement): SectionSlot[] {
  const slots: SectionSlot[] = [];
  for (const section of body.querySelectorAll<HTMLElement>(':scope > .post-body__section')) {
    const position = whole(section.dataset.position);
    if (position === null) continue;
    const text = (section.textContent ?? '').trim();
    const container = slot('fc-admin-controls');
    section.classList.add('fc-admin-anchor');
    section.append(container);
    slots.push({ container, position, blockId: whole(section.dataset.blockId) ?? ORIGINAL_BLOCK_ID, text });
  }
  return slots;
}

function itemSlots(body: HTMLElement): ItemSlot[] {
  const slots: ItemSlot[] = [];
  for (const item of body.querySelectorAll<HTMLElement>(':scope > [data-item-id]')) {
    const itemId = whole(item.dataset.itemId);
    if (itemId === null) continue;
    const container = slot('fc-admin-controls');
    item.classList.add('fc-admin-anchor');
    item.append(container);
    slots.push({ container, itemId, position: whole(item.dataset.position) ?? 0, kind: item.matches('figure') ? 'image' : 'text' });
  }
  return slots;
}

// A slot after each paragraph. It goes after the additions already following that
// paragraph, which is exactly where a new addition at `position + 1` will appear.
function addSlots(body: HTMLElement, sections: readonly SectionSlot[]): AddSlot[] {
  return sections.map(({ container: controls, position }) => {
    let next = controls.parentElement?.nextElementSibling ?? null;
    while (next && !next.matches('.post-body__section')) next = next.nextElementSibling;
    const container = slot('fc-admin-add');
    body.insertBefore(container, next);
    return { container, position: position + 1 };
  });
}

/** Adds control containers to every post body on the page `editable` allows (one per article). */
export function insertPostBodySlots(root: ParentNode = document, editable: Editable = EVERYTHING): PostBodySlots[] {
  const bodies: PostBodySlots[] = [];
  for (const body of root.querySelectorAll<HTMLElement>('[data-post-body]')) {
    const article = body.closest<HTMLElement>('[data-post-id]');
    const postId = whole(article?.dataset.postId);
    if (!article || postId === null || !editable.post(article.dataset.postSlug ?? '') || !claim(body)) continue;
    const toolbar = slot('fc-admin-toolbar');
    body.before(toolbar);
    const sections = sectionSlots(body);
    const items = itemSlots(body);
    const postTitle = (article.querySelector('h1')?.textContent ?? '').trim();
    bodies.push({ postId, postSlug: article.dataset.postSlug ?? '', postTitle, toolbar, sections, items, adds: addSlots(body, sections) });
  }
  return bodies;
}

/** Where the editing toolbar of a page an editor wrote sits: above its text (`[data-site-page-id]`). */
export interface SitePageSlot {
  container: HTMLElement;
  pageId: number;
}

/** Adds a toolbar container above every written page's text on this page. */
export function insertSitePageSlots(root: ParentNode = document): SitePageSlot[] {
  const slots: SitePageSlot[] = [];
  for (const text of root.querySelectorAll<HTMLElement>('[data-site-page-id]')) {
    const pageId = whole(text.dataset.sitePageId);
    if (pageId === null || !claim(text)) continue;
    const container = slot('fc-admin-toolbar');
    text.before(container);
    slots.push({ container, pageId });
  }
  return slots;
}
