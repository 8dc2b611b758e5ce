import { z } from 'zod';
import {
  POST_STATUSES,
  REDIRECT_SOURCES,
  ROLES,
  SEARCH_LIMITS,
  SEARCH_TYPES,
  SITE_PAGE_LAYOUTS,
  WEBHOOK_EVENTS,
} from '@forkcast/shared/contracts';

/**
 * The JSON the API answers with, as zod schemas for the OpenAPI document. Each mirrors an interface
 * of `@forkcast/shared/contracts` (which the islands import, so it stays free of zod), and
 * shapes.test.ts holds the two to the same type. The `id` of each becomes its component name.
 */

const time = z.iso.datetime({ offset: true }).describe('An ISO 8601 time.');
const id = z.number().int().positive();
/** The version an answer shows (see Versioned in the contracts). */
const version = z
  .number()
  .int()
  .min(0)
  .describe('Which version this is: send it back as `If-Match: "42"` with a write to be refused (412) if it has changed since.');

export const City = z
  .object({
    id,
    slug: z.string(),
    name: z.string(),
    country: z.string(),
    description: z.string(),
    heroImage: z.string().nullable(),
    heroAlt: z.string(),
    mapEmbedUrl: z.string().nullable(),
    itineraryUrl: z.string().nullable().describe("The itinerary page's address, while the city has restaurants."),
    spreadsheetUrl: z.string().nullable(),
    displayOrder: z.number().int(),
    createdAt: time,
    updatedAt: time,
    version: version.describe("The city's version (with its itinerary): send it back as `If-Match` with a write."),
  })
  .meta({ id: 'City', description: 'A city.' });

export const CityWithUrl = City.extend({ url: z.string().describe("Its guide's address.") }).meta({
  id: 'CityWithUrl',
  description: "A city as a write answers it, with its guide's address.",
});

const postStatus = z.enum(POST_STATUSES);

export const CityOverview = City.extend({
  url: z.string().describe("Its guide's address, live while the guide is published."),
  postCount: z.number().int().min(0).describe('Its posts and guides of every status: while any belong to it, it cannot be deleted.'),
  restaurantCount: z.number().int().min(0).describe('The places of its itinerary.'),
  guide: z
    .object({ id, title: z.string(), status: postStatus, publishAt: time.nullable() })
    .nullable()
    .describe('Its guide, whatever its status, or null while it has none.'),
}).meta({ id: 'CityOverview', description: "A city as the admin's cities list and city editor see it." });

/** A document's search and social fields, as a post or a guide (and any page) answers them. */
const seoShape = {
  metaTitle: z.string().nullable().describe("The title search results and shares show; null: the page's title."),
  metaDescription: z.string().nullable().describe('The description search results and shares show; null: the excerpt.'),
  ogImage: z.string().nullable().describe('The picture a shared link shows; null: the hero image.'),
  canonicalUrl: z.string().nullable().describe("The address search engines should credit; null: the page's own."),
  noindex: z.boolean().describe('Kept out of search results and the sitemap.'),
};

export const Post = z
  .object({
    id,
    slug: z.string(),
    title: z.string(),
    excerpt: z.string(),
    content: z.string().describe('Markdown; paragraphs are separated by blank lines.'),
    heroImage: z.string().nullable(),
    heroAlt: z.string(),
    type: z.enum(['post', 'guide']),
    cityId: id.nullable(),
    tags: z.array(z.string()),
    published: z.boolean(),
    status: postStatus.describe("Written but not live, waiting for an editor's review, waiting for `publishAt`, or live."),
    publishedAt: time.nullable(),
    publishAt: time.nullable().describe('When a scheduled post goes live.'),
    reviewAt: time.nullable().describe('Since when a post in review has waited for an editor; null unless in review.'),
    authorIds: z.array(id).describe("Its authors' user ids, the primary author first."),
    ...seoShape,
    submittedBy: z
      .object({ id: id.nullable(), name: z.string() })
      .nullable()
      .optional()
      .describe('In the review queue (`status=review`) only: who submitted it (null when no change records it).'),
    createdAt: time,
    updatedAt: time,
    version: version.describe("The post's version, its blocks and inline additions included: send it back as `If-Match` with a write."),
  })
  .meta({ id: 'Post', description: 'A post or a city guide.' });

