import { describe, expect, it } from 'vitest';
import { commitChange } from '../changes.ts';
import type { Db } from '../db.ts';
import { createBlock, updateBlock } from '../repositories/content-blocks.ts';
import { updatePost } from '../repositories/posts.ts';
import { SETTING, setSetting } from '../repositories/settings.ts';
import { HOME_HERO, type PostState } from '../revisions/entities.ts';
import { FIXTURE_TIME, insertTestPost, useTempDb } from '../testing.ts';
import { entityVersion, entityVersions, stateAtVersion } from './versions.ts';

const LATER = '2025-02-01T00:00:00.000Z';

describe("an entity's version", () => {
  let db: Db;
  let postId: number;
  useTempDb(async (fresh) => {
    db = fresh;
    postId = await insertTestPost(db, 'ramen');
  });
  const ref = () => ({ entity: 'post' as const, id: postId });

  it('is 0, changed by nobody, before its first recorded change', async () => {
    expect(await entityVersion(db, ref())).toEqual({ version: 0, changedBy: null, changedAt: null });
  });

  it('is the newest revision, with who made that change and when', async () => {
    const { versions } = await commitChange(db, (trx) => updatePost(trx, postId, { title: 'Ramen', updatedAt: LATER }), {
      actor: 'ana@forkcast.test',
      now: LATER,
    });
    const version = versions.get('post:' + postId)!;
    expect(version).toBeGreaterThan(0);
    expect(await entityVersion(db, ref())).toEqual({ version, changedBy: 'ana@forkcast.test', changedAt: LATER });
  });

  it("moves with every change of the post's body, and stays when a change changes nothing", async () => {
    const first = await commitChange(db, (trx) => createBlock(trx, { postId, content: 'New.', position: 0, isOriginal: true, now: LATER }));
    const v1 = first.versions.get(`post:${postId}`)!;
    expect((await entityVersion(db, ref())).version).toBe(v1);
    const block = (await db.selectFrom('contentBlocks').select('id').executeTakeFirstOrThrow()).id;
    const same = await commitChange(db, (trx) => updateBlock(trx, postId, block, 'New.', LATER));
    expect(same.versions.size).toBe(0);
    expect((await entityVersion(db, ref())).version).toBe(v1);
    const second = await commitChange(db, (trx) => updateBlock(trx, postId, block, 'Newer.', LATER));
    expect(second.versions.get(`post:${postId}`)).toBeGreaterThan(v1);
  });

  it('is kept apart for each entity, the homepage hero among them', async () => {
    const other = await insertTestPost(db, 'tofu');
    await commitChange(db, (trx) => updatePost(trx, other, { title: 'Tofu', updatedAt: LATER }));
    const { versions } = await commitChange(db, (trx) => setSetting(trx, SETTING.homepageHeroImage, '/images/a.jpg', LATER));
    expect((await entityVersion(db, ref())).version).toBe(0);
    expect((await entityVersion(db, HOME_HERO)).version).toBe(versions.get('hero:0'));
    const all = await entityVersions(db, 'post', [postId, other]);
    expect(all.get(postId)).toBe(0);
    expect(all.get(other)).toBe((await entityVersion(db, { entity: 'post', id: other })).version);
  });

  it('gives the state an entity had at a version it still keeps, and nothing for one it does not', async () => {
    const { versions } = await commitChange(db, (trx) => updatePost(trx, postId, { title: 'Ramen', updatedAt: LATER }));
    const v1 = versions.get(`post:${postId}`)!;
    await commitChange(db, (trx) => updatePost(trx, postId, { title: 'Ramen, again', updatedAt: LATER }));
    // Version 0 is the state before the first recorded change (its 'earlier' revision).
    expect(((await stateAtVersion(db, ref(), 0)) as PostState).post.title).toBe('Title of ramen');
    expect(((await stateAtVersion(db, ref(), v1)) as PostState).post.title).toBe('Ramen');
    expect(await stateAtVersion(db, ref(), v1 + 1000)).toBeUndefined();
    // A version of another entity is not one of this entity's.
    const other = await insertTestPost(db, 'tofu', { createdAt: FIXTURE_TIME });
    const { versions: theirs } = await commitChange(db, (trx) => updatePost(trx, other, { title: 'Tofu', updatedAt: LATER }));
    expect(await stateAtVersion(db, ref(), theirs.get(`post:${other}`)!)).toBeUndefined();
  });
});
