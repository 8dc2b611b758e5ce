import { getJson, RequestError } from '../shared/api';

/** The delay before sending a signed-out admin to the login page. */
const LOGIN_REDIRECT_MS = 1000;
/** Where the dashboard sends a visitor who is not signed in; they come back here afterwards. */
export const ADMIN_LOGIN_URL = '/api/login?next=/admin';
/** Where an expired session is sent; signing in returns to /admin by default. */
export const LOGIN_URL = '/api/login';

export const SUBSCRIBERS_URL = '/api/newsletter/subscribers';
export const SUBSCRIBERS_EXPORT_URL = '/api/newsletter/subscribers/export';
export const CONTACT_MESSAGES_URL = '/api/admin/contact-messages';
export const PUBLISH_STATUS_URL = '/api/admin/publish-status';
/** Every city with its counts and guide state: the cities list, and the slugs the city editor must not take. */
export const CITY_OVERVIEWS_URL = '/api/admin/cities';

/**
 * A query function for admin-only data. The shared default turns a 401 into null ("not signed
 * in"); on the dashboard a 401 means the session expired, so it throws instead.
 */
export function adminQuery<T>(url: string): () => Promise<T> {
  return async () => (await getJson<T>(url, { on401: 'throw' })) as T;
}

export function isUnauthorized(error: unknown): boolean {
  return error instanceof RequestError && error.status === 401;
}

/** Sends the browser to `url` after LOGIN_REDIRECT_MS; returns a function that cancels it. */
export function scheduleRedirect(url: string): () => void {
  const timer = window.setTimeout(() => window.location.assign(url), LOGIN_REDIRECT_MS);
  return () => window.clearTimeout(timer);
}