export const PostWithUrl = Post.omit({ submittedBy: true })
  .extend({ url: z.string().describe("The post's canonical address.") })
  .meta({
    id: 'PostWithUrl',
    description: 'A post as the editor loads it and a write answers it, with its address.',
  });

export const ContentItem = z
  .object({
    id,
    postId: id,
    type: z.enum(['text', 'image']),
    content: z.string().describe("The text, or the image's address."),
    alt: z.string().describe("An image's alt text ('' for text)."),
    position: z.number().int().min(0),
    createdAt: time,
  })
  .meta({ id: 'ContentItem', description: 'An inline addition shown after paragraph `position - 1`.' });

export const ContentBlock = z
  .object({
    id,
    postId: id,
    content: z.string(),
    position: z.number().int().min(0),
    isOriginal: z.boolean(),
    createdAt: time,
    updatedAt: time,
  })
  .meta({ id: 'ContentBlock', description: 'A stored block replacing paragraph `position`.' });

export const Subscriber = z
  .object({
    id,
    email: z.string(),
    status: z.enum(['pending', 'confirmed', 'unsubscribed', 'bounced']),
    subscribedAt: time,
    confirmationSentAt: time.nullable(),
    confirmedAt: time.nullable(),
    unsubscribedAt: time.nullable(),
    bouncedAt: time.nullable(),
    hardBounces: z.number().int().min(0).describe('Newsletter emails refused permanently in a row.'),
  })
  .meta({ id: 'Subscriber', description: 'A newsletter subscriber.' });

export const NewsletterSend = z
  .object({
    id,
    postId: id.nullable(),
    subject: z.string(),
    status: z.enum(['waiting', 'sending', 'done', 'cancelled']),
    createdAt: time,
    startedAt: time.nullable(),
    finishedAt: time.nullable(),
    total: z.number().int().min(0).describe('Recipients: every subscriber confirmed when the send started.'),
    sent: z.number().int().min(0),
    failed: z.number().int().min(0),
    skipped: z.number().int().min(0),
    remaining: z.number().int().min(0).describe('Still to deliver, retries included.'),
  })
  .meta({ id: 'NewsletterSend', description: 'A post sent as a newsletter, with its progress.' });

export const SendsOverview = z
  .object({
    sends: z.array(NewsletterSend),
    delivery: z
      .object({ waitingUntil: time.optional(), problem: z.string().optional() })
      .describe('While the mail server cannot be reached: when the next try is and why.'),
  })
  .meta({ id: 'SendsOverview', description: 'Every send, newest first, and the state of delivery.' });

export const ContactMessage = z
  .object({ id, name: z.string(), email: z.string(), subject: z.string(), message: z.string(), createdAt: time })
  .meta({ id: 'ContactMessage', description: 'A message in the contact inbox.' });

export const PostComment = z
  .object({
    id,
    postId: id,
    userId: id.nullable().describe("Its writer's user id; null once their account is gone."),
    userName: z.string().nullable().describe("Its writer's name; null once their account is gone."),
    kind: z.enum(['comment', 'changes']).describe('A comment, or `changes`: the note of a request for changes.'),
    body: z.string(),
    createdAt: time,
  })
  .meta({ id: 'PostComment', description: 'A word on a post between its writers and the editors: review talk, not content.' });

const role = z.enum(ROLES).describe('owner (exactly one), administrator, editor, author or contributor.');

export const CurrentUser = z
  .object({
    id,
    name: z.string(),
    email: z.string(),
    role,
    slug: z.string().describe('Unique among users: the author page is /authors/{slug}.'),
  })
  .meta({ id: 'CurrentUser', description: 'The signed-in user.' });

export const User = CurrentUser.extend({
  bio: z.string(),
  avatar: z.string().nullable().describe('An image address as image fields take it, or null.'),
  createdAt: time,
  updatedAt: time,
}).meta({ id: 'User', description: 'A member of the newsroom.' });

export const Invitation = z
  .object({
    id,
    email: z.string(),
    role: z.enum(['administrator', 'editor', 'author', 'contributor']),
    invitedBy: id.nullable().describe('Who sent it; null once that user is deleted.'),
    invitedByName: z.string().nullable(),
    createdAt: time,
    expiresAt: time.describe('The link works until then (7 days).'),
    acceptedAt: time.nullable(),
    revokedAt: time.nullable(),
  })
  .meta({ id: 'Invitation', description: 'An invitation into the newsroom; its link is only in the email.' });

