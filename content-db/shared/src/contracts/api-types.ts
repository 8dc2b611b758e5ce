import type { Role } from './roles.ts';
import type { PostStatus } from './post-status.ts';

/**
 * The JSON the API answers with and the bodies it takes, as the islands see them. The routes
 * answer with content-db's rows, and a type test holds those rows to these shapes.
 */

/** The id that marks an original paragraph with no stored block yet: saving it creates the block. */
export const ORIGINAL_BLOCK_ID = -1;

/**
 * Which version of an editable entity (a post with its body, a city with its itinerary, the
 * homepage hero) an answer shows: the id of its newest revision, 0 before its first recorded
 * change. A write sends it back as `If-Match: "42"` (see versionTag) and is refused (412
 * stale_version) when the entity has changed since.
 */
export interface Versioned {
  version: number;
}

/** A city (GET /api/cities, /api/cities/:slug, PATCH /api/cities/:id). */
export interface City extends Versioned {
  id: number;
  slug: string;
  name: string;
  country: string;
  description: string;
  heroImage: string | null;
  heroAlt: string;
  mapEmbedUrl: string | null;
  itineraryUrl: string | null;
  spreadsheetUrl: string | null;
  displayOrder: number;
  createdAt: string;
  updatedAt: string;
}

/** What POST /api/cities (which needs a name) and PATCH /api/cities/:id take; `null` removes a hero, map or spreadsheet. */
export interface CityChanges {
  name?: string;
  slug?: string;
  country?: string;
  description?: string;
  heroImage?: string | null;
  heroAlt?: string;
  mapEmbedUrl?: string | null;
  spreadsheetUrl?: string | null;
  displayOrder?: number;
}

/** A city as the admin's cities list and city editor see it (GET /api/admin/cities, /api/admin/cities/:id). */
export interface CityOverview extends City {
  /** Its guide's address, live while the guide is published. */
  url: string;
  /** Its posts and guides of every status: while any belong to it, it cannot be deleted. */
  postCount: number;
  /** The places of its itinerary, deleted with it. */
  restaurantCount: number;
  /** Its guide, whatever its status, or null while it has none. */
  guide: { id: number; title: string; status: Post['status']; publishAt: string | null } | null;
}

/** A document's search and social fields (see @forkcast/shared/seo): null is "the page's default". */
export interface SeoFields {
  metaTitle: string | null;
  metaDescription: string | null;
  ogImage: string | null;
  canonicalUrl: string | null;
  /** Kept out of search results and the sitemap. */
  noindex: boolean;
}

/**
 * A post or a guide (GET /api/posts, /api/posts/:slug, /api/cities/:slug/guide); its version covers
 * its body too. Its search and social fields (SeoFields) are null while the page's defaults apply.
 */
export interface Post extends Versioned, SeoFields {
  id: number;
  slug: string;
  title: string;
  excerpt: string;
  content: string;
  heroImage: string | null;
  heroAlt: string;
  type: 'post' | 'guide';
  cityId: number | null;
  tags: string[];
  published: boolean;
  /** Written, waiting for review, waiting for `publishAt`, or live. */
  status: PostStatus;
  publishedAt: string | null;
  /** When a scheduled post goes live. */
  publishAt: string | null;
  /** Since when a post in review has waited for an editor; null unless in review. */
  reviewAt: string | null;
  /** Its authors' user ids, the primary author first. */
  authorIds: number[];
  /** In the review queue (`status=review`) only: who submitted it. */
  submittedBy?: { id: number | null; name: string } | null;
  createdAt: string;
  updatedAt: string;
}

/** A word on a post between its writers and the editors (GET /api/posts/:id/comments); `changes` is the note of a request for changes. */
export interface PostComment {
  id: number;
  postId: number;
  /** Its writer's user id and name; null once their account is gone. */
  userId: number | null;
  userName: string | null;
  kind: 'comment' | 'changes';
  body: string;
  createdAt: string;
}

/**
 * What an editor has typed into a post but not saved (POST /api/posts/:id/preview): the fields its
 * page shows, laid over the stored post for one preview render, never stored.
 */
export type PostPreviewChanges = Partial<Pick<Post, 'title' | 'excerpt' | 'content' | 'tags' | 'heroImage' | 'heroAlt'>>;

/** An inline addition shown after paragraph `position - 1` (GET /api/posts/:postId/content). */
export interface ContentItem {
  id: number;
  postId: number;
  type: 'text' | 'image';
  /** The text, or the image's address. */
  content: string;
  /** An image's alt text ('' for text). */
  alt: string;
  position: number;
  createdAt: string;
}

/** What POST /api/posts/:postId/content takes. */
export interface NewContentItem {
  type: ContentItem['type'];
  content: string;
  alt?: string;
  position: number;
}

