/** The simple address rule every email field follows: something@something.something, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The page that tells a reader without JavaScript how their newsletter sign-up went. */
export const NEWSLETTER_PAGE = '/newsletter';

/**
 * The fragments of the newsletter page, one per outcome of a sign-up posted as a plain HTML form:
 * the API redirects the form post to one, and the page shows the one targeted.
 */
export const NEWSLETTER_FORM_OUTCOME = { subscribed: 'subscribed', failed: 'not-subscribed', linkExpired: 'link-expired' } as const;

export type NewsletterFormOutcome = keyof typeof NEWSLETTER_FORM_OUTCOME;

/**
 * The newsletter's own pages: where a confirmation link lands, the one-button page an unsubscribe
 * link opens (rendered for each request with the link's token), and where unsubscribing lands.
 */
export const NEWSLETTER_PAGES = {
  confirmed: '/newsletter/confirmed',
  unsubscribe: '/newsletter/unsubscribe',
  unsubscribed: '/newsletter/unsubscribed',
} as const;

/**
 * Stands for the reader's own unsubscribe link in a newsletter email as rendered once per send;
 * each recipient's copy has it replaced with their link (a plain word, so no HTML or text escaping
 * changes it on the way).
 */
export const LETTER_UNSUBSCRIBE_SLOT = 'FORKCAST_UNSUBSCRIBE_URL';

/** Where the API sends a form sign-up (or a confirmation link) that ended with `outcome`. */
export const newsletterOutcomeUrl = (outcome: NewsletterFormOutcome) => `${NEWSLETTER_PAGE}#${NEWSLETTER_FORM_OUTCOME[outcome]}`;
