import { sql } from 'kysely';
import type { Db } from '../db.ts';
import { defineQuery, sharedRead } from '../queries.ts';
import type { UserRow } from '../schema.ts';
import { TAG } from '../tags.ts';
import { recordRead } from '../tracking.ts';

/**
 * Users as readers meet them: in bylines and on their author pages. An author page exists while
 * its author has a published post (a reader-facing product lists no empty author), so every byline
 * a reader sees links to a page.
 */

/** What pages show of an author. */
export type Author = Pick<UserRow, 'id' | 'name' | 'slug' | 'bio' | 'avatar'>;

const AUTHOR_COLUMNS = ['id', 'name', 'slug', 'bio', 'avatar'] as const;

/**
 * These authors, in this order (a byline's), each a plain read of its author tag. Read once per
 * memo for each byline: the cards of one publish's pages (a few hundred when a post is added) name
 * a handful of bylines between them.
 */
export async function listAuthors(db: Db, ids: readonly number[]): Promise<Author[]> {
  if (ids.length === 0) return [];
  recordRead(...ids.map((id) => TAG.author(id)));
  const authors = await sharedRead(db, `authors.byline ${ids.join(',')}`, async () => {
    const rows = await db
      .selectFrom('users')
      .select([...AUTHOR_COLUMNS])
      .where('id', 'in', [...ids])
      .execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  });
  return [...authors];
}

// Users with a published post: the authors who have a page. Found from the authors' lists of
// posts: the unary + keeps `published` off the posts' indexes, which the planner otherwise walks
// over every published post of the archive, authored or not.
function withPublishedPosts(db: Db) {
  return db
    .selectFrom('users')
    .innerJoin('postAuthors', 'postAuthors.userId', 'users.id')
    .innerJoin('posts', 'posts.id', 'postAuthors.postId')
    .where(sql<number>`+posts.published`, '=', 1);
}

/** Every author page: each author with a published post, by slug, with how many they have. */
export const listAuthorPages = defineQuery({
  name: 'authors.pages',
  run: async (db: Db, _args: Record<string, never>): Promise<{ slug: string; count: number }[]> => {
    const rows = await withPublishedPosts(db)
      .select(['users.slug', (eb) => eb.fn.countAll<number>().as('count')])
      .groupBy('users.id')
      .orderBy('users.slug')
      .execute();
    return rows.map((row) => ({ slug: row.slug, count: Number(row.count) }));
  },
  // A post published or unpublished writes `posts`; one given to other authors, or a user added,
  // deleted or re-slugged, writes `authors`.
  listen: () => [TAG.authors, TAG.posts],
});

/** The author whose page lives at this slug: undefined when no user has it or they have no published post. */
export const getAuthorPage = defineQuery({
  name: 'authors.page',
  run: async (db: Db, args: { slug: string }): Promise<Author | undefined> =>
    withPublishedPosts(db)
      .select(AUTHOR_COLUMNS.map((column) => `users.${column}` as const))
      .where('users.slug', '=', args.slug)
      .limit(1)
      .executeTakeFirst(),
  listen: () => [TAG.authors, TAG.posts],
  reads: (_args, author) => (author ? [TAG.author(author.id)] : []),
  fingerprint: (author) => author?.id ?? null,
});
