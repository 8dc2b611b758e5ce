/**
 * The non-secret cookie the login sets beside the real (HttpOnly) session cookie, so the static
 * pages can show admin affordances without asking the server. It proves nothing: the server checks
 * the session on every admin request.
 */
export const UI_HINT_COOKIE = 'forkcast_ui';
export const UI_HINT_SIGNED_IN = 'admin';
