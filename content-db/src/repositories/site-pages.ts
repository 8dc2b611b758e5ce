import type { SitePageLayout } from '@forkcast/shared/contracts';
import { sitePagePath } from '@forkcast/shared/urls';
import type { Db } from '../db.ts';
import { recordEvent } from '../revisions/capture.ts';
import type { SitePageRow, SitePageStatus } from '../schema.ts';
import { TAG } from '../tags.ts';
import { recordRead, recordWrite } from '../tracking.ts';

/**
 * An editor's page (About-like: a title and Markdown at `/{slug}`), as the API and the site see it.
 * These are the site's written pages, not the publisher's rendered routes (repositories/pages.ts).
 */
export interface SitePage {
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
  /** The head's summary; empty: the first paragraph. */
  description: string;
}

/** What a published page's link shows: the footer and the sitemap need no more. */
export interface SitePageLink {
  id: number;
  slug: string;
  title: string;
  inFooter: boolean;
  updatedAt: string;
}

export interface SitePageInput {
  slug: string;
  title: string;
  content?: string;
  status?: SitePageStatus;
  inFooter?: boolean;
  layout?: SitePageLayout;
  kicker?: string;
  description?: string;
}

const toSitePage = (row: SitePageRow): SitePage => ({ ...row, inFooter: row.inFooter === 1 });

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
    .select(['id', 'slug', 'title', 'inFooter', 'updatedAt'])
    .where('status', '=', 'published')
    .orderBy('title')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ ...row, inFooter: row.inFooter === 1 }));
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

// What the footer shows of a page: its link, while it is published and flagged.
const footerLink = (page: Pick<SitePageRow, 'status' | 'inFooter' | 'slug' | 'title'>) =>
  page.status === 'published' && page.inFooter === 1 ? `${page.slug}\n${page.title}` : undefined;

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
      layout: input.layout ?? 'standard',
      kicker: input.kicker ?? '',
      description: input.description ?? '',
      createdAt: now,
      updatedAt: now,
      publishedAt: status === 'published' ? now : null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const page = toSitePage(row);
  recordWrite(TAG.sitePage(page.id));
  if (status === 'published') {
    recordWrite(TAG.sitePages);
    if (footerLink(row)) recordWrite(TAG.footerSitePages);
    announcePublished(page);
  }
  return page;
}

/** Changes the given fields of a page, moving its version; undefined when there is no such page. */
export async function updateSitePage(db: Db, id: number, change: Partial<SitePageInput>, now: string): Promise<SitePage | undefined> {
  const before = await db.selectFrom('sitePages').selectAll().where('id', '=', id).executeTakeFirst();
  if (!before) return undefined;
  const status = change.status ?? before.status;
  const goesLive = status === 'published' && before.status !== 'published';
  const row = await db
    .updateTable('sitePages')
    .set({
      ...(change.slug !== undefined && { slug: change.slug }),
      ...(change.title !== undefined && { title: change.title }),
      ...(change.content !== undefined && { content: change.content }),
      ...(change.inFooter !== undefined && { inFooter: change.inFooter ? 1 : 0 }),
      ...(change.layout !== undefined && { layout: change.layout }),
      ...(change.kicker !== undefined && { kicker: change.kicker }),
      ...(change.description !== undefined && { description: change.description }),
      status,
      publishedAt: status === 'published' ? (goesLive ? now : before.publishedAt) : null,
      version: before.version + 1,
      updatedAt: now,
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  const page = toSitePage(row);
  recordWrite(TAG.sitePage(id));
  // Which pages are live, and their links (slug, title, footer flag), are read by the routes, the sitemap and the footer.
  const linkChanged = page.slug !== before.slug || page.title !== before.title || row.inFooter !== before.inFooter;
  if (status !== before.status || (status === 'published' && linkChanged)) recordWrite(TAG.sitePages);
  if (footerLink(before) !== footerLink(row)) recordWrite(TAG.footerSitePages);
  if (goesLive) announcePublished(page);
  return page;
}

/** Removes a page; false when there was none. */
export async function deleteSitePage(db: Db, id: number): Promise<boolean> {
  const row = await db.deleteFrom('sitePages').where('id', '=', id).returning(['status', 'inFooter', 'slug', 'title']).executeTakeFirst();
  if (!row) return false;
  recordWrite(TAG.sitePage(id));
  if (row.status === 'published') recordWrite(TAG.sitePages);
  if (footerLink(row)) recordWrite(TAG.footerSitePages);
  return true;
}

/** A page as an export carries it: its row, id included (an export made before layouts had none: 'standard'). */
export type TransferredSitePage = Omit<SitePageRow, 'version' | 'layout' | 'kicker' | 'description'> &
  Partial<Pick<SitePageRow, 'layout' | 'kicker' | 'description'>>;

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
      'layout',
      'kicker',
      'description',
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
      .returning(['id', 'status', 'inFooter', 'slug', 'title'])
      .execute();
    for (const row of replaced) {
      recordWrite(TAG.sitePage(row.id));
      if (row.status === 'published') recordWrite(TAG.sitePages);
      if (footerLink(row)) recordWrite(TAG.footerSitePages);
    }
  }
  for (const page of pages) {
    await db.insertInto('sitePages').values(page).execute();
    recordWrite(TAG.sitePage(page.id));
    if (page.status === 'published') recordWrite(TAG.sitePages);
    if (footerLink(page)) recordWrite(TAG.footerSitePages);
  }
}
