import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getPublishedSitePage, listRedirects } from '@forkcast/content-db';
import { CHANGE_HEADER, type RestoreResult, type RevisionDetail, type RevisionSummary, type TrashItem } from '@forkcast/shared/contracts';
import { pino } from 'pino';
import { RetentionSweep } from '../revisions/sweep.ts';
import { createTestApp, json, storedState, type TestApp } from '../testing.ts';

interface PageBody {
  id: number;
  slug: string;
  title: string;
  status: string;
  version: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

describe('pages in history and the trash', () => {
  let t: TestApp;
  let editor: string;
  beforeAll(async () => {
    t = await createTestApp();
    editor = await t.signInAs('editor');
  });
  afterAll(() => t.cleanup());
  beforeEach(async () => {
    const db = t.handle.db;
    for (const table of ['sitePages', 'trash', 'revisions', 'changes', 'redirects'] as const) await db.deleteFrom(table).execute();
  });

  const send = (path: string, init: RequestInit = {}) => t.request(path, { ...init, cookie: editor });
  const sendJson = (method: string, path: string, body: unknown) => t.request(path, json(method, body, editor));
  const create = async (body: object): Promise<PageBody> => {
    const response = await sendJson('POST', '/api/pages', body);
    expect(response.status, await response.clone().text()).toBe(201);
    return (await response.json()) as PageBody;
  };
  const history = async (id: number) => (await (await send(`/api/revisions?entity=page&id=${id}`)).json()) as RevisionSummary[];
  const trash = async () => (await (await send('/api/trash')).json()) as TrashItem[];
  const redirects = async () => (await listRedirects(t.handle.db)).map((r) => `${r.fromPath} -> ${r.toPath}`);

  it('keeps a revision of every change: create, edit, publish, re-slug, footer flag, unpublish', async () => {
    const page = await create({ title: 'Visiting Us', slug: 'visiting', content: 'Come hungry.' });
    for (const change of [
      { content: 'Come very hungry.' },
      { status: 'published' },
      { slug: 'visit' },
      { inFooter: true },
      { status: 'draft' },
    ]) {
      const response = await sendJson('PATCH', `/api/pages/${page.id}`, change);
      expect(response.status, JSON.stringify(change)).toBe(200);
      expect(Number(response.headers.get(CHANGE_HEADER))).toBeGreaterThan(0);
    }
    const kept = await history(page.id);
    expect(kept.map((revision) => [revision.kind, revision.summary])).toEqual([
      ['unpublished', 'Unpublished'],
      ['edited', 'Changed the footer link'],
      ['edited', 'Changed the slug'],
      ['published', 'Published'],
      ['edited', 'Changed the text'],
      ['created', 'Created'],
    ]);
    expect(kept.every((revision) => revision.entity === 'page' && revision.title === 'Visiting Us')).toBe(true);

    const diff = (await (await send(`/api/revisions/${kept[2]!.id}`)).json()) as RevisionDetail;
    expect(diff.changes.map((change) => [change.label, change.parts.map((part) => part.value).join('|')])).toEqual([
      ['Slug', 'visiting|visit'],
    ]);
    const recent = (await (await send('/api/revisions?limit=3')).json()) as RevisionSummary[];
    expect(recent[0]).toMatchObject({ entity: 'page', entityId: page.id, kind: 'unpublished' });
  });

  it('restores a version through the history API: the page and its address come back as they were', async () => {
    const page = await create({ title: 'Visiting Us', slug: 'visiting', content: 'Come hungry.', status: 'published' });
    await sendJson('PATCH', `/api/pages/${page.id}`, { title: 'Visit', slug: 'visit', content: 'Rewritten.' });
    expect(await redirects()).toEqual(['/visiting -> /visit']);
    const created = (await history(page.id)).at(-1)!;

    const restored = await send(`/api/revisions/${created.id}/restore`, { method: 'POST' });
    expect(restored.status, await restored.clone().text()).toBe(200);
    expect(((await restored.json()) as RestoreResult).restored).toEqual([{ entity: 'page', id: page.id, title: 'Visiting Us' }]);
    const back = await getPublishedSitePage(t.handle.db, 'visiting');
    expect(back).toMatchObject({ id: page.id, title: 'Visiting Us', content: 'Come hungry.', version: 3 });
    expect(await redirects()).toEqual(['/visit -> /visiting']);
    expect((await history(page.id))[0]).toMatchObject({ kind: 'restored', current: true });

    // An editor holding the version before the restore is refused, as after any write.
    const init = json('PATCH', { title: 'Late' }, editor);
    const stale = await t.request(`/api/pages/${page.id}`, {
      ...init,
      headers: { ...(init.headers as Record<string, string>), 'If-Match': '"2"' },
    });
    expect(stale.status).toBe(412);
  });

  it('moves a deleted page to the trash and brings it back with its id, history and address', async () => {
    const page = await create({ title: 'Visiting Us', slug: 'visiting', content: 'Come hungry.', status: 'published', inFooter: true });
    await sendJson('PATCH', `/api/pages/${page.id}`, { slug: 'visit' });
    const deleted = await send(`/api/pages/${page.id}`, { method: 'DELETE' });
    expect(deleted.status).toBe(204);
    expect(Number(deleted.headers.get(CHANGE_HEADER))).toBeGreaterThan(0);
    expect(await getPublishedSitePage(t.handle.db, 'visit')).toBeUndefined();
    expect((await send(`/api/pages/${page.id}`)).status).toBe(404);
    // As for a deleted post: no redirect leads to a page that is gone.
    expect(await redirects()).toEqual([]);
    expect(await trash()).toMatchObject([{ kind: 'page', id: page.id, title: 'Visiting Us', deletedBy: 'Eddie Editor' }]);
    expect((await history(page.id))[0]).toMatchObject({ kind: 'deleted', restorable: false });

    const restored = await send(`/api/trash/page/${page.id}/restore`, { method: 'POST' });
    expect(restored.status, await restored.clone().text()).toBe(200);
    expect(await trash()).toEqual([]);
    expect(await getPublishedSitePage(t.handle.db, 'visit')).toMatchObject({ id: page.id, content: 'Come hungry.', inFooter: true });
    expect((await history(page.id)).map((revision) => revision.kind)).toEqual(['restored', 'deleted', 'edited', 'created']);
    expect((await send(`/api/trash/page/${page.id}/restore`, { method: 'POST' })).status).toBe(404);
  });

  it('refuses (409, saying why) to bring a page back to a slug taken meanwhile, and changes nothing', async () => {
    const page = await create({ title: 'Visiting Us', slug: 'visiting', status: 'published' });
    await send(`/api/pages/${page.id}`, { method: 'DELETE' });
    await create({ title: 'Visiting Hours', slug: 'visiting' });
    const before = await storedState(t);
    const refused = await send(`/api/trash/page/${page.id}/restore`, { method: 'POST' });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ message: 'Another page already lives at /visiting.', code: 'conflict' });
    expect(await storedState(t)).toEqual(before);
  });

