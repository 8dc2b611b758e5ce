import { sql, type Kysely } from 'kysely';

/**
 * How many posts carry each tag, kept by triggers as posts and their tags change: the tag pages'
 * list (and the sitemap of every page, which reads it on every change of a post) counted every row
 * of post_tags against its post instead, which grew with the archive.
 *
 * `posts` counts the published posts carrying the tag (its page's entries); `slots` counts those
 * and the dated drafts (unpublished posts with a publication date keep their places in a listing's
 * pages, see published-posts.ts). A post counts as published when `published` is not 0, and takes a
 * slot unless it is an undated draft.
 *
 * When a post is deleted its tags' rows go by the foreign key's cascade, after the post: the
 * post's own trigger takes it off its tags' counts first, and the tag rows' trigger then finds no
 * post and changes nothing. A tag has a row while some post carries it, whatever its counts (a tag
 * page's list reads `posts > 0`).
 */
/** Whether a posts row (`posts`, `new` or `old`) counts towards a tag's posts, and towards its slots: 1 or 0. */
const counted = (row: string) => sql.raw(`(${row}.published <> 0)`);
const slotted = (row: string) => sql.raw(`(not (${row}.published = 0 and ${row}.published_at is null))`);

/** Adds the post of a post_tags row (`new`) to its tag's counts. */
const addTag = sql`
  insert into tag_counts (slug, posts, slots)
  select new.slug, ${counted('posts')}, ${slotted('posts')} from posts where posts.id = new.post_id
  on conflict (slug) do update set posts = posts + excluded.posts, slots = slots + excluded.slots;`;
/**
 * Takes the post of a post_tags row (`old`) off its tag's counts, when the post is still there, and
 * forgets a tag no post carries any more (a post deleted for good leaves no trace of its tags).
 */
const removeTag = sql`
  update tag_counts set
    posts = posts - coalesce((select ${counted('posts')} from posts where posts.id = old.post_id), 0),
    slots = slots - coalesce((select ${slotted('posts')} from posts where posts.id = old.post_id), 0)
  where slug = old.slug;
  delete from tag_counts where slug = old.slug and not exists (select 1 from post_tags where post_tags.slug = old.slug);`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tag_counts')
    .addColumn('slug', 'text', (c) => c.primaryKey())
    .addColumn('posts', 'integer', (c) => c.notNull())
    .addColumn('slots', 'integer', (c) => c.notNull())
    .execute();
  await sql`
    insert into tag_counts (slug, posts, slots)
    select post_tags.slug, sum(${counted('posts')}), sum(${slotted('posts')})
    from post_tags join posts on posts.id = post_tags.post_id
    group by post_tags.slug`.execute(db);

  await sql`create trigger tag_counts_tag_added after insert on post_tags begin ${addTag} end`.execute(db);
  await sql`create trigger tag_counts_tag_removed after delete on post_tags begin ${removeTag} end`.execute(db);
  await sql`create trigger tag_counts_tag_moved after update of post_id, slug on post_tags begin ${removeTag} ${addTag} end`.execute(db);
  await sql`
    create trigger tag_counts_post_state after update of published, published_at on posts
    when ${counted('old')} <> ${counted('new')} or ${slotted('old')} <> ${slotted('new')}
    begin
      update tag_counts set
        posts = posts + ${counted('new')} - ${counted('old')},
        slots = slots + ${slotted('new')} - ${slotted('old')}
      where slug in (select slug from post_tags where post_id = new.id);
    end`.execute(db);
  await sql`
    create trigger tag_counts_post_deleted before delete on posts begin
      update tag_counts set posts = posts - ${counted('old')}, slots = slots - ${slotted('old')}
      where slug in (select slug from post_tags where post_id = old.id);
    end`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const trigger of [
    'tag_counts_post_deleted',
    'tag_counts_post_state',
    'tag_counts_tag_moved',
    'tag_counts_tag_removed',
    'tag_counts_tag_added',
  ])
    await sql`drop trigger ${sql.id(trigger)}`.execute(db);
  await db.schema.dropTable('tag_counts').execute();
}
