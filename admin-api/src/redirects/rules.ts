import { findRedirect, findRedirectsTo, type Db } from '@forkcast/content-db';
import { SEARCH_PAGE } from '@forkcast/shared/contracts';
import { FIXED_ROUTES, redirectTargetPath, type RedirectStatus } from '@forkcast/shared/urls';
import { newLocation } from '../site-not-found.ts';

export const FROM_RULE = 'The old path starts with / and holds letters, digits, dots, - and _ only (no query string).';
export const TO_RULE = 'Lead it to a path on this site (starting with /) or to an http(s) address.';
export const STATUS_RULE = 'The status is 301 (moved for good) or 302 (for now).';

/** A redirect an editor asks for, its paths already in their stored spelling (see redirectTarget). */
export interface RedirectRequest {
  from: string;
  to: string;
  status: RedirectStatus;
}

/** Why a redirect may not be made: 409 when something else owns its path, 400 when it would loop or chain. */
export interface RedirectRefusal {
  status: 400 | 409;
  field: 'from' | 'to';
  message: string;
}

// First segments the server answers before it ever looks for a redirect: the API, the admin, the
// build's assets and the uploads. A redirect there would never be followed.
const SITE_SEGMENTS = new Set(['api', 'admin', '_astro', 'uploads']);
const FIXED_PAGES: ReadonlySet<string> = new Set([...FIXED_ROUTES, SEARCH_PAGE]);

/** Whether a page of the site answers `path` now: a fixed route, or a page the publisher has written. */
async function isLivePage(db: Db, path: string): Promise<boolean> {
  if (FIXED_PAGES.has(path)) return true;
  return (await db.selectFrom('pages').select('path').where('path', '=', path).executeTakeFirst()) !== undefined;
}

/** Where a same-site path sends a reader on, if it is no page but a redirect (stored, or a post's other URL). */
async function onwardFrom(db: Db, path: string): Promise<string | undefined> {
  if (await isLivePage(db, path)) return undefined;
  return (await newLocation(db, path))?.to;
}

/**
 * Why each of `requests` may not be made, by index (the first reason each; none for those that
 * may). They are checked against the stored redirects and against each other, so a list imported
 * at once is held to the same rules as redirects added one by one: a path a live page or the site
 * itself answers cannot be redirected (409), nor one already redirected (409); a redirect may not
 * lead to itself, to a path that redirects on, or start where another redirect ends (400), as
 * each would make readers take two hops or go round for ever.
 */
export async function redirectRefusals(db: Db, requests: readonly RedirectRequest[]): Promise<Map<number, RedirectRefusal>> {
  const refusals = new Map<number, RedirectRefusal>();
  const fromIndex = new Map<string, number>();
  requests.forEach((request, index) => {
    if (!fromIndex.has(request.from)) fromIndex.set(request.from, index);
  });
  for (const [index, { from, to }] of requests.entries()) {
    const refuse = (status: 400 | 409, field: 'from' | 'to', message: string) => refusals.set(index, { status, field, message });
    const toPath = redirectTargetPath(to);
    const segment = from.split('/')[1] ?? '';
    if (toPath === from) {
      refuse(400, 'to', 'A redirect cannot lead to the path it starts from.');
    } else if (SITE_SEGMENTS.has(segment)) {
      refuse(409, 'from', `${from} belongs to the site itself (/${segment}), so it cannot be redirected.`);
    } else if (await isLivePage(db, from)) {
      refuse(409, 'from', `${from} is a live page: a redirect from it would never be followed.`);
    } else if (fromIndex.get(from) !== index) {
      refuse(400, 'from', `${from} is redirected twice in this list.`);
    } else {
      const existing = await findRedirect(db, from);
      if (existing) {
        refuse(409, 'from', `There is a redirect from ${from} already, to ${existing.toPath}.`);
        continue;
      }
      const listedOnward = toPath === undefined ? undefined : fromIndex.get(toPath);
      const onward =
        toPath === undefined ? undefined : listedOnward !== undefined ? requests[listedOnward]!.to : await onwardFrom(db, toPath);
      if (onward !== undefined) {
        refuse(
          400,
          'to',
          redirectTargetPath(onward) === from
            ? `${toPath} redirects back to ${from}: readers would go round for ever.`
            : `${toPath} redirects to ${onward}: lead ${from} straight there, so readers take one hop.`,
        );
        continue;
      }
      const leadingHere =
        (await findRedirectsTo(db, from))[0]?.fromPath ?? requests.find((other) => redirectTargetPath(other.to) === from)?.from;
      if (leadingHere !== undefined)
        refuse(400, 'from', `${leadingHere} redirects to ${from}: a redirect from ${from} would make readers take two hops.`);
    }
  }
  return refusals;
}
