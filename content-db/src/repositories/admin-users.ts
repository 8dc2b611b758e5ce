import type { Db } from '../db.ts';
import type { AdminUserRow } from '../schema.ts';

export type AdminUser = AdminUserRow;

export async function countAdmins(db: Db): Promise<number> {
  const row = await db
    .selectFrom('adminUsers')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Every admin's address, in the order they were added. */
export async function listAdminEmails(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('adminUsers').select('email').orderBy('id').execute();
  return rows.map((row) => row.email);
}

/** Looks an admin up by email, ignoring case. */
export function getAdminByEmail(db: Db, email: string): Promise<AdminUser | undefined> {
  return db.selectFrom('adminUsers').selectAll().where('email', '=', email.trim()).executeTakeFirst();
}

export function getAdminById(db: Db, id: number): Promise<AdminUser | undefined> {
  return db.selectFrom('adminUsers').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Creates the admin or, if the email exists, replaces its password hash. Returns the admin's id. */
export async function upsertAdmin(db: Db, email: string, passwordHash: string, now: string): Promise<number> {
  const row = await db
    .insertInto('adminUsers')
    .values({ email: email.trim(), passwordHash, createdAt: now, updatedAt: now })
    .onConflict((oc) => oc.column('email').doUpdateSet({ passwordHash, updatedAt: now }))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
