import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Post, PostComment, RevisionSummary } from '@forkcast/shared/contracts';
import { ADMIN_EMAIL, createTestApp, json, ROLE_USERS, type TestApp } from '../testing.ts';

/** What the app wrote to MAIL_DIR once its mail after answering went out: recipients, subject and text. */
async function mails(t: TestApp) {
  await t.mailer.idle();
  let files: string[] = [];
  try {
    files = readdirSync(t.mailDir).sort();
  } catch {
    // No folder: nothing was sent.
  }
  return Promise.all(
    files.map(async (file) => {
      const parsed = await simpleParser(readFileSync(join(t.mailDir, file)));
      const to = [parsed.to ?? []].flat().flatMap((address) => address.value.map((one) => one.address));
      return { to, subject: parsed.subject ?? '', text: parsed.text ?? '', html: parsed.html || '' };
    }),
  );
}

describe('review', () => {
  let t: TestApp;
  let writer: string;
  let editor: string;
  beforeEach(async () => {
    t = await createTestApp();
    writer = await t.signInAs('contributor');
    editor = await t.signInAs('editor');
    await t.signInAs('administrator');
    await t.signInAs('author');
  });
  afterEach(() => t.cleanup());

  const send = (cookie: string, method: string, path: string, body?: unknown) =>
    t.request(path, body === undefined ? { method, cookie } : json(method, body, cookie));
  const draft = async (cookie = writer, title = 'Tofu in Nanzen-ji') =>
    (await (await send(cookie, 'POST', '/api/posts', { title, content: 'Yudofu, simmered at the table.' })).json()) as Post;
  const comments = async (cookie: string, id: number) =>
    (await (await send(cookie, 'GET', `/api/posts/${id}/comments`)).json()) as PostComment[];

  it("puts a contributor's draft in review and mails every editor, administrator and the owner a link to it", async () => {
    const post = await draft();
    const response = await send(writer, 'POST', `/api/posts/${post.id}/submit`, { note: 'Ready when you are.' });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: post.id, status: 'review', published: false, reviewAt: expect.any(String) });
    expect(response.headers.get('ETag')).toMatch(/^"\d+"$/);

    const sent = await mails(t);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to.sort()).toEqual([ADMIN_EMAIL, ROLE_USERS.administrator.email, ROLE_USERS.editor.email].sort());
    expect(sent[0]!.subject).toBe('[Forkcast review] “Tofu in Nanzen-ji” is waiting for review');
    expect(sent[0]!.text).toContain('Cora Contributor submitted “Tofu in Nanzen-ji” for review.');
    expect(sent[0]!.text).toContain('Ready when you are.');
    expect(sent[0]!.text).toContain(`http://localhost/admin/editor?id=${post.id}`);
    expect(sent[0]!.text).toContain(`http://localhost/api/posts/${post.id}/preview`);
    // The note is kept as the first comment.
    expect(await comments(editor, post.id)).toMatchObject([{ kind: 'comment', body: 'Ready when you are.', userName: 'Cora Contributor' }]);
  });

  it('lists posts in review for editors (the queue), and a contributor only their own', async () => {
    const mine = await draft();
    const other = await draft(await t.signInAs('author'), 'Matcha in Uji');
    await send(writer, 'POST', `/api/posts/${mine.id}/submit`, {});
    await send(await t.signInAs('author'), 'POST', `/api/posts/${other.id}/submit`, {});
    const queue = async (cookie: string) =>
      ((await (await send(cookie, 'GET', '/api/posts?status=review')).json()) as Post[]).map((post) => post.title).sort();
    expect(await queue(editor)).toEqual(['Matcha in Uji', 'Tofu in Nanzen-ji']);
    expect(await queue(writer)).toEqual(['Tofu in Nanzen-ji']);
    // The queue names who submitted each post; a list of another status does not.
    const submitters = ((await (await send(editor, 'GET', '/api/posts?status=review')).json()) as Post[]).map((post) => [
      post.title,
      post.submittedBy,
    ]);
    expect(submitters.sort()).toEqual([
      ['Matcha in Uji', { id: await t.userId('author'), name: 'Aiko Author' }],
      ['Tofu in Nanzen-ji', { id: await t.userId('contributor'), name: 'Cora Contributor' }],
    ]);
    expect(
      ((await (await send(editor, 'GET', '/api/posts?status=draft')).json()) as Post[]).every((post) => !('submittedBy' in post)),
    ).toBe(true);
    // In review is neither a draft nor scheduled.
    expect(((await (await send(editor, 'GET', '/api/posts?status=draft')).json()) as Post[]).map((p) => p.id)).not.toContain(mine.id);
    // Never public: a visitor does not find it.
    expect((await t.request(`/api/posts/${mine.slug}`)).status).toBe(404);
  });

  it('keeps a contributor to draft <-> review on their own posts, and out of a post while it is in review', async () => {
    const post = await draft();
    const owners = await draft(await t.signIn(), 'The owner’s draft');
    expect((await send(writer, 'POST', `/api/posts/${owners.id}/submit`, {})).status).toBe(403);
    expect((await send(writer, 'POST', `/api/posts/${post.id}/withdraw`, {})).status).toBe(409);
    expect((await send(writer, 'POST', `/api/posts/${post.id}/submit`, {})).status).toBe(200);
    expect((await send(writer, 'POST', `/api/posts/${post.id}/submit`, {})).status).toBe(409);

    const edit = await send(writer, 'PATCH', `/api/posts/${post.id}`, { title: 'Changed while waiting' });
    expect(edit.status).toBe(403);
    expect(((await edit.json()) as { message: string }).message).toMatch(/not while in review/);
    expect((await send(writer, 'PATCH', `/api/posts/${post.id}`, { status: 'published' })).status).toBe(403);
    expect((await send(writer, 'POST', `/api/posts/${post.id}/request-changes`, { note: 'Mine.' })).status).toBe(403);
    // Taking it back makes it theirs to change again.
    const back = await send(writer, 'POST', `/api/posts/${post.id}/withdraw`, {});
    expect(await back.json()).toMatchObject({ status: 'draft', reviewAt: null });
    expect((await send(writer, 'PATCH', `/api/posts/${post.id}`, { title: 'Changed after all' })).status).toBe(200);
    // A published post is nobody's to submit.
    const live = (await (await send(editor, 'POST', '/api/posts', { title: 'Live', status: 'published' })).json()) as Post;
    expect((await send(editor, 'POST', `/api/posts/${live.id}/submit`, {})).status).toBe(409);
  });

  it('lets an editor send a post back with a note the writer reads and is mailed, then publish the resubmitted post', async () => {
    const post = await draft();
    await send(writer, 'POST', `/api/posts/${post.id}/submit`, {});
    await mails(t);
    const before = readdirSync(t.mailDir).length;

    const empty = await send(editor, 'POST', `/api/posts/${post.id}/request-changes`, { note: '  ' });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ message: 'The note cannot be empty.' });
    expect((await comments(editor, post.id)).length).toBe(0);

    const asked = await send(editor, 'POST', `/api/posts/${post.id}/request-changes`, { note: 'Name the tofu shop, please.' });
    expect(asked.status).toBe(200);
    expect(await asked.json()).toMatchObject({ status: 'draft', reviewAt: null });
    expect(await comments(writer, post.id)).toMatchObject([
      { kind: 'changes', body: 'Name the tofu shop, please.', userName: 'Eddie Editor' },
    ]);
    const sent = (await mails(t)).slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toEqual([ROLE_USERS.contributor.email]);
    expect(sent[0]!.subject).toBe('[Forkcast review] Changes requested on “Tofu in Nanzen-ji”');
    expect(sent[0]!.text).toContain('Name the tofu shop, please.');

    // The writer may change it again, answer, and send it back.
    expect((await send(writer, 'PATCH', `/api/posts/${post.id}`, { content: 'Yudofu at Okutan.' })).status).toBe(200);
    expect((await send(writer, 'POST', `/api/posts/${post.id}/comments`, { body: 'Done: Okutan.' })).status).toBe(201);
    expect((await send(writer, 'POST', `/api/posts/${post.id}/submit`, {})).status).toBe(200);
    // Only a post in review is sent back.
    const published = await send(editor, 'PATCH', `/api/posts/${post.id}`, { status: 'published' });
    expect(await published.json()).toMatchObject({ status: 'published', published: true, reviewAt: null });
    expect((await send(editor, 'POST', `/api/posts/${post.id}/request-changes`, { note: 'Late.' })).status).toBe(409);
    expect((await t.request(`/api/posts/${post.slug}`)).status).toBe(200);
  });

  it('lets an editor schedule a post in review, which then waits for its time, not for review', async () => {
    const post = await draft();
    expect((await send(writer, 'POST', `/api/posts/${post.id}/submit`, {})).status).toBe(200);
    const at = new Date(Date.now() + 86_400_000).toISOString();
    const scheduled = await send(editor, 'PATCH', `/api/posts/${post.id}`, { status: 'scheduled', publishAt: at });
    expect(await scheduled.json()).toMatchObject({ status: 'scheduled', publishAt: at, reviewAt: null });
  });

  it('keeps comments to those who may read the post, and refuses empty ones', async () => {
    const post = await draft(editor, 'The editor’s own');
    expect((await send(writer, 'GET', `/api/posts/${post.id}/comments`)).status).toBe(403);
    expect((await send(writer, 'POST', `/api/posts/${post.id}/comments`, { body: 'Hi' })).status).toBe(403);
    expect((await send(editor, 'POST', `/api/posts/${post.id}/comments`, { body: '' })).status).toBe(400);
    expect((await send(editor, 'POST', `/api/posts/${post.id}/comments`, { body: 'x', extra: 1 })).status).toBe(400);
    expect((await send(editor, 'GET', '/api/posts/9999/comments')).status).toBe(404);
    expect(await comments(editor, post.id)).toEqual([]);
  });

  it('refuses control characters in a note, and changes nothing', async () => {
    const post = await draft();
    const refused = await send(writer, 'POST', `/api/posts/${post.id}/submit`, { note: 'Ready\u0000' });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ message: expect.stringContaining('The note contains an invisible control character') });
    expect(((await (await send(writer, 'GET', `/api/posts/${post.id}/edit`)).json()) as Post).status).toBe('draft');
    await send(writer, 'POST', `/api/posts/${post.id}/submit`, {});
    const changes = await send(editor, 'POST', `/api/posts/${post.id}/request-changes`, { note: 'Short\u0007er' });
    expect(changes.status).toBe(400);
    expect(((await (await send(editor, 'GET', `/api/posts/${post.id}/edit`)).json()) as Post).status).toBe('review');
  });

  it('sends no newsletter of a post in review: it is not live, nor set to go live', async () => {
    const post = await draft();
    await send(writer, 'POST', `/api/posts/${post.id}/submit`, {});
    const refused = await send(await t.signIn(), 'POST', '/api/newsletter/sends', { postId: post.id });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ message: 'Publish or schedule the post first: only a live post can be sent.' });
  });

  it('names submitting and sending back in the post history', async () => {
    const post = await draft();
    await send(writer, 'POST', `/api/posts/${post.id}/submit`, {});
    await send(editor, 'POST', `/api/posts/${post.id}/request-changes`, { note: 'Shorter.' });
    const history = (await (await send(editor, 'GET', `/api/revisions?entity=post&id=${post.id}`)).json()) as RevisionSummary[];
    expect(history.slice(0, 2).map((revision) => [revision.kind, revision.summary])).toEqual([
      ['review', 'Sent back to draft'],
      ['review', 'Submitted for review'],
    ]);
  });
});
