import type { RestaurantRow } from '../schema.ts';
import type { CityState, EntityRef, EntityState, HeroState, PageState, PostState } from './entities.ts';
import { itemName, itemPlace, sectionName } from './trash-snapshots.ts';

/** Why a change was made: an ordinary edit, or one of the ways of going back. */
export type ChangeAction = 'edit' | 'restore' | 'undo' | 'trash-restore' | 'csv-upload';

export interface Description {
  kind: string;
  summary: string;
}

type RestaurantFields = Omit<RestaurantRow, 'id' | 'cityId' | 'position'>;
/** A restaurant as stored or as an upload brings it (optional fields may be missing). */
type ItineraryRow = Pick<RestaurantFields, 'name'> & Partial<RestaurantFields>;

/** How a new itinerary differs from the old one, restaurant by restaurant (matched by name, ignoring case). */
export interface ItineraryDiff {
  added: string[];
  removed: string[];
  changed: string[];
}

const COMPARED: (keyof RestaurantFields)[] = ['day', 'neighborhood', 'cuisine', 'meal', 'notes', 'address', 'url', 'lat', 'lng'];
const nameKey = (name: string) => name.trim().toLocaleLowerCase();

export function diffItinerary(before: readonly ItineraryRow[], after: readonly ItineraryRow[]): ItineraryDiff {
  const old = new Map(before.map((r) => [nameKey(r.name), r]));
  const now = new Map(after.map((r) => [nameKey(r.name), r]));
  const added = after.filter((r) => !old.has(nameKey(r.name))).map((r) => r.name);
  const removed = before.filter((r) => !now.has(nameKey(r.name))).map((r) => r.name);
  const changed = after
    .filter((r) => {
      const was = old.get(nameKey(r.name));
      return was !== undefined && COMPARED.some((field) => (was[field] ?? null) !== (r[field] ?? null));
    })
    .map((r) => r.name);
  return { added, removed, changed };
}

function itineraryPhrase(diff: ItineraryDiff): string | undefined {
  const parts = [
    diff.added.length > 0 ? `${diff.added.length} added` : '',
    diff.removed.length > 0 ? `${diff.removed.length} removed` : '',
    diff.changed.length > 0 ? `${diff.changed.length} changed` : '',
  ].filter(Boolean);
  return parts.length === 0 ? undefined : `itinerary: ${parts.join(', ')}`;
}

