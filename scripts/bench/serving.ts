/**
 * The serving part of `make bench`: a read load (Debian's wrk, a load generator in C, so that it
 * takes little of the machine's two cores from the servers it measures) against our server run as
 * `make start` runs it (its own process, logging to a file), and against Debian's nginx serving the
 * same site folder in the same run.
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';

export interface LoadOptions {
  connections: number;
  seconds: number;
  /** Paths requested in turn by every connection. */
  paths: string[];
  headers: Record<string, string>;
  /**
   * Send each path as the page-view beacon would (POST /api/collect), from a random client address
   * in X-Forwarded-For (the server trusts one proxy), as many readers behind a CDN would.
   */
  beacon?: boolean;
}

/** The user agent the beacon load reads as: a browser, which the bot filter lets through. */
const READER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
  /** The Content-Encoding the server chose for the first path, before the load ('identity' when none). */
  encoding: string;
  /** CPU time the server's processes spent per request during the timed load (undefined where /proc is missing). */
  serverCpuUs: number | undefined;
  /** CPU time the load generator spent per request. */
  clientCpuUs: number;
  /** The warm-up run before the timed one: its requests, and how many were not answered 2xx. */
  warmup: { requests: number; non2xx: number };
}

/** A port that was free a moment ago on the loopback address. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function waitUntilServing(url: string, child: ChildProcess, what: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${what} exited with code ${child.exitCode} before serving`);
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((done) => setTimeout(done, 100));
    }
  }
  throw new Error(`${what} did not serve ${url} within 120 s`);
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((done) => {
    child.once('exit', () => done());
    child.kill('SIGTERM');
  });
}

export interface Served {
  url: string;
  /** The server's process: our Node process, or nginx's master (its worker is a child). */
  pid: number | undefined;
  stop: () => Promise<void>;
}

// Linux counts process CPU time in clock ticks of 1/100 s on every architecture Node runs on.
const TICK_MS = 10;

/** CPU time (user + system) a process and its children have used so far, from /proc; undefined elsewhere. */
function processTreeCpuMs(pid: number): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
    let ms = (Number(fields[11]) + Number(fields[12])) * TICK_MS;
    for (const child of children) ms += processTreeCpuMs(child) ?? 0;
    return ms;
  } catch {
    return undefined;
  }
}