const publishRun = {
  durationMs: z.number().min(0),
  pagesChanged: z.number().int().min(0),
  urls: z.array(z.string()).describe('The site paths written or removed.'),
  error: z.string().nullable(),
  by: z.array(z.string()).describe("The names of the users whose changes it published (none for the server's own, or a retry)."),
};

const bucketTarget = z.object({
  url: z.string().describe('`s3://bucket/prefix`'),
  queued: z.number().int().min(0).describe('Objects waiting to be put into it (or deleted from it).'),
  failing: z.number().int().min(0).describe('How many of those have failed at least once.'),
  reconciling: z.boolean().describe('Whether the whole bucket is being compared with its folder (after a start or a full render).'),
});

export const PublishStatus = z
  .object({
    queueLength: z.number().int().min(0),
    lastPublish: z.object({ ...publishRun, at: time }).nullable(),
    failuresLastDay: z.number().int().min(0),
    lastFailure: z.object({ ...publishRun, startedAt: time }).nullable(),
    failingRoutes: z.array(
      z.object({
        path: z.string(),
        error: z.string(),
        attempts: z.number().int().min(1),
        firstFailedAt: time,
        retryAt: time.describe('When it is tried again.'),
      }),
    ),
    bucket: z
      .object({
        site: bucketTarget.nullable().describe('SITE_BUCKET; null when unset.'),
        uploads: bucketTarget.nullable().describe('UPLOADS_BUCKET; null when unset.'),
        failingObjects: z
          .array(
            z.object({
              bucket: z.enum(['site', 'uploads']),
              key: z.string().describe("The key below the bucket's prefix: `kyoto/guide`, `index.html`, an upload's name."),
              error: z.string(),
              attempts: z.number().int().min(1),
              firstFailedAt: time,
              retryAt: time.describe('When it is tried again.'),
            }),
          )
          .describe('Objects the bucket does not hold yet (the first 50), the longest-failing first.'),
      })
      .nullable()
      .describe('The buckets a publish and an upload also land in; null when neither SITE_BUCKET nor UPLOADS_BUCKET is set.'),
  })
  .meta({ id: 'PublishStatus', description: 'What the publisher is doing.' });

const historyEntity = z.enum(['post', 'city', 'hero', 'page']);
const trashKind = z.enum(['post', 'city', 'block', 'item', 'subscriber', 'page']);

export const RevisionSummary = z
  .object({
    id,
    changeId: id,
    entity: historyEntity,
    entityId: z.number().int().min(0).describe('0 for the homepage hero.'),
    createdAt: time,
    actor: z
      .string()
      .nullable()
      .describe(
        'The name of the user who made the change (their email when the user is gone); null for the server (a scheduled publication).',
      ),
    actorId: id.nullable().describe("That user's id; null for the server, and for changes older than user ids in history."),
    kind: z
      .string()
      .describe(
        'created, edited, body, hero, published, unpublished, scheduled, review, itinerary, regenerated, deleted, restored, undone or earlier.',
      ),
    summary: z.string(),
    title: z.string().describe("The entity's name at that version."),
    current: z.boolean().describe("Whether this is the entity's newest version."),
    restorable: z.boolean(),
  })
  .meta({ id: 'RevisionSummary', description: 'One version of an entity: the state it had after one change.' });

/** What changed in one field, as a word diff. */
const FieldDiff = z.object({
  label: z.string(),
  parts: z.array(z.object({ value: z.string(), added: z.boolean().optional(), removed: z.boolean().optional() })),
});

/** What a write made to an earlier version is told (412 stale_version), besides the message and code. */
export const StaleVersion = z.object({
  currentVersion: z.number().int().min(0).describe('412: the version the entity is at now.'),
  changedBy: z
    .string()
    .nullable()
    .describe('412: who made the change that produced it (null for the server itself, or when there is no recorded change).'),
  changedAt: z.string().nullable().describe('412: when.'),
  changes: z
    .array(FieldDiff)
    .describe('412: what changed since the version the write was made to, field by field; empty when that version is no longer kept.'),
});

