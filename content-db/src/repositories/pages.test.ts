import { beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../db.ts';
import { useTempDb } from '../testing.ts';
import { forgetPage, pageHashes, pagesReadingTags, recordPage, type RenderedPage } from './pages.ts';

const T0 = '2025-01-01T00:00:00.000Z';
const T1 = '2025-01-02T00:00:00.000Z';

function makePage(path: string, tags: string[], contentHash = `hash-of-${path}`): RenderedPage {
  return { path, contentHash, tags };
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

  describe('recordPage', () => {
    it('records the page with its hash and time, and the tags it read', async () => {
      await recordPage(db, makePage('/cities/kyoto/', ['city:kyoto', 'posts']), T0);
      expect(await db.selectFrom('pages').selectAll().execute()).toEqual([
        { path: '/cities/kyoto/', contentHash: 'hash-of-/cities/kyoto/', renderedAt: T0 },
      ]);
      expect(await getPageTags('/cities/kyoto/')).toEqual(['city:kyoto', 'posts']);
    });

    it('re-recording updates hash and time and replaces the tags instead of adding to them', async () => {
      await recordPage(db, makePage('/', ['home', 'posts', 'cities']), T0);
      await recordPage(db, makePage('/', ['settings', 'posts'], 'new-hash'), T1);
      expect(await db.selectFrom('pages').selectAll().execute()).toEqual([{ path: '/', contentHash: 'new-hash', renderedAt: T1 }]);
      expect(await getPageTags('/')).toEqual(['posts', 'settings']);
    });

    it('deduplicates tags', async () => {
      await recordPage(db, makePage('/a/', ['x', 'y', 'x', 'x']), T0);
      expect(await pageTagRows()).toEqual([
        { path: '/a/', tag: 'x' },
        { path: '/a/', tag: 'y' },
      ]);
    });

    it('records a page that read no tags, clearing any it read before', async () => {
      await recordPage(db, makePage('/about/', ['settings']), T0);
      await recordPage(db, makePage('/about/', []), T1);
      expect(await listPagePaths()).toEqual(['/about/']);
      expect(await getPageTags('/about/')).toEqual([]);
    });

    it('does not touch the tags of other pages', async () => {
      await recordPage(db, makePage('/a/', ['shared', 'a-only']), T0);
      await recordPage(db, makePage('/b/', ['shared']), T0);
      await recordPage(db, makePage('/a/', ['other']), T1);
      expect(await getPageTags('/b/')).toEqual(['shared']);
    });
  });

  describe('listPagePaths and getPageTags', () => {
    it('lists paths sorted, and tags of a page sorted', async () => {
      await recordPage(db, makePage('/posts/b/', ['zeta', 'alpha', 'mu']), T0);
      await recordPage(db, makePage('/', []), T0);
      await recordPage(db, makePage('/posts/a/', ['alpha']), T0);
      expect(await listPagePaths()).toEqual(['/', '/posts/a/', '/posts/b/']);
      expect(await getPageTags('/posts/b/')).toEqual(['alpha', 'mu', 'zeta']);
    });

    it('returns empty lists when nothing is recorded', async () => {
      expect(await listPagePaths()).toEqual([]);
      expect(await getPageTags('/missing/')).toEqual([]);
    });
  });

  describe('forgetPage', () => {
    it('removes the page and its page_tags rows, leaving other pages alone', async () => {
      await recordPage(db, makePage('/gone/', ['a', 'b']), T0);
      await recordPage(db, makePage('/kept/', ['a']), T0);
      await forgetPage(db, '/gone/');
      expect(await listPagePaths()).toEqual(['/kept/']);
      expect(await pageTagRows()).toEqual([{ path: '/kept/', tag: 'a' }]);
      expect(await pagesReadingTags(db, ['a', 'b'])).toEqual(['/kept/']);
    });

    it('is a no-op for an unknown path', async () => {
      await recordPage(db, makePage('/kept/', ['a']), T0);
      await forgetPage(db, '/unknown/');
      expect(await listPagePaths()).toEqual(['/kept/']);
    });
  });

  describe('pagesReadingTags', () => {
    beforeEach(async () => {
      await recordPage(db, makePage('/', ['home', 'posts', 'cities']), T0);
      await recordPage(db, makePage('/cities/kyoto/', ['city:kyoto', 'cities']), T0);
      await recordPage(db, makePage('/posts/ramen/', ['post:1', 'city:kyoto']), T0);
      await recordPage(db, makePage('/about/', ['settings']), T0);
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
      await recordPage(db, makePage('/posts/ramen/', ['post:1']), T1);
      expect(await pagesReadingTags(db, ['city:kyoto'])).toEqual(['/cities/kyoto/']);
    });
  });

  describe('pageHashes', () => {
    it('maps every recorded page, or just the ones asked for, to its hash', async () => {
      await recordPage(db, makePage('/', []), T0);
      await recordPage(db, makePage('/about', [], 'h-about'), T0);
      await recordPage(db, makePage('/posts', []), T0);
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
      await recordPage(db, makePage('/sitemap.xml', tags), T0);
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
