import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseEnv } from 'node:util';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, loadConfig } from '@forkcast/admin-api';
import { EXAMPLE_SITE } from '../../deploy/nginx.ts';

// The files an operator copies (.env.example, the systemd unit, its settings, the nginx config)
// must agree with the server's configuration and with each other.
const ROOT = join(import.meta.dirname, '..', '..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
// The node flags `make start` runs the server with; the unit and `pnpm start` must start it the same way.
const SERVER_NODE_FLAGS = /^SERVER_NODE_FLAGS := (.+)$/m.exec(read('Makefile'))![1]!;
const SERVER_MALLOC = /^SERVER_MALLOC := (.+)$/m.exec(read('Makefile'))![1]!;
// The node flags `make build` renders the site with; `pnpm build` must render it the same way.
const BUILD_NODE_FLAGS = /^BUILD_NODE_FLAGS := (.+)$/m.exec(read('Makefile'))![1]!;
const BUILD_MALLOC = /^BUILD_MALLOC := (.+)$/m.exec(read('Makefile'))![1]!.replace('$(SERVER_MALLOC)', SERVER_MALLOC);

/** The unit's `Key=value` lines, each key with its values in order. */
function unitSettings(text: string): Map<string, string[]> {
  const settings = new Map<string, string[]>();
  for (const line of text.split('\n')) {
    const match = /^([A-Za-z]+)=(.*)$/.exec(line);
    if (match) settings.set(match[1]!, [...(settings.get(match[1]!) ?? []), match[2]!]);
  }
  return settings;
}

describe('.env.example', () => {
  const example = parseEnv(read('.env.example'));

  it('names every setting the server reads, and no other', () => {
    expect(Object.keys(example).sort()).toEqual([...CONFIG_VARIABLES].sort());
  });

  it('gives each its default, so copying it to .env changes nothing', () => {
    expect(loadConfig(example)).toEqual(loadConfig({}));
  });
});

describe('the full build', () => {
  it('renders with the same V8 flags and malloc setting through make, the bench and pnpm', () => {
    expect(read('Makefile')).toContain(`\tGLIBC_TUNABLES=$(BUILD_MALLOC) node $(BUILD_NODE_FLAGS) scripts/build.ts\n`);
    expect(read('Makefile')).toContain(
      `BUILD_MALLOC=$(BUILD_MALLOC) GLIBC_TUNABLES=$(SERVER_MALLOC) node $(SERVER_NODE_FLAGS) scripts/bench/index.ts`,
    );
    expect(JSON.parse(read('package.json')).scripts.build).toBe(
      `node scripts/compile.ts && GLIBC_TUNABLES=${BUILD_MALLOC} node ${BUILD_NODE_FLAGS} scripts/build.ts`,
    );
  });
});

describe('the systemd unit and its settings', () => {
  const unit = unitSettings(read('deploy/forkcast.service'));
  const env = parseEnv(read('deploy/forkcast.env'));
  const config = loadConfig(env);
  const writable = unit.get('ReadWritePaths')![0]!.split(' ');
  const inside = (path: string) => writable.some((folder) => path === folder || path.startsWith(`${folder}/`));

  it('runs the built release as an unprivileged user, restarts it on failure, and reads its settings from a file', () => {
    expect(unit.get('User')).toEqual(['forkcast']);
    expect(unit.get('Restart')).toEqual(['on-failure']);
    expect(unit.get('EnvironmentFile')).toEqual(['/etc/forkcast/forkcast.env']);
    expect(unit.get('ExecStart')).toEqual([`/usr/bin/env node ${SERVER_NODE_FLAGS} scripts/start.ts`]);
    expect(unit.get('Environment')).toContain(`GLIBC_TUNABLES=${SERVER_MALLOC}`);
    expect(JSON.parse(read('package.json')).scripts.start).toBe(
      `GLIBC_TUNABLES=${SERVER_MALLOC} node ${SERVER_NODE_FLAGS} scripts/start.ts`,
    );
    expect(unit.get('ProtectSystem')).toEqual(['strict']);
  });

  it('lets the service write exactly where its settings put the data, the backups and the site folder', () => {
    for (const path of [dirname(config.databasePath), config.uploadDir, config.mail.dir, config.backup.dir])
      expect(inside(path), path).toBe(true);
    const release = unit.get('WorkingDirectory')![0]!;
    // dist links to the build being served, under .builds/ (see scripts/compile.ts).
    expect(inside(join(release, '.builds'))).toBe(true);
    expect(EXAMPLE_SITE.siteDir).toBe(join(release, 'dist', 'client'));
    expect(EXAMPLE_SITE.uploadDir).toBe(config.uploadDir);
    expect(EXAMPLE_SITE.upstream).toBe(`${config.host}:${config.port}`);
    expect(EXAMPLE_SITE.serverName).toBe(new URL(config.publicHost).hostname);
    expect(config.trustProxy).toBe(1);
  });

  it("reloads nginx before each start, so the pages a new build renders are served under that build's headers", () => {
    // As root (+), and harmless where nginx is not running (try-) or not installed (-).
    expect(unit.get('ExecStartPre')).toEqual(['+-/usr/bin/systemctl try-reload-or-restart nginx.service']);
  });

  it('is a unit systemd accepts without a warning', () => {
    const verify = spawnSync('systemd-analyze', ['verify', join(ROOT, 'deploy', 'forkcast.service')], { encoding: 'utf8' });
    expect(verify.error, 'systemd-analyze is missing: apt-get install systemd (.ci/run does)').toBeUndefined();
    expect(verify.stderr).toBe('');
    expect(verify.status).toBe(0);
  });
});
