import { sql } from 'kysely';
import { ROLES } from '@forkcast/shared/contracts';
import { slugify, uniqueSlug } from '@forkcast/shared/slugs';
import { authorPagePath } from '@forkcast/shared/urls';
import type { Db } from '../db.ts';
import type { Role, UserRow } from '../schema.ts';
import { TAG } from '../tags.ts';
import { recordWrite } from '../tracking.ts';
import { reassignPosts } from './post-authors.ts';
import { addRedirect, removeRedirectFrom, removeRedirectsTo } from './redirects.ts';

/**
 * The newsroom's members. Exactly one is the owner: the database keeps that (migration 0017's
 * ownership row and triggers), and these functions refuse what it would refuse with a clear
 * UserRuleError first. Invitations and password resets create users and set passwords through
 * createUser and setPassword; nothing here sends mail or checks who asks (the routes do).
 */

/** A user as the API shows them: everything but the password hash. */
export type User = Omit<UserRow, 'passwordHash'>;
/** A user with their password hash, for signing in. */
export type Account = UserRow;

/** What only the rules of users refuse (a second owner, deleting the owner...): the message says which. */
export class UserRuleError extends Error {
  override name = 'UserRuleError';
}

const USER_COLUMNS = ['id', 'email', 'name', 'slug', 'bio', 'avatar', 'role', 'createdAt', 'updatedAt'] as const;

/**
 * A name for someone known only by their address, until they give their own: 'jane.doe+news@...'
 * is 'Jane Doe' (migration 0017 named the first users the same way).
 */
export function nameFromEmail(email: string): string {
  const local = email.trim().split('@')[0]!.split('+')[0]!;
  const words = local.split(/[._]+/).filter(Boolean);
  const name = words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join(' ');
  return name || local || email;
}

export async function countUsers(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

// Highest role first: the order of ROLES.
const roleOrder = sql.raw(`case role ${ROLES.map((role, i) => `when '${role}' then ${i}`).join(' ')} end`);

/** Every user, the owner first, then by role and name. */
export function listUsers(db: Db): Promise<User[]> {
  return db.selectFrom('users').select(USER_COLUMNS).orderBy(roleOrder).orderBy('name').orderBy('id').execute();
}

/** The addresses of the users of these roles, in the order they joined (who is told of a contact message). */
export async function emailsOfRoles(db: Db, roles: readonly Role[]): Promise<string[]> {
  const rows = await db.selectFrom('users').select('email').where('role', 'in', roles).orderBy('id').execute();
  return rows.map((row) => row.email);
}

/** The addresses of these users (a post's authors), in the order given. */
export async function emailsOfUsers(db: Db, ids: readonly number[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('users').select(['id', 'email']).where('id', 'in', ids).execute();
  return ids.flatMap((id) => rows.filter((row) => row.id === id).map((row) => row.email));
}

export function getUserById(db: Db, id: number): Promise<User | undefined> {
  return db.selectFrom('users').select(USER_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** A user and their password hash by email, ignoring case and surrounding whitespace. */
export function getAccountByEmail(db: Db, email: string): Promise<Account | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email.trim()).executeTakeFirst();
}

/** The owner, or undefined in a database without users. */
export function getOwner(db: Db): Promise<User | undefined> {
  return db.selectFrom('users').select(USER_COLUMNS).where('role', '=', 'owner').executeTakeFirst();
}

/** Whether a user other than `exceptId` has this slug. */
export async function userSlugTaken(db: Db, slug: string, exceptId?: number): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('slug', '=', slug).executeTakeFirst();
  return row !== undefined && row.id !== exceptId;
}

/** A slug for a user from their name: base, base-2, ... whichever no other user holds. */
async function freeUserSlug(db: Db, name: string): Promise<string> {
  const base = slugify(name);
  const rows = await db
    .selectFrom('users')
    .select('slug')
    .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)]))
    .execute();
  const taken = new Set(rows.map((row) => row.slug));
  // Author pages live under /authors/, so the site's own first path segments are free to take.
  return uniqueSlug(base, (candidate) => taken.has(candidate), { fallback: 'author', reserved: new Set() });
}

/** A password hash no password matches: a user made without a password sets one by a reset link. */
export const NO_PASSWORD = '!';

export interface NewUser {
  /** Kept when given (an import keeps ids); otherwise the next free one. */
  id?: number;
  email: string;
  passwordHash: string;
  name: string;
  role: Role;
  /** Made from the name when not given. */
  slug?: string;
  bio?: string;
  avatar?: string | null;
  now: string;
}

/**
 * Adds a user and returns their id. The first user must be the owner, and nobody else can be
 * created as one (ownership is transferred instead).
 */
