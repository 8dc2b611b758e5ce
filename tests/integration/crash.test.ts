import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '@forkcast/content-db/testing/random';
import { createDb, listPosts, pendingOutbox } from '@forkcast/content-db';
import { fullBuildOf, readTree, treeDifferences } from './compare.ts';
import { deploymentEnv, killServer, startServer, type ServerProcess } from './server-process.ts';
import { ADMIN, BUILT, copyBuiltAssets } from './support.ts';

// The real server (make start's code path) is killed with SIGKILL while writes are being
// published, restarted, and must then serve exactly what a fresh full build of its database gives.
const ROUNDS = 5;

const start = (workDir: string): Promise<ServerProcess> => startServer(workDir, deploymentEnv(workDir));

describe('crash safety', () => {
  let workDir: string;
  let running: ServerProcess | undefined;

  beforeAll(() => {
    workDir = mkdtempSync(join(tmpdir(), 'forkcast-crash-'));
    mkdirSync(join(workDir, 'dist'));
    symlinkSync(BUILT.serverDir, join(workDir, 'dist', 'server'));
    copyBuiltAssets(join(workDir, 'dist', 'client'));
  });
  afterAll(async () => {
    if (running) await killServer(running);
    rmSync(workDir, { recursive: true, force: true });
  });

  it(`serves a full build's exact bytes after being killed mid-publish ${ROUNDS} times`, async () => {
    const random = seededRandom(4242);
    running = await start(workDir);
    const db = createDb(deploymentEnv(workDir).DATABASE_PATH!);
    // Outbox entries still pending right after each kill: writes that committed but whose pages
    // were not (all) published when the process died.
    const interrupted: number[] = [];
    try {
      for (let round = 0; round < ROUNDS; round++) {
        const { url } = running;
        const login = await fetch(`${url}/api/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(ADMIN),
        });
        const cookie = login.headers
          .getSetCookie()
          .map((line) => line.split(';')[0])
          .join('; ');
        const posts = await listPosts(db);
        const send = (path: string, method: string, body: unknown) =>
          fetch(`${url}${path}`, { method, headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify(body) }).catch(
            () => undefined,
          );
        // A burst of writes that each touch many pages (list tags) or one page, in flight together.
        const burst = Array.from({ length: 6 }, (_, i) => {
          const post = posts[Math.floor(random() * posts.length)]!;
          switch (i % 3) {
            case 0:
              return send(`/api/posts/${post.slug}/published`, 'PATCH', { published: !post.published });
            case 1:
              return send(`/api/posts/${post.slug}/hero-image`, 'PATCH', {
                heroImage: `/images/posts/${['tea', 'wine', 'pizza'][round % 3]}.jpg`,
              });
            default:
              return send(`/api/posts/${post.id}/content`, 'POST', { type: 'text', content: `Round ${round}, note ${i}.`, position: 0 });
          }
        });
        await new Promise((resolve) => setTimeout(resolve, 5 + Math.floor(random() * 120)));
        await killServer(running);
        await Promise.all(burst);
        interrupted.push((await pendingOutbox(db)).length);
        running = await start(workDir);
        expect(await pendingOutbox(db), `round ${round}: the restart published everything left over`).toEqual([]);
        expect(treeDifferences(readTree(join(workDir, 'dist', 'client')), await fullBuildOf(db)), `round ${round}`).toEqual([]);
      }
      console.log(`changes caught unpublished by a kill, per round: ${interrupted.join(', ')}`);
      expect(
        interrupted.some((count) => count > 0),
        'at least one kill landed between a commit and its publish',
      ).toBe(true);
    } finally {
      await db.destroy();
    }
  });
});
