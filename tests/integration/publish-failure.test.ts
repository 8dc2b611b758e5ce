import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeFile } from '@forkcast/admin-api';
import { getPostBySlug, pendingOutbox } from '@forkcast/content-db';
import { parsePublishFailure, parsePublishReport, PUBLISH_HEADER } from '@forkcast/content-db/contracts';
import { seed } from '@forkcast/content-db/seed';
import { fullBuildOf, readTree, treeDifferences } from './compare.ts';
import { publishingSite, type PublishingSite } from './support.ts';

const POST = '/osaka/osaka-kushikatsu-night-crawl';
const json = (method: string, body: unknown) => ({ method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

// A page the publisher cannot replace (a folder stands where its file goes: refused even for root)
// must not make a write look like a plain success: the change is saved, and the answer says the
// pages are not live yet, and why.
describe('a write whose publish fails', () => {
  let site: PublishingSite;
  beforeAll(async () => {
    site = await publishingSite(({ db }) => seed(db).then(() => undefined));
  });
  afterAll(() => site?.cleanup());

  const blockEdit = async (content: string, position: number) => {
    const id = (await getPostBySlug(site.handle.db, 'osaka-kushikatsu-night-crawl'))!.id;
    return site.request(`/api/posts/${id}/blocks`, json('POST', { content, position, isOriginal: true }));
  };

  it('is saved, answers with the failure and its reason, and keeps the change queued', async () => {
    const file = join(site.dist.siteDir, routeFile(POST));
    rmSync(file);
    mkdirSync(file);
    writeFileSync(join(file, 'keep'), 'a folder where the page goes');

    const response = await blockEdit('Saved while the page is stuck.', 0);
    expect(response.status).toBe(201);
    expect(parsePublishReport(response.headers.get(PUBLISH_HEADER))).toBeUndefined();
    expect(parsePublishFailure(response.headers.get(PUBLISH_HEADER))?.reason).toMatch(/^EISDIR: illegal operation on a directory/);
    expect((await pendingOutbox(site.handle.db)).length).toBeGreaterThan(0);
    rmSync(file, { recursive: true });
  });

  it('is published by the next write once the fault is gone', async () => {
    const response = await blockEdit('Saved again, and live.', 1);
    expect(response.status).toBe(201);
    expect(parsePublishReport(response.headers.get(PUBLISH_HEADER))).toBeDefined();
    expect(await pendingOutbox(site.handle.db)).toEqual([]);
    expect(treeDifferences(readTree(site.dist.siteDir), await fullBuildOf(site.handle.db))).toEqual([]);
  });
});
