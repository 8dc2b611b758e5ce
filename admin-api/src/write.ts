import type { Context } from 'hono';
import { commitChange, type ChangeAction, type Db } from '@forkcast/content-db';
import { CHANGE_HEADER, formatPublishFailure, formatPublishReport, PUBLISH_HEADER } from '@forkcast/shared/contracts';
import type { AppEnv } from './context.ts';

/**
 * Runs a write in one transaction together with its outbox record and its history (the tags its
 * repository writes changed, a revision of each entity it changed, the trash rows of what it
 * deleted; see commitChange), then tells the scheduler the publication times may have moved. The
 * answer names the change (X-Forkcast-Change) so the editor can undo it. When a publisher is wired
 * in, the response waits until the affected pages are published and reports how many changed and
 * how long it took. Then the newsletter starts any send that waited for a post this write put live.
 */
export async function commitWrite<T>(c: Context<AppEnv>, work: (trx: Db) => Promise<T>, action: ChangeAction = 'edit'): Promise<T> {
  const { result, changeId } = await commitChange(c.get('db'), work, { actor: c.get('admin')?.email ?? null, action });
  if (changeId !== undefined) c.header(CHANGE_HEADER, String(changeId));
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
  return result;
}