/** Starts `scripts/start.ts` in `cwd` (which holds the rendered `dist/`) on a free loopback port. */
export async function startOurServer(root: string, cwd: string, env: Record<string, string>, logFile: string): Promise<Served> {
  const port = await freePort();
  const log = openSync(logFile, 'w');
  // With the bench's own node flags: `make bench` runs it with the server's, as `make start` does.
  const child = spawn(process.execPath, [...process.execArgv, join(root, 'scripts', 'start.ts')], {
    cwd,
    env: { ...process.env, ...env, HOST: '127.0.0.1', PORT: String(port) },
    stdio: ['ignore', log, log],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitUntilServing(`${url}/api/health`, child, 'our server');
  return { url, pid: child.pid, stop: () => stop(child) };
}

const NGINX = '/usr/sbin/nginx';
const BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

function aptInstall(packages: string[]): boolean {
  if (process.getuid?.() !== 0) return false;
  // RUNLEVEL=1 keeps the package scripts from starting nginx as a system service.
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive', RUNLEVEL: '1' };
  const install = () => execFileSync('apt-get', ['install', '-y', '--no-install-recommends', ...packages], { env, stdio: 'ignore' });
  try {
    install();
    return true;
  } catch {
    try {
      execFileSync('apt-get', ['update'], { env, stdio: 'ignore' });
      install();
      return true;
    } catch {
      return false;
    }
  }
}

/**
 * Debian's nginx and its brotli_static module, installed with apt-get when missing and this
 * process may (it runs as root). Returns why not when nginx cannot be had; brotli is optional.
 */
export function ensureNginx(): { ok: true; brotli: boolean } | { ok: false; reason: string } {
  if (!existsSync(NGINX) && !aptInstall(['nginx', 'libnginx-mod-http-brotli-static']))
    return { ok: false, reason: 'nginx is not installed and could not be installed with apt-get (run as root, or install nginx)' };
  if (!existsSync(BROTLI_MODULE)) aptInstall(['libnginx-mod-http-brotli-static']);
  return { ok: true, brotli: existsSync(BROTLI_MODULE) };
}

/**
 * nginx in the foreground with a config of its own in `workDir`: one worker (our server is one
 * Node process), the precompressed files beside each page (gzip_static, brotli_static), pages
 * at their folder's index.html without a redirect, an access log like ours, on a free port.
 */
export async function startNginx(siteDir: string, workDir: string, brotli: boolean): Promise<Served> {
  mkdirSync(join(workDir, 'logs'), { recursive: true });
  // The security headers the build wrote beside the site, which our server sends too, so both answer alike.
  const securityHeaders = join(dirname(siteDir), 'security-headers.conf');
  const port = await freePort();
  const conf = [
    ...(brotli ? [`load_module ${BROTLI_MODULE};`] : []),
    ...(process.getuid?.() === 0 ? ['user root;'] : []),
    'worker_processes 1;',
    'daemon off;',
    `pid ${join(workDir, 'nginx.pid')};`,
    'error_log stderr warn;',
    'events { worker_connections 1024; }',
    'http {',
    '  include /etc/nginx/mime.types;',
    '  default_type application/octet-stream;',
    `  access_log ${join(workDir, 'logs', 'access.log')};`,
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${kind}_temp_path ${join(workDir, `${kind}-temp`)};`),
    '  sendfile on;',
    '  tcp_nopush on;',
    '  gzip_static on;',
    '  gzip_vary on;',
    ...(brotli ? ['  brotli_static on;'] : []),
    '  server {',
    `    listen 127.0.0.1:${port};`,
    `    root ${siteDir};`,
    ...(existsSync(securityHeaders) ? [`    include ${securityHeaders};`] : []),
    '    location / { try_files $uri $uri/index.html =404; }',
    '    error_page 404 /404.html;',
    '  }',
    '}',
  ].join('\n');
  const confFile = join(workDir, 'nginx.conf');
  writeFileSync(confFile, `${conf}\n`);
  const child = spawn(NGINX, ['-p', workDir, '-c', confFile, '-e', 'stderr'], { stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  await waitUntilServing(`${url}/`, child, 'nginx');
  return { url, pid: child.pid, stop: () => stop(child) };
}

/** nginx's name and version, e.g. 'nginx/1.22.1' (`nginx -v` prints it on stderr). */
export function nginxVersion(): string {
  const version = spawnSync(NGINX, ['-v'], { encoding: 'utf8' }).stderr.match(/nginx\/[\w.]+/);
  return version ? version[0] : 'nginx';
}

const WRK = '/usr/bin/wrk';

/** Debian's wrk, installed with apt-get when missing and this process may; false when it cannot be had. */
export function ensureWrk(): boolean {
  return existsSync(WRK) || (aptInstall(['wrk']) && existsSync(WRK));
}

/** CPU time (user + system) of this process's children that have ended, from /proc. */
function endedChildrenCpuMs(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[13]) + Number(fields[14])) * TICK_MS;
}

interface WrkRun {
  requests: number;
  seconds: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
  cpuMs: number;
}

/**
 * One wrk run: one thread, `connections` connections, each request the next path in turn with the
 * given headers (a Lua script), and the figures wrk's summary holds, read from the line it prints.
 */
function runWrk(url: string, options: LoadOptions, seconds: number, workDir: string): WrkRun {
  const headers = Object.entries(options.headers)
    .map(([name, value]) => `[${JSON.stringify(name)}] = ${JSON.stringify(value)}`)
    .join(', ');
  const script = join(workDir, 'load.lua');
  writeFileSync(
    script,
    [
      `local paths = { ${options.paths.map((path) => JSON.stringify(path)).join(', ')} }`,
      'local i = 0',
      'request = function()',
      '  i = i % #paths + 1',
      ...(options.beacon
        ? [
            '  local from = string.format("10.%d.%d.%d", math.random(0, 255), math.random(0, 255), math.random(1, 254))',
            `  return wrk.format("POST", "/api/collect", { ["Content-Type"] = "application/x-www-form-urlencoded", ["User-Agent"] = ${JSON.stringify(READER_AGENT)}, ["X-Forwarded-For"] = from }, "p=" .. paths[i] .. "&r=")`,
          ]
        : [`  return wrk.format("GET", paths[i], { ${headers} })`]),
      'end',
      'done = function(summary, latency, requests)',
      '  local e = summary.errors',
      '  io.write(string.format("FORKCAST %d %d %d %d %d %d\\n", summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), e.status, e.connect + e.read + e.write + e.timeout))',
      'end',
      '',
    ].join('\n'),
  );
  const before = endedChildrenCpuMs();
  const out = spawnSync(WRK, ['-t1', `-c${options.connections}`, `-d${seconds}s`, '-s', script, url], { encoding: 'utf8' });
  const cpuMs = endedChildrenCpuMs() - before;
  const line = /FORKCAST (\d+) (\d+) (\d+) (\d+) (\d+) (\d+)/.exec(out.stdout);
  if (!line) throw new Error(`wrk printed no summary: ${out.stderr || out.stdout}`);
  const [requests, durationUs, p50Us, p99Us, non2xx, errors] = line.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  return { requests, seconds: durationUs / 1e6, p50Ms: p50Us / 1000, p99Ms: p99Us / 1000, non2xx, errors, cpuMs };
}

/** A short warm-up, then the timed load, with the CPU time each side spent on it. */
export async function measureLoad(served: Served, options: LoadOptions, workDir: string): Promise<LoadResult> {
  mkdirSync(workDir, { recursive: true });
  const first = await fetch(`${served.url}${options.paths[0]}`, { headers: options.headers });
  await first.arrayBuffer();
  const warmup = runWrk(served.url, options, 3, workDir);
  const serverBefore = served.pid === undefined ? undefined : processTreeCpuMs(served.pid);
  const result = runWrk(served.url, options, options.seconds, workDir);
  const serverAfter = served.pid === undefined ? undefined : processTreeCpuMs(served.pid);
  const requests = Math.max(1, result.requests);
  return {
    requestsPerSecond: result.requests / result.seconds,
    p50: result.p50Ms,
    p99: result.p99Ms,
    requests: result.requests,
    non2xx: result.non2xx,
    errors: result.errors,
    encoding: first.headers.get('content-encoding') ?? 'identity',
    serverCpuUs: serverBefore === undefined || serverAfter === undefined ? undefined : ((serverAfter - serverBefore) * 1000) / requests,
    clientCpuUs: (result.cpuMs * 1000) / requests,
    warmup: { requests: warmup.requests, non2xx: warmup.non2xx + warmup.errors },
  };
}