export async function createUser(db: Db, user: NewUser): Promise<number> {
  const owner = await getOwner(db);
  if (user.role === 'owner' && owner) throw new UserRuleError('There is an owner already: ownership is transferred, never shared.');
  if (user.role !== 'owner' && !owner) throw new UserRuleError('The first user is the owner.');
  const slug = user.slug ?? (await freeUserSlug(db, user.name));
  const { id } = await db
    .insertInto('users')
    .values({
      ...(user.id === undefined ? {} : { id: user.id }),
      email: user.email.trim(),
      passwordHash: user.passwordHash,
      name: user.name,
      slug,
      bio: user.bio ?? '',
      avatar: user.avatar ?? null,
      role: user.role,
      createdAt: user.now,
      updatedAt: user.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  recordWrite(TAG.authors, TAG.author(id));
  // Their author page's address is theirs now, not the way to someone's old one.
  await removeRedirectFrom(db, authorPagePath(slug));
  return id;
}

/** Sets a user's password hash (their sessions are the caller's to end). */
export async function setPassword(db: Db, id: number, passwordHash: string, now: string): Promise<void> {
  await db.updateTable('users').set({ passwordHash, updatedAt: now }).where('id', '=', id).execute();
}

export interface ProfileChanges {
  name?: string;
  slug?: string;
  bio?: string;
  avatar?: string | null;
}

/** Whether a user has a published post, and so an author page. */
async function hasAuthorPage(db: Db, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('postAuthors')
    .innerJoin('posts', 'posts.id', 'postAuthors.postId')
    .select('posts.id')
    .where('postAuthors.userId', '=', id)
    .where('posts.published', '=', 1)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Changes what a user shows as an author (run it inside commitChange): every page that shows them
 * changes, and a new slug moves their author page, leaving a 301 at its old address as a post's
 * new slug does.
 */
export async function updateProfile(db: Db, id: number, changes: ProfileChanges, now: string): Promise<void> {
  const before = await getUserById(db, id);
  if (!before) return;
  const moved = changes.slug !== undefined && changes.slug !== before.slug;
  if (moved && (await userSlugTaken(db, changes.slug!, id))) throw new UserRuleError('Another user already uses that slug.');
  recordWrite(TAG.author(id));
  if (moved) {
    recordWrite(TAG.authors);
    const [from, to] = [authorPagePath(before.slug), authorPagePath(changes.slug!)];
    if (await hasAuthorPage(db, id)) await addRedirect(db, from, to, now);
    else await removeRedirectFrom(db, to);
  }
  await db
    .updateTable('users')
    .set({ ...changes, updatedAt: now })
    .where('id', '=', id)
    .execute();
}

/** Gives a user another role below owner; the owner's own role changes only by a transfer. */
export async function setRole(db: Db, id: number, role: Role, now: string): Promise<void> {
  if (role === 'owner') throw new UserRuleError('Only a transfer of ownership makes someone the owner.');
  const user = await getUserById(db, id);
  if (user?.role === 'owner') throw new UserRuleError("The owner's role changes only by transferring ownership.");
  await db.updateTable('users').set({ role, updatedAt: now }).where('id', '=', id).execute();
}

/**
 * Makes `toId` the owner; the owner before becomes an administrator in the same statement (the
 * ownership row's trigger), so there is never a moment with none or two.
 */
export async function transferOwnership(db: Db, toId: number, now: string): Promise<void> {
  const owner = await getOwner(db);
  const to = await getUserById(db, toId);
  if (!owner || !to) throw new UserRuleError('Ownership goes to an existing user.');
  if (owner.id === toId) throw new UserRuleError('They are the owner already.');
  await db.updateTable('ownership').set({ userId: toId }).execute();
  await db.updateTable('users').set({ updatedAt: now }).where('id', 'in', [owner.id, toId]).execute();
}

/**
 * Deletes a user (run it inside commitChange): their posts go to `reassignTo` first, in their place
 * among each post's authors, and their sessions end with them. The owner cannot be deleted.
 */
export async function deleteUser(db: Db, id: number, reassignTo: number): Promise<void> {
  const user = await getUserById(db, id);
  if (!user) return;
  if (user.role === 'owner') throw new UserRuleError('The owner cannot be deleted: transfer ownership first.');
  if (reassignTo === id) throw new UserRuleError("A user's posts go to someone else.");
  if (!(await getUserById(db, reassignTo))) throw new UserRuleError('The posts go to an existing user.');
  await reassignPosts(db, id, reassignTo);
  recordWrite(TAG.authors, TAG.author(id));
  // Their author page is gone, and so is any way to it.
  await removeRedirectsTo(db, authorPagePath(user.slug));
  await db.deleteFrom('users').where('id', '=', id).execute();
}
