import { chunks } from '../chunks.ts';
import type { Db } from '../db.ts';

export interface FailedRoute {
  path: string;
  error: string;
  attempts: number;
  firstFailedAt: string;
  retryAt: string;
}

/**
 * Records routes the publisher could not render or write: a first failure is stored, a repeated
 * one counts another attempt and keeps its first time. `retryAt` says when each may be tried again,
 * given how many attempts it has now.
 */
export async function recordRouteFailures(
  db: Db,
  failures: readonly { path: string; error: string }[],
  now: string,
  retryAt: (attempts: number) => string,
): Promise<void> {
  for (const slice of chunks(failures.map((failure) => failure.path))) {
    const known = new Map(
      (await db.selectFrom('failedRoutes').select(['path', 'attempts']).where('path', 'in', slice).execute()).map((row) => [
        row.path,
        row.attempts,
      ]),
    );
    for (const failure of failures.filter((each) => slice.includes(each.path))) {
      const attempts = (known.get(failure.path) ?? 0) + 1;
      await db
        .insertInto('failedRoutes')
        .values({ path: failure.path, error: failure.error, attempts, firstFailedAt: now, retryAt: retryAt(attempts) })
        .onConflict((oc) => oc.column('path').doUpdateSet({ error: failure.error, attempts, retryAt: retryAt(attempts) }))
        .execute();
    }
  }
}

/** Forgets the failures of routes that were published (or are gone). */
export async function clearRouteFailures(db: Db, paths: readonly string[]): Promise<void> {
  for (const slice of chunks(paths)) await db.deleteFrom('failedRoutes').where('path', 'in', slice).execute();
}

/** Every route still failing, the longest-failing first. */
export async function listRouteFailures(db: Db): Promise<FailedRoute[]> {
  return db.selectFrom('failedRoutes').selectAll().orderBy('firstFailedAt').orderBy('path').execute();
}

/** The failing routes whose time to try again has come. */
export async function dueRouteFailures(db: Db, now: string): Promise<string[]> {
  const rows = await db.selectFrom('failedRoutes').select('path').where('retryAt', '<=', now).orderBy('path').execute();
  return rows.map((row) => row.path);
}

/** When the next failing route may be tried again, if any is failing. */
export async function nextRouteRetry(db: Db): Promise<string | undefined> {
  const row = await db
    .selectFrom('failedRoutes')
    .select((eb) => eb.fn.min('retryAt').as('next'))
    .executeTakeFirst();
  return row?.next ?? undefined;
}
