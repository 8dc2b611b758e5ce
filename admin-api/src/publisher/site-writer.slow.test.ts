import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeSiteFile } from './site-folder.ts';
import { SiteWriter } from './site-writer.ts';

const page = `<!doctype html><title>Lisbon</title>${'<p>Custard tarts still warm from the oven.</p>'.repeat(300)}`;
const bytes = () => new TextEncoder().encode(page);

/** Runs `lines` as a script of their own with `writer`, a SiteWriter, in scope; resolves to what it printed. */
async function runWithWriter(dir: string, lines: string[], flags: string[] = []): Promise<string> {
  const script = join(dir, `script-${randomUUID()}.mjs`);
  const imports = `import { SiteWriter } from ${JSON.stringify(join(import.meta.dirname, 'site-writer.ts'))};`;
  writeFileSync(script, [imports, 'const writer = new SiteWriter();', ...lines].join('\n'));
  return (await promisify(execFile)(process.execPath, [...flags, script], { timeout: 60_000 })).stdout;
}

describe('SiteWriter', () => {
  let dir: string;
  let writer: SiteWriter | undefined;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'forkcast-writer-'));
  });
  afterEach(async () => {
    await writer?.close();
    writer = undefined;
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes the same files, copies included, as writeSiteFile, and takes the page over without a copy', async () => {
    writer = new SiteWriter();
    await writeSiteFile(dir, 'a/index.html', page);
    const data = bytes();
    await writer.write(dir, 'b/index.html', data, { durable: true });
    for (const suffix of ['', '.br', '.gz'])
      expect(readFileSync(join(dir, `b/index.html${suffix}`))).toEqual(readFileSync(join(dir, `a/index.html${suffix}`)));
    expect(readdirSync(join(dir, 'b')).sort()).toEqual(['index.html', 'index.html.br', 'index.html.gz']);
    expect(data.byteLength).toBe(0);
  });

  it('copies a page that shares its buffer, and leaves the buffer as it was', async () => {
    writer = new SiteWriter();
    const shared = new Uint8Array(bytes().byteLength + 10);
    shared.set(bytes(), 5);
    await writer.write(dir, 'index.html', shared.subarray(5, 5 + bytes().byteLength), { durable: false });
    expect(readFileSync(join(dir, 'index.html'), 'utf8')).toBe(page);
    expect(shared.byteLength).toBe(bytes().byteLength + 10);
  });

  it('writes many pages at once, each with its own bytes', async () => {
    writer = new SiteWriter();
    const pages = Array.from({ length: 40 }, (_, i) => `<!doctype html><title>Page ${i}</title>${'<p>Bifana.</p>'.repeat(i * 50)}`);
    await Promise.all(pages.map((text, i) => writer!.write(dir, `p${i}/index.html`, new TextEncoder().encode(text), { durable: true })));
    for (const [i, text] of pages.entries()) expect(readFileSync(join(dir, `p${i}/index.html`), 'utf8')).toBe(text);
  });

  it("rejects with the write's own error and code, leaving no copy or temp file, and writes on after it", async () => {
    writer = new SiteWriter();
    // A folder in the page's place makes the rename of the page fail.
    mkdirSync(join(dir, 'lisbon/index.html'), { recursive: true });
    writeFileSync(join(dir, 'lisbon/index.html/keep'), 'x');
    const failed = await writer.write(dir, 'lisbon/index.html', bytes(), { durable: true }).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(Error);
    expect(failed).toMatchObject({ code: expect.stringMatching(/^E[A-Z]+$/) });
    expect((failed as Error).message).toContain('index.html');
    for (const file of ['lisbon/index.html.br', 'lisbon/index.html.gz']) expect(existsSync(join(dir, file)), file).toBe(false);
    expect(readdirSync(join(dir, 'lisbon')).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    await writer.write(dir, 'porto/index.html', bytes(), { durable: true });
    expect(readFileSync(join(dir, 'porto/index.html'), 'utf8')).toBe(page);
  });

  it('keeps one thread for its writes, and starts another for a write after close', async () => {
    writer = new SiteWriter();
    await writer.write(dir, 'a/index.html', bytes(), { durable: false });
    const first = writer.threadId;
    expect(first).toBeTypeOf('number');
    await writer.write(dir, 'b/index.html', bytes(), { durable: false });
    expect(writer.threadId).toBe(first);
    await writer.close();
    expect(writer.threadId).toBeUndefined();
    await writer.write(dir, 'c/index.html', bytes(), { durable: false });
    expect(writer.threadId).toBeTypeOf('number');
    expect(writer.threadId).not.toBe(first);
    expect(readFileSync(join(dir, 'c/index.html'), 'utf8')).toBe(page);
  });

  it('finishes the writes under way when closed', async () => {
    writer = new SiteWriter();
    const writes = Array.from({ length: 10 }, (_, i) => writer!.write(dir, `p${i}/index.html`, bytes(), { durable: true }));
    await writer.close();
    await Promise.all(writes);
    for (let i = 0; i < 10; i++) expect(readFileSync(join(dir, `p${i}/index.html`), 'utf8')).toBe(page);
    expect(writer.threadId).toBeUndefined();
  });

  it('writes on the calling thread for a while after its thread died, then tries a thread again', async () => {
    const broken = join(dir, 'broken-thread.mjs');
    writeFileSync(broken, "throw new Error('This thread cannot start');");
    writer = new SiteWriter({ threadUrl: pathToFileURL(broken), fallbackMs: 200 });
    await expect(writer.write(dir, 'a/index.html', bytes(), { durable: true })).rejects.toThrow('This thread cannot start');
    await writer.write(dir, 'b/index.html', bytes(), { durable: true });
    expect(writer.threadId).toBeUndefined();
    await writeSiteFile(dir, 'expected/index.html', page);
    for (const suffix of ['', '.br', '.gz'])
      expect(readFileSync(join(dir, `b/index.html${suffix}`))).toEqual(readFileSync(join(dir, `expected/index.html${suffix}`)));
    await new Promise((resolve) => setTimeout(resolve, 250));
    await expect(writer.write(dir, 'c/index.html', bytes(), { durable: true })).rejects.toThrow('This thread cannot start');
  });

  it('runs a full garbage collection once idle after enough pages, when the process exposes gc', async () => {
    const lines = [
      `const write = (i) => writer.write(${JSON.stringify(dir)}, \`p\${i}/index.html\`, new TextEncoder().encode('<p>x</p>'), { durable: false });`,
      'await Promise.all(Array.from({ length: 8 }, (_, i) => write(i)));',
      'const early = writer.collections;',
      'await Promise.all(Array.from({ length: 40 }, (_, i) => write(i)));',
      'for (let waited = 0; writer.collections === 0 && waited < 1000; waited += 10) await new Promise((r) => setTimeout(r, 10));',
      'console.log(JSON.stringify({ early, after: writer.collections }));',
      'await writer.close();',
    ];
    const collections = async (flags: string[]) => JSON.parse(await runWithWriter(dir, lines, flags)) as { early: number; after: number };
    expect(await collections(['--expose-gc'])).toEqual({ early: 0, after: 1 });
    expect(await collections([])).toEqual({ early: 0, after: 0 });
  });

  it('never keeps the process alive', async () => {
    // The thread stays until close(), which the script never calls: the process ends as soon as its work does.
    await runWithWriter(dir, [
      `await writer.write(${JSON.stringify(dir)}, 'index.html', new TextEncoder().encode('<p>done</p>'), { durable: true });`,
    ]);
    expect(readFileSync(join(dir, 'index.html'), 'utf8')).toBe('<p>done</p>');
  });
});
