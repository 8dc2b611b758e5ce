/**
 * Fragments of /newsletter that tell a reader without JavaScript how their sign-up went; the API
 * redirects a form post to one of them (FORM_OUTCOME in admin-api/src/routes/newsletter.ts).
 */
export const NEWSLETTER_OUTCOME = { subscribed: 'subscribed', failed: 'not-subscribed' } as const;