  it('undoes a deletion and a creation', async () => {
    const page = await create({ title: 'Visiting Us', slug: 'visiting', status: 'published' });
    const deleted = await send(`/api/pages/${page.id}`, { method: 'DELETE' });
    const undone = await send(`/api/changes/${deleted.headers.get(CHANGE_HEADER)}/undo`, { method: 'POST' });
    expect(undone.status, await undone.clone().text()).toBe(200);
    expect(await getPublishedSitePage(t.handle.db, 'visiting')).toMatchObject({ id: page.id });

    const other = await sendJson('POST', '/api/pages', { title: 'Second', slug: 'second' });
    const undoCreate = await send(`/api/changes/${other.headers.get(CHANGE_HEADER)}/undo`, { method: 'POST' });
    expect(undoCreate.status, await undoCreate.clone().text()).toBe(200);
    expect((await trash()).map((item) => [item.kind, item.title])).toEqual([['page', 'Second']]);
  });

  it('purges a page 30 days after it was deleted, with its history', async () => {
    const page = await create({ title: 'Visiting Us', slug: 'visiting' });
    await sendJson('PATCH', `/api/pages/${page.id}`, { title: 'Visit' });
    await send(`/api/pages/${page.id}`, { method: 'DELETE' });
    const sweep = new RetentionSweep({ db: t.handle.db, logger: pino({ level: 'silent' }) });
    expect(await sweep.run(new Date(Date.now() + 29 * DAY_MS))).toEqual({ trash: 0, revisions: 0 });
    expect(await sweep.run(new Date(Date.now() + 31 * DAY_MS))).toEqual({ trash: 1, revisions: 3 });
    expect(await trash()).toEqual([]);
    expect(await history(page.id)).toEqual([]);
  });
});
