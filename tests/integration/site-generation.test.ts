import { copyFileSync, existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb, snapshotDb } from '@forkcast/content-db';
import { fullBuildOf, readTree, treeDifferences } from './compare.ts';
import { deploymentEnv, signIn, startServer, type ServerProcess } from './server-process.ts';
import { workDirWithBuild } from './startup-support.ts';

// Every copy of a database shares its id, so a start on an older copy (a backup copied back,
// `sqlite3 .backup`, `cp`, a replication restore) used to find a site folder "rendered from this
// database" and render nothing: pages the copy does not have stayed, and nobody could remove them.

describe('a start on an older copy of the same database', () => {
  const workDir = workDirWithBuild();
  const env = deploymentEnv(workDir);
  const databasePath = env.DATABASE_PATH!;
  const older = join(workDir, 'older.db');
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await server?.stop();
    rmSync(workDir, { recursive: true, force: true });
  });

  it('renders the site anew, so the pages of what the copy does not have are gone', async () => {
    server = await startServer(workDir, env);
    const cookie = await signIn(server.url);
    // A consistent copy taken while the server runs, as `sqlite3 .backup` takes one.
    const live = createDb(databasePath);
    await snapshotDb(live, older);
    await live.destroy();

    const created = await fetch(`${server.url}/api/posts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ title: 'A dish the copy never saw', excerpt: 'New.', content: 'Notes.', status: 'published' }),
    });
    expect(created.status).toBe(201);
    const { slug } = (await created.json()) as { slug: string };
    const page = join(workDir, 'dist', 'client', 'post', slug, 'index.html');
    expect(existsSync(page)).toBe(true);
    expect(await server.stop(), server.output()).toBe(0);

    for (const suffix of ['-wal', '-shm']) rmSync(`${databasePath}${suffix}`, { force: true });
    copyFileSync(older, databasePath);
    server = await startServer(workDir, env);
    expect(existsSync(page)).toBe(false);
    expect((await fetch(`${server.url}/post/${slug}`)).status).toBe(404);

    const db = createDb(databasePath);
    try {
      expect(treeDifferences(readTree(join(workDir, 'dist', 'client')), await fullBuildOf(db))).toEqual([]);
    } finally {
      await db.destroy();
    }
  });
});
