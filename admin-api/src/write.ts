import type { Context } from 'hono';
import {
  commitChange,
  entityKey,
  entityVersion,
  loadState,
  type ChangeAction,
  type CommittedChange,
  type Db,
  type EntityRef,
  type EntityVersion,
} from '@forkcast/content-db';
import {
  CHANGE_HEADER,
  formatPublishFailure,
  formatPublishReport,
  PUBLISH_HEADER,
  versionTag,
  type Versioned,
} from '@forkcast/shared/contracts';
import type { AppEnv } from './context.ts';
import { readIfMatch, satisfies } from './versions/if-match.ts';
import { staleVersion } from './versions/stale.ts';

/** commitWrite's work, returning what commitChange answered: the result, and the versions it made. */
async function commitAndPublish<T>(c: Context<AppEnv>, work: (trx: Db) => Promise<T>, action: ChangeAction): Promise<CommittedChange<T>> {
  const user = c.get('user');
  const committed = await commitChange(c.get('db'), work, { actor: user?.email ?? null, userId: user?.id ?? null, action });
  if (committed.changeId !== undefined) c.header(CHANGE_HEADER, String(committed.changeId));
  c.get('scheduler')?.reschedule();
  const publisher = c.get('publisher');
  if (publisher) {
    try {
      const report = await publisher.publishPending();
      const [first, ...more] = report.failed;
      c.header(
        PUBLISH_HEADER,
        first
          ? formatPublishFailure(`${more.length > 0 ? `${more.length + 1} pages, among them ` : ''}${first.route}: ${first.error}`)
          : report.bucketError
            ? formatPublishFailure(report.bucketError)
            : formatPublishReport({ pages: report.pagesChanged, ms: report.ms }),
      );
    } catch (error) {
      // The change itself is saved and stays in the outbox; the publisher logged why and tries
      // again on its own. The editor is told the pages are not live yet, and why.
      c.header(PUBLISH_HEADER, formatPublishFailure(error instanceof Error ? error.message : String(error)));
    }
  }
  // A post set to be sent when it goes live may just have gone live (its page is published by now).
  c.get('sends')?.startWaiting();
  // The change's webhook events wait for its pages; those are published now (or wait for a retry).
  c.get('webhooks')?.wake();
  return committed;
}

/**
 * Runs a write in one transaction together with its outbox record and its history (the tags its
 * repository writes changed, a revision of each entity it changed, the trash rows of what it
 * deleted; see commitChange), then tells the scheduler the publication times may have moved. The
 * answer names the change (X-Forkcast-Change) so the editor can undo it. When a publisher is wired
 * in, the response waits until the affected pages are published and reports how many changed and
 * how long it took. Then the newsletter starts any send that waited for a post this write put live,
 * and the change's webhook events go out.
 */
export async function commitWrite<T>(c: Context<AppEnv>, work: (trx: Db) => Promise<T>, action: ChangeAction = 'edit'): Promise<T> {
  return (await commitAndPublish(c, work, action)).result;
}

/**
 * commitWrite for a write to one editable entity (a post with its body, a city, the homepage hero),
 * `target` naming it (or finding it, in the transaction). When the request's If-Match names the
 * version it was made to, the entity's version is checked in the write's own transaction, before
 * anything is written, so of two writes made to the same version exactly one passes; the other is
 * refused (412 stale_version) and changes nothing. A write without If-Match is made to whatever is
 * current. The answer carries the entity's version after the write as its ETag, and here.
 */
export async function commitVersionedWrite<T>(
  c: Context<AppEnv>,
  target: EntityRef | ((trx: Db) => Promise<EntityRef>),
  work: (trx: Db) => Promise<T>,
  action: ChangeAction = 'edit',
): Promise<{ result: T; version: number }> {
  const precondition = readIfMatch(c.req.header('If-Match'));
  let ref: EntityRef | undefined;
  let before: EntityVersion | undefined;
  const committed = await commitAndPublish(
    c,
    async (trx) => {
      ref = typeof target === 'function' ? await target(trx) : target;
      before = await entityVersion(trx, ref);
      // An entity that is not there is the route's own 404, whatever version the write names.
      if (!satisfies(precondition, before.version) && (await loadState(trx, ref)) !== null) {
        throw await staleVersion(trx, ref, before, precondition && !precondition.any ? precondition.versions[0] : undefined);
      }
      return work(trx);
    },
    action,
  );
  const version = committed.versions.get(entityKey(ref!)) ?? before!.version;
  c.header('ETag', versionTag(version));
  return { result: committed.result, version };
}

/** commitWrite for creating a post or a city: the answer is the new entity with its first version (also its ETag). */
export async function commitCreation<T extends { id: number }>(
  c: Context<AppEnv>,
  entity: 'post' | 'city',
  work: (trx: Db) => Promise<T>,
): Promise<T & Versioned> {
  const { result, versions } = await commitAndPublish(c, work, 'edit');
  const version = versions.get(entityKey({ entity, id: result.id })) ?? 0;
  c.header('ETag', versionTag(version));
  return { ...result, version };
}