export const RevisionDetail = RevisionSummary.extend({
  hasPrevious: z.boolean().describe('False when the version before it is no longer kept (then `changes` is empty).'),
  changes: z.array(FieldDiff),
}).meta({ id: 'RevisionDetail', description: 'A version with what it changed against the version before it (a word diff per field).' });

export const RestoreResult = z
  .object({
    restored: z.array(z.object({ entity: z.union([historyEntity, trashKind]), id: z.number().int().min(0), title: z.string() })),
  })
  .meta({ id: 'RestoreResult', description: 'What a restore or an undo brought back.' });

export const TrashItem = z
  .object({ kind: trashKind, id, title: z.string(), deletedAt: time, deletedBy: z.string().nullable(), purgeAt: time })
  .meta({ id: 'TrashItem', description: 'Something deleted, restorable until `purgeAt`.' });

export const GenerateGuideResult = z
  .object({ cityName: z.string(), citySlug: z.string() })
  .meta({ id: 'GenerateGuideResult', description: 'The city the guide was written for.' });

export const GuidePreview = GenerateGuideResult.extend({
  exists: z.boolean().describe('Whether the city exists: then its itinerary is replaced and its guide regenerated.'),
  guideRegenerated: z.boolean(),
  restaurants: z.object({
    added: z.array(z.string()),
    removed: z.array(z.string()),
    changed: z.array(z.string()),
    unchanged: z.number().int().min(0),
  }),
}).meta({ id: 'GuidePreview', description: 'What an upload would change, writing nothing.' });

const textRun = z.object({ text: z.string(), match: z.boolean() });
const searchType = z.enum(SEARCH_TYPES);

export const SearchAnswer = z
  .object({
    query: z.string().describe('The query as it was searched (trimmed).'),
    correctedQuery: z.string().nullable().describe('When nothing matched as typed, the spelling searched instead.'),
    total: z.number().int().min(0).describe(`Matches under the filters, counted up to ${SEARCH_LIMITS.countLimit}; see totalExact.`),
    totalExact: z.boolean().describe(`False when more than total match: counting stopped at ${SEARCH_LIMITS.countLimit} ('1,000+').`),
    hits: z.array(
      z.object({
        type: searchType,
        title: z.string(),
        url: z.string(),
        city: z.object({ slug: z.string(), name: z.string() }).nullable(),
        titleRuns: z.array(textRun),
        snippet: z.array(textRun),
      }),
    ),
    facets: z.object({
      types: z.object({
        guide: z.number().int(),
        post: z.number().int(),
        restaurant: z.number().int(),
        author: z.number().int(),
        page: z.number().int(),
      }),
      cities: z.array(z.object({ slug: z.string(), name: z.string(), count: z.number().int() })),
    }),
    facetsExact: z
      .boolean()
      .describe(
        `False when the words match more than ${SEARCH_LIMITS.countLimit} rows: each count is then of the newest ${SEARCH_LIMITS.countLimit} only, so at least that many match ('12+'), except the filters' own values, counted as total is.`,
      ),
  })
  .meta({ id: 'SearchAnswer', description: 'One page of matches, best first, with the counts of each filter value.' });

const checkStatus = z.enum(['ok', 'failing']);
const checkNames = ['database', 'publishing', 'disk', 'mail', 'backups'] as const;

export const Readiness = z
  .object({
    status: checkStatus,
    checks: z.object(
      Object.fromEntries(checkNames.map((name) => [name, checkStatus])) as Record<(typeof checkNames)[number], typeof checkStatus>,
    ),
    details: z
      .object(
        Object.fromEntries(checkNames.map((name) => [name, z.record(z.string(), z.unknown())])) as Record<
          (typeof checkNames)[number],
          z.ZodRecord<z.ZodString, z.ZodUnknown>
        >,
      )
      .optional()
      .describe('For the signed-in admin only.'),
  })
  .meta({ id: 'Readiness', description: "The deep check's verdict and each check's." });

export const HealthStatus = z.object({ status: z.literal('ok') }).meta({ id: 'HealthStatus' });

export const Message = z.object({ message: z.string() }).meta({ id: 'Message', description: 'A sentence for the reader.' });

