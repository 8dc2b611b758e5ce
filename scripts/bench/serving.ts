/**
 * The serving part of `make bench`: a read load (autocannon, in this process) against our server
 * run as `make start` runs it (its own process, logging to a file), and against Debian's nginx
 * serving the same site folder in the same run.
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import autocannon from 'autocannon';

export interface LoadOptions {
  connections: number;
  seconds: number;
  /** Paths requested in turn by every connection. */
  paths: string[];
  headers: Record<string, string>;
}

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
  /** CPU time the load generator (this process) spent per request. */
  clientCpuUs: number;
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
  const child = spawn(process.execPath, [join(root, 'scripts', 'start.ts')], {
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

async function run(url: string, options: LoadOptions, seconds: number): Promise<autocannon.Result> {
  return autocannon({
    url,
    connections: options.connections,
    duration: seconds,
    requests: options.paths.map((path) => ({ method: 'GET', path, headers: options.headers })),
  });
}

/** A short warm-up, then the timed load, with the CPU time each side spent on it. */
export async function measureLoad(served: Served, options: LoadOptions): Promise<LoadResult> {
  const first = await fetch(`${served.url}${options.paths[0]}`, { headers: options.headers });
  await first.arrayBuffer();
  await run(served.url, options, 3);
  const serverBefore = served.pid === undefined ? undefined : processTreeCpuMs(served.pid);
  const clientBefore = process.cpuUsage();
  const result = await run(served.url, options, options.seconds);
  const client = process.cpuUsage(clientBefore);
  const serverAfter = served.pid === undefined ? undefined : processTreeCpuMs(served.pid);
  const requests = Math.max(1, result.requests.total);
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    encoding: first.headers.get('content-encoding') ?? 'identity',
    serverCpuUs: serverBefore === undefined || serverAfter === undefined ? undefined : ((serverAfter - serverBefore) * 1000) / requests,
    clientCpuUs: (client.user + client.system) / requests,
  };
}
