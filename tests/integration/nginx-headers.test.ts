import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEADERS_FILE, nginxHeadersText, securityHeaders, readHeadersFile } from '@forkcast/shared/security-headers';
import { BUILT } from './support.ts';

const NGINX = '/usr/sbin/nginx';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

// Debian's nginx, as the deployment runs it; make bench installs it, and without it this is skipped.
describe.skipIf(!existsSync(NGINX))(`nginx with the build's security-headers.conf (needs ${NGINX})`, () => {
  let workDir: string;
  let nginx: ChildProcess;
  let url: string;

  beforeAll(async () => {
    workDir = mkdtempSync(join(tmpdir(), 'forkcast-nginx-'));
    const root = join(workDir, 'site');
    mkdirSync(join(root, 'kyoto'), { recursive: true });
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>Home</title>');
    // Where a release's build puts it, beside the site folder it serves.
    copyFileSync(join(BUILT.distDir, 'security-headers.conf'), join(workDir, 'security-headers.conf'));
    const port = await freePort();
    const conf = [
      ...(process.getuid?.() === 0 ? ['user root;'] : []),
      'worker_processes 1;',
      'daemon off;',
      `pid ${join(workDir, 'nginx.pid')};`,
      'error_log stderr warn;',
      'events { worker_connections 64; }',
      'http {',
      `  access_log off;`,
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${kind}_temp_path ${join(workDir, `${kind}-temp`)};`),
      '  server {',
      `    listen 127.0.0.1:${port};`,
      `    root ${root};`,
      `    include ${join(workDir, 'security-headers.conf')};`,
      '  }',
      '}',
    ].join('\n');
    writeFileSync(join(workDir, 'nginx.conf'), `${conf}\n`);
    nginx = spawn(NGINX, ['-p', workDir, '-c', join(workDir, 'nginx.conf'), '-e', 'stderr'], { stdio: ['ignore', 'ignore', 'pipe'] });
    url = `http://127.0.0.1:${port}`;
    for (let attempt = 0; ; attempt += 1) {
      if (nginx.exitCode !== null) throw new Error(`nginx exited (${nginx.exitCode})`);
      if (
        await fetch(`${url}/`).then(
          () => true,
          () => false,
        )
      )
        break;
      if (attempt > 100) throw new Error('nginx did not start');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });

  afterAll(() => {
    nginx?.kill('SIGQUIT');
    rmSync(workDir, { recursive: true, force: true });
  });

  it('sends the same headers as _headers, on pages and on a 404', async () => {
    const hashes = readHeadersFile(readFileSync(join(BUILT.siteDir, HEADERS_FILE), 'utf8'))!;
    for (const [path, status] of [
      ['/', 200],
      ['/kyoto/missing', 404],
    ] as const) {
      const response = await fetch(`${url}${path}`);
      expect(response.status).toBe(status);
      for (const [name, value] of securityHeaders(hashes)) expect(response.headers.get(name), `${path} ${name}`).toBe(value);
    }
  });

  it("serves a new build's headers once reloaded, and the old ones until then", async () => {
    const hashes = readHeadersFile(readFileSync(join(BUILT.siteDir, HEADERS_FILE), 'utf8'))!;
    const policy = async () => (await fetch(`${url}/`)).headers.get('content-security-policy');
    const old = securityHeaders(hashes).find(([name]) => name === 'Content-Security-Policy')![1];
    expect(await policy()).toBe(old);
    // A new build's inline scripts: `make compile` writes their hashes beside the site folder.
    const next = ['sha256-bmV3IGJ1aWxkJ3MgaW5saW5lIHNjcmlwdCwgaGFzaGVkIQ=='];
    writeFileSync(join(workDir, 'security-headers.conf'), nginxHeadersText(next));
    expect(await policy()).toBe(old);
    // What `systemctl reload nginx` (the unit's ExecStartPre) has Debian's nginx.service run.
    const reload = spawnSync(NGINX, ['-p', workDir, '-c', join(workDir, 'nginx.conf'), '-e', 'stderr', '-s', 'reload'], {
      encoding: 'utf8',
    });
    expect(reload.status, reload.stderr).toBe(0);
    await expect.poll(policy, { timeout: 10_000 }).toBe(securityHeaders(next).find(([name]) => name === 'Content-Security-Policy')![1]);
  });
});
