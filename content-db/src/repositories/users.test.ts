import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { commitChange } from '../changes.ts';
import type { Db } from '../db.ts';
import { FIXTURE_TIME, insertTestPost, insertTestUser, useTempDb } from '../testing.ts';
import { TAG } from '../tags.ts';
import { getPostById } from './posts.ts';
import { listRedirects } from './redirects.ts';
import { createSession, getSession } from './sessions.ts';
import {
  countUsers,
  createUser,
  deleteUser,
  getAccountByEmail,
  getOwner,
  getUserById,
  listUsers,
  nameFromEmail,
  setRole,
  transferOwnership,
  updateProfile,
  UserRuleError,
} from './users.ts';

const T1 = '2025-02-01T00:00:00.000Z';

describe('users repository', () => {
  let db: Db;
  useTempDb((fresh) => {
    db = fresh;
  });

  const owners = async () => (await db.selectFrom('users').select('id').where('role', '=', 'owner').execute()).map((row) => row.id);
  const ownershipRow = async () => (await db.selectFrom('ownership').select('userId').executeTakeFirst())?.userId;
  const newUser = (email: string, role: Parameters<typeof createUser>[1]['role'], name = 'Someone') =>
    createUser(db, { email, passwordHash: 'hash', name, role, now: FIXTURE_TIME });

  describe('exactly one owner', () => {
    it('makes the first user the owner, and no one else first', async () => {
      await expect(newUser('writer@forkcast.test', 'author')).rejects.toThrow(UserRuleError);
      await expect(
        sql`insert into users (email, password_hash, name, slug, role, created_at, updated_at)
        values ('w@forkcast.test', 'h', 'W', 'w', 'author', 'now', 'now')`.execute(db),
      ).rejects.toThrow(/The first user is the owner/);
      const owner = await newUser('Owner@Forkcast.test', 'owner', 'Olga Owner');
      expect(await getOwner(db)).toMatchObject({
        id: owner,
        email: 'Owner@Forkcast.test',
        name: 'Olga Owner',
        slug: 'olga-owner',
        role: 'owner',
        bio: '',
        avatar: null,
      });
      expect(await ownershipRow()).toBe(owner);
      expect(await countUsers(db)).toBe(1);
    });

    it('refuses a second owner, through the repository and in plain SQL', async () => {
      await insertTestUser(db, 'owner');
      await expect(newUser('second@forkcast.test', 'owner')).rejects.toThrow('There is an owner already');
      const editor = await insertTestUser(db, 'editor');
      await expect(setRole(db, editor, 'owner', T1)).rejects.toThrow(UserRuleError);
      await expect(sql`update users set role = 'owner' where id = ${editor}`.execute(db)).rejects.toThrow(/Only a transfer of ownership/);
      await expect(
        sql`insert into users (email, password_hash, name, slug, role, created_at, updated_at)
        values ('x@forkcast.test', 'h', 'X', 'x', 'owner', 'now', 'now')`.execute(db),
      ).rejects.toThrow(/There is an owner already/);
      expect(await owners()).toHaveLength(1);
    });

    it('never lets the owner go: no demotion, no deletion, no removing the ownership row', async () => {
      const owner = await insertTestUser(db, 'owner');
      const admin = await insertTestUser(db, 'administrator');
      await expect(setRole(db, owner, 'administrator', T1)).rejects.toThrow("The owner's role changes only by transferring ownership.");
      await expect(sql`update users set role = 'editor' where id = ${owner}`.execute(db)).rejects.toThrow(/Only a transfer of ownership/);
      await expect(deleteUser(db, owner, admin)).rejects.toThrow('The owner cannot be deleted: transfer ownership first.');
      await expect(sql`delete from users where id = ${owner}`.execute(db)).rejects.toThrow(/The owner cannot be deleted/);
      await expect(sql`delete from ownership`.execute(db)).rejects.toThrow(/There is always an owner/);
      expect(await owners()).toEqual([owner]);
    });

    it('transfers ownership in one step: the old owner becomes an administrator', async () => {
      const owner = await insertTestUser(db, 'owner');
      const editor = await insertTestUser(db, 'editor');
      await transferOwnership(db, editor, T1);
      expect((await getUserById(db, editor))?.role).toBe('owner');
      expect((await getUserById(db, owner))?.role).toBe('administrator');
      expect(await owners()).toEqual([editor]);
      expect(await ownershipRow()).toBe(editor);
      expect((await getUserById(db, owner))?.updatedAt).toBe(T1);
      // Moving the row is the transfer, however it is written.
      await sql`update ownership set user_id = ${owner}`.execute(db);
      expect(await owners()).toEqual([owner]);
      expect((await getUserById(db, editor))?.role).toBe('administrator');
    });

    it('refuses a transfer to the owner or to nobody', async () => {
      const owner = await insertTestUser(db, 'owner');
      await expect(transferOwnership(db, owner, T1)).rejects.toThrow('They are the owner already.');
      await expect(transferOwnership(db, owner + 99, T1)).rejects.toThrow(UserRuleError);
      expect(await owners()).toEqual([owner]);
    });

    it('changes the roles of everyone else', async () => {
      await insertTestUser(db, 'owner');
      const writer = await insertTestUser(db, 'contributor');
      await setRole(db, writer, 'editor', T1);
      expect(await getUserById(db, writer)).toMatchObject({ role: 'editor', updatedAt: T1 });
      await expect(sql`update users set role = 'chief' where id = ${writer}`.execute(db)).rejects.toThrow(/CHECK constraint failed/);
    });
  });

  describe('slugs and names', () => {
    it('makes a unique slug from the name, whatever the name is', async () => {
      await insertTestUser(db, 'owner', 'Ana Lima');
      await newUser('ana2@forkcast.test', 'editor', 'Ana  Lima!');
      const third = await newUser('ana3@forkcast.test', 'author', 'Ána Lima');
      const blank = await newUser('blank@forkcast.test', 'author', '東京');
      const admin = await newUser('admin@forkcast.test', 'author', 'Admin');
      expect((await listUsers(db)).map((user) => user.slug).sort()).toEqual(['admin', 'ana-lima', 'ana-lima-2', 'ana-lima-3', 'author']);
      expect((await getUserById(db, third))?.slug).toBe('ana-lima-3');
      expect((await getUserById(db, blank))?.slug).toBe('author');
      // Author pages are under /authors/, so a word the site routes at its top level is a fine slug.
      expect((await getUserById(db, admin))?.slug).toBe('admin');
    });

    it('refuses a slug another user holds, and the database refuses it too', async () => {
      await insertTestUser(db, 'owner', 'Ana Lima');
      const other = await insertTestUser(db, 'editor', 'Bo Chen');
      await expect(updateProfile(db, other, { slug: 'ana-lima' }, T1)).rejects.toThrow('Another user already uses that slug.');
      await expect(sql`update users set slug = 'ana-lima' where id = ${other}`.execute(db)).rejects.toThrow(/UNIQUE constraint failed/);
      await updateProfile(db, other, { slug: 'bo', name: 'Bo C.', bio: 'Eats noodles.', avatar: '/uploads/bo.webp' }, T1);
      expect(await getUserById(db, other)).toMatchObject({
        slug: 'bo',
        name: 'Bo C.',
        bio: 'Eats noodles.',
        avatar: '/uploads/bo.webp',
        updatedAt: T1,
      });
    });

    it('leaves a 301 at an author page’s old address when its slug changes, one hop, and none for an author without a page', async () => {
      await insertTestUser(db, 'owner', 'Ana Lima');
      const bo = await insertTestUser(db, 'author', 'Bo Chen');
      const quiet = await insertTestUser(db, 'author', 'Quiet One');
      await insertTestPost(db, 'bo-writes', { authorIds: [bo] });
      const { tags } = await commitChange(db, (trx) => updateProfile(trx, bo, { slug: 'bo' }, T1), { now: T1 });
      expect(tags).toEqual(expect.arrayContaining([TAG.author(bo), TAG.authors, TAG.redirects]));
      await updateProfile(db, bo, { slug: 'bo-chen-eats' }, T1);
      await updateProfile(db, quiet, { slug: 'quiet' }, T1);
      expect(await listRedirects(db)).toEqual([
        { fromPath: '/authors/bo', toPath: '/authors/bo-chen-eats', status: 301 },
        { fromPath: '/authors/bo-chen', toPath: '/authors/bo-chen-eats', status: 301 },
      ]);
      // A new user taking an old address, or the author leaving, ends the redirects that led there.
      await newUser('bo2@forkcast.test', 'author', 'Bo');
      expect((await listRedirects(db)).map((row) => row.fromPath)).toEqual(['/authors/bo-chen']);
      await deleteUser(db, bo, quiet);
      expect(await listRedirects(db)).toEqual([]);
    });

    it('names someone known only by their address after its local part', () => {
      expect(nameFromEmail('jane.doe+news@forkcast.test')).toBe('Jane Doe');
      expect(nameFromEmail('admin@forkcast.local')).toBe('Admin');
      expect(nameFromEmail("o'brien_kim@example.com")).toBe("O'brien Kim");
    });

    it('holds one mailbox once, in any case, and finds it in any case', async () => {
      const owner = await insertTestUser(db, 'owner', 'Ana Lima');
      await expect(newUser('ANA-LIMA@forkcast.test', 'editor')).rejects.toThrow(/UNIQUE constraint failed/);
      expect((await getAccountByEmail(db, '  Ana-Lima@FORKCAST.test '))?.id).toBe(owner);
      expect((await getAccountByEmail(db, 'ana-lima@forkcast.test'))?.passwordHash).toBe('hash');
      expect(await getUserById(db, owner)).not.toHaveProperty('passwordHash');
    });
  });

  describe('deleting a user', () => {
    it('hands their posts on in their place among the authors, and ends their sessions', async () => {
      const owner = await insertTestUser(db, 'owner');
      const leaving = await insertTestUser(db, 'author', 'Leaving');
      const heir = await insertTestUser(db, 'editor', 'Heir');
      const alone = await insertTestTagged('alone', [leaving]);
      const second = await insertTestTagged('second', [owner, leaving]);
      const withHeir = await insertTestTagged('with-heir', [leaving, heir]);
      const untouched = await insertTestTagged('untouched', [owner]);
      await createSession(db, { idHash: 'theirs', userId: leaving, createdAt: FIXTURE_TIME, lastSeenAt: FIXTURE_TIME, expiresAt: T1 });

      const { tags, changeId } = await commitChange(db, (trx) => deleteUser(trx, leaving, heir), { now: T1 });

      expect(await getUserById(db, leaving)).toBeUndefined();
      expect(await getSession(db, 'theirs')).toBeUndefined();
      const authors = async (id: number) => (await getPostById(db, id))!.authorIds;
      expect(await authors(alone)).toEqual([heir]);
      expect(await authors(second)).toEqual([owner, heir]);
      expect(await authors(withHeir)).toEqual([heir]);
      expect(await authors(untouched)).toEqual([owner]);
      // Each post's page, cards and its authors' lists change; the history keeps each post's new authors.
      expect(tags).toEqual(
        expect.arrayContaining([TAG.post(alone), TAG.postCard(alone), TAG.authorPosts(leaving), TAG.authorPosts(heir), TAG.authors]),
      );
      expect(tags).not.toContain(TAG.post(untouched));
      const revisions = await db
        .selectFrom('revisions')
        .select(['entityId', 'summary'])
        .where('changeId', '=', changeId!)
        .where('kind', '!=', 'earlier')
        .execute();
      expect(revisions.map((r) => r.entityId).sort()).toEqual([alone, second, withHeir].sort());
      expect(revisions[0]?.summary).toBe('Changed the authors');
    });

    it('refuses to give the posts to the user themselves or to nobody, changing nothing', async () => {
      await insertTestUser(db, 'owner');
      const leaving = await insertTestUser(db, 'author');
      await expect(deleteUser(db, leaving, leaving)).rejects.toThrow("A user's posts go to someone else.");
      await expect(deleteUser(db, leaving, leaving + 99)).rejects.toThrow('The posts go to an existing user.');
      expect(await getUserById(db, leaving)).toBeDefined();
    });

    it('cannot happen behind the posts: the database keeps an author who still has posts', async () => {
      await insertTestUser(db, 'owner');
      const writer = await insertTestUser(db, 'author');
      await insertTestTagged('theirs', [writer]);
      await expect(sql`delete from users where id = ${writer}`.execute(db)).rejects.toThrow(/FOREIGN KEY constraint failed/);
    });
  });

  function insertTestTagged(slug: string, authorIds: number[]): Promise<number> {
    return insertTestPost(db, slug, { authorIds });
  }
});
