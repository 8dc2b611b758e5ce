import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import {
  activeSendOfPost,
  cancelSend,
  commitChange,
  createWaitingSend,
  getPostById,
  getSend,
  listSends,
  listWaitingSends,
  nowIso,
  startSend,
  type Db,
  type Post,
  type SendProgress,
} from '@forkcast/content-db';
import type { Config } from '../config.ts';
import { errors } from '../errors.ts';
import { Mailer } from '../mail/mailer.ts';
import { newsletterLinks } from '../newsletter/links.ts';
import type { Renderer } from '../publisher/renderer.ts';
import { NewsletterDelivery, type DeliveryClaimant, type DeliveryState } from './delivery.ts';
import { renderLetter } from './letter.ts';

export interface NewsletterSendsOptions {
  db: Db;
  delivery: NewsletterDelivery;
  /** Renders the letter page; without a built site nothing can be sent. */
  pages: Pick<Renderer, 'render'> | undefined;
  logger: Logger;
}

/** What /admin shows: every send with its progress, and whether the worker waits for the mail server. */
export interface SendsOverview {
  sends: SendProgress[];
  delivery: DeliveryState;
}

const newMessageKey = () => randomBytes(12).toString('base64url');

const longDate = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(iso));

/**
 * Starts newsletter sends: a published post at once (its letter rendered and stored with one row per
 * confirmed subscriber, in one transaction), a scheduled post when it goes live. A post is sent
 * once; a cancelled send may be started again.
 */
export class NewsletterSends {
  readonly #options: NewsletterSendsOptions;
  readonly #closing = new AbortController();
  #sweeping: Promise<void> | undefined;
  #sweepAgain = false;

  constructor(options: NewsletterSendsOptions) {
    this.#options = options;
  }

  /** Aborted when the server stops: the live progress streams end, so a graceful stop need not wait for them. */
  get closing(): AbortSignal {
    return this.#closing.signal;
  }

  /** Ends the live progress streams (browsers reconnect to the next server by themselves). */
  endStreams(): void {
    this.#closing.abort();
  }

  get delivery(): NewsletterDelivery {
    return this.#options.delivery;
  }

