import { diffWords } from 'diff';
import {
  listUsers,
  type CityState,
  type Db,
  type EntityRef,
  type EntityState,
  type HeroState,
  type PageState,
  type PostState,
  type RestaurantRow,
} from '@forkcast/content-db';
import type { DiffPart, FieldDiff } from '@forkcast/shared/contracts';

type Fields = [label: string, value: string][];

const section = (position: number) => `Section ${position + 1}`;
const place = (position: number) => (position === 0 ? 'before section 1' : `after section ${position}`);

/** The names a diff shows for the ids a state holds. */
export interface Names {
  cities: ReadonlyMap<number, string>;
  users: ReadonlyMap<number, string>;
}

function postFields(state: PostState, { cities: cityNames, users }: Names): Fields {
  const { post } = state;
  const status = post.published === 1 ? 'Published' : post.publishAt ? `Scheduled for ${post.publishAt}` : 'Draft';
  const fields: Fields = [
    ['Title', post.title],
    ['Status', status],
    ['Slug', post.slug],
    ['Type', post.type === 'guide' ? 'City guide' : 'Post'],
    ['City', post.cityId === null ? 'No city' : (cityNames.get(post.cityId) ?? `City ${post.cityId}`)],
    ['Date', post.publishedAt ?? ''],
    ['Tags', (JSON.parse(post.tags) as string[]).join(', ')],
    ['Authors', state.authorIds.map((id) => users.get(id) ?? `User ${id}`).join(', ')],
    ['Excerpt', post.excerpt],
    ['Hero image', post.heroImage ?? ''],
    ['Hero alt text', post.heroAlt],
    ...seoLines(post),
    ['Text', post.content],
  ];
  for (const block of state.blocks) fields.push([`${section(block.position)} (edited)`, block.content]);
  for (const item of state.items) {
    fields.push([
      `Added ${item.type === 'image' ? 'image' : 'text'} ${place(item.position)} (#${item.id})`,
      item.type === 'image' ? `${item.content}\nAlt: ${item.alt}` : item.content,
    ]);
  }
  return fields;
}

function restaurantLine(r: RestaurantRow): string {
  const when = [r.day === null ? '' : `Day ${r.day}`, r.meal ?? ''].filter(Boolean).join(', ');
  const where = [r.neighborhood, r.cuisine, r.address, r.url].filter(Boolean).join(' · ');
  const pin = r.lat === null || r.lng === null ? '' : ` (${r.lat}, ${r.lng})`;
  return `${when ? `${when}: ` : ''}${r.name}${where ? ` — ${where}` : ''}${pin}${r.notes ? `\n  ${r.notes}` : ''}`;
}

function cityFields(state: CityState): Fields {
  const { city } = state;
  return [
    ['Name', city.name],
    ['Slug', city.slug],
    ['Country', city.country],
    ['Description', city.description],
    ['Hero image', city.heroImage ?? ''],
    ['Hero alt text', city.heroAlt],
    ['Area map', city.mapEmbedUrl ?? ''],
    ['Spreadsheet', city.spreadsheetUrl ?? ''],
    ['Order', String(city.displayOrder)],
    ['Itinerary', state.restaurants.map(restaurantLine).join('\n')],
  ];
}

// The search fields read the same on a page as on a post.
const seoLines = (row: PageState['page'] | PostState['post']): Fields => [
  ['Meta title', row.metaTitle ?? ''],
  ['Meta description', row.metaDescription ?? ''],
  ['Share image', row.ogImage ?? ''],
  ['Canonical URL', row.canonicalUrl ?? ''],
  ['Search engines', row.noindex === 1 ? 'Kept out (noindex)' : 'Indexed'],
];

function pageFields({ page }: PageState): Fields {
  return [
    ['Title', page.title],
    ['Status', page.status === 'published' ? 'Published' : 'Draft'],
    ['Slug', page.slug],
    ['Footer', page.inFooter === 1 ? 'Linked in the footer' : 'Not in the footer'],
    ...seoLines(page),
    ['Text', page.content],
  ];
}

function heroFields(state: HeroState): Fields {
  return [
    ['Image', state.image ?? '(the default picture)'],
    ['Alt text', state.alt ?? ''],
  ];
}

function fieldsOf(ref: EntityRef, state: EntityState | null, names: Names): Map<string, string> {
  if (state === null) return new Map();
  if (ref.entity === 'post') return new Map(postFields(state as PostState, names));
  if (ref.entity === 'city') return new Map(cityFields(state as CityState));
  if (ref.entity === 'page') return new Map(pageFields(state as PageState));
  return new Map(heroFields(state as HeroState));
}

/**
 * What a revision changed, field by field, as a word diff of readable text (jsdiff): only fields
 * whose text differs, each with the parts kept, removed and added. `before` is the revision before
 * (null when the entity did not exist).
 */
export function diffStates(ref: EntityRef, before: EntityState | null, after: EntityState | null, names: Names): FieldDiff[] {
  const old = fieldsOf(ref, before, names);
  const now = fieldsOf(ref, after, names);
  const labels = [...now.keys(), ...[...old.keys()].filter((label) => !now.has(label))];
  const diffs: FieldDiff[] = [];
  for (const label of labels) {
    const a = old.get(label) ?? '';
    const b = now.get(label) ?? '';
    if (a === b) continue;
    const parts: DiffPart[] = diffWords(a, b).map((part) => ({
      value: part.value,
      ...(part.added ? { added: true } : {}),
      ...(part.removed ? { removed: true } : {}),
    }));
    diffs.push({ label, parts });
  }
  return diffs;
}

/** Every city's name by id, for the City field of a post's diff (cities in the trash included). */
async function cityNames(db: Db): Promise<Map<number, string>> {
  const cities = await db.selectFrom('cities').select(['id', 'name']).execute();
  const trashed = await db.selectFrom('trash').select(['entityId as id', 'title as name']).where('kind', '=', 'city').execute();
  return new Map([...trashed, ...cities].map((city) => [city.id, city.name]));
}

/** Every city's and user's name by id: what a diff names a post's city and authors by. */
export async function diffNames(db: Db): Promise<Names> {
  const [cities, users] = await Promise.all([cityNames(db), listUsers(db)]);
  return { cities, users: new Map(users.map((user) => [user.id, user.name])) };
}
