import type { SeoFields, SitePageLayout } from '@forkcast/shared/contracts';
import { sitePagePath } from '@forkcast/shared/urls';
import type { Db } from '../db.ts';
import { recordBefore, recordCreated, recordEvent, recordTrashed } from '../revisions/capture.ts';
import type { PageState } from '../revisions/entities.ts';
import type { SitePageRow, SitePageStatus } from '../schema.ts';
import { TAG } from '../tags.ts';
import { recordRead, recordWrite } from '../tracking.ts';
import { seoColumns } from './seo-fields.ts';

/**
 * An editor's page (About-like: a title and Markdown at `/{slug}`), as the API and the site see it,
 * with its search and social fields. These are the site's written pages, not the publisher's
 * rendered routes (repositories/pages.ts).
 */
export interface SitePage extends SeoFields {
  id: number;
  slug: string;
  title: string;
  content: string;
  status: SitePageStatus;
  inFooter: boolean;
  version: number;
  createdAt: string;
  updatedAt: string;
  publishedAt: string | null;
  layout: SitePageLayout;
  /** The small line over the title; empty: the site's name. */
  kicker: string;
}

/** What a published page's link shows: the footer and the sitemap need no more. */
export interface SitePageLink {
  id: number;
  slug: string;
  title: string;
  inFooter: boolean;
  updatedAt: string;
  /** Kept out of search: the sitemap leaves it out. */
  noindex: boolean;
}

export interface SitePageInput extends Partial<SeoFields> {
  slug: string;
  title: string;
  content?: string;
  status?: SitePageStatus;
  inFooter?: boolean;
  layout?: SitePageLayout;
  kicker?: string;
}

const toSitePage = (row: SitePageRow): SitePage => ({ ...row, inFooter: row.inFooter === 1, noindex: row.noindex === 1 });

/** Every page, drafts too, by title: the admin's list. */
export async function listSitePages(db: Db): Promise<SitePage[]> {
  const rows = await db.selectFrom('sitePages').selectAll().orderBy('title').orderBy('id').execute();
  return rows.map(toSitePage);
}

export async function getSitePage(db: Db, id: number): Promise<SitePage | undefined> {
  const row = await db.selectFrom('sitePages').selectAll().where('id', '=', id).executeTakeFirst();
  if (row) recordRead(TAG.sitePage(row.id));
  return row && toSitePage(row);
}

/** The published page at `/{slug}`, if any: what its route renders. */
export async function getPublishedSitePage(db: Db, slug: string): Promise<SitePage | undefined> {
  // A page that is not there now may be published under this slug later.
  recordRead(TAG.sitePages);
  const row = await db.selectFrom('sitePages').selectAll().where('slug', '=', slug).where('status', '=', 'published').executeTakeFirst();
  if (row) recordRead(TAG.sitePage(row.id));
  return row && toSitePage(row);
}

/** Whether a page (of any status, other than `exceptId`) has this slug. */
export async function sitePageSlugTaken(db: Db, slug: string, exceptId?: number): Promise<boolean> {
  let query = db.selectFrom('sitePages').select('id').where('slug', '=', slug);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** Every published page's link, by title: the routes, the footer and the sitemap. */
export async function listPublishedSitePages(db: Db): Promise<SitePageLink[]> {
  recordRead(TAG.sitePages);
  const rows = await db
    .selectFrom('sitePages')
    .select(['id', 'slug', 'title', 'inFooter', 'updatedAt', 'noindex'])
    .where('status', '=', 'published')
    .orderBy('title')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ ...row, inFooter: row.inFooter === 1, noindex: row.noindex === 1 }));
}

/** The published pages an editor added to the footer, by title: what every page's footer links after SPEC's own. */
export async function listFooterSitePages(db: Db): Promise<{ slug: string; title: string }[]> {
  recordRead(TAG.footerSitePages);
  return db
    .selectFrom('sitePages')
    .select(['slug', 'title'])
    .where('status', '=', 'published')
    .where('inFooter', '=', 1)
    .orderBy('title')
    .orderBy('id')
    .execute();
}

type LinkFields = Pick<SitePageRow, 'id' | 'status' | 'inFooter' | 'slug' | 'title' | 'noindex'>;

// What the footer shows of a page: its link, while it is published and flagged.
const footerLink = (page: LinkFields) => (page.status === 'published' && page.inFooter === 1 ? `${page.slug}\n${page.title}` : undefined);
// What the routes and the sitemap read of a page: its link and whether search may index it, while it is published.
const liveLink = (page: LinkFields) =>
  page.status === 'published' ? `${page.slug}\n${page.title}\n${page.inFooter}\n${page.noindex}` : undefined;

/** The tags a page's write changes, from its row before and after (undefined: it did not, or no longer does, exist). */
function recordPageWrite(before: LinkFields | undefined, after: LinkFields | undefined): void {
  recordWrite(TAG.sitePage((after ?? before)!.id));
  if ((before && liveLink(before)) !== (after && liveLink(after))) recordWrite(TAG.sitePages);
  if ((before && footerLink(before)) !== (after && footerLink(after))) recordWrite(TAG.footerSitePages);
}

function announcePublished(page: SitePage): void {
  recordEvent('page.published', {
    page: {
      id: page.id,
      slug: page.slug,
      title: page.title,
      path: sitePagePath(page.slug),
      publishedAt: page.publishedAt,
      updatedAt: page.updatedAt,
    },
  });
}

