import { sql, type Kysely } from 'kysely';

/**
 * The first schema: every entity of the specification plus what the product runs on (admin users,
 * sessions, settings) and the publisher's bookkeeping (page -> tags index, outbox).
 * Never edit this file once landed; add a new migration instead.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('cities')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('hero_image', 'text')
    .addColumn('hero_alt', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('map_embed_url', 'text')
    .addColumn('itinerary_url', 'text')
    .addColumn('display_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('posts')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('excerpt', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('hero_image', 'text')
    .addColumn('hero_alt', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('post', 'guide')`))
    .addColumn('city_id', 'integer', (c) => c.references('cities.id').onDelete('set null'))
    .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]').check(sql`json_valid(tags)`))
    .addColumn('published', 'integer', (c) => c.notNull().defaultTo(0).check(sql`published in (0, 1)`))
    .addColumn('published_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('posts_city_type').on('posts').columns(['city_id', 'type']).execute();
  await db.schema.createIndex('posts_published').on('posts').columns(['published', 'published_at']).execute();

  await db.schema
    .createTable('content_blocks')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().check(sql`position >= 0`))
    .addColumn('is_original', 'integer', (c) => c.notNull().defaultTo(1).check(sql`is_original in (0, 1)`))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // A stored block replaces the paragraph at its position, so there is at most one per position.
  await db.schema.createIndex('content_blocks_post_position').unique().on('content_blocks').columns(['post_id', 'position']).execute();

  await db.schema
    .createTable('post_content_items')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('text', 'image')`))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().check(sql`position >= 0`))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('post_content_items_post').on('post_content_items').columns(['post_id', 'position']).execute();

  await db.schema
    .createTable('restaurants')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('city_id', 'integer', (c) => c.notNull().references('cities.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('day', 'integer')
    .addColumn('neighborhood', 'text')
    .addColumn('cuisine', 'text')
    .addColumn('meal', 'text')
    .addColumn('notes', 'text')
    .addColumn('address', 'text')
    .addColumn('url', 'text')
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('restaurants_city').on('restaurants').columns(['city_id', 'position']).execute();

  await db.schema
    .createTable('contact_messages')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('newsletter_subscribers')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('email', 'text', (c) => c.notNull().unique().modifyEnd(sql`collate nocase`))
    .addColumn('subscribed_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('admin_users')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('email', 'text', (c) => c.notNull().unique().modifyEnd(sql`collate nocase`))
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  // The session id itself never reaches the database, only its SHA-256, so a copied database file
  // cannot be used to sign in.
  await db.schema
    .createTable('sessions')
    .addColumn('id_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('admin_users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('pages')
    .addColumn('path', 'text', (c) => c.primaryKey())
    .addColumn('content_hash', 'text', (c) => c.notNull())
    .addColumn('rendered_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('page_tags')
    .addColumn('path', 'text', (c) => c.notNull().references('pages.path').onDelete('cascade'))
    .addColumn('tag', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('page_tags_pk', ['path', 'tag'])
    .execute();
  await db.schema.createIndex('page_tags_tag').on('page_tags').column('tag').execute();

  await db.schema
    .createTable('outbox')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('tags', 'text', (c) => c.notNull().check(sql`json_valid(tags)`))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('done_at', 'text')
    .execute();
  await db.schema.createIndex('outbox_pending').on('outbox').column('done_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'outbox',
    'page_tags',
    'pages',
    'settings',
    'sessions',
    'admin_users',
    'newsletter_subscribers',
    'contact_messages',
    'restaurants',
    'post_content_items',
    'content_blocks',
    'posts',
    'cities',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