export const Presence = z
  .object({
    others: z
      .array(z.object({ name: z.string().describe('Who (their address today).'), since: time.describe('Since when.') }))
      .describe('The other admins who have the post open, longest there first.'),
  })
  .meta({ id: 'Presence', description: 'Who else has a post open in an editor.' });

export const HomepageHero = z.object({ heroImage: z.string().nullable(), version }).meta({ id: 'HomepageHero' });
export const HomepageHeroUpdated = z.object({ imageUrl: z.string(), version }).meta({ id: 'HomepageHeroUpdated' });
export const PostHero = z
  .object({ heroImage: z.string(), version: version.describe("The post's version after the change.") })
  .meta({ id: 'PostHero' });
/** A block or an addition as a write answers it: with its post's version after the write (it is part of the post). */
export const WrittenContentBlock = ContentBlock.extend({ version: version.describe("The post's version after the change.") }).meta({
  id: 'WrittenContentBlock',
  description: "A block as a write answers it, with its post's new version.",
});
export const WrittenContentItem = ContentItem.extend({ version: version.describe("The post's version after the change.") }).meta({
  id: 'WrittenContentItem',
  description: "An addition as a write answers it, with its post's new version.",
});
export const UploadResult = z.object({ url: z.string() }).meta({ id: 'UploadResult', description: "The processed image's address." });
export const HeroUploadResult = z
  .object({ filePath: z.string() })
  .meta({ id: 'HeroUploadResult', description: "The processed image's address." });

export const OpenApiShape = z
  .looseObject({
    openapi: z.string().regex(/^3\.1\.\d+$/),
    info: z.looseObject({ title: z.string(), version: z.string() }),
    paths: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'OpenApiDocument', description: 'An OpenAPI 3.1 document.' });

const webhookEvent = z.enum(WEBHOOK_EVENTS);
const webhookStatus = z.enum(['queued', 'delivered', 'failed']);

export const Webhook = z
  .object({
    id,
    url: z.string(),
    events: z.array(webhookEvent),
    createdAt: time,
    lastDelivery: z
      .object({ status: webhookStatus, at: time, responseStatus: z.number().int().nullable() })
      .nullable()
      .describe('The newest delivery: queued, delivered, or failed for good; null before the first event.'),
  })
  .meta({ id: 'Webhook', description: 'An endpoint told about events; its signing secret is shown only when it is created.' });

export const CreatedWebhook = Webhook.extend({
  secret: z.string().describe('The Standard Webhooks signing secret (`whsec_` and base64): shown this once.'),
}).meta({ id: 'CreatedWebhook', description: 'A webhook just created, with its signing secret.' });

export const WebhookDelivery = z
  .object({
    id,
    webhookId: id,
    event: webhookEvent,
    messageId: z.string().describe('The `webhook-id` header, the same on every attempt.'),
    status: webhookStatus,
    attempts: z.number().int(),
    responseStatus: z.number().int().nullable().describe("The endpoint's last HTTP status; null when it gave none."),
    lastError: z.string().nullable(),
    createdAt: time,
    finishedAt: time.nullable(),
    nextAttemptAt: time.nullable().describe('When a queued delivery is tried next.'),
  })
  .meta({ id: 'WebhookDelivery', description: 'One event sent (or to be sent) to one webhook.' });

export const RedirectEntry = z
  .object({
    id,
    from: z.string().describe('The path it answers, on this site.'),
    to: z.string().describe('Where it leads: a path on this site (a query string may follow) or an http(s) address.'),
    status: z.literal([301, 302]).describe('301: moved for good; 302: for now.'),
    source: z
      .enum(REDIRECT_SOURCES)
      .describe('`automatic`: left by a slug change or an import, and kept up to date by them; `editor`: made by hand.'),
    createdAt: time,
  })
  .meta({ id: 'Redirect', description: 'A path answered with a redirect.' });

export const RedirectImportResult = z
  .object({ created: z.number().int().describe('How many redirects the list added.') })
  .meta({ id: 'RedirectImportResult', description: 'What a CSV list of redirects added.' });

const insightCount = { pageviews: z.number().int(), visitors: z.number().int().describe('Unique per day, summed over the days.') };
const ranked = (key: string, description: string) =>
  z.array(z.object({ [key]: z.string().describe(description), pageviews: z.number().int() }));

