import { sql, type Kysely } from 'kysely';

/**
 * Invitations into the newsroom and password resets: each is a single-use link whose token is kept
 * only as its SHA-256 hash (as session ids are), so a copy of the database opens no account.
 * An invitation names the role it grants and who sent it; it ends accepted, revoked or expired.
 */

const INVITED_ROLES = "('administrator', 'editor', 'author', 'contributor')";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('invitations')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull().check(sql.raw(`role in ${INVITED_ROLES}`)))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    // The inviter may be deleted later; the invitation then stays, without a name behind it.
    .addColumn('invited_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('accepted_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('invitations_email').on('invitations').column('email').execute();

  await db.schema
    .createTable('password_resets')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('password_resets_user').on('password_resets').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('password_resets').execute();
  await db.schema.dropTable('invitations').execute();
}