  async overview(): Promise<SendsOverview> {
    return { sends: await listSends(this.#options.db), delivery: this.#options.delivery.state };
  }

  /**
   * Sends a published post now, or, for a scheduled post, once it goes live. Refuses (409) a draft (or a post in review),
   * a post already sent or waiting, and a send nobody would receive.
   */
  async send(postId: number): Promise<SendProgress> {
    const { db } = this.#options;
    const post = await getPostById(db, postId);
    if (!post) throw errors.notFound('Post not found.');
    // A post in review is no nearer to going live than a draft.
    if (post.status === 'draft' || post.status === 'review')
      throw errors.conflict('Publish or schedule the post first: only a live post can be sent.');
    const pages = this.#pages();
    const letter = post.status === 'published' ? await renderLetter(pages, post) : undefined;
    if (post.status === 'published' && !letter) throw errors.conflict('This post is not live any more.');
    const { result: send } = await commitChange(db, async (trx) => {
      const earlier = await activeSendOfPost(trx, post.id);
      if (earlier) throw errors.conflict(this.#alreadySent(earlier));
      if (!letter) return createWaitingSend(trx, { postId: post.id, subject: post.title, messageKey: newMessageKey(), now: nowIso() });
      const started = await startSend(trx, { postId: post.id, ...letter, messageKey: newMessageKey(), now: nowIso() });
      if (started.recipients === 0) throw errors.conflict('Nobody has confirmed a subscription yet, so nobody would get this letter.');
      return started.send;
    });
    this.#options.logger.info({ send: send.id, post: post.id, status: send.status }, 'newsletter send started');
    this.#options.delivery.wake();
    this.#options.delivery.announce();
    return (await listSends(db)).find((progress) => progress.id === send.id)!;
  }

  /** Stops a send: the messages not yet sent are skipped. */
  async cancel(sendId: number): Promise<SendProgress> {
    const { db, delivery } = this.#options;
    const { result: cancelled } = await commitChange(db, (trx) => cancelSend(trx, sendId, nowIso()));
    const progress = (await listSends(db)).find((send) => send.id === sendId);
    if (!progress) throw errors.notFound('No such send.');
    if (!cancelled) throw errors.conflict('This send has already finished.');
    delivery.cancel(sendId);
    delivery.announce();
    return progress;
  }

  /**
   * Starts the waiting sends whose post is live now, and cancels those whose post is gone. Called
   * after every write, when scheduled posts go live, and at start (a crash may have come between a
   * post going live and its send starting).
   */
  startWaiting(): void {
    if (this.#sweeping) {
      this.#sweepAgain = true;
      return;
    }
    this.#sweeping = this.#sweep()
      .catch((error: unknown) => this.#options.logger.error({ err: error }, 'could not start the newsletter sends waiting for their post'))
      .finally(() => {
        this.#sweeping = undefined;
        if (this.#sweepAgain) {
          this.#sweepAgain = false;
          this.startWaiting();
        }
      });
  }

  /** Resolves once no waiting send is being started. */
  async idle(): Promise<void> {
    while (this.#sweeping) await this.#sweeping;
  }

  async #sweep(): Promise<void> {
    const { db, logger } = this.#options;
    for (const send of await listWaitingSends(db)) {
      const post = send.postId === null ? undefined : await getPostById(db, send.postId);
      if (!post) {
        await commitChange(db, (trx) => cancelSend(trx, send.id, nowIso()));
        logger.info({ send: send.id }, 'cancelled a newsletter send whose post was deleted');
        continue;
      }
      if (post.status !== 'published' || !this.#options.pages) continue;
      await this.#startWaitingSend(send.id, post);
    }
  }

  async #startWaitingSend(sendId: number, post: Post): Promise<void> {
    const letter = await renderLetter(this.#pages(), post);
    if (!letter) return;
    const { result } = await commitChange(this.#options.db, async (trx) => {
      const still = await getSend(trx, sendId);
      return still?.status === 'waiting'
        ? startSend(trx, { sendId, postId: post.id, ...letter, messageKey: still.messageKey, now: nowIso() })
        : undefined;
    });
    if (!result) return;
    this.#options.logger.info(
      { send: sendId, post: post.id, recipients: result.recipients },
      'newsletter send started as its post went live',
    );
    this.#options.delivery.wake();
    this.#options.delivery.announce();
  }

  #pages(): Pick<Renderer, 'render'> {
    if (!this.#options.pages) throw errors.unavailable('Sending a post needs the built site; run make build.');
    return this.#options.pages;
  }

  #alreadySent(earlier: { status: string; startedAt: string | null; createdAt: string }): string {
    if (earlier.status === 'waiting') return 'This post is already set to be sent when it goes live.';
    return `This post was already sent as a newsletter on ${longDate(earlier.startedAt ?? earlier.createdAt)} (UTC).`;
  }
}

/** The newsletter's sending side as the server runs it: a delivery worker over a pooled mailer of its own, and what starts sends. */
export function createNewsletterSends(options: {
  db: Db;
  config: Config;
  logger: Logger;
  pages: Pick<Renderer, 'render'> | undefined;
  /** The server's database lease, under whose token deliveries are claimed. */
  claimant?: DeliveryClaimant;
}): NewsletterSends {
  const { db, config, logger } = options;
  const delivery = new NewsletterDelivery({
    db,
    mailer: new Mailer(config.mail, logger, { pool: true }),
    links: () => newsletterLinks(db, config.publicHost),
    from: config.mail.from.address,
    logger,
    rate: config.newsletter.rate,
    bounceLimit: config.newsletter.bounceLimit,
    ...(options.claimant ? { claimant: options.claimant } : {}),
  });
  return new NewsletterSends({ db, delivery, pages: options.pages, logger });
}
