import { sql, type Kysely } from 'kysely';

/** An upload's master file as the API names it: a content hash under /uploads/. */
const UPLOAD_PATH = /\/uploads\/[0-9a-f]{24}\.jpg/g;

/**
 * The media library: a row per upload (its master's path, the client's file name, size, pixel
 * dimensions, alt text and focal point, 0..1 from the left and top). The upload files themselves
 * are not visible here, so the backfill adds a row for every upload the content refers to (heroes,
 * bodies, inline images, the homepage hero); its size and dimensions stay unknown (null).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('media')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('path', 'text', (c) => c.notNull().unique())
    .addColumn('original_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('bytes', 'integer')
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('mime', 'text', (c) => c.notNull().defaultTo('image/jpeg'))
    .addColumn('alt', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('focal_x', 'real', (c) => c.notNull().defaultTo(0.5).check(sql`focal_x between 0 and 1`))
    .addColumn('focal_y', 'real', (c) => c.notNull().defaultTo(0.5).check(sql`focal_y between 0 and 1`))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();

  const { rows } = await sql<{ text: string | null; alt: string | null; at: string }>`
    select hero_image as text, hero_alt as alt, created_at as at from posts
    union all select content, null, created_at from posts
    union all select content, alt, created_at from post_content_items
    union all select content, null, created_at from content_blocks
    union all select hero_image, hero_alt, created_at from cities
    union all select value, null, updated_at from settings where key = 'homepage_hero_image'
  `.execute(db);
  const found = new Map<string, { alt: string; at: string }>();
  for (const row of rows) {
    for (const path of row.text?.match(UPLOAD_PATH) ?? []) {
      const alt = row.alt && row.text === path ? row.alt : '';
      const known = found.get(path);
      if (!known || (known.alt === '' && alt !== '')) found.set(path, { alt, at: known?.at ?? row.at });
    }
  }
  for (const [path, { alt, at }] of found) {
    await sql`insert into media (path, alt, created_at) values (${path}, ${alt}, ${at})`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('media').execute();
}
