/** @forkcast/content-db: the SQLite schema, its migrations and typed repositories (db first). */
export {
  appliedMigrations,
  createDb,
  DatabaseTooNewError,
  immediateTransaction,
  integrityCheck,
  migrateToLatest,
  nowIso,
  refuseUnknownMigrations,
  snapshotDb,
  type Db,
} from './db.ts';
export type * from './schema.ts';
export { deferCheckpoints } from './wal-checkpoints.ts';
export * from './repositories/cities.ts';
export * from './repositories/posts.ts';
export type { PostListArgs, PostSummary } from './repositories/published-posts.ts';
export * from './repositories/post-lists.ts';
export * from './repositories/post-neighbours.ts';
export { keepLinkOrderOnly, type PostLink } from './repositories/post-link-index.ts';
export * from './repositories/post-link-lists.ts';
export * from './repositories/tag-pages.ts';
export * from './repositories/authors.ts';
export { tagSlugs } from './repositories/post-tags.ts';
export * from './repositories/restaurants.ts';
export * from './repositories/content-blocks.ts';
export * from './repositories/content-items.ts';
export * from './repositories/settings.ts';
export * from './repositories/subscribers.ts';
export * from './repositories/newsletter-sends.ts';
export * from './repositories/contact-messages.ts';
export * from './repositories/insights.ts';
export * from './repositories/users.ts';
export * from './repositories/post-comments.ts';
export { adoptAuthorlessPosts, reassignPosts, setPostAuthors } from './repositories/post-authors.ts';
export * from './repositories/sessions.ts';
export * from './repositories/invitations.ts';
export * from './repositories/outbox.ts';
export * from './repositories/pages.ts';
export * from './repositories/failed-routes.ts';
export * from './repositories/publish-log.ts';
export * from './repositories/redirects.ts';
export * from './repositories/server-lease.ts';
export * from './repositories/site-generations.ts';
export * from './repositories/bucket-queue.ts';
export { TAG } from './tags.ts';
export { recordRead, recordWrite, trackReads, trackWrites, type QueryRead } from './tracking.ts';
export { defineQuery, evaluateQueries, withQueryMemo } from './queries.ts';
export { commitChange, type CommittedChange } from './changes.ts';
export * from './search/index.ts';
export { toCsv, unguardCsvCell, type CsvCell } from './csv.ts';
export { splitParagraphs } from '@forkcast/shared/paragraphs';
export {
  entityKey,
  HOME_HERO,
  loadState,
  type CityState,
  type EntityRef,
  type EntityState,
  type HeroState,
  type PageState,
  type PostState,
} from './revisions/entities.ts';
export { diffItinerary, type ChangeAction, type ItineraryDiff } from './revisions/describe.ts';
export { contentHash, type BodyPartSnapshot, type TrashSnapshot } from './revisions/trash-snapshots.ts';
export * from './revisions/store.ts';
export { emptyTrash, eraseTrashed } from './revisions/erase.ts';
export * from './revisions/restore-rows.ts';
export * from './versions/versions.ts';
export * from './repositories/webhooks.ts';
export * from './repositories/media.ts';
export * from './repositories/site-pages.ts';
export {
  EXPORT_FORMAT,
  EXPORT_VERSION,
  READABLE_EXPORT_VERSIONS,
  type ExportDocument,
  type ExportedSubscriber,
  type ExportedUser,
} from './transfer/document.ts';
export { exportContent } from './transfer/export.ts';
export { importContent, ImportRefusal, type ImportReport } from './transfer/import.ts';
export * from './repositories/review-submitters.ts';
