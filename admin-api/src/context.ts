import type { Logger } from 'pino';
import type { Framing } from '@forkcast/shared/security-headers';
import type { Db } from '@forkcast/content-db';
import type { CurrentUser } from '@forkcast/shared/contracts';
import type { Config } from './config.ts';
import type { LoginThrottle } from './auth/login-throttle.ts';
import type { Mailer } from './mail/mailer.ts';
import type { NewsletterSends } from './sends/sends.ts';
import type { ImageQueue } from './uploads/image-queue.ts';
import type { Renderer } from './publisher/renderer.ts';
import type { BucketPublisher } from './bucket/bucket-publisher.ts';

/** What runs after a write commits: publishes the outbox (the publisher issue) and reports. */
export interface PublishReport {
  pagesChanged: number;
  /** Pages rendered to find those that changed. */
  rendered: number;
  ms: number;
  /** The site paths written or removed. */
  urls: string[];
  /** Routes that could not be rendered or written: they keep their last good file and are retried. */
  failed: { route: string; error: string }[];
  /** Why the site's bucket does not hold this publish yet (its objects stay queued and are retried). */
  bucketError?: string;
}

export interface Publisher {
  publishPending(): Promise<PublishReport>;
}

/** Everything a request handler may use; createApp puts it on the typed context. */
export interface AppDeps {
  db: Db;
  config: Config;
  /** The folder of rendered pages and built assets (dist/client). */
  siteDir: string;
  logger: Logger;
  loginThrottle: LoginThrottle;
  /** Bounds how many uploaded images are processed at once. */
  imageQueue: ImageQueue;
  /** Sends mail through SMTP_URL, or writes it to MAIL_DIR without one. */
  mailer: Mailer;
  publisher?: Publisher;
  /** Puts scheduled posts live at their time; told after every write that the schedule may have changed. */
  scheduler?: { reschedule(): void };
  /** Sends posts as newsletters; told after every write that a post it waits for may have gone live. */
  sends?: NewsletterSends;
  /** Delivers webhook events; woken after every write, once its pages are published. */
  webhooks?: { wake(): void };
  /** Renders pages for a single request (the sign-in page, a post's preview); absent without a built site. */
  pages?: Pick<Renderer, 'render'>;
  /** Object storage pages and uploads also land in (SITE_BUCKET, UPLOADS_BUCKET), when set. */
  bucket?: Pick<BucketPublisher, 'publishUploads' | 'status'>;
}

export type AppEnv = {
  Variables: AppDeps & {
    requestId: string;
    /** The signed-in user, as their session and the users table say now; undefined for a visitor. */
    user: CurrentUser | undefined;
    /** Who may frame the answer: nobody unless a handler allows this site. */
    framing: Framing | undefined;
  };
};