/** Adds a page (a draft unless told otherwise); the caller has checked the slug is free. */
export async function createSitePage(db: Db, input: SitePageInput, now: string): Promise<SitePage> {
  const status = input.status ?? 'draft';
  const row = await db
    .insertInto('sitePages')
    .values({
      slug: input.slug,
      title: input.title,
      content: input.content ?? '',
      status,
      inFooter: input.inFooter ? 1 : 0,
      ...seoColumns(input),
      layout: input.layout ?? 'standard',
      kicker: input.kicker ?? '',
      createdAt: now,
      updatedAt: now,
      publishedAt: status === 'published' ? now : null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  recordCreated({ entity: 'page', id: row.id });
  recordPageWrite(undefined, row);
  const page = toSitePage(row);
  if (status === 'published') announcePublished(page);
  return page;
}

/** Changes the given fields of a page, moving its version; undefined when there is no such page. */
export async function updateSitePage(db: Db, id: number, change: Partial<SitePageInput>, now: string): Promise<SitePage | undefined> {
  const before = await db.selectFrom('sitePages').selectAll().where('id', '=', id).executeTakeFirst();
  if (!before) return undefined;
  await recordBefore(db, { entity: 'page', id });
  const status = change.status ?? before.status;
  const goesLive = status === 'published' && before.status !== 'published';
  const row = await db
    .updateTable('sitePages')
    .set({
      ...(change.slug !== undefined && { slug: change.slug }),
      ...(change.title !== undefined && { title: change.title }),
      ...(change.content !== undefined && { content: change.content }),
      ...(change.inFooter !== undefined && { inFooter: change.inFooter ? 1 : 0 }),
      ...seoColumns(change),
      ...(change.layout !== undefined && { layout: change.layout }),
      ...(change.kicker !== undefined && { kicker: change.kicker }),
      status,
      publishedAt: status === 'published' ? (goesLive ? now : before.publishedAt) : null,
      version: before.version + 1,
      updatedAt: now,
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  recordPageWrite(before, row);
  const page = toSitePage(row);
  if (goesLive) announcePublished(page);
  return page;
}

/** Deletes a page into the trash (its history kept); false when there was none. */
export async function deleteSitePage(db: Db, id: number): Promise<boolean> {
  await recordBefore(db, { entity: 'page', id });
  await recordTrashed(db, 'page', id);
  const row = await db
    .deleteFrom('sitePages')
    .where('id', '=', id)
    .returning(['id', 'status', 'inFooter', 'slug', 'title', 'noindex'])
    .executeTakeFirst();
  if (!row) return false;
  recordPageWrite(row, undefined);
  return true;
}

/**
 * Puts a page back as a stored state holds it, with its id (a restored version, or out of the
 * trash), creating it again if it is gone. Its version moves on from the current one, so an editor
 * holding an older version is still refused. The caller has checked the slug is free.
 */
export async function putSitePageState(db: Db, state: PageState, now: string): Promise<SitePage> {
  const { id, ...columns } = state.page;
  const before = await db.selectFrom('sitePages').selectAll().where('id', '=', id).executeTakeFirst();
  const version = Math.max(before?.version ?? 0, columns.version) + 1;
  const publishedAt = columns.status === 'published' ? (columns.publishedAt ?? now) : null;
  let row: SitePageRow;
  if (before) {
    await recordBefore(db, { entity: 'page', id });
    row = await db
      .updateTable('sitePages')
      .set({ ...columns, version, publishedAt, updatedAt: now })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  } else {
    row = await db
      .insertInto('sitePages')
      .values({ ...state.page, version, publishedAt, updatedAt: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    recordCreated({ entity: 'page', id });
  }
  recordPageWrite(before, row);
  const page = toSitePage(row);
  if (row.status === 'published' && before?.status !== 'published') announcePublished(page);
  return page;
}

/** A page as an export carries it: its row, id included (an export made before layouts had none: 'standard'). */
export type TransferredSitePage = Omit<SitePageRow, 'version' | 'layout' | 'kicker'> & Partial<Pick<SitePageRow, 'layout' | 'kicker'>>;

/** Every page, by id: what an export carries. */
export function allSitePages(db: Db): Promise<TransferredSitePage[]> {
  return db
    .selectFrom('sitePages')
    .select([
      'id',
      'slug',
      'title',
      'content',
      'status',
      'inFooter',
      'createdAt',
      'updatedAt',
      'publishedAt',
      'metaTitle',
      'metaDescription',
      'ogImage',
      'canonicalUrl',
      'noindex',
      'layout',
      'kicker',
    ])
    .orderBy('id')
    .execute();
}

/**
 * Puts an import's pages back with their ids, so they render as they did; they announce nothing. A
 * page of this site at one of their ids or slugs gives way (an empty site still has About, Terms
 * and Privacy from its seed).
 */
export async function putSitePages(db: Db, pages: readonly TransferredSitePage[]): Promise<void> {
  const ids = pages.map((page) => page.id);
  const slugs = pages.map((page) => page.slug);
  if (pages.length > 0) {
    const replaced = await db
      .deleteFrom('sitePages')
      .where((eb) => eb.or([eb('id', 'in', ids), eb('slug', 'in', slugs)]))
      .returning(['id', 'status', 'inFooter', 'slug', 'title', 'noindex'])
      .execute();
    for (const row of replaced) recordPageWrite(row, undefined);
  }
  for (const page of pages) {
    await db.insertInto('sitePages').values(page).execute();
    recordPageWrite(undefined, page);
  }
}