function listed(words: string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

const sentence = (phrases: string[]) => {
  const text = phrases.join('; ');
  return text.charAt(0).toUpperCase() + text.slice(1);
};

const POST_FIELDS: [keyof PostState['post'], string][] = [
  ['title', 'title'],
  ['slug', 'slug'],
  ['excerpt', 'excerpt'],
  ['content', 'text'],
  ['type', 'type'],
  ['cityId', 'city'],
  ['tags', 'tags'],
  ['publishedAt', 'date'],
  ['metaTitle', 'meta title'],
  ['metaDescription', 'meta description'],
  ['ogImage', 'share image'],
  ['canonicalUrl', 'canonical URL'],
  ['noindex', 'search visibility'],
];

function postChanges(before: PostState, after: PostState): { kind: string; phrases: string[] } {
  const a = before.post;
  const b = after.post;
  if (a.published !== b.published)
    return { kind: b.published ? 'published' : 'unpublished', phrases: [b.published ? 'published' : 'unpublished'] };
  if (a.publishAt !== b.publishAt)
    return { kind: 'scheduled', phrases: [b.publishAt ? `scheduled for ${b.publishAt}` : 'schedule cleared'] };
  // States stored before migration 0019 have no reviewAt: they were not in review.
  if ((a.reviewAt ?? null) !== (b.reviewAt ?? null))
    return { kind: 'review', phrases: [b.reviewAt ? 'submitted for review' : 'sent back to draft'] };
  const fields = POST_FIELDS.filter(([field]) => a[field] !== b[field]).map(([, label]) => label);
  if (before.authorIds.join() !== after.authorIds.join()) fields.push('authors');
  const hero = a.heroImage !== b.heroImage ? 'hero image' : a.heroAlt !== b.heroAlt ? 'hero alt text' : undefined;
  const phrases: string[] = [];
  if (fields.length > 0 || hero) phrases.push(`changed the ${listed([...fields, ...(hero ? [hero] : [])])}`);
  // New text drops the old blocks and items with it: the text change already says so.
  if (a.content === b.content) phrases.push(...bodyPhrases(before, after));
  const kind = fields.length > 0 ? 'edited' : hero ? 'hero' : 'body';
  return { kind, phrases: phrases.length > 0 ? phrases : ['saved without changes'] };
}

function bodyPhrases(before: PostState, after: PostState): string[] {
  const phrases: string[] = [];
  const oldBlocks = new Map(before.blocks.map((block) => [block.position, block]));
  const newBlocks = new Map(after.blocks.map((block) => [block.position, block]));
  for (const [position, block] of newBlocks) {
    if (oldBlocks.get(position)?.content !== block.content) phrases.push(`edited ${sectionName(position)}`);
  }
  for (const position of oldBlocks.keys()) if (!newBlocks.has(position)) phrases.push(`removed the edit of ${sectionName(position)}`);
  const oldItems = new Set(before.items.map((item) => item.id));
  const newItems = new Set(after.items.map((item) => item.id));
  const named = (item: PostState['items'][number]) => `${lowerFirst(itemName(item))} ${itemPlace(item.position)}`;
  for (const item of after.items) if (!oldItems.has(item.id)) phrases.push(`added ${named(item)}`);
  for (const item of before.items) if (!newItems.has(item.id)) phrases.push(`deleted ${named(item)}`);
  return phrases;
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

const CITY_FIELDS: [keyof CityState['city'], string][] = [
  ['name', 'name'],
  ['slug', 'slug'],
  ['country', 'country'],
  ['description', 'description'],
  ['heroImage', 'hero image'],
  ['heroAlt', 'hero alt text'],
  ['mapEmbedUrl', 'map'],
  ['spreadsheetUrl', 'spreadsheet'],
  ['displayOrder', 'order'],
];

function cityChanges(before: CityState, after: CityState): { kind: string; phrases: string[] } {
  const fields = CITY_FIELDS.filter(([field]) => before.city[field] !== after.city[field]).map(([, label]) => label);
  const itinerary = itineraryPhrase(diffItinerary(before.restaurants, after.restaurants));
  const phrases = [...(fields.length > 0 ? [`changed the ${listed(fields)}`] : []), ...(itinerary ? [itinerary] : [])];
  return {
    kind: itinerary && fields.length === 0 ? 'itinerary' : 'edited',
    phrases: phrases.length > 0 ? phrases : ['saved without changes'],
  };
}

const PAGE_FIELDS: [keyof PageState['page'], string][] = [
  ['title', 'title'],
  ['slug', 'slug'],
  ['content', 'text'],
  ['inFooter', 'footer link'],
  ['metaTitle', 'meta title'],
  ['metaDescription', 'meta description'],
  ['ogImage', 'share image'],
  ['canonicalUrl', 'canonical URL'],
  ['noindex', 'search visibility'],
];

function pageChanges(before: PageState, after: PageState): { kind: string; phrases: string[] } {
  const a = before.page;
  const b = after.page;
  if (a.status !== b.status) {
    const published = b.status === 'published';
    return { kind: published ? 'published' : 'unpublished', phrases: [published ? 'published' : 'unpublished'] };
  }
  const fields = PAGE_FIELDS.filter(([field]) => a[field] !== b[field]).map(([, label]) => label);
  return { kind: 'edited', phrases: fields.length > 0 ? [`changed the ${listed(fields)}`] : ['saved without changes'] };
}

function heroChanges(before: HeroState, after: HeroState): { kind: string; phrases: string[] } {
  if (before.image !== after.image) return { kind: 'hero', phrases: ['changed the image'] };
  return { kind: 'hero', phrases: [before.alt !== after.alt ? 'changed the alt text' : 'saved without changes'] };
}

/** What kind of change turned `before` into `after`, and a line saying what it did. */
export function describeChange(ref: EntityRef, before: EntityState | null, after: EntityState | null, action: ChangeAction): Description {
  if (action === 'trash-restore') return { kind: 'restored', summary: 'Restored from the trash' };
  if (before === null) return { kind: 'created', summary: action === 'csv-upload' ? 'Created from a CSV upload' : 'Created' };
  if (after === null) return { kind: 'deleted', summary: 'Deleted (kept in the trash for 30 days)' };
  const { kind, phrases } =
    ref.entity === 'post'
      ? postChanges(before as PostState, after as PostState)
      : ref.entity === 'city'
        ? cityChanges(before as CityState, after as CityState)
        : ref.entity === 'page'
          ? pageChanges(before as PageState, after as PageState)
          : heroChanges(before as HeroState, after as HeroState);
  if (action === 'restore') return { kind: 'restored', summary: sentence(['restored an earlier version', ...phrases]) };
  if (action === 'undo') return { kind: 'undone', summary: sentence(['undid a change', ...phrases]) };
  if (action === 'csv-upload') {
    const what = ref.entity === 'post' ? 'regenerated from a CSV upload' : 'updated from a CSV upload';
    return { kind: ref.entity === 'post' ? 'regenerated' : kind, summary: sentence([what, ...phrases]) };
  }
  return { kind, summary: sentence(phrases) };
}
