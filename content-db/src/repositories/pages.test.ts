import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../db.ts';
import { useTempDb } from '../testing.ts';
import type { QueryRead } from '../tracking.ts';
import {
  forgetPages,
  pageHashes,
  pagesReadingTags,
  pagesWithStaleQueries,
  queriesListeningTo,
  recordPages,
  type RenderedPage,
} from './pages.ts';

const T0 = '2025-01-01T00:00:00.000Z';
const T1 = '2025-01-02T00:00:00.000Z';

function makePage(path: string, tags: string[], contentHash = `hash-of-${path}`, queries: QueryRead[] = []): RenderedPage {
  return { path, contentHash, tags, queries };
}

describe('pages repository', () => {
  let db: Db;
  useTempDb((fresh) => {
    db = fresh;
  });

  async function getPageTags(path: string): Promise<string[]> {
    const rows = await db.selectFrom('pageTags').select('tag').where('path', '=', path).orderBy('tag').execute();
    return rows.map((row) => row.tag);
  }

  async function listPagePaths(): Promise<string[]> {
    const rows = await db.selectFrom('pages').select('path').orderBy('path').execute();
    return rows.map((row) => row.path);
  }

  async function pageTagRows(): Promise<{ path: string; tag: string }[]> {
    return db.selectFrom('pageTags').selectAll().orderBy('path').orderBy('tag').execute();
  }

  describe('recordPages', () => {
    it('records the page with its hash and time, and the tags it read', async () => {
      await recordPages(db, [makePage('/cities/kyoto/', ['city:kyoto', 'posts'])], T0);
      expect(await db.selectFrom('pages').selectAll().execute()).toEqual([
        { path: '/cities/kyoto/', contentHash: 'hash-of-/cities/kyoto/', renderedAt: T0 },
      ]);
      expect(await getPageTags('/cities/kyoto/')).toEqual(['city:kyoto', 'posts']);
    });

    it('re-recording updates hash and time and replaces the tags instead of adding to them', async () => {
      await recordPages(db, [makePage('/', ['home', 'posts', 'cities'])], T0);
      await recordPages(db, [makePage('/', ['settings', 'posts'], 'new-hash')], T1);
      expect(await db.selectFrom('pages').selectAll().execute()).toEqual([{ path: '/', contentHash: 'new-hash', renderedAt: T1 }]);
      expect(await getPageTags('/')).toEqual(['posts', 'settings']);
    });

    it('deduplicates tags', async () => {
      await recordPages(db, [makePage('/a/', ['x', 'y', 'x', 'x'])], T0);
      expect(await pageTagRows()).toEqual([
        { path: '/a/', tag: 'x' },
        { path: '/a/', tag: 'y' },
      ]);
    });

    it('records a page that read no tags, clearing any it read before', async () => {
      await recordPages(db, [makePage('/about/', ['settings'])], T0);
      await recordPages(db, [makePage('/about/', [])], T1);
      expect(await listPagePaths()).toEqual(['/about/']);
      expect(await getPageTags('/about/')).toEqual([]);
    });

    it('keeps the rows of the tags a page reads again, and changes only those it no longer or newly reads', async () => {
      await recordPages(db, [makePage('/a/', ['x', 'y', 'w']), makePage('/b/', ['x'])], T0);
      const rowIds = () =>
        db
          .selectFrom('pageTags')
          .select(['tag', sql<number>`rowid`.as('rowid')])
          .where('path', '=', '/a/')
          .where('tag', 'in', ['x', 'y'])
          .orderBy('tag')
          .execute();
      const kept = await rowIds();
      await recordPages(db, [makePage('/a/', ['y', 'z', 'x', 'y'], 'new-hash'), makePage('/b/', ['x'])], T1);
      expect(await rowIds()).toEqual(kept);
      expect(await pageTagRows()).toEqual([
        { path: '/a/', tag: 'x' },
        { path: '/a/', tag: 'y' },
        { path: '/a/', tag: 'z' },
        { path: '/b/', tag: 'x' },
      ]);
    });

    it('does not touch the tags of other pages', async () => {
      await recordPages(db, [makePage('/a/', ['shared', 'a-only'])], T0);
      await recordPages(db, [makePage('/b/', ['shared'])], T0);
      await recordPages(db, [makePage('/a/', ['other'])], T1);
      expect(await getPageTags('/b/')).toEqual(['shared']);
    });
  });

  describe('listPagePaths and getPageTags', () => {
    it('lists paths sorted, and tags of a page sorted', async () => {
      await recordPages(db, [makePage('/posts/b/', ['zeta', 'alpha', 'mu'])], T0);
      await recordPages(db, [makePage('/', [])], T0);
      await recordPages(db, [makePage('/posts/a/', ['alpha'])], T0);
      expect(await listPagePaths()).toEqual(['/', '/posts/a/', '/posts/b/']);
      expect(await getPageTags('/posts/b/')).toEqual(['alpha', 'mu', 'zeta']);
    });

    it('returns empty lists when nothing is recorded', async () => {
      expect(await listPagePaths()).toEqual([]);
      expect(await getPageTags('/missing/')).toEqual([]);
    });
  });

  describe('forgetPages', () => {
    it('removes the page and its page_tags rows, leaving other pages alone', async () => {
      await recordPages(db, [makePage('/gone/', ['a', 'b'])], T0);
      await recordPages(db, [makePage('/kept/', ['a'])], T0);
      await forgetPages(db, ['/gone/']);
      expect(await listPagePaths()).toEqual(['/kept/']);
      expect(await pageTagRows()).toEqual([{ path: '/kept/', tag: 'a' }]);
      expect(await pagesReadingTags(db, ['a', 'b'])).toEqual(['/kept/']);
    });

    it('is a no-op for an unknown path', async () => {
      await recordPages(db, [makePage('/kept/', ['a'])], T0);
      await forgetPages(db, ['/unknown/']);
      expect(await listPagePaths()).toEqual(['/kept/']);
    });
  });

  describe('conditional reads', () => {
    const latest = (fingerprint: string, listen = ['posts']): QueryRead => ({ key: 'latest {"limit":6}', listen, fingerprint });
    const related = (fingerprint: string): QueryRead => ({ key: 'related {"city":3}', listen: ['posts:city:3', 'post:9'], fingerprint });
    const queryKeys = async () => (await db.selectFrom('queries').select('key').orderBy('key').execute()).map((row) => row.key);
    const idOf = async (key: string) => (await db.selectFrom('queries').select('id').where('key', '=', key).executeTakeFirstOrThrow()).id;

    it('stores each query once with the tags it listens to, and each page’s fingerprint', async () => {
      await recordPages(db, [makePage('/', [], 'h', [latest('f1')]), makePage('/posts', [], 'h', [latest('f1'), related('r1')])], T0);
      expect(await queryKeys()).toEqual(['latest {"limit":6}', 'related {"city":3}']);
      expect((await queriesListeningTo(db, ['post:9', 'cities'])).map((query) => query.key)).toEqual(['related {"city":3}']);
      expect((await queriesListeningTo(db, ['posts', 'posts:city:3'])).map((query) => query.key).sort()).toEqual([
        'latest {"limit":6}',
        'related {"city":3}',
      ]);
      expect(await pagesReadingTags(db, ['posts'])).toEqual([]);
    });

    it('finds the readers that saw another answer than the one a query gives now', async () => {
      await recordPages(db, [makePage('/', [], 'h', [latest('old')]), makePage('/a', [], 'h', [latest('new')])], T0);
      const id = await idOf('latest {"limit":6}');
      expect(await pagesWithStaleQueries(db, new Map([[id, 'new']]))).toEqual(['/']);
      expect(await pagesWithStaleQueries(db, new Map([[id, 'old']]))).toEqual(['/a']);
      // A query that no longer exists cannot be checked: every reader renders again.
      expect(await pagesWithStaleQueries(db, new Map([[id, undefined]]))).toEqual(['/', '/a']);
    });

    it('replaces what a query listens to with what it listened to last', async () => {
      await recordPages(db, [makePage('/', [], 'h', [latest('f1', ['posts', 'post:1'])])], T0);
      await recordPages(db, [makePage('/', [], 'h', [latest('f2', ['posts', 'post:2'])])], T1);
      expect(await queriesListeningTo(db, ['post:1'])).toEqual([]);
      expect(await queriesListeningTo(db, ['post:2'])).toHaveLength(1);
    });

    it('drops a query once no page reads it, after a re-render or when its pages are gone', async () => {
      await recordPages(db, [makePage('/', [], 'h', [latest('f1'), related('r1')]), makePage('/b', [], 'h', [related('r1')])], T0);
      await recordPages(db, [makePage('/', [], 'h', [])], T1);
      expect(await queryKeys()).toEqual(['related {"city":3}']);
      await forgetPages(db, ['/b']);
      expect(await queryKeys()).toEqual([]);
      expect(await db.selectFrom('queryListens').selectAll().execute()).toEqual([]);
    });

    it('records many pages in one call', async () => {
      const pages = Array.from({ length: 3000 }, (_, i) => makePage(`/p/${i}`, ['cities', `post:${i}`], `h${i}`, [latest('f')]));
      await recordPages(db, pages, T0);
      expect((await pageHashes(db)).size).toBe(3000);
      expect(await pagesReadingTags(db, ['post:2999'])).toEqual(['/p/2999']);
      expect(await pagesWithStaleQueries(db, new Map([[await idOf('latest {"limit":6}'), 'g']]))).toHaveLength(3000);
    });
  });

  describe('pagesReadingTags', () => {
    beforeEach(async () => {
      await recordPages(db, [makePage('/', ['home', 'posts', 'cities'])], T0);
      await recordPages(db, [makePage('/cities/kyoto/', ['city:kyoto', 'cities'])], T0);
      await recordPages(db, [makePage('/posts/ramen/', ['post:1', 'city:kyoto'])], T0);
      await recordPages(db, [makePage('/about/', ['settings'])], T0);
    });

    it('returns each page that read any of the tags once, sorted by path', async () => {
      expect(await pagesReadingTags(db, ['city:kyoto'])).toEqual(['/cities/kyoto/', '/posts/ramen/']);
      expect(await pagesReadingTags(db, ['cities', 'city:kyoto', 'post:1'])).toEqual(['/', '/cities/kyoto/', '/posts/ramen/']);
      expect(await pagesReadingTags(db, ['settings', 'home'])).toEqual(['/', '/about/']);
    });

    it('returns nothing for unknown tags or an empty tag list', async () => {
      expect(await pagesReadingTags(db, ['city:lisbon'])).toEqual([]);
      expect(await pagesReadingTags(db, [])).toEqual([]);
    });

    it('follows re-recorded tags', async () => {
      await recordPages(db, [makePage('/posts/ramen/', ['post:1'])], T1);
      expect(await pagesReadingTags(db, ['city:kyoto'])).toEqual(['/cities/kyoto/']);
    });
  });

  describe('pageHashes', () => {
    it('maps every recorded page, or just the ones asked for, to its hash', async () => {
      await recordPages(db, [makePage('/', [])], T0);
      await recordPages(db, [makePage('/about', [], 'h-about')], T0);
      await recordPages(db, [makePage('/posts', [])], T0);
      expect(await pageHashes(db)).toEqual(
        new Map([
          ['/', 'hash-of-/'],
          ['/about', 'h-about'],
          ['/posts', 'hash-of-/posts'],
        ]),
      );
      expect(await pageHashes(db, ['/about', '/missing'])).toEqual(new Map([['/about', 'h-about']]));
      expect(await pageHashes(db, [])).toEqual(new Map());
    });
  });

  // SQLite binds at most 32,766 parameters per statement; a site with tens of thousands of posts
  // has a sitemap.xml that reads one tag per post.
  describe('with more items than one statement can bind', () => {
    const MANY = 40_000;
    const many = (prefix: string) => Array.from({ length: MANY }, (_, i) => `${prefix}${i}`);

    it('records and finds a page that read 40,000 tags', async () => {
      const tags = many('post:');
      await recordPages(db, [makePage('/sitemap.xml', tags)], T0);
      expect((await getPageTags('/sitemap.xml')).length).toBe(MANY);
      expect(await pagesReadingTags(db, tags)).toEqual(['/sitemap.xml']);
    });

    it('reads the hashes of 40,000 pages at once', async () => {
      const paths = many('/p/');
      for (let i = 0; i < MANY; i += 5000) {
        await db
          .insertInto('pages')
          .values(paths.slice(i, i + 5000).map((path) => ({ path, contentHash: `h${path}`, renderedAt: T0 })))
          .execute();
      }
      const hashes = await pageHashes(db, paths);
      expect(hashes.size).toBe(MANY);
      expect(hashes.get('/p/39999')).toBe('h/p/39999');
    });
  });
});
