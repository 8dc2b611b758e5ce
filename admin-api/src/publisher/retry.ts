// A route that fails is tried again after 1 s, then 2 s, 4 s, ... and at least every 5 minutes.
const FIRST_RETRY_MS = 1000;
const LONGEST_WAIT_MS = 5 * 60 * 1000;

/** When a route that has now failed `attempts` times may be tried again, counted from `now`. */
export function retryTime(now: string): (attempts: number) => string {
  return (attempts) => new Date(Date.parse(now) + Math.min(FIRST_RETRY_MS * 2 ** (attempts - 1), LONGEST_WAIT_MS)).toISOString();
}
