import { spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { routeFile } from '@forkcast/admin-api';
import { deploymentEnv, signIn, startServer } from './server-process.ts';
import { ADMIN } from './support.ts';
import { START, workDirWithBuild } from './startup-support.ts';

const BURST = 24;

interface Answer {
  status?: number;
  error?: string;
}

/** One request on its own connection; resolves `sent` once the connection is open and the body written. */
function send(url: string, path: string, body: unknown, cookie: string): { sent: Promise<void>; answer: Promise<Answer> } {
  let markSent!: () => void;
  const sent = new Promise<void>((resolve) => (markSent = resolve));
  const answer = new Promise<Answer>((resolve) => {
    const req = request(
      `${url}${path}`,
      { method: 'POST', agent: false, headers: { 'content-type': 'application/json', cookie } },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode! }));
        res.on('error', (error) => resolve({ error: error.message }));
      },
    );
    req.on('error', (error) => resolve({ error: error.message }));
    req.on('socket', (socket) => socket.once('connect', markSent));
    req.end(JSON.stringify(body));
  });
  return { sent, answer };
}

describe('SIGTERM during a burst of writes', () => {
  const workDir = workDirWithBuild();
  afterAll(() => rmSync(workDir, { recursive: true, force: true }));

  it('answers every request in flight and leaves every acknowledged write live', async () => {
    const child = spawn(process.execPath, [START], {
      cwd: workDir,
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        DATABASE_PATH: join(workDir, 'content.db'),
        UPLOAD_DIR: join(workDir, 'uploads'),
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /serving (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
        if (match) resolve(match[1]!);
      });
      child.once('exit', () => reject(new Error(`exited before serving:\n${output}`)));
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

    const login = await fetch(`${url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const cookie = login.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const posts = (await (await fetch(`${url}/api/posts?published=true&limit=${BURST}`)).json()) as {
      id: number;
      slug: string;
      type: string;
      cityId: number | null;
    }[];
    const cities = (await (await fetch(`${url}/api/cities`)).json()) as { id: number; slug: string }[];
    const dining = posts.filter((post) => post.type === 'post' && post.cityId !== null);

    const writes = dining.map((post, index) => ({ post, marker: `Shutdown marker ${index} ${Date.now()}` }));
    const inFlight = writes.map(({ post, marker }) =>
      send(url, `/api/posts/${post.id}/blocks`, { content: marker, position: 0, isOriginal: true }, cookie),
    );
    await Promise.all(inFlight.map((call) => call.sent));
    child.kill('SIGTERM');
    const answers = await Promise.all(inFlight.map((call) => call.answer));

    expect(
      answers.filter((answer) => answer.error !== undefined),
      output,
    ).toEqual([]);
    expect(await exited, output).toBe(0);
    const siteDir = join(workDir, 'dist', 'client');
    const stale = writes.filter(({ post, marker }, index) => {
      if (answers[index]!.status !== 201) return false;
      const city = cities.find((candidate) => candidate.id === post.cityId)!;
      return !readFileSync(join(siteDir, routeFile(`/${city.slug}/${post.slug}`)), 'utf8').includes(marker);
    });
    expect(stale.map(({ post }) => post.slug)).toEqual([]);
    expect(answers.filter((answer) => answer.status === 201).length).toBeGreaterThan(0);
  });
});

interface Reply {
  status?: number;
  connection?: string;
  /** The error code of a request that got no answer. */
  error?: string;
}

/** One request on its own connection, with what came back (or the code of the error that came instead). */
function ask(url: string, path: string, init: { method?: string; headers?: Record<string, string>; body?: Buffer } = {}): Promise<Reply> {
  return new Promise((resolve) => {
    const req = request(`${url}${path}`, { method: init.method ?? 'GET', agent: false, headers: init.headers ?? {} }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection ?? '' }));
      res.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    req.end(init.body);
  });
}

describe('requests that arrive just after SIGTERM', () => {
  const workDir = workDirWithBuild();
  afterAll(() => rmSync(workDir, { recursive: true, force: true }));

  it('answers each page, API and upload request with Connection: close, and exits 0', async () => {
    const server = await startServer(workDir, deploymentEnv(workDir));
    const cookie = await signIn(server.url);
    const png = await sharp({ create: { width: 32, height: 24, channels: 3, background: '#2e7d32' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'basil.png');
    const upload = new Request(server.url, { method: 'POST', body: form });
    const uploadBody = Buffer.from(await upload.arrayBuffer());
    const uploadHeaders = { cookie, 'content-type': upload.headers.get('content-type')! };

    const exited = server.stop();
    // The server says it is stopping once it has begun to; requests sent then are the ones that
    // arrive while it still accepts connections but is already closing.
    await new Promise<void>((resolve) => {
      const watch = setInterval(() => {
        if (/SIGTERM: finishing/.test(server.output()) || server.child.exitCode !== null) {
          clearInterval(watch);
          resolve();
        }
      }, 5);
    });
    const requests = {
      page: () => ask(server.url, '/about'),
      'city guide page': () => ask(server.url, '/london/guide'),
      api: () => ask(server.url, '/api/cities'),
      'not found': () => ask(server.url, '/no-such-page'),
      upload: () => ask(server.url, '/api/upload', { method: 'POST', headers: uploadHeaders, body: uploadBody }),
    };
    const replies = Object.fromEntries(
      await Promise.all(Object.entries(requests).map(async ([name, send]) => [name, await send()] as const)),
    );

    expect(await exited, server.output()).toBe(0);
    expect(Object.values(replies).filter((reply) => reply.error === undefined).length, JSON.stringify(replies)).toBeGreaterThan(0);
    // Each one is answered and told the connection ends; only a connection refused outright (the
    // listening socket already closed on a very slow machine) is as clean a refusal.
    for (const [name, reply] of Object.entries(replies)) {
      if (reply.error === 'ECONNREFUSED') continue;
      expect(reply, `${name}\n${server.output()}`).toEqual({
        status: { page: 200, 'city guide page': 200, api: 200, 'not found': 404, upload: 201 }[name],
        connection: 'close',
      });
    }
  });
});
