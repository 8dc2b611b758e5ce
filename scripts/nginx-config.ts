/**
 * `make nginx-config [TO=file] [LISTEN=80]`: the nginx site config for this deployment, from its
 * settings (PUBLIC_HOST's host name, HOST and PORT, UPLOAD_DIR) and this checkout's site folder;
 * brotli_static is on when Debian's module is installed. Printed, or written to TO.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { distPaths } from '@forkcast/admin-api/offline';
import { BROTLI_STATIC_MODULE, nginxSiteConfig } from '../deploy/nginx.ts';
import { configOrExit } from './lib.ts';

const [to, listen] = process.argv.slice(2);
const config = configOrExit();
// A server bound to every address is still reached on loopback by the nginx beside it.
const host = config.host === '0.0.0.0' ? '127.0.0.1' : config.host === '::' ? '::1' : config.host;
const text = nginxSiteConfig({
  serverName: new URL(config.publicHost).hostname,
  listen: listen || '80',
  siteDir: resolve(distPaths('dist').siteDir),
  uploadDir: resolve(config.uploadDir),
  upstream: `${host.includes(':') ? `[${host}]` : host}:${config.port}`,
  brotli: existsSync(BROTLI_STATIC_MODULE),
  accessLog: '/var/log/nginx/forkcast.access.log',
});
if (to) {
  writeFileSync(to, text);
  console.log(`Wrote ${to}; check it with nginx -t, then reload nginx.`);
} else {
  process.stdout.write(text);
}