/** A stored block replacing paragraph `position` (GET /api/posts/:postId/blocks). */
export interface ContentBlock {
  id: number;
  postId: number;
  content: string;
  position: number;
  isOriginal: boolean;
  createdAt: string;
  updatedAt: string;
}

/** What POST /api/posts/:postId/blocks takes (PUT .../blocks/:id takes only `content`). */
export interface NewContentBlock {
  content: string;
  position: number;
  isOriginal: true;
}

/** Where a subscriber stands: signed up but not confirmed, receiving the letter, left, or undeliverable. */
export type SubscriberStatus = 'pending' | 'confirmed' | 'unsubscribed' | 'bounced';

/** A newsletter subscriber (GET /api/newsletter/subscribers). */
export interface Subscriber {
  id: number;
  email: string;
  status: SubscriberStatus;
  subscribedAt: string;
  confirmationSentAt: string | null;
  confirmedAt: string | null;
  unsubscribedAt: string | null;
  bouncedAt: string | null;
  /** Newsletter emails refused permanently in a row; at the limit the subscriber is bounced. */
  hardBounces: number;
}

/** A newsletter send: `waiting` for its post to go live, `sending`, `done`, or `cancelled` by the admin. */
export type SendStatus = 'waiting' | 'sending' | 'done' | 'cancelled';
/** One recipient's delivery: `queued` (also while a retry waits), `sent`, `failed` (refused for good) or `skipped` (left the list meanwhile). */
export type DeliveryStatus = 'queued' | 'sent' | 'failed' | 'skipped';

/** A post sent as a newsletter, with its progress (GET /api/newsletter/sends and its event stream). */
export interface NewsletterSend {
  id: number;
  postId: number | null;
  subject: string;
  status: SendStatus;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  /** Recipients: every subscriber confirmed when the send started. */
  total: number;
  sent: number;
  failed: number;
  skipped: number;
  /** Still to deliver, retries included. */
  remaining: number;
}

/** A message in the contact inbox (GET /api/admin/contact-messages). */
export interface ContactMessage {
  id: number;
  name: string;
  email: string;
  subject: string;
  message: string;
  createdAt: string;
}

/** What POST /api/contact takes. */
export type ContactForm = Pick<ContactMessage, 'name' | 'email' | 'subject' | 'message'>;

/** The signed-in user (GET /api/auth/user; 401 when nobody is signed in). */
export interface CurrentUser {
  id: number;
  name: string;
  email: string;
  role: Role;
  /** Unique among users: the author's page is /authors/{slug}. */
  slug: string;
}

/** A member of the newsroom (GET /api/users, PATCH /api/users/:id). */
export interface User extends CurrentUser {
  bio: string;
  /** An image address as image fields take it (an upload, a preset or an http(s) URL), or null. */
  avatar: string | null;
  createdAt: string;
  updatedAt: string;
}

/** What PATCH /api/users/:id takes: anyone their own profile; administrators a role (never their own). */
export interface UserChanges {
  name?: string;
  slug?: string;
  bio?: string;
  avatar?: string | null;
  role?: Role;
}

/** A pending invitation (POST and GET /api/invitations); its link is only in the email. */
export interface Invitation {
  id: number;
  email: string;
  role: Exclude<Role, 'owner'>;
  invitedBy: number | null;
  invitedByName: string | null;
  createdAt: string;
  expiresAt: string;
  acceptedAt: string | null;
  revokedAt: string | null;
}

/** POST /api/upload answers with the processed image's address... */
export interface UploadResult {
  url: string;
}

/** ...and POST /api/upload/hero-image with the same, named for a hero. */
export interface HeroUploadResult {
  filePath: string;
}

/** One publish, as the dashboard shows it. */
export interface PublishRun {
  durationMs: number;
  pagesChanged: number;
  /** The site paths written or removed. */
  urls: string[];
  error: string | null;
  /** The names of the users whose changes it published (none for the server's own, or a retry). */
  by: string[];
}

/** A page the publisher could not render or write: readers get its last good version until a retry succeeds. */
export interface FailingRoute {
  path: string;
  error: string;
  attempts: number;
  firstFailedAt: string;
  /** When it is tried again (in the background, with growing waits). */
  retryAt: string;
}

/** One bucket a publish (or an upload) also lands in. */
export interface BucketTargetStatus {
  /** Where: `s3://bucket/prefix`. */
  url: string;
  /** Objects waiting to be put into it (or deleted from it). */
  queued: number;
  /** How many of those have failed at least once. */
  failing: number;
  /** Whether the whole bucket is being compared with its folder (after a start or a full render). */
  reconciling: boolean;
}

/** An object the bucket does not hold yet: readers behind the bucket get its last good version until a retry succeeds. */
export interface FailingObject {
  bucket: 'site' | 'uploads';
  /** Its key below the bucket's prefix: `kyoto/guide`, `index.html`, an upload's name. */
  key: string;
  error: string;
  attempts: number;
  firstFailedAt: string;
  retryAt: string;
}

