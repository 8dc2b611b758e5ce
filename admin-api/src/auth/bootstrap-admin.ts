import {
  adoptAuthorlessPosts,
  countUsers,
  createUser,
  deleteUserSessions,
  getAccountByEmail,
  getOwner,
  nameFromEmail,
  nowIso,
  setPassword,
  type Db,
} from '@forkcast/content-db';
import type { Config } from '../config.ts';
import { generatePassword, hashPassword, verifyPassword } from './passwords.ts';

const GENERATED_ADMIN_EMAIL = 'admin@forkcast.local';

export type AdminBootstrap =
  | { action: 'configured'; email: string }
  | { action: 'generated'; email: string; password: string }
  | { action: 'none' };

/**
 * Makes sure someone can sign in: the user from ADMIN_EMAIL / ADMIN_PASSWORD has that password set
 * (a changed password signs them out everywhere) or is created, as the owner of a new database and
 * as an administrator beside an owner; with neither set and nobody yet, the owner is created with a
 * generated password that the caller prints once (it is stored only as an argon2id hash).
 */
export async function bootstrapAdmin(db: Db, config: Config): Promise<AdminBootstrap> {
  if (config.admin) {
    const { email, password } = config.admin;
    const existing = await getAccountByEmail(db, email);
    // Every start sets the password again; only a different one ends the user's sessions.
    if (existing && (await verifyPassword(existing.passwordHash, password))) return { action: 'configured', email };
    await setOrCreate(db, email, await hashPassword(password));
    return { action: 'configured', email };
  }
  if ((await countUsers(db)) > 0) return { action: 'none' };
  const password = generatePassword();
  await setOrCreate(db, GENERATED_ADMIN_EMAIL, await hashPassword(password));
  return { action: 'generated', email: GENERATED_ADMIN_EMAIL, password };
}

/**
 * Sets the password of the user with this email, signing them out everywhere, or creates them: the
 * owner when there is none yet (who becomes the author of every post nobody wrote yet: the seed's,
 * seeded before there was anyone), else an administrator. Returns their id. What `make
 * admin-password` does too.
 */
export async function setOrCreate(db: Db, email: string, passwordHash: string): Promise<number> {
  const now = nowIso();
  return db.transaction().execute(async (trx) => {
    const existing = await getAccountByEmail(trx, email);
    if (existing) {
      await setPassword(trx, existing.id, passwordHash, now);
      await deleteUserSessions(trx, existing.id);
      return existing.id;
    }
    const role = (await getOwner(trx)) ? 'administrator' : 'owner';
    const id = await createUser(trx, { email, passwordHash, name: nameFromEmail(email), role, now });
    if (role === 'owner') await adoptAuthorlessPosts(trx, id);
    return id;
  });
}
