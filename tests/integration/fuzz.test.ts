import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { join, relative } from 'node:path';
import fc from 'fast-check';
import { pino } from 'pino';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '@forkcast/admin-api';
import { listCities, listPosts, type Db } from '@forkcast/content-db';
import { seed } from '@forkcast/content-db/seed';
import { fullBuildOf, readTree, treeDifferences } from './compare.ts';
import { requestArbitrary, type Fixture, type FuzzRequest } from './fuzz-requests.ts';
import { ADMIN, publishingSite, type PublishingSite } from './support.ts';

/**
 * Random and mutated requests at every endpoint of the app's route table, over real HTTP to the
 * real app with its publisher: signed in and out; JSON, urlencoded, multipart and raw bodies; odd
 * headers, hosts and paths. Whatever comes in, the server must not answer 500, log an unhandled
 * error or drop a connection; a refused request (4xx) must change no row and no file; no temporary
 * file may outlive its request; no hidden file is ever served; and at the end the site folder is
 * what a fresh full build of the database writes. The seed is fixed, so a failure replays: the
 * report names the seed and path to pass to fc.assert.
 */
const SEED = 20_261_125;
const RUNS = 400;
// The run stops early rather than outlast its time on a slow machine; what ran still counts.
const TIME_LIMIT_MS = 150_000;

// Rows that change on requests that change nothing else: sign-ins and each signed-in request's touch.
const VOLATILE_TABLES = new Set(['sessions']);
const HIDDEN_MARK = 'hidden file that must never be served';
const TEMP_FILE = /(?:^|\/)\.[^/]*\.tmp$/;

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** One request over a fresh connection; undefined when Node's client itself refuses to send it (an illegal path or header). */
function send(url: URL, request: FuzzRequest, cookie: string): Promise<Answer | undefined> {
  const headers = {
    ...request.headers,
    ...(request.signedIn ? { cookie: [cookie, request.headers.cookie].filter(Boolean).join('; ') } : {}),
  };
  return new Promise((resolve, reject) => {
    let client;
    try {
      client = httpRequest(
        { host: url.hostname, port: url.port, method: request.method, path: request.path, headers, agent: false },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
          res.on('error', reject);
        },
      );
    } catch {
      return resolve(undefined);
    }
    client.setTimeout(60_000, () => client.destroy(new Error(`no answer to ${request.method} ${request.path}`)));
    client.on('error', reject);
    client.end(request.body);
  });
}

/** A digest of every row of each table but the volatile ones. */
async function databaseState(db: Db): Promise<Map<string, string>> {
  const tables = (await db.introspection.getTables()).map((table) => table.name).filter((name) => !VOLATILE_TABLES.has(name));
  const state = new Map<string, string>();
  for (const table of tables.sort()) {
    const rows = await db
      .selectFrom(table as never)
      .selectAll()
      .execute();
    state.set(table, createHash('sha256').update(JSON.stringify(rows)).digest('hex'));
  }
  return state;
}

/** Every file under a folder with its size and modification time, hidden ones included. */
function folderState(dir: string): Map<string, string> {
  const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
  return new Map(
    files.map((entry) => {
      const path = join(entry.parentPath, entry.name);
      const stats = statSync(path);
      return [relative(dir, path), `${stats.size}:${stats.mtimeMs}`];
    }),
  );
}

/** The keys whose values differ between two states (files, tables). */
const changedFiles = (before: Map<string, string>, after: Map<string, string>) =>
  [...new Set([...before.keys(), ...after.keys()])].filter((file) => before.get(file) !== after.get(file));

