import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Locator, type Page } from 'playwright-core';
import { ADMIN, BUILT, copyBuiltAssets } from '../integration/support.ts';

export { ADMIN };

/** `make start`'s code path. */
const START = join(import.meta.dirname, '..', '..', 'scripts', 'start.ts');
export const REPO = join(import.meta.dirname, '..', '..');
export const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** How long a condition may take to come true (the machine is shared and slow). */
const WAIT_MS = 30_000;

/** Waits until the (first) element is visible. */
export async function shown(locator: Locator, timeout = WAIT_MS): Promise<Locator> {
  await locator.first().waitFor({ state: 'visible', timeout });
  return locator.first();
}

/** Waits until no element of the locator is visible. */
export async function gone(locator: Locator, timeout = WAIT_MS): Promise<void> {
  await locator.first().waitFor({ state: 'hidden', timeout });
}

export interface RunningServer {
  /** http://127.0.0.1:PORT, also the server's PUBLIC_HOST, so canonical links stay on this origin. */
  url: string;
  workDir: string;
  /** Everything the server printed, for failure messages. */
  output: () => string;
  stop: () => Promise<void>;
}

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

/**
 * Starts the real server (scripts/start.ts, what `make start` runs) as a child process in a fresh
 * temporary work dir: a new database (created, migrated and seeded by the start itself), the
 * compiled server bundle symlinked from dist/server and a site folder holding only the built assets,
 * which the start renders in full before it serves. `env` adds settings (SMTP_URL, ...).
 */
export async function startServer(options: { env?: Record<string, string> } = {}): Promise<RunningServer> {
  const workDir = mkdtempSync(join(tmpdir(), 'forkcast-e2e-'));
  mkdirSync(join(workDir, 'dist'));
  symlinkSync(BUILT.serverDir, join(workDir, 'dist', 'server'));
  copyBuiltAssets(join(workDir, 'dist', 'client'));
  const port = await freePort();
  const publicHost = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, [START], {
    cwd: workDir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_HOST: publicHost,
      DATABASE_PATH: join(workDir, 'content.db'),
      UPLOAD_DIR: join(workDir, 'uploads'),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let stopping = false;
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // A server that dies under a test shows up as refused connections; say why where CI shows it.
  child.once('exit', (code, signal) => {
    if (!stopping)
      console.error(`The server on port ${port} exited (code ${code}, signal ${signal}); its last output:\n${output.slice(-4000)}`);
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      stopping = true;
      const done = () => {
        rmSync(workDir, { recursive: true, force: true });
        resolve();
      };
      if (child.exitCode !== null || child.signalCode !== null) return done();
      child.once('exit', done);
      child.kill('SIGTERM');
    });
  const url = await new Promise<string>((resolve, reject) => {
    const onData = () => {
      const match = /serving (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match) {
        child.stdout!.off('data', onData);
        child.off('exit', onExit);
        resolve(match[1]!);
      }
    };
    const onExit = (code: number | null) => reject(new Error(`server exited (${code}) before serving:\n${output}`));
    child.stdout!.on('data', onData);
    child.once('exit', onExit);
  });
  if (url !== publicHost) throw new Error(`server serves ${url}, expected ${publicHost}`);
  return { url, workDir, output: () => output, stop };
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
}

/** A desktop context on the server (relative page.goto paths work). */
export function newContext(browser: Browser, server: RunningServer, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  return browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 }, ...options });
}

/**
 * The toast region (Radix Toast viewport, 'Notifications (F8)'). Found by its label rather than by
 * role: while a modal dialog is open Radix marks everything outside it aria-hidden, this region too
 * (its toasts are then announced through a live status element instead).
 */
export const notifications = (page: Page) => page.locator('[role="region"][aria-label="Notifications (F8)"]');

/**
 * The roles in Chromium's own accessibility tree, what a screen reader is given. Playwright's role
 * queries compute roles themselves and, unlike Chromium, still find content inside an `inert` subtree.
 */
