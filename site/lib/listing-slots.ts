import { countArchiveSlots, type Db } from '@forkcast/content-db';
import { POST_FILTER_KEYS, POST_FILTERS, type PostFilterKey } from './listing';

/** How many places each /posts tab's archive has (archive.ts): what decides its pages. */
export async function listingSlots(db: Db): Promise<Record<PostFilterKey, number>> {
  const counts = await Promise.all(
    POST_FILTER_KEYS.map(
      async (key) => [key, await countArchiveSlots(db, POST_FILTERS[key].type ? { type: POST_FILTERS[key].type } : {})] as const,
    ),
  );
  return Object.fromEntries(counts) as Record<PostFilterKey, number>;
}
