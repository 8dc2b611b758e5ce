import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, inject } from 'vitest';
import { createDb, migrateToLatest, type Db } from './db.ts';
import { slugify } from '@forkcast/shared/slugs';
import { insertPost, type NewPost } from './repositories/posts.ts';
import { createUser, getOwner } from './repositories/users.ts';
import type { Role } from './schema.ts';

export interface TempDb {
  db: Db;
  path: string;
  /** Closes the database and deletes its folder. */
  cleanup: () => Promise<void>;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** A database migrated once for the whole run (tests/setup/template-db.ts), for tests to copy. */
    migratedTemplateDb?: string;
  }
}

/**
 * A fresh, migrated SQLite file in its own temporary folder: what each test gets. It is a copy of
 * the run's template database when the project sets one up, which costs a file copy instead of
 * every migration; without one it is migrated here.
 */
export async function createTempDb(options: { migrate?: boolean } = {}): Promise<TempDb> {
  const dir = mkdtempSync(join(tmpdir(), 'forkcast-db-'));
  const path = join(dir, 'content.db');
  const template = options.migrate === false ? undefined : inject('migratedTemplateDb');
  if (template) copyFileSync(template, path);
  const db = createDb(path);
  // Migrating a copy of the template finds nothing to do, so it costs one query; it also keeps a
  // template from an older tree from passing for a current database.
  if (options.migrate !== false) await migrateToLatest(db);
  return {
    db,
    path,
    cleanup: async () => {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Gives each test of the calling suite its own fresh, migrated database: `setup` receives it
 * before the test (to keep it and add fixtures), and it is closed and deleted after the test.
 */
export function useTempDb(setup: (db: Db) => void | Promise<void>): void {
  let handle: TempDb | undefined;
  beforeEach(async () => {
    handle = await createTempDb();
    await setup(handle.db);
  });
  afterEach(async () => {
    await handle?.cleanup();
    handle = undefined;
  });
}

/** A bare, unpublished post without a city, created and updated at `at`: its id. */
export function insertBarePost(db: Db, slug: string, at: string): Promise<number> {
  return insertPost(db, { slug, title: slug, type: 'post', cityId: null, publishedAt: null, createdAt: at, updatedAt: at });
}

/** The time fixtures are made at unless a test says otherwise. */
export const FIXTURE_TIME = '2025-01-01T00:00:00.000Z';

/**
 * A published post without a city, of two paragraphs, titled after its slug and made, published and
 * edited at FIXTURE_TIME: what a test gets for every field it does not care about.
 */
export function postFixture(slug: string, overrides: Partial<NewPost> = {}): NewPost {
  return {
    slug,
    title: `Title of ${slug}`,
    type: 'post',
    cityId: null,
    content: 'First paragraph.\n\nSecond paragraph.',
    published: true,
    publishedAt: FIXTURE_TIME,
    createdAt: FIXTURE_TIME,
    updatedAt: FIXTURE_TIME,
    ...overrides,
  };
}

/** Inserts postFixture(slug, overrides): its id. */
export function insertTestPost(db: Db, slug: string, overrides: Partial<NewPost> = {}): Promise<number> {
  return insertPost(db, postFixture(slug, overrides));
}

/**
 * A user of `role` called `name` (at `{slug of name}@forkcast.test`, password hash 'hash'), made at
 * FIXTURE_TIME, with an owner made first when there is none yet and `role` is another: their id.
 */
export async function insertTestUser(db: Db, role: Role, name = `${role.charAt(0).toUpperCase()}${role.slice(1)} Tester`): Promise<number> {
  const user = (email: string, userName: string, userRole: Role) =>
    createUser(db, { email, passwordHash: 'hash', name: userName, role: userRole, now: FIXTURE_TIME });
  if (role !== 'owner' && !(await getOwner(db))) await user('owner.tester@forkcast.test', 'Owner Tester', 'owner');
  return user(`${slugify(name)}@forkcast.test`, name, role);
}

/**
 * Whether the bytes of the database file or its WAL still hold `text`, after a checkpoint that folds
 * the WAL into the file and truncates it: what someone reading the files off the disk would find.
 */
export async function databaseFileHolds(handle: TempDb, text: string): Promise<boolean> {
  await sql`pragma wal_checkpoint(TRUNCATE)`.execute(handle.db);
  const needle = Buffer.from(text);
  return [handle.path, `${handle.path}-wal`].some((file) => existsSync(file) && readFileSync(file).includes(needle));
}
