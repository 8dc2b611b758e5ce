import { existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '@forkcast/content-db';
import { fullBuildOf, readTree, treeDifferences } from './compare.ts';
import { deploymentEnv, runScript, signIn, startServer, type ServerProcess } from './server-process.ts';
import { workDirWithBuild } from './startup-support.ts';

// `make backup` is taken from a running server in the middle of a burst of writes, restored with
// `make restore` into another deployment, and that deployment is started: it must hold every write
// acknowledged before the backup began, and serve exactly a full build of the restored database.
// Then `make export` of the live site is compared byte for byte with the export of a CI-style
// `make build` from a backup of the same database.

const BURST = 16;
const BACKUP_AFTER = 6;

interface Acked {
  slug: string;
  /** When the write was answered, on this process's clock. */
  at: number;
}

async function publishPost(url: string, cookie: string, i: number): Promise<Acked> {
  const response = await fetch(`${url}/api/posts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ title: `Burst dish ${i}`, excerpt: `Dish ${i}.`, content: `Notes on dish number ${i}.`, status: 'published' }),
  });
  if (response.status !== 201) throw new Error(`write ${i} answered ${response.status}: ${await response.text()}`);
  const { slug } = (await response.json()) as { slug: string };
  return { slug, at: performance.now() };
}

async function uploadImage(url: string, cookie: string): Promise<string> {
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c0392b' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'tomato.png');
  const response = await fetch(`${url}/api/upload`, { method: 'POST', headers: { cookie }, body: form });
  if (response.status !== 201) throw new Error(`upload answered ${response.status}`);
  const { url: path } = (await response.json()) as { url: string };
  const hero = await fetch(`${url}/api/hero/update-image`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ imageUrl: path, alt: 'A tomato' }),
  });
  if (hero.status !== 200) throw new Error(`hero update answered ${hero.status}`);
  return path;
}

describe('backups, restore and export', () => {
  const work = { live: workDirWithBuild(), restored: workDirWithBuild(), ci: workDirWithBuild() };
  const env = { live: deploymentEnv(work.live), restored: deploymentEnv(work.restored), ci: deploymentEnv(work.ci) };
  let live: ServerProcess;
  let cookie: string;
  let upload: string;
  const acked: Acked[] = [];
  let backupStartedAt = 0;
  let backupPath = '';

  beforeAll(async () => {
    live = await startServer(work.live, env.live);
    cookie = await signIn(live.url);
    upload = await uploadImage(live.url, cookie);

    let backup: Promise<Awaited<ReturnType<typeof runScript>>> | undefined;
    for (let i = 0; i < BURST; i++) {
      if (i === BACKUP_AFTER) {
        backupStartedAt = performance.now();
        backup = runScript('backup.ts', [], work.live, env.live);
      }
      acked.push(await publishPost(live.url, cookie, i));
    }
    const backupRun = await backup!;
    expect(backupRun.code, backupRun.stderr).toBe(0);
    backupPath = /into (\S+) in/.exec(backupRun.stdout)![1]!;
  });

  afterAll(async () => {
    await live?.stop();
    for (const dir of Object.values(work)) rmSync(dir, { recursive: true, force: true });
  });

  it('takes the backup while the server runs and writes, in a folder of BACKUP_DIR', () => {
    expect(backupPath.startsWith(join(work.live, 'backups', 'forkcast-'))).toBe(true);
    expect(existsSync(join(backupPath, 'content.db'))).toBe(true);
    expect(existsSync(join(backupPath, 'uploads', upload.replace('/uploads/', '')))).toBe(true);
    const mode = (path: string) => (statSync(path).mode & 0o777).toString(8);
    expect([backupPath, join(backupPath, 'uploads')].map(mode)).toEqual(['700', '700']);
    expect(['content.db', 'backup.json', `uploads/${upload.replace('/uploads/', '')}`].map((file) => mode(join(backupPath, file)))).toEqual(
      ['600', '600', '600'],
    );
  });

  it('refuses to restore into a deployment whose server is running', async () => {
    const port = new URL(live.url).port;
    const refused = await runScript('restore.ts', [backupPath], work.live, { ...env.live, PORT: port });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('stop it first');
  });

  it('restores into a stopped deployment that then holds every write acknowledged before the backup began', async () => {
    const restore = await runScript('restore.ts', [backupPath], work.restored, env.restored);
    expect(restore.code, restore.stderr).toBe(0);
    const restored = await startServer(work.restored, env.restored);
    try {
      const before = acked.filter((write) => write.at < backupStartedAt);
      expect(before.length).toBeGreaterThanOrEqual(BACKUP_AFTER);
      for (const { slug } of before) {
        expect((await fetch(`${restored.url}/api/posts/${slug}`)).status, slug).toBe(200);
        expect((await fetch(`${restored.url}/post/${slug}`)).status, slug).toBe(200);
      }
      const image = await fetch(`${restored.url}${upload}`);
      expect(image.status).toBe(200);
      expect(Buffer.from(await image.arrayBuffer())).toEqual(
        readFileSync(join(work.live, 'data', 'uploads', upload.replace('/uploads/', ''))),
      );
      expect(await (await fetch(`${restored.url}/`)).text()).toContain(upload);
    } finally {
      expect(await restored.stop(), restored.output()).toBe(0);
    }
    const db = createDb(env.restored.DATABASE_PATH!);
    try {
      const differences = treeDifferences(readTree(join(work.restored, 'dist', 'client')), await fullBuildOf(db));
      expect(differences).toEqual([]);
    } finally {
      await db.destroy();
    }
  });

  it('exports the live site as a folder that a CI build from a backup of its database reproduces byte for byte', async () => {
    const exported = join(work.live, 'export');
    const liveExport = await runScript('export.ts', [exported], work.live, env.live);
    expect(liveExport.code, liveExport.stderr).toBe(0);
    const tree = readTree(exported);
    for (const file of ['index.html', 'index.html.br', '_redirects', 'rss.xml', '404.html', `uploads/${upload.replace('/uploads/', '')}`]) {
      expect(tree.has(file), file).toBe(true);
    }
    expect(tree.has(`post/${acked.at(-1)!.slug}/index.html`)).toBe(true);
    // A static host reads _headers: the hashed assets and the uploads are kept for good there too.
    const headers = readFileSync(join(exported, '_headers'), 'utf8');
    for (const path of ['/_astro/*', '/uploads/*'])
      expect(headers, path).toContain(`\n${path}\n  Cache-Control: public, max-age=31536000, immutable\n`);

    const backup = await runScript('backup.ts', [], work.live, env.live);
    expect(backup.code, backup.stderr).toBe(0);
    const quietBackup = /into (\S+) in/.exec(backup.stdout)![1]!;
    const restore = await runScript('restore.ts', [quietBackup], work.ci, env.ci);
    expect(restore.code, restore.stderr).toBe(0);
    const build = await runScript('build.ts', [], work.ci, env.ci);
    expect(build.code, build.stderr).toBe(0);
    const ciExport = join(work.ci, 'export');
    const exportRun = await runScript('export.ts', [ciExport], work.ci, env.ci);
    expect(exportRun.code, exportRun.stderr).toBe(0);
    expect(treeDifferences(tree, readTree(ciExport))).toEqual([]);
  });
});
