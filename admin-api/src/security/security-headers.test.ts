import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { HEADERS_FILE, headersFileText } from '@forkcast/shared/security-headers';
import { createTestApp, type TestApp } from '../testing.ts';
import { siteScriptHashes } from './security-headers.ts';

describe('siteScriptHashes', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));
  const siteDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'forkcast-headers-'));
    dirs.push(dir);
    return dir;
  };

  it('reads the hashes the build wrote into the site folder', () => {
    const dir = siteDir();
    writeFileSync(join(dir, HEADERS_FILE), headersFileText(['sha256-b=', 'sha256-a=']));
    expect(siteScriptHashes(dir, pino({ level: 'silent' }))).toEqual(['sha256-a=', 'sha256-b=']);
  });

  it('allows no inline script, and says so, when no build wrote the file', () => {
    const warnings: string[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => warnings.push(line) });
    expect(siteScriptHashes(siteDir(), logger)).toEqual([]);
    expect(warnings.join('')).toContain('no Content-Security-Policy from the build');
  });
});

describe('security headers on every answer', () => {
  let t: TestApp | undefined;
  afterEach(() => t?.cleanup());

  it('sends the policy, framed by nobody, on API answers, errors and pages that are not found', async () => {
    t = await createTestApp();
    for (const path of ['/api/health', '/api/nothing-here', '/no-such-page']) {
      const response = await t.request(path);
      expect(response.headers.get('content-security-policy'), path).toMatch(
        /^default-src 'self'; script-src 'self'; .*frame-ancestors 'none'$/,
      );
      expect(response.headers.get('x-frame-options'), path).toBe('DENY');
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(response.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
    }
  });

  it('sends Strict-Transport-Security only when PUBLIC_HOST is https', async () => {
    t = await createTestApp({ publicHost: 'http://localhost:4321' });
    expect((await t.request('/api/health')).headers.get('strict-transport-security')).toBeNull();
    await t.cleanup();
    t = await createTestApp({ publicHost: 'https://forkcast.example' });
    expect((await t.request('/api/health')).headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  });
});
