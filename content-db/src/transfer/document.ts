import type { Role, SubscriberStatus } from '@forkcast/shared/contracts';
import type { TransferredMedia } from '../repositories/media.ts';
import type { TransferredRedirect } from '../repositories/redirects.ts';
import type { TransferredSitePage } from '../repositories/site-pages.ts';
import type { CityState, HeroState, PostState } from '../revisions/entities.ts';

/** What every export says it is; an import refuses anything else. */
export const EXPORT_FORMAT = 'forkcast-export';
/** The version of the document's shape; docs/export.md describes each. */
export const EXPORT_VERSION = 2;
/** The versions an import reads: version 1's redirects were all automatic 301s. */
export const READABLE_EXPORT_VERSIONS = [1, EXPORT_VERSION] as const;

/** A user as an export carries them: never a password or a session. */
export interface ExportedUser {
  id: number;
  email: string;
  name: string;
  slug: string;
  bio: string;
  avatar: string | null;
  role: Role;
  createdAt: string;
  updatedAt: string;
}

/** A newsletter subscriber, only in an export asked for with its subscribers. */
export interface ExportedSubscriber {
  email: string;
  status: SubscriberStatus;
  subscribedAt: string;
  confirmedAt: string | null;
  unsubscribedAt: string | null;
  bouncedAt: string | null;
}

/**
 * All of a site's content in one JSON document: each post and city exactly as history stores it
 * (its row with its body or itinerary, ids included), the users who write, the homepage hero, and
 * with `subscribers` the newsletter list. Importing it into an empty site renders the same pages.
 */
export interface ExportDocument {
  format: typeof EXPORT_FORMAT;
  version: typeof EXPORT_VERSION;
  exportedAt: string;
  site: { name: string; publicHost: string };
  users: ExportedUser[];
  cities: CityState[];
  posts: PostState[];
  hero: HeroState;
  /** Where old addresses of posts, cities and authors lead now, and the editors' own redirects. */
  redirects: TransferredRedirect[];
  /** The pages editors wrote (About-like, at `/{slug}`), ids included. */
  pages: TransferredSitePage[];
  /** The media library's items: alt text and focal point of each upload (the files travel with the uploads folder). */
  media: TransferredMedia[];
  subscribers?: ExportedSubscriber[];
}