describe('fuzzing every endpoint', () => {
  let site: PublishingSite;
  let server: RunningServer;
  let url: URL;
  let fixture: Fixture;
  let cookie = '';
  const failures: string[] = [];

  /** Signs the admin in over HTTP and keeps the session cookie. */
  async function signIn(): Promise<void> {
    const answer = await send(
      url,
      {
        method: 'POST',
        path: '/api/login',
        headers: { 'content-type': 'application/json' },
        body: Buffer.from(JSON.stringify(ADMIN)),
        signedIn: false,
      },
      '',
    );
    cookie = (answer?.headers['set-cookie'] ?? []).map((line) => line.split(';')[0]).join('; ');
    if (!cookie.includes('forkcast_session=')) throw new Error(`sign-in failed: ${answer?.status}`);
  }

  beforeAll(async () => {
    // Every error the app logs is a finding: handled refusals are not logged as errors.
    const logger = pino({ level: 'error' }, { write: (line: string) => failures.push(line) });
    site = await publishingSite(({ db }) => seed(db).then(() => undefined), { logger, env: { TRUST_PROXY: 'loopback' } });
    server = await listen(site.app, '127.0.0.1', 0, site.direct);
    url = new URL(server.url);
    const db = site.handle.db;
    const [posts, cities] = await Promise.all([listPosts(db), listCities(db)]);
    fixture = {
      postIds: posts.map((post) => post.id),
      postSlugs: posts.map((post) => post.slug),
      cityIds: cities.map((city) => city.id),
      citySlugs: cities.map((city) => city.slug),
      png: await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c05030' } })
        .png()
        .toBuffer(),
    };
    mkdirSync(join(site.dist.distDir, 'uploads'), { recursive: true });
    await signIn();
    // Made on first use; made now, so that a refused request is not seen to add it.
    await send(url, { method: 'GET', path: '/api/newsletter/unsubscribe/warm-up', headers: {}, body: undefined, signedIn: false }, '');
  });

  afterAll(async () => {
    await server?.close();
    await site?.cleanup();
  });

  it('never answers 500, never changes anything when it refuses, leaves no temporary file and serves no hidden one', async () => {
    const db = site.handle.db;
    const uploads = join(site.dist.distDir, 'uploads');
    const hidden = [join(uploads, '.fuzz-secret'), join(site.dist.siteDir, '.fuzz-secret'), join(site.dist.siteDir, '.hidden.tmp')];
    for (const file of hidden) writeFileSync(file, HIDDEN_MARK);
    // The newsletter's progress stream stays open for as long as the client listens, so a request
    // to it never ends; it has its own tests.
    const endpoints = site.app.routes
      .filter((route) => route.method !== 'ALL' && route.path !== '/api/newsletter/sends/events')
      .map(({ method, path }) => ({ method, path }));
    expect(endpoints.length).toBeGreaterThan(40);

    await fc.assert(
      fc.asyncProperty(requestArbitrary(fixture, endpoints), async (made) => {
        const request = await made;
        // Work an earlier request left running in the background (a newsletter send starting or
        // finishing) is done before the snapshot, so only this request's changes are compared.
        await site.sends.idle();
        await site.sends.delivery.idle();
        const before = { rows: await databaseState(db), uploads: folderState(uploads), site: folderState(site.dist.siteDir) };
        const answer = await send(url, request, cookie);
        if (!answer) return;
        const label = `${request.method} ${request.path} (${request.signedIn ? 'signed in' : 'signed out'}) -> ${answer.status} ${answer.body.toString('utf8', 0, 300)}`;
        expect(answer.status, label).toBeLessThan(500);
        expect(failures, label).toEqual([]);
        expect(answer.body.includes(HIDDEN_MARK), label).toBe(false);
        const after = { uploads: folderState(uploads), site: folderState(site.dist.siteDir) };
        for (const folder of [after.uploads, after.site])
          expect(
            [...folder.keys()].filter((file) => TEMP_FILE.test(file) && !file.endsWith('.hidden.tmp')),
            label,
          ).toEqual([]);
        if (answer.status >= 400) {
          expect(changedFiles(before.rows, await databaseState(db)), `${label}: tables changed`).toEqual([]);
          expect(changedFiles(before.uploads, after.uploads), `${label}: uploads changed`).toEqual([]);
          expect(changedFiles(before.site, after.site), `${label}: site folder changed`).toEqual([]);
        }
        // A sign-out (or a sign-in that replaced the session) ends the session the next requests use.
        if (
          (await send(url, { method: 'GET', path: '/api/auth/user', headers: {}, body: undefined, signedIn: true }, cookie))?.status !== 200
        )
          await signIn();
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true, interruptAfterTimeLimit: TIME_LIMIT_MS, markInterruptAsFailure: false },
    );

    for (const file of hidden) rmSync(file);
    expect((await send(url, { method: 'GET', path: '/api/health', headers: {}, body: undefined, signedIn: false }, ''))?.status).toBe(200);
    expect(treeDifferences(readTree(site.dist.siteDir), await fullBuildOf(db)), 'the site folder against a fresh full build').toEqual([]);
  }, 300_000);
});