export const InsightReport = z
  .object({
    from: z.string(),
    to: z.string(),
    path: z.string().nullable().describe('The page asked for, or null for the whole site.'),
    ...insightCount,
    previous: z.object({ from: z.string(), to: z.string(), ...insightCount }).describe('The period of the same length just before.'),
    days: z.array(z.object({ day: z.string(), ...insightCount })),
    hours: z
      .array(z.object({ hour: z.string().describe('YYYY-MM-DDTHH, UTC.'), ...insightCount }))
      .describe('Up to 14 days, whole site only; else empty.'),
    pages: z.array(z.object({ path: z.string(), ...insightCount })),
    referrers: ranked('host', "The referring site's host; empty for none (typed, bookmarked, or this site)."),
    devices: ranked('device', '`desktop`, `mobile` or `tablet`.'),
    browsers: ranked('browser', 'The browser family.'),
    sources: ranked('source', 'The `utm_source` the page was opened with.'),
    searches: z.array(z.object({ query: z.string(), searches: z.number().int(), results: z.number().int() })),
    zeroResultSearches: z.array(z.object({ query: z.string(), searches: z.number().int() })),
    newsletter: z
      .object({
        signups: z.number().int(),
        confirmed: z.number().int().describe("Of the period's sign-ups, how many have confirmed."),
        confirmationRate: z.number().nullable(),
        unsubscribes: z.number().int(),
        sends: z.array(
          z.object({ id, subject: z.string(), status: z.string(), at: time, delivered: z.number().int(), failed: z.number().int() }),
        ),
      })
      .nullable()
      .describe('Null with `path`.'),
  })
  .meta({ id: 'InsightReport', description: "A period's readership figures." });

export const PostViews = z
  .object({
    id,
    path: z.string().describe('Its canonical address.'),
    pageviews: z.number().int(),
    visitors: z.number().int().describe('Unique per day, summed over the days.'),
    days: z.array(z.number().int()).describe('Page views on each of the 30 days, oldest first.'),
  })
  .meta({ id: 'PostViews', description: "A post's readers over the last 30 days." });

export const SitePage = z
  .object({
    id,
    slug: z.string().describe('Where the page lives: `/{slug}`.'),
    title: z.string(),
    content: z.string().describe('Markdown, sanitised like a post body when rendered.'),
    status: z.enum(['draft', 'published']),
    inFooter: z.boolean().describe('Whether the footer links the page, after its own links.'),
    layout: z.enum(SITE_PAGE_LAYOUTS).describe("How the page is laid out: 'standard', 'about' or 'legal'."),
    kicker: z.string().describe("The small line over the title; empty: the site's name."),
    version: z.number().int().describe('Moves with every write; send it back as `If-Match`.'),
    createdAt: time,
    updatedAt: time,
    publishedAt: time.nullable(),
    url: z.string().describe("The page's address on the site (live once published)."),
    ...seoShape,
  })
  .meta({ id: 'SitePage', description: 'A page an editor writes, such as About: live at `/{slug}` once published.' });

const focalPoint = z
  .object({ x: z.number().min(0).max(1), y: z.number().min(0).max(1) })
  .describe('0..1 from the left and from the top: every crop of the image keeps this point in view.');

const MediaUse = z
  .object({
    kind: z.enum(['post', 'guide', 'city', 'home', 'author']),
    id: z.number().int().describe("The post's, city's or user's id; 0 for the homepage."),
    title: z.string(),
    path: z.string().describe('The public page that shows the image.'),
  })
  .meta({ id: 'MediaUse', description: 'A page that shows a media item.' });

export const MediaItem = z
  .object({
    id,
    url: z.string().describe('The master image, `/uploads/<hash>.jpg`.'),
    thumbnailUrl: z.string(),
    originalName: z.string(),
    bytes: z.number().int().nullable().describe('Null for an upload made before the library kept sizes.'),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
    mime: z.string(),
    alt: z.string(),
    focalPoint,
    createdAt: time,
    usedBy: z.array(MediaUse),
  })
  .meta({ id: 'MediaItem', description: 'An upload in the media library, with where it is used.' });

export const MediaPage = z
  .object({ items: z.array(MediaItem), page: z.number().int(), pageSize: z.number().int(), total: z.number().int() })
  .meta({ id: 'MediaPage', description: 'One page of the media library, newest first.' });