/** GET /api/admin/publish-status: what the publisher is doing. */
export interface PublishStatus {
  queueLength: number;
  lastPublish: (PublishRun & { at: string }) | null;
  failuresLastDay: number;
  lastFailure: (PublishRun & { startedAt: string }) | null;
  failingRoutes: FailingRoute[];
  /** The buckets (SITE_BUCKET, UPLOADS_BUCKET); null when neither is set. */
  bucket: { site: BucketTargetStatus | null; uploads: BucketTargetStatus | null; failingObjects: FailingObject[] } | null;
}

/** One problem found in an uploaded itinerary: 1-based row (the header is row 1) and column. */
export interface CsvProblem {
  row?: number;
  column?: string;
  message: string;
}

/** POST /api/admin/generate-guide: the city the guide was written for (201 new, 200 replaced). */
export interface GenerateGuideResult {
  cityName: string;
  citySlug: string;
}

/**
 * The body of every error answer; an itinerary refused cell by cell also lists its problems, and a
 * city write refused for one field names it.
 */
export interface ApiErrorBody extends Partial<StaleVersionDetails> {
  message: string;
  code: string;
  problems?: CsvProblem[];
  field?: string;
}

/** What a write made to an earlier version (412 stale_version) is told of the entity as it is now. */
export interface StaleVersionDetails {
  currentVersion: number;
  /** Who made the change that produced the current version (today the admin's address); null for the server itself. */
  changedBy: string | null;
  /** When; null when the entity has no recorded change. */
  changedAt: string | null;
  /** What changed since the version the write was made to, field by field; empty when that version is no longer kept. */
  changes: FieldDiff[];
}

/** What has a history: a post (with its body), a city (with its itinerary), the homepage hero. */
export type HistoryEntity = 'post' | 'city' | 'hero' | 'page';

/** The homepage hero is one entity; its revisions carry this id. */
export const HOME_HERO_ENTITY_ID = 0;

/** GET /api/revisions: one version of an entity, the state it had after one change. */
export interface RevisionSummary {
  id: number;
  changeId: number;
  entity: HistoryEntity;
  entityId: number;
  createdAt: string;
  /** The name of the user who made the change (their email for a change made before users had names); null for the server (a scheduled publication). */
  actor: string | null;
  /** That user's id; null for the server, and for a change older than user ids in history. */
  actorId: number | null;
  /** created, edited, body, hero, published, unpublished, scheduled, review, itinerary, regenerated, deleted, restored, undone, earlier. */
  kind: string;
  summary: string;
  /** The entity's name at that version. */
  title: string;
  /** Whether this is the entity's newest version (what readers see now). */
  current: boolean;
  /** Whether POST /api/revisions/:id/restore can bring it back (not the current one, not a deletion). */
  restorable: boolean;
}

/** POST /api/posts/:id/presence: the other admins who have the post open in an editor, longest there first. */
export interface PresenceAnswer {
  others: { name: string; since: string }[];
}

/** A run of text in a diff: kept, or only in the older or the newer version. */
export interface DiffPart {
  value: string;
  added?: boolean;
  removed?: boolean;
}

/** One field that differs between a version and the one before it. */
export interface FieldDiff {
  label: string;
  parts: DiffPart[];
}

/** GET /api/revisions/:id: a version with what it changed against the version before it. */
export interface RevisionDetail extends RevisionSummary {
  /** False when the version before it is no longer kept (then `changes` is empty). */
  hasPrevious: boolean;
  changes: FieldDiff[];
}

/** POST /api/revisions/:id/restore, POST /api/changes/:id/undo, POST /api/trash/:kind/:id/restore. */
export interface RestoreResult {
  restored: { entity: HistoryEntity | TrashKind; id: number; title: string }[];
}

export type TrashKind = 'post' | 'city' | 'block' | 'item' | 'subscriber' | 'page';

/** GET /api/trash: something deleted, restorable until `purgeAt`. */
export interface TrashItem {
  kind: TrashKind;
  id: number;
  title: string;
  deletedAt: string;
  /** The name of the user who deleted it (as `RevisionSummary.actor`). */
  deletedBy: string | null;
  purgeAt: string;
}

/** POST /api/admin/generate-guide with dryRun: what the upload would change, writing nothing. */
export interface GuidePreview {
  cityName: string;
  citySlug: string;
  /** Whether the city exists: then its itinerary is replaced and its guide's text regenerated. */
  exists: boolean;
  /** Whether the city has a guide whose text (with its edited sections and additions) would be regenerated. */
  guideRegenerated: boolean;
  restaurants: { added: string[]; removed: string[]; changed: string[]; unchanged: number };
}
