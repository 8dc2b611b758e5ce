import { countAdmins, deleteUserSessions, getAdminByEmail, nowIso, upsertAdmin, type Db } from '@forkcast/content-db';
import type { Config } from '../config.ts';
import { generatePassword, hashPassword, verifyPassword } from './passwords.ts';

const GENERATED_ADMIN_EMAIL = 'admin@forkcast.local';

export type AdminBootstrap =
  | { action: 'configured'; email: string }
  | { action: 'generated'; email: string; password: string }
  | { action: 'none' };

/**
 * Makes sure someone can sign in: the admin from ADMIN_EMAIL / ADMIN_PASSWORD is created or has its
 * password set (a changed password signs that admin out everywhere); with neither set and no admin yet, one is created with a generated password that
 * the caller prints once (it is stored only as an argon2id hash).
 */
export async function bootstrapAdmin(db: Db, config: Config): Promise<AdminBootstrap> {
  if (config.admin) {
    const { email, password } = config.admin;
    const existing = await getAdminByEmail(db, email);
    // Every start sets the password again; only a different one ends the admin's sessions.
    if (existing && (await verifyPassword(existing.passwordHash, password))) return { action: 'configured', email };
    const id = await upsertAdmin(db, email, await hashPassword(password), nowIso());
    await deleteUserSessions(db, id);
    return { action: 'configured', email };
  }
  if ((await countAdmins(db)) > 0) return { action: 'none' };
  const password = generatePassword();
  await upsertAdmin(db, GENERATED_ADMIN_EMAIL, await hashPassword(password), nowIso());
  return { action: 'generated', email: GENERATED_ADMIN_EMAIL, password };
}
