import { sql } from 'kysely';
import type { Db } from '../db.ts';
import type { SubscriberRow, TrashKind } from '../schema.ts';
import { getTrashed, listTrash, type TrashEntry } from './store.ts';

/**
 * Deletes one trashed thing for good (run it in the write's transaction): its trash row, the history
 * of a post, city or page, and for a subscriber every row that still holds the address (erasure on request).
 * Returns false when it is not in the trash. With secure_delete on (createDb), the freed bytes are zeroed.
 */
export async function eraseTrashed(db: Db, kind: TrashKind, id: number): Promise<boolean> {
  const entry = await getTrashed(db, kind, id);
  if (!entry) return false;
  if (kind === 'post' || kind === 'city' || kind === 'page') {
    await db.deleteFrom('revisions').where('entity', '=', kind).where('entityId', '=', id).execute();
  }
  if (kind === 'subscriber') {
    const { email } = entry.snapshot as SubscriberRow;
    // A fresh sign-up with the same address is a new consent and keeps its own rows.
    const again = await db.selectFrom('newsletterSubscribers').select('id').where('email', '=', email).executeTakeFirst();
    if (!again) {
      await db
        .deleteFrom('newsletterDeliveries')
        .where((eb) => eb.or([eb('email', '=', email), eb('subscriberId', '=', id)]))
        .execute();
      await db.deleteFrom('contactMessages').where('email', '=', email).execute();
      // The events told to webhooks about them carry the address too.
      await db
        .deleteFrom('webhookDeliveries')
        .where('event', 'in', ['subscriber.confirmed', 'subscriber.unsubscribed'])
        .where(sql<string>`json_extract(payload, '$.data.subscriber.email')`, '=', email)
        .execute();
    }
  }
  await db.deleteFrom('trash').where('kind', '=', kind).where('entityId', '=', id).execute();
  return true;
}

/** Deletes for good everything in the trash that `include` admits; returns what went. */
export async function emptyTrash(db: Db, include: (entry: TrashEntry) => boolean): Promise<TrashEntry[]> {
  const entries = (await listTrash(db)).filter(include);
  for (const entry of entries) await eraseTrashed(db, entry.kind, entry.id);
  return entries;
}