export async function exposedRoles(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { nodes } = await cdp.send('Accessibility.getFullAXTree');
    return nodes.filter((node) => !node.ignored).map((node) => String(node.role?.value ?? ''));
  } finally {
    await cdp.detach();
  }
}

/**
 * Starts recording what the page announces: the text of every live `status` element that appears
 * outside an `inert` or `aria-hidden` subtree. Radix Toast's announcer lives for one second only, so
 * it is caught as it appears rather than looked for afterwards. Returns a reader of the texts heard.
 */
export async function listenForAnnouncements(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const heard: string[] = [];
    Object.assign(window, { __announcements: heard });
    new MutationObserver(() => {
      for (const element of document.querySelectorAll('[role="status"][aria-live]')) {
        const text = element.textContent?.trim();
        if (text && !element.closest('[inert], [aria-hidden="true"]') && !heard.includes(text)) heard.push(text);
      }
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { __announcements: string[] }).__announcements);
}

/** Signs in through the real sign-in page (GET /api/login, form POST) and lands on `next` (/admin by default). */
async function signIn(page: Page, next = '/admin'): Promise<void> {
  await page.goto(`/api/login?next=${encodeURIComponent(next)}`);
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await Promise.all([page.waitForURL((url) => url.pathname === next), page.getByRole('button', { name: 'Sign in' }).click()]);
}

/** A signed-in admin context. */
export async function adminContext(browser: Browser, server: RunningServer, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await newContext(browser, server, options);
  const page = await context.newPage();
  await signIn(page, '/');
  await page.close();
  return context;
}

/** Cookie header of a signed-in admin, for direct API calls from the test process. */
export async function adminCookie(server: RunningServer): Promise<string> {
  const login = await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  if (!login.ok) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
  return login.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}

export interface SeedPost {
  id: number;
  slug: string;
  title: string;
  type: 'post' | 'guide';
  cityId: number | null;
  content: string;
}
export interface SeedCity {
  id: number;
  slug: string;
  name: string;
  mapEmbedUrl?: string | null;
}

export async function getJson<T>(server: RunningServer, path: string): Promise<T> {
  const response = await fetch(`${server.url}${path}`);
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return (await response.json()) as T;
}

/** A post of a city with at least `paragraphs` paragraphs, and its public path. */
export async function cityPost(server: RunningServer, paragraphs = 3): Promise<{ post: SeedPost; city: SeedCity; path: string }> {
  const cities = await getJson<SeedCity[]>(server, '/api/cities');
  const posts = await getJson<SeedPost[]>(server, '/api/posts?published=true&type=post');
  for (const post of posts) {
    const city = cities.find((c) => c.id === post.cityId);
    if (city && post.content.split(/\n\s*\n/).filter((p) => p.trim() !== '').length >= paragraphs) {
      return { post, city, path: `/${city.slug}/${post.slug}` };
    }
  }
  throw new Error('no city post with enough paragraphs');
}

export { rmSync, mkdtempSync, tmpdir, join };

/** Scrolls through the whole page the way a reader does, half a screen at a time, ending at the bottom. */
export async function scrollThrough(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(undefined))));
    }
    window.scrollTo(0, document.documentElement.scrollHeight);
  });
}

/** The site path of the newest link to `path` mailed to `to` (the server writes mail to MAIL_DIR). */
export async function mailedLink(mailDir: string, to: string, path: string): Promise<string> {
  for (let tries = 0; tries < 50; tries++) {
    const files = (() => {
      try {
        return readdirSync(mailDir).sort().reverse();
      } catch {
        return [];
      }
    })();
    for (const file of files) {
      // The .eml as nodemailer wrote it: its text part quoted-printable, long lines softly broken.
      const raw = readFileSync(join(mailDir, file), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
      const url = raw.match(/https?:\/\/[^\s"<]+/)?.[0];
      if (raw.includes(`\nTo: ${to}\r\n`) && url && new URL(url).pathname === path) return `${new URL(url).pathname}${new URL(url).search}`;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail to ${to} with a link to ${path}`);
}
