import { describe, expect, it } from 'vitest';
import { commitChange } from '../changes.ts';
import type { Db } from '../db.ts';
import { trackReads } from '../tracking.ts';
import { useTempDb } from '../testing.ts';
import { addRedirect, createRedirect, findRedirect, listRedirects, listStoredRedirects, removeRedirectsTo } from './redirects.ts';

const T0 = '2025-01-01T00:00:00.000Z';

describe('redirects repository', () => {
  let db: Db;
  useTempDb((fresh) => {
    db = fresh;
  });

  it('answers an old path with the new one, and nothing for other paths', async () => {
    await addRedirect(db, '/post/old', '/post/new', T0);
    expect((await findRedirect(db, '/post/old'))?.toPath).toBe('/post/new');
    expect((await findRedirect(db, '/post/new'))?.toPath).toBeUndefined();
  });

  it('never builds a chain: older redirects follow the latest move', async () => {
    await addRedirect(db, '/post/a', '/post/b', T0);
    await addRedirect(db, '/post/b', '/post/c', T0);
    expect(await listRedirects(db)).toEqual([
      { fromPath: '/post/a', toPath: '/post/c', status: 301 },
      { fromPath: '/post/b', toPath: '/post/c', status: 301 },
    ]);
  });

  it('drops the redirect away from a path that is live again', async () => {
    await addRedirect(db, '/post/a', '/post/b', T0);
    await addRedirect(db, '/post/b', '/post/a', T0);
    expect(await listRedirects(db)).toEqual([{ fromPath: '/post/b', toPath: '/post/a', status: 301 }]);
  });

  it('ignores a move to the same path, and forgets redirects to a page that is gone', async () => {
    await addRedirect(db, '/post/a', '/post/a', T0);
    expect(await listRedirects(db)).toEqual([]);
    await addRedirect(db, '/post/a', '/post/b', T0);
    await addRedirect(db, '/kyoto/b', '/post/b', T0);
    await addRedirect(db, '/post/x', '/post/y', T0);
    await removeRedirectsTo(db, '/post/b');
    expect(await listRedirects(db)).toEqual([{ fromPath: '/post/x', toPath: '/post/y', status: 301 }]);
  });

  it("follows a post's move with an editor's redirect to it, and keeps it when the post goes", async () => {
    await createRedirect(db, { fromPath: '/winter-menu', toPath: '/post/a', status: 302 }, T0);
    await addRedirect(db, '/post/a', '/post/b', T0);
    expect(await findRedirect(db, '/winter-menu')).toEqual({ toPath: '/post/b', status: 302 });
    await removeRedirectsTo(db, '/post/b');
    expect((await listStoredRedirects(db)).map(({ fromPath, source }) => [fromPath, source])).toEqual([['/winter-menu', 'editor']]);
  });

  it("turns an editor's redirect from a path a post now lives at into that post's own", async () => {
    await createRedirect(db, { fromPath: '/post/b', toPath: 'https://partner.example/', status: 302 }, T0);
    await addRedirect(db, '/post/b', '/post/c', T0);
    expect(await listStoredRedirects(db)).toEqual([
      expect.objectContaining({ fromPath: '/post/b', toPath: '/post/c', status: 301, source: 'automatic' }),
    ]);
  });

  it('records the redirects tag when read and when changed', async () => {
    expect((await trackReads(() => listRedirects(db))).tags).toEqual(['redirects']);
    expect((await commitChange(db, (trx) => addRedirect(trx, '/post/a', '/post/b', T0))).tags).toEqual(['redirects']);
    expect((await commitChange(db, (trx) => removeRedirectsTo(trx, '/post/nothing'))).tags).toEqual([]);
  });
});
