import type { Db } from '../db.ts';
import type { ContactMessageRow } from '../schema.ts';

export type ContactMessage = ContactMessageRow;
export type NewContactMessage = Omit<ContactMessage, 'id'>;

export async function addContactMessage(db: Db, message: NewContactMessage): Promise<ContactMessage> {
  return db.insertInto('contactMessages').values(message).returningAll().executeTakeFirstOrThrow();
}

/** Newest first. */
export function listContactMessages(db: Db): Promise<ContactMessage[]> {
  return db.selectFrom('contactMessages').selectAll().orderBy('createdAt', 'desc').orderBy('id', 'desc').execute();
}

export async function deleteContactMessage(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('contactMessages').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
