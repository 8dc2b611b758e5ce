import { execFile } from 'node:child_process';
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import vnuJar from 'vnu-jar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSitePage, listPosts, updatePost } from '@forkcast/content-db';
import { seed } from '@forkcast/content-db/seed';
import { publishingSite, renderFixtureSite, type PublishingSite, type RenderedSite } from './support.ts';

interface VnuMessage {
  type: string;
  url: string;
  message: string;
  extract?: string;
}

/** Runs the W3C Nu HTML checker over the files and returns its errors (warnings are not counted). */
async function checkHtml(files: string[]): Promise<VnuMessage[]> {
  // vnu exits non-zero when it reports errors; its JSON report on stderr is what matters.
  const result = await promisify(execFile)('java', ['-jar', vnuJar, '--errors-only', '--format', 'json', ...files], {
    maxBuffer: 64 * 1024 * 1024,
  }).catch((error: { stderr?: string; code?: unknown }) => {
    if (typeof error.stderr !== 'string' || !error.stderr.startsWith('{')) throw error;
    return { stderr: error.stderr };
  });
  return (JSON.parse(result.stderr) as { messages: VnuMessage[] }).messages;
}

const VISITING =
  '## Hours\n\nOur kitchen is open to readers on the **first Friday** of the month.\n\n- Bring a plate\n- Bring [a friend](/about)\n\n| Day | Dish |\n|---|---|\n| Friday | Ramen |\n';

describe('every rendered page of the seeded site', () => {
  let site: RenderedSite;

  beforeAll(async () => {
    site = await renderFixtureSite(async (handle) => {
      const { db } = handle;
      await seed(db);
      // A post and a guide with every search and social field set (one of them to a text that needs escaping).
      const [post] = await listPosts(db, { type: 'post', publishedOnly: true, limit: 1 });
      const [guide] = await listPosts(db, { type: 'guide', publishedOnly: true, limit: 1 });
      for (const { id } of [post!, guide!])
        await updatePost(db, id, {
          metaTitle: 'Noodles & "night" markets <ranked>',
          metaDescription: 'Where to eat, in order: a line for search results & shared cards.',
          ogImage: 'https://cdn.example/share-card.jpg?w=1200&h=630',
          canonicalUrl: '/posts',
          noindex: true,
          updatedAt: new Date().toISOString(),
        });
      // A page an editor wrote, with the Markdown a page is likely to hold.
      await createSitePage(
        handle.db,
        {
          title: 'Visiting Us',
          slug: 'visiting',
          content: VISITING,
          status: 'published',
          inFooter: true,
          // A page's own search and social fields, a quote and an ampersand among them.
          metaTitle: 'Cook "with" us & eat',
          metaDescription: 'Our kitchen, open to readers <on Fridays>.',
          ogImage: '/images/og-default.jpg',
          canonicalUrl: '/about',
          noindex: true,
        },
        '2025-01-15T09:30:00.000Z',
      );
    });
  });
  afterAll(() => site.cleanup());

  it('passes the W3C Nu HTML checker with no errors', async () => {
    const pages = readdirSync(site.dist.siteDir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
      .map((entry) => join(entry.parentPath, entry.name));
    expect(pages.length).toBeGreaterThan(50);
    // Bylines are on every post, and the fixture's owner writes them: their author page is checked too.
    expect(pages.some((page) => page.endsWith(join('authors', 'ana-ruiz', 'index.html')))).toBe(true);
    expect(pages.some((page) => page.endsWith(join('visiting', 'index.html')))).toBe(true);
    const errors = (await checkHtml(pages)).map(
      (m) => `${m.url.slice(m.url.indexOf(site.dist.siteDir) + site.dist.siteDir.length)}: ${m.message} ${m.extract ?? ''}`,
    );
    expect(errors).toEqual([]);
  });
});

describe('the search page, rendered for each request', () => {
  let site: PublishingSite;

  beforeAll(async () => {
    site = await publishingSite((handle) => seed(handle.db).then(() => undefined));
  });
  afterAll(() => site.cleanup());

  it('passes the W3C Nu HTML checker with results, without, with none found and with a refused query', async () => {
    const searches = [
      '',
      '?q=ramen',
      '?q=noodles&type=post&city=singapore',
      '?q=zzyzx',
      '?q=ramne',
      `?q=${'a'.repeat(300)}`,
      '?q=%3Cscript%3E%00',
    ];
    const files = await Promise.all(
      searches.map(async (search, index) => {
        const response = await site.request(`/search${search}`, { admin: false });
        const file = join(site.dist.distDir, `search-${index}.html`);
        writeFileSync(file, await response.text());
        return file;
      }),
    );
    const errors = (await checkHtml(files)).map((m) => `${m.url.slice(m.url.lastIndexOf('/'))}: ${m.message} ${m.extract ?? ''}`);
    expect(errors).toEqual([]);
  });
});
