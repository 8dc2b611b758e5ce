import {
  clearRouteFailures,
  forgetPages,
  markOutboxDone,
  recordGeneration,
  recordRouteFailures,
  type Db,
  type SiteGeneration,
} from '@forkcast/content-db';

// A route that fails is tried again after 1 s, then 2 s, 4 s, ... and at least every 5 minutes.
const FIRST_RETRY_MS = 1000;
const LONGEST_WAIT_MS = 5 * 60 * 1000;

/** When a route that has now failed `attempts` times may be tried again, counted from `now`. */
export function retryTime(now: string): (attempts: number) => string {
  return (attempts) => new Date(Date.parse(now) + Math.min(FIRST_RETRY_MS * 2 ** (attempts - 1), LONGEST_WAIT_MS)).toISOString();
}

/**
 * Records, in the transaction of a publish or a full render, how it ended: the routes that are gone
 * are forgotten, those that went live or are gone stop counting as failed, those that failed are
 * kept with their error and their next try, and the outbox entries it covered are done. Returns the
 * publish generation it adds, for the site folder to record once its files are in place.
 */
export async function settleRoutes(
  trx: Db,
  outcome: { gone: string[]; cleared: string[]; failed: { route: string; error: string }[]; outboxIds: number[]; now: string },
): Promise<SiteGeneration> {
  const { gone, cleared, failed, outboxIds, now } = outcome;
  await forgetPages(trx, gone);
  await clearRouteFailures(trx, cleared);
  await recordRouteFailures(
    trx,
    failed.map(({ route, error }) => ({ path: route, error })),
    now,
    retryTime(now),
  );
  await markOutboxDone(trx, outboxIds, now);
  return recordGeneration(trx, now);
}
