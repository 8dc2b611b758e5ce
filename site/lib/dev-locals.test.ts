import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

describe('devLocals', () => {
  let dir: string;
  const saved = { ...process.env };
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'forkcast-dev-locals-'));
    // Each test gets a fresh module: devLocals opens the database once per process.
    vi.resetModules();
  });
  afterEach(() => {
    process.env = { ...saved };
    rmSync(dir, { recursive: true, force: true });
  });

  it("reads the site settings with the server's rules: names trimmed, the host without its trailing slash", async () => {
    Object.assign(process.env, {
      DATABASE_PATH: join(dir, 'content.db'),
      SITE_NAME: '  Test Kitchen  ',
      PUBLIC_HOST: 'https://kitchen.test/',
    });
    const { devLocals } = await import('./dev-locals.ts');
    const { db, site } = await devLocals();
    expect(site).toEqual({ siteName: 'Test Kitchen', publicHost: 'https://kitchen.test', insightsOrigin: '' });
    await db.destroy();
  });

  it('refuses what the server refuses, naming the variable', async () => {
    Object.assign(process.env, { DATABASE_PATH: join(dir, 'content.db'), SITE_NAME: 'Test Kitchen', PUBLIC_HOST: 'ftp://kitchen.test' });
    const { devLocals } = await import('./dev-locals.ts');
    await expect(devLocals()).rejects.toThrow('Invalid configuration: PUBLIC_HOST must be an http(s) URL (got "ftp://kitchen.test")');
  });

  it('uses the documented defaults for unset and empty variables', async () => {
    Object.assign(process.env, { DATABASE_PATH: join(dir, 'content.db'), SITE_NAME: '', PUBLIC_HOST: '' });
    const { devLocals } = await import('./dev-locals.ts');
    const { db, site } = await devLocals();
    expect(site).toEqual({ siteName: 'Forkcast', publicHost: 'http://localhost:4321', insightsOrigin: '' });
    await db.destroy();
  });
});
