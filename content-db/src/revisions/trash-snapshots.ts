import { createHash } from 'node:crypto';
import type { Db } from '../db.ts';
import type { ContentBlockRow, ContentItemRow, SubscriberRow, TrashKind } from '../schema.ts';
import { loadState, type CityState, type PageState, type PostState } from './entities.ts';

/** A block or inline item sits in a post's text by paragraph number: it can only go back into the same text. */
export interface BodyPartSnapshot<Row> {
  row: Row;
  postTitle: string;
  /** SHA-256 of the post's Markdown when the part was deleted. */
  contentHash: string;
}

export type TrashSnapshot =
  | { kind: 'post'; id: number; title: string; state: PostState }
  | { kind: 'city'; id: number; title: string; state: CityState }
  | { kind: 'block'; id: number; title: string; state: BodyPartSnapshot<ContentBlockRow> }
  | { kind: 'item'; id: number; title: string; state: BodyPartSnapshot<ContentItemRow> }
  | { kind: 'subscriber'; id: number; title: string; state: SubscriberRow }
  | { kind: 'page'; id: number; title: string; state: PageState };

export const contentHash = (markdown: string) => createHash('sha256').update(markdown).digest('hex');

/** 'section 3' (positions count from 0). */
export const sectionName = (position: number) => `section ${position + 1}`;

/** Where an inline item sits, as the page shows it: 'before section 1', 'after section 2'. */
export const itemPlace = (position: number) => (position === 0 ? 'before section 1' : `after ${sectionName(position - 1)}`);

export function itemName(item: Pick<ContentItemRow, 'type' | 'content' | 'alt'>): string {
  if (item.type === 'image') return item.alt ? `Image '${item.alt}'` : 'Image';
  const text = item.content.replace(/\s+/g, ' ').trim();
  return `Text '${text.length > 60 ? `${text.slice(0, 57)}…` : text}'`;
}

async function bodyPart<Row extends { postId: number }>(
  db: Db,
  row: Row | undefined,
): Promise<{ row: Row; postTitle: string; contentHash: string } | undefined> {
  if (!row) return undefined;
  const post = await db.selectFrom('posts').select(['title', 'content']).where('id', '=', row.postId).executeTakeFirst();
  if (!post) return undefined;
  return { row, postTitle: post.title, contentHash: contentHash(post.content) };
}

/** Everything needed to put a deleted thing back with the same ids; undefined when it does not exist. */
export async function trashSnapshot(db: Db, kind: TrashKind, id: number): Promise<TrashSnapshot | undefined> {
  if (kind === 'post') {
    const state = (await loadState(db, { entity: 'post', id })) as PostState | null;
    return state ? { kind, id, title: state.post.title, state } : undefined;
  }
  if (kind === 'city') {
    const state = (await loadState(db, { entity: 'city', id })) as CityState | null;
    return state ? { kind, id, title: state.city.name, state } : undefined;
  }
  if (kind === 'page') {
    const state = (await loadState(db, { entity: 'page', id })) as PageState | null;
    return state ? { kind, id, title: state.page.title, state } : undefined;
  }
  if (kind === 'block') {
    const part = await bodyPart(db, await db.selectFrom('contentBlocks').selectAll().where('id', '=', id).executeTakeFirst());
    return part && { kind, id, title: `Edited ${sectionName(part.row.position)} of '${part.postTitle}'`, state: part };
  }
  if (kind === 'item') {
    const part = await bodyPart(db, await db.selectFrom('postContentItems').selectAll().where('id', '=', id).executeTakeFirst());
    return part && { kind, id, title: `${itemName(part.row)} ${itemPlace(part.row.position)} of '${part.postTitle}'`, state: part };
  }
  const subscriber = await db.selectFrom('newsletterSubscribers').selectAll().where('id', '=', id).executeTakeFirst();
  return subscriber && { kind, id, title: subscriber.email, state: subscriber };
}
