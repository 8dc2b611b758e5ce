import type { ColumnType, Generated, Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { DeliveryStatus, RedirectSource, Role, SendStatus, SitePageLayout, SubscriberStatus } from '@forkcast/shared/contracts';
import type { RedirectStatus } from '@forkcast/shared/urls';

/** Columns as TypeScript sees them (the CamelCasePlugin maps them to snake_case in SQLite). */
export interface CitiesTable {
  id: Generated<number>;
  slug: string;
  name: string;
  country: Generated<string>;
  description: Generated<string>;
  heroImage: string | null;
  heroAlt: Generated<string>;
  mapEmbedUrl: string | null;
  itineraryUrl: string | null;
  /** An external spreadsheet of the itinerary (http or https), opened from the itinerary card. */
  spreadsheetUrl: string | null;
  displayOrder: Generated<number>;
  createdAt: string;
  updatedAt: string;
}

export type PostType = 'post' | 'guide';

export interface PostsTable {
  id: Generated<number>;
  slug: string;
  title: string;
  excerpt: Generated<string>;
  content: Generated<string>;
  heroImage: string | null;
  heroAlt: Generated<string>;
  type: PostType;
  cityId: number | null;
  /** JSON array of strings. */
  tags: Generated<string>;
  /** 0 or 1. */
  published: Generated<number>;
  publishedAt: string | null;
  /** When an unpublished post is scheduled to go live (ISO time); null for a draft or a published post. */
  publishAt: Generated<string | null>;
  /** Since when an unpublished post waits for an editor's review; null for every other post (see migration 0019). */
  reviewAt: Generated<string | null>;
  createdAt: string;
  updatedAt: string;
  /** Search and social fields (migration 0030): null is the page's default. */
  metaTitle: Generated<string | null>;
  metaDescription: Generated<string | null>;
  ogImage: Generated<string | null>;
  canonicalUrl: Generated<string | null>;
  /** 0 or 1: 1 keeps the page out of search results and the sitemap. */
  noindex: Generated<number>;
}

/** A post's tag by its slug (derived from posts.tags, kept by the posts repository). */
export interface PostTagsTable {
  postId: number;
  slug: string;
  name: string;
}

/** How many posts carry a tag: published (`posts`) and taking a listing's place (`slots`); kept by triggers (migration 0039). */
export interface TagCountsTable {
  slug: string;
  posts: number;
  slots: number;
}

/** The version of the rules a table derived by application code (post_tags) was filled under. */
export interface DerivedTablesTable {
  name: string;
  rules: string;
}

export interface ContentBlocksTable {
  id: Generated<number>;
  postId: number;
  content: string;
  position: number;
  isOriginal: Generated<number>;
  createdAt: string;
  updatedAt: string;
}

export type ContentItemType = 'text' | 'image';

export interface PostContentItemsTable {
  id: Generated<number>;
  postId: number;
  type: ContentItemType;
  content: string;
  /** Alt text of an image item ('' for text items). */
  alt: Generated<string>;
  position: number;
  createdAt: string;
}

export interface RestaurantsTable {
  id: Generated<number>;
  cityId: number;
  name: string;
  day: number | null;
  neighborhood: string | null;
  cuisine: string | null;
  meal: string | null;
  notes: string | null;
  address: string | null;
  url: string | null;
  lat: number | null;
  lng: number | null;
  position: number;
}

export interface ContactMessagesTable {
  id: Generated<number>;
  name: string;
  email: string;
  subject: string;
  message: string;
  createdAt: string;
}

export type { SubscriberStatus };

export interface NewsletterSubscribersTable {
  id: Generated<number>;
  email: string;
  /** When the current sign-up was made (a new sign-up after leaving starts a new one). */
  subscribedAt: string;
  status: Generated<SubscriberStatus>;
  /** When the last confirmation email went out; a sign-up re-sends it at most hourly. */
  confirmationSentAt: string | null;
  confirmedAt: string | null;
  unsubscribedAt: string | null;
  bouncedAt: string | null;
  /** Permanent refusals (5xx) of newsletter mail in a row; at the limit the subscriber is bounced. */
  hardBounces: Generated<number>;
}

export type { DeliveryStatus, SendStatus };

export interface NewsletterSendsTable {
  id: Generated<number>;
  /** The post sent; null once the post is deleted (the send's record stays). */
  postId: number | null;
  subject: string;
  /** The email as sent, rendered when the send started, with the unsubscribe link left as a placeholder. */
  html: Generated<string>;
  text: Generated<string>;
  /** Random per send; each recipient's Message-ID is made of it and the delivery's id. */
  messageKey: string;
  status: SendStatus;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
}

export interface NewsletterDeliveriesTable {
  id: Generated<number>;
  sendId: number;
  subscriberId: number | null;
  email: string;
  status: Generated<DeliveryStatus>;
  attempts: Generated<number>;
  /** A queued delivery is not tried before this time (retries back off). */
  nextAttemptAt: string;
  lastError: string | null;
  sentAt: string | null;
  /** The lease token of the worker that took this row to send it, and when; null while nobody has. */
  claimedBy: string | null;
  claimedAt: string | null;
}

export type { Role };

/** A member of the newsroom (see migration 0015). */
export interface UsersTable {
  id: Generated<number>;
  email: string;
  passwordHash: string;
  name: string;
  /** Unique among users: their author page's address. */
  slug: string;
  bio: Generated<string>;
  avatar: string | null;
  /** Exactly one user is the owner, whom the ownership row names (triggers keep the two in step). */
  role: Role;
  createdAt: string;
  updatedAt: string;
}

/** The one row naming the owner; moving it transfers ownership (see migration 0015). */
export interface OwnershipTable {
  id: number;
  userId: number;
}

/** A post's authors in order: position 0 is the primary author. */
export interface PostAuthorsTable {
  postId: number;
  userId: number;
  position: number;
}

export interface SessionsTable {
  idHash: string;
  userId: number;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
}

export type CommentKind = 'comment' | 'changes';

/** A word about a post from one of its writers or an editor; `changes` is a request for changes sent with the post back to draft. */
export interface PostCommentsTable {
  id: Generated<number>;
  postId: number;
  /** Null once its writer's account is deleted. */
  userId: number | null;
  kind: CommentKind;
  body: string;
  createdAt: string;
}

/** An invitation into the newsroom (see migration 0018): a single-use link, its token kept only as a hash. */
export interface InvitationsTable {
  id: Generated<number>;
  email: string;
  role: Exclude<Role, 'owner'>;
  tokenHash: string;
  /** Who sent it; null once that user is deleted. */
  invitedBy: number | null;
  createdAt: string;
  expiresAt: string;
  acceptedAt: string | null;
  revokedAt: string | null;
}

/** A password reset link (see migration 0018), its token kept only as a hash. */
export interface PasswordResetsTable {
  tokenHash: string;
  userId: number;
  createdAt: string;
  expiresAt: string;
  usedAt: string | null;
}

export type LeaseRole = 'server' | 'restore';

/** The one writer of this database (at most one row; see migration 0013). */
export interface ServerLeaseTable {
  id: number;
  token: string;
  role: LeaseRole;
  host: string;
  pid: number;
  processKey: string;
  databaseFile: string;
  url: string | null;
  startedAt: string;
  heartbeatAt: string;
  expiresAt: string;
}

/** A publish generation of the database (see migration 0014). */
export interface SiteGenerationsTable {
  generation: Generated<number>;
  id: string;
  createdAt: string;
}

export interface SettingsTable {
  key: string;
  value: string;
  updatedAt: string;
}

export interface PagesTable {
  path: string;
  contentHash: string;
  renderedAt: string;
}

/** The posts whose link changed, in order (kept by triggers on posts; see migration 0012). */
export interface PostLinkChangesTable {
  seq: Generated<number>;
  postId: number;
}

export interface PageTagsTable {
  path: string;
  tag: string;
}

/** A list a page read, re-runnable by its name and arguments (see queries.ts). */
export interface QueriesTable {
  id: Generated<number>;
  key: string;
}

/** A tag whose writes may change a query's result. */
export interface QueryListensTable {
  tag: string;
  queryId: number;
}

/** A page's conditional read: the fingerprint of the result the page saw. */
export interface PageQueriesTable {
  path: string;
  queryId: number;
  fingerprint: string;
}

/** A route the publisher could not render or write, retried with backoff until it can. */
export interface FailedRoutesTable {
  path: string;
  error: string;
  attempts: number;
  firstFailedAt: string;
  retryAt: string;
}

/** Which bucket a queued object belongs to. */
export type BucketTarget = 'site' | 'uploads';

/** An object waiting to be put into a bucket, or deleted from it (see migration 0015). */
export interface BucketQueueTable {
  id: Generated<number>;
  target: BucketTarget;
  /** The object's key below the bucket's prefix. */
  key: string;
  queuedAt: string;
  attempts: Generated<number>;
  error: string | null;
  firstFailedAt: string | null;
  retryAt: string;
}

export interface OutboxTable {
  id: Generated<number>;
  /** JSON array of tag strings. */
  tags: string;
  createdAt: string;
  doneAt: string | null;
  /** The user whose change it records; null for the server's own (a scheduled publication). */
  userId: number | null;
}

/**
 * A path answered with a redirect: one a post, city or author left behind when its slug changed
 * (`automatic`, a 301 kept up to date by those changes), or one an editor made (`editor`), whose
 * target may be another site's URL (see migration 0032).
 */
export interface RedirectsTable {
  id: Generated<number>;
  fromPath: string;
  toPath: string;
  status: ColumnType<RedirectStatus, RedirectStatus | undefined, RedirectStatus>;
  source: ColumnType<RedirectSource, RedirectSource | undefined, RedirectSource>;
  createdAt: string;
}

export interface PublishLogTable {
  id: Generated<number>;
  startedAt: string;
  durationMs: number;
  pagesChanged: number;
  /** JSON array of the site paths written or removed. */
  urls: Generated<string>;
  error: string | null;
  /** JSON array of the ids of the users whose changes it published. */
  userIds: Generated<string>;
}

/** One write that changed what readers see, or deleted something into the trash: who, when, what for. */
export interface ChangesTable {
  id: Generated<number>;
  createdAt: string;
  /** The user's email; null for the server itself (a scheduled publication). */
  actor: string | null;
  /** The user's id (kept after the user is deleted; then `actor` names them); null for the server. */
  userId: number | null;
  action: string;
}

export type RevisionEntity = 'post' | 'city' | 'hero' | 'page';

/** An entity's whole state after one change (null: the change deleted it). */
export interface RevisionsTable {
  id: Generated<number>;
  changeId: number;
  entity: RevisionEntity;
  entityId: number;
  kind: string;
  summary: string;
  title: string;
  state: string | null;
  createdAt: string;
}

export type TrashKind = 'post' | 'city' | 'block' | 'item' | 'subscriber' | 'page';

export interface TrashTable {
  id: Generated<number>;
  kind: TrashKind;
  entityId: number;
  title: string;
  /** JSON: the deleted row with its dependent rows, enough to put it back with the same ids. */
  snapshot: string;
  deletedAt: string;
  deletedBy: string | null;
  changeId: number | null;
}

/** What a search groups, filters and orders a document by: its columns of search_documents, narrow (triggers keep it equal). */
export interface SearchFacetsTable {
  id: number;
  kind: SearchDocumentsTable['kind'];
  citySlug: string | null;
  city: string;
  date: string;
}

/** Something a reader can find with the site search: a published post or guide, a restaurant of a city's published guide, or an author's page. */
export interface SearchDocumentsTable {
  id: Generated<number>;
  kind: 'post' | 'guide' | 'restaurant' | 'author' | 'page';
  /** The post, or for a restaurant the guide that lists it. */
  postId: number | null;
  cityId: number | null;
  /** Where the result leads: the post's canonical path, or for a restaurant its city's guide. */
  url: string;
  title: string;
  excerpt: string;
  /** Plain text: the body as the page shows it, or a restaurant's notes and address. */
  body: string;
  /** The city's name ('' without one). */
  city: string;
  citySlug: string | null;
  /** The reader date, newest first among equally good matches. */
  date: string;
}

/** An endpoint told about events (see migration 0028). */
export interface WebhooksTable {
  id: Generated<number>;
  url: string;
  /** JSON array of event names. */
  events: string;
  /** `whsec_` and the base64 of the signing key. */
  secret: string;
  createdBy: number | null;
  createdAt: string;
}

/** An upload in the media library (migration 0031). */
export interface MediaTable {
  id: Generated<number>;
  /** The master file's path: `/uploads/<hash>.jpg`. */
  path: string;
  originalName: Generated<string>;
  /** Size and pixel dimensions of the master; null for uploads made before the library. */
  bytes: number | null;
  width: number | null;
  height: number | null;
  mime: Generated<string>;
  alt: Generated<string>;
  /** The focal point, 0..1 from the left and from the top: every crop keeps it in view. */
  focalX: Generated<number>;
  focalY: Generated<number>;
  createdAt: string;
  createdBy: number | null;
}

export type WebhookDeliveryStatus = 'queued' | 'delivered' | 'failed';

/** One event for one endpoint: queued until delivered, or failed once its attempts ran out. */
export interface WebhookDeliveriesTable {
  id: Generated<number>;
  webhookId: number;
  /** The `webhook-id` header: the same on every attempt, so a receiver can drop repeats. */
  messageId: string;
  event: string;
  /** The JSON body, fixed when the event happened. */
  payload: string;
  /** The outbox entry of the change behind the event; the delivery waits until it is published. */
  outboxId: number | null;
  status: Generated<WebhookDeliveryStatus>;
  attempts: Generated<number>;
  nextAttemptAt: string;
  claimedBy: string | null;
  claimedAt: string | null;
  responseStatus: number | null;
  lastError: string | null;
  createdAt: string;
  finishedAt: string | null;
}

/** One counted page view, kept at most 48 hours; `visitor` is a hash under a salt destroyed daily. */
export interface InsightHitsTable {
  id: Generated<number>;
  at: string;
  day: string;
  path: string;
  referrerHost: string;
  device: string;
  browser: string;
  utmSource: string;
  visitor: string;
}

/** Page views and distinct visitors of one day, per path, referrer host, device, browser and UTM source. */
export interface InsightDailyTable {
  day: string;
  path: string;
  referrerHost: string;
  device: string;
  browser: string;
  utmSource: string;
  pageviews: number;
  visitors: number;
}

/** Distinct visitors of a whole day (a visitor reading two pages is one, so per-row counts do not add up). */
export interface InsightDailyVisitorsTable {
  day: string;
  visitors: number;
}

/** Page views and distinct visitors of one page on one day. */
export interface InsightDailyPathsTable {
  day: string;
  path: string;
  pageviews: number;
  visitors: number;
}

/** Page views and distinct visitors of the whole site in one hour (`2026-11-28T14`, UTC). */
export interface InsightHourlyTable {
  hour: string;
  pageviews: number;
  visitors: number;
}

/** How often a search was made on one day, and how many results it found the last time. */
export interface InsightSearchesTable {
  day: string;
  /** Lower case, spaces folded, at most 100 characters. */
  query: string;
  searches: number;
  results: number;
}

/** A page an editor writes, live at `/{slug}` once published (see migration 0029; not the publisher's `pages`). */
export interface SitePagesTable {
  id: Generated<number>;
  slug: string;
  title: string;
  /** Markdown, rendered with the same sanitiser as a post's. */
  content: Generated<string>;
  status: Generated<SitePageStatus>;
  /** 1 when the footer links the page (beside SPEC's own footer links). */
  inFooter: Generated<number>;
  version: Generated<number>;
  createdAt: string;
  updatedAt: string;
  publishedAt: string | null;
  /** Search and social fields (migration 0034), as posts have them: null for the page's default. */
  metaTitle: Generated<string | null>;
  metaDescription: Generated<string | null>;
  ogImage: Generated<string | null>;
  canonicalUrl: Generated<string | null>;
  /** 1 keeps the page out of search results and the sitemap. */
  noindex: Generated<number>;
  /** How the page is laid out (SITE_PAGE_LAYOUTS). */
  layout: Generated<SitePageLayout>;
  /** The small line over the title; empty: the site's name. */
  kicker: Generated<string>;
}

export type SitePageStatus = 'draft' | 'published';

/** Which version of the document rules built the search rows, and when (one row). */
export interface SearchStateTable {
  id: number;
  version: number;
  builtAt: string;
}

export interface Database {
  cities: CitiesTable;
  posts: PostsTable;
  postTags: PostTagsTable;
  tagCounts: TagCountsTable;
  derivedTables: DerivedTablesTable;
  contentBlocks: ContentBlocksTable;
  postContentItems: PostContentItemsTable;
  restaurants: RestaurantsTable;
  contactMessages: ContactMessagesTable;
  newsletterSubscribers: NewsletterSubscribersTable;
  newsletterSends: NewsletterSendsTable;
  newsletterDeliveries: NewsletterDeliveriesTable;
  users: UsersTable;
  ownership: OwnershipTable;
  postAuthors: PostAuthorsTable;
  postComments: PostCommentsTable;
  sessions: SessionsTable;
  invitations: InvitationsTable;
  passwordResets: PasswordResetsTable;
  settings: SettingsTable;
  serverLease: ServerLeaseTable;
  siteGenerations: SiteGenerationsTable;
  pages: PagesTable;
  pageTags: PageTagsTable;
  postLinkChanges: PostLinkChangesTable;
  queries: QueriesTable;
  queryListens: QueryListensTable;
  pageQueries: PageQueriesTable;
  failedRoutes: FailedRoutesTable;
  outbox: OutboxTable;
  bucketQueue: BucketQueueTable;
  redirects: RedirectsTable;
  publishLog: PublishLogTable;
  changes: ChangesTable;
  revisions: RevisionsTable;
  trash: TrashTable;
  searchDocuments: SearchDocumentsTable;
  searchFacets: SearchFacetsTable;
  searchState: SearchStateTable;
  webhooks: WebhooksTable;
  media: MediaTable;
  webhookDeliveries: WebhookDeliveriesTable;
  insightHits: InsightHitsTable;
  insightDaily: InsightDailyTable;
  insightDailyVisitors: InsightDailyVisitorsTable;
  insightDailyPaths: InsightDailyPathsTable;
  insightHourly: InsightHourlyTable;
  insightSearches: InsightSearchesTable;
  sitePages: SitePagesTable;
}

/** A handle on the database (or a transaction), as every repository takes it first. */
export type Db = Kysely<Database>;

export type SitePageRow = Selectable<SitePagesTable>;
export type CityRow = Selectable<CitiesTable>;
export type NewCity = Insertable<CitiesTable>;
export type CityUpdate = Updateable<CitiesTable>;
export type PostRow = Selectable<PostsTable>;
export type NewPostRow = Insertable<PostsTable>;
export type ContentBlockRow = Selectable<ContentBlocksTable>;
export type ContentItemRow = Selectable<PostContentItemsTable>;
export type RestaurantRow = Selectable<RestaurantsTable>;
export type NewRestaurant = Insertable<RestaurantsTable>;
export type ContactMessageRow = Selectable<ContactMessagesTable>;
export type SubscriberRow = Selectable<NewsletterSubscribersTable>;
export type SendRow = Selectable<NewsletterSendsTable>;
export type UserRow = Selectable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type InvitationRow = Selectable<InvitationsTable>;
export type PasswordResetRow = Selectable<PasswordResetsTable>;
