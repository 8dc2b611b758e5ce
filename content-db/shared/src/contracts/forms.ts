import { LIMITS } from './limits.ts';

// One label of a domain name: letters, digits and inner hyphens, at most 63 of them.
const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
// The local part's characters: those of real mailboxes, none that means something in a mail header
// ('<', ',', '"'), a mailto: link ('?', '%', '#') or a spreadsheet formula ('=', '|').
const LOCAL_CHAR = "[A-Za-z0-9_'+-]";

/**
 * A bare address, `local@domain.tld`, and nothing around it: no display name, no second address,
 * no comment, no quotes, no IP literal. ASCII only (an international domain in its xn-- form), so
 * the database's case-insensitive NOCASE comparison knows every spelling of one mailbox.
 */
const EMAIL_PATTERN = new RegExp(`^${LOCAL_CHAR}+(?:\\.${LOCAL_CHAR}+)*@(?:${LABEL}\\.)+(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})$`);

/**
 * The one rule every email field follows (sign-up, contact, sign-in, the test letter, ADMIN_EMAIL,
 * `make admin-password`): EMAIL_PATTERN, at most 64 characters before the '@' and 254 in all, the
 * most a mail system delivers. Trim the value first.
 */
export function isEmailAddress(value: string): boolean {
  return value.length <= LIMITS.email && value.indexOf('@') <= 64 && EMAIL_PATTERN.test(value);
}

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
