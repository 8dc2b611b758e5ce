import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

// Loaded where first needed (the first message, letter or image; the AWS SDK only with a bucket set), not when the server starts.
const LAZY = ['nodemailer', 'juice', 'html-to-text', 'sharp', '@aws-sdk/client-s3'];

/**
 * The packages among LAZY whose entry module a fresh process has loaded once it ran `code` (an ES
 * module). A file of one loaded on its own (config reads addresses with nodemailer's parser) is not
 * the package.
 */
async function loadedAfter(code: string): Promise<string[]> {
  // Every module the process resolves, imported or required, ES module or CommonJS.
  const script = `const entries = ${JSON.stringify(LAZY)}.map((name) => [name, import.meta.resolve(name)]);
const { registerHooks } = await import('node:module');
const resolved = new Set();
registerHooks({ resolve(specifier, context, next) { const result = next(specifier, context); resolved.add(result.url); return result; } });
${code}
console.log(JSON.stringify(entries.filter(([, entry]) => resolved.has(entry)).map(([name]) => name)));`;
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    timeout: 30_000,
  });
  return JSON.parse(stdout) as string[];
}

describe('dependencies the server loads only when it first needs them', () => {
  it('starts without mail or image libraries', async () => {
    expect(await loadedAfter(`await import('@forkcast/admin-api');`)).toEqual([]);
  });

  it('loads sharp for the first image and nodemailer for the first message', async () => {
    const loaded = await loadedAfter(`
const { mkdtempSync, rmSync } = await import('node:fs');
const { tmpdir } = await import('node:os');
const { processImage } = await import('./src/uploads/process-image.ts');
const { Mailer } = await import('./src/mail/mailer.ts');
await processImage(new Uint8Array([1, 2, 3])).catch(() => undefined);
const dir = mkdtempSync(tmpdir() + '/forkcast-lazy-');
const mailer = new Mailer({ from: 'Forkcast <news@forkcast.test>', dir }, { info() {} });
await mailer.send({ to: 'reader@forkcast.test', subject: 'Hello', text: 'Hi.', html: '<p>Hi.</p>' });
rmSync(dir, { recursive: true });`);
    expect(loaded.sort()).toEqual(['nodemailer', 'sharp']);
  });
});
