import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminContext,
  adminCookie,
  getJson,
  launchBrowser,
  newContext,
  scrollThrough,
  shown,
  startServer,
  type RunningServer,
  type SeedCity,
  type SeedPost,
} from './support.ts';

const MAP_ORIGIN = 'https://www.openstreetmap.org';
const EMBED_TITLE = 'Bifanas at dawn';

/**
 * Markdown an editor (or a stolen session) could store. Each tries to run script ('alert' marks
 * success), to reach another origin, or both.
 */
const PAYLOADS = [
  `<script>alert('xss:script')</script>`,
  `<img src="x" onerror="alert('xss:img-onerror')">`,
  `[javascript link](javascript:alert('xss:md-js-link'))`,
  `<a href="javascript:alert('xss:a-js')">html javascript link</a> <a href="JaVaScRiPt&#58;alert('xss:entity')">entity link</a> <a href="  java\tscript:alert('xss:tab')">tab link</a>`,
  `[data link](data:text/html;base64,PHNjcmlwdD5hbGVydCgneHNzOmRhdGEnKTwvc2NyaXB0Pg==)`,
  `<a href="data:text/html,<script>alert('xss:data-html')</script>">html data link</a>`,
  `<svg onload="alert('xss:svg-onload')"><circle r="10"/></svg>`,
  `<svg><script>alert('xss:svg-script')</script><a xlink:href="javascript:alert('xss:svg-link')"><text y="20">svg link</text></a></svg>`,
  `<svg><animate onbegin="alert('xss:animate')" attributeName="x" dur="1s"/><set attributeName="onmouseover" to="alert('xss:set')"/><image href="https://evil.example/svg.png"/></svg>`,
  `<iframe srcdoc="<script>parent.alert('xss:srcdoc')</script><img src='https://evil.example/srcdoc.png'>"></iframe>`,
  `<iframe src="javascript:alert('xss:iframe-js')"></iframe>`,
  `<details open ontoggle="alert('xss:ontoggle')"><summary>details</summary>opened</details>`,
  `<math><mtext><table><mglyph><style><img src=x onerror=alert('xss:mxss')>`,
  `<p onclick="alert('xss:onclick')" onmouseover="alert('xss:onmouseover')">hover and click me</p>`,
  `![markdown image](javascript:alert('xss:md-img')) <img src="//evil.example/protocol-relative.gif" alt="pr"> <img srcset="https://evil.example/srcset.png 1x" alt="ss">`,
  `<div style="background:url(https://evil.example/bg.png)">styled</div><style>@import url(https://evil.example/x.css); body{background:url(https://evil.example/body.png)}</style><link rel="stylesheet" href="https://evil.example/link.css">`,
  `<meta http-equiv="refresh" content="0;url=https://evil.example/"><base href="https://evil.example/"><object data="https://evil.example/x.swf"></object><embed src="https://evil.example/x.swf">`,
  `<form action="https://evil.example/"><button formaction="javascript:alert('xss:formaction')">go</button><input type="image" src="https://evil.example/input.png"></form>`,
  `[titled](https://example.com "a\\" onmouseover=\\"alert('xss:title')") <a href="#" onfocus="alert('xss:onfocus')" autofocus>focus</a>`,
  `<noscript><p title="</noscript><img src=x onerror=alert('xss:noscript')>"></noscript><template><img src=x onerror=alert('xss:template')></template>`,
];

interface Observed {
  dialogs: string[];
  pageErrors: string[];
  consoleErrors: { text: string; url: string }[];
  /** Requests made by this site's own documents (main frame and same-origin or srcdoc frames). */
  requests: string[];
  /** Navigations of map frames. */
  mapFrames: string[];
}

/** Loads `path` in `context` with every listener on, scrolls it through, pokes the injected content and reports. */
async function observe(context: BrowserContext, serverOrigin: string, path: string): Promise<Observed> {
  const seen: Observed = { dialogs: [], pageErrors: [], consoleErrors: [], requests: [], mapFrames: [] };
  const page = await context.newPage();
  page.on('dialog', (dialog) => {
    seen.dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss().catch(() => undefined);
  });
  page.on('pageerror', (error) => seen.pageErrors.push(String(error)));
  page.on('console', (message) => {
    if (message.type() === 'error') seen.consoleErrors.push({ text: message.text(), url: message.location().url });
  });
  page.on('request', (request) => {
    const frameUrl = request.frame().url();
    // The map's own document and what it loads are the map provider's business.
    if (frameUrl.startsWith(`${MAP_ORIGIN}/`)) {
      if (request.isNavigationRequest()) seen.mapFrames.push(request.url());
      return;
    }
    if (request.isNavigationRequest() && request.frame() !== page.mainFrame() && request.url().startsWith(`${MAP_ORIGIN}/`)) {
      seen.mapFrames.push(request.url());
      return;
    }
    seen.requests.push(request.url());
  });
  const response = await page.goto(path, { waitUntil: 'load' });
  expect(response?.status()).toBe(200);
  await shown(page.getByRole('heading', { level: 1 }));
  // Lazy images and islands: go through the whole page.
  await scrollThrough(page);
  // Hover over and click every injected element that is not a link (links would navigate away).
  const injected = page.locator('[data-post-body] .post-body__note, [data-post-body] .post-body__section[data-block-id]');
  // Every payload made it onto the page (as whatever is left of it).
  const texts = await injected.allInnerTexts();
  for (const index of PAYLOADS.keys())
    expect(
      texts.some((text) => new RegExp(`^(Block|Note) ${index}:`).test(text.trim())),
      `payload ${index} on ${path}`,
    ).toBe(true);
  for (const element of await injected.all()) {
    await element.scrollIntoViewIfNeeded();
    await element.hover();
    // An embed's facade is a link too, one that loads its player: the test below clicks it.
    for (const child of await element.locator(':scope *:not(a, a *, [data-embed-src], [data-admin-slot], [data-admin-slot] *)').all()) {
      if (await child.isVisible()) await child.click({ force: true, timeout: 5_000 }).catch(() => undefined);
    }
  }
  await page.keyboard.press('Tab');
  await page.waitForLoadState('networkidle');
  // Whatever the injected sections render to, none of this may be left in them.
  const leftovers = await page.locator('[data-post-body]').evaluate((body) => {
    const found: string[] = [];
    for (const el of body.querySelectorAll(
      'script, iframe, frame, object, embed, svg, math, form, input, button, style, link, meta, base, template, noscript',
    )) {
      if (!el.closest('[data-admin-slot]')) found.push(`<${el.tagName.toLowerCase()}>`);
    }
    for (const el of body.querySelectorAll('*')) {
      if (el.closest('[data-admin-slot]')) continue;
      for (const attr of el.getAttributeNames()) {
        if (/^on/i.test(attr) || ['style', 'srcdoc', 'srcset', 'formaction', 'xlink:href', 'autofocus'].includes(attr))
          found.push(`${el.tagName.toLowerCase()}[${attr}]`);
      }
      const href = el.getAttribute('href');
      if (el.tagName === 'A' && href !== null && href !== '' && !/^(https?:|mailto:|\/(?!\/)|#)/i.test(href)) found.push(`a[href=${href}]`);
      const src = el.getAttribute('src');
      if (el.tagName === 'IMG' && src !== null && src !== '' && !/^(https?:\/\/|\/(?!\/)|[\w.-]+$)/i.test(src))
        found.push(`img[src=${src}]`);
    }
    return found;
  });
  expect(leftovers, `dangerous markup left in ${path}`).toEqual([]);
  expect(page.url()).toBe(new URL(path, serverOrigin).href);
  await page.close();
  return seen;
}

function expectClean(seen: Observed, serverOrigin: string, label: string): void {
  expect(seen.dialogs, `${label}: dialogs`).toEqual([]);
  expect(seen.pageErrors, `${label}: page errors`).toEqual([]);
  // The only console errors allowed are failed loads of this site's own URLs (an injected <img src="x">).
  const foreign = seen.consoleErrors.filter(
    (e) => !(e.text.startsWith('Failed to load resource') && (e.url.startsWith(`${serverOrigin}/`) || e.url.startsWith(`${MAP_ORIGIN}/`))),
  );
  expect(foreign, `${label}: console errors`).toEqual([]);
  const elsewhere = seen.requests.filter((url) => !url.startsWith(`${serverOrigin}/`));
  expect(elsewhere, `${label}: requests to other origins`).toEqual([]);
  expect(
    seen.mapFrames.every((url) => url.startsWith(`${MAP_ORIGIN}/`)),
    `${label}: map frames`,
  ).toBe(true);
  console.log(
    `${label}: ${seen.requests.length} requests, all to ${serverOrigin}; ${seen.mapFrames.length} map frame(s); ${seen.consoleErrors.length} console error(s), all failed loads of own URLs`,
  );
}

describe('stored content cannot attack readers', () => {
  let server: RunningServer;
  let browser: Browser;
  let cookie: string;
  let guidePath: string;
  let postPath: string;

  const api = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: await response.text() };
  };

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    cookie = await adminCookie(server);
    const cities = await getJson<SeedCity[]>(server, '/api/cities');
    const posts = await getJson<SeedPost[]>(server, '/api/posts?published=true');
    const mapCity = cities.find((c) => c.mapEmbedUrl)!;
    const guide = posts.find((p) => p.type === 'guide' && p.cityId === mapCity.id)!;
    const post = posts.find((p) => p.type === 'post' && p.cityId === mapCity.id)!;
    guidePath = `/${mapCity.slug}/guide`;
    postPath = `/${mapCity.slug}/${post.slug}`;

    // The guide: each payload replaces one original paragraph as a stored block (9 paragraphs),
    // the rest go in as added text.
    const guideParagraphs = guide.content.split(/\n\s*\n/).filter((p) => p.trim() !== '').length;
    for (const [index, payload] of PAYLOADS.entries()) {
      const write =
        index < guideParagraphs
          ? await api('POST', `/api/posts/${guide.id}/blocks`, { content: `Block ${index}: ${payload}`, position: index, isOriginal: true })
          : await api('POST', `/api/posts/${guide.id}/content`, { type: 'text', content: `Note ${index}: ${payload}`, position: 1 });
      expect(write.status, write.body).toBe(201);
    }
    // The post: every payload as added text after the first paragraph, then an embed and a gallery.
    for (const [index, payload] of PAYLOADS.entries()) {
      const write = await api('POST', `/api/posts/${post.id}/content`, { type: 'text', content: `Note ${index}: ${payload}`, position: 1 });
      expect(write.status, write.body).toBe(201);
    }
    for (const content of [
      `[${EMBED_TITLE}](https://youtu.be/dQw4w9WgXcQ)`,
      '![Fallback](/images/fallback-640.webp)\n![Fallback again](/images/fallback.jpg)',
    ]) {
      const write = await api('POST', `/api/posts/${post.id}/content`, { type: 'text', content, position: 1 });
      expect(write.status, write.body).toBe(201);
    }
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('refuses script and foreign URLs as inline images and hero images', async () => {
    const posts = await getJson<SeedPost[]>(server, '/api/posts?published=true');
    const post = posts.find((p) => p.type === 'post')!;
    for (const content of [
      'javascript:alert(1)',
      'data:image/svg+xml,<svg onload=alert(1)>',
      '//evil.example/x.png',
      '/images/../../etc/passwd',
      '/images/x.jpg" onerror="alert(1)',
    ]) {
      const item = await api('POST', `/api/posts/${post.id}/content`, { type: 'image', content, position: 1 });
      expect(item.status, `inline image ${content}`).toBe(400);
      const hero = await api('PATCH', `/api/posts/${post.slug}/hero-image`, { heroImage: content });
      expect(hero.status, `post hero ${content}`).toBe(400);
      const home = await api('POST', '/api/hero/update-image', { imageUrl: content });
      expect(home.status, `home hero ${content}`).toBe(400);
    }
    // Without the admin's session, nothing can be written at all.
    const anonymous = await fetch(`${server.url}/api/posts/${post.id}/blocks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ content: '<script>alert(1)</script>', position: 0 }),
    });
    expect(anonymous.status).toBe(401);
  });

  it('a visitor reading the guide with the payloads runs none of them and talks only to this site', async () => {
    const context = await newContext(browser, server);
    try {
      const seen = await observe(context, server.url, guidePath);
      expectClean(seen, server.url, guidePath);
      // The guide's pinned map is drawn by the page itself; the map provider is asked for nothing
      // until the reader opens the interactive map.
      expect(seen.mapFrames).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a visitor reading the post with the payloads runs none of them and talks only to this site', async () => {
    const context = await newContext(browser, server);
    try {
      const seen = await observe(context, server.url, postPath);
      expectClean(seen, server.url, postPath);
      expect(seen.mapFrames).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("a page without a YouTube embed may not frame YouTube's player: its own policy names only its frames", async () => {
    const context = await newContext(browser, server);
    try {
      const page = await context.newPage();
      await page.route('https://www.youtube-nocookie.com/**', (route) =>
        route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>player</title>' }),
      );
      await page.goto(guidePath, { waitUntil: 'load' });
      const policy = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
      expect(policy).toMatch(/^frame-src 'self'(?: https:\/\/www\.openstreetmap\.org)?$/);
      const refused = await page.evaluate(
        (src) =>
          new Promise<string>((resolve) => {
            document.addEventListener('securitypolicyviolation', (event) => resolve(`${event.effectiveDirective} ${event.blockedURI}`));
            const frame = document.createElement('iframe');
            frame.src = src;
            document.body.append(frame);
          }),
        'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1',
      );
      // The site-wide header allows the player (other pages embed it); this page's own policy does not.
      expect(refused).toBe('frame-src https://www.youtube-nocookie.com');
    } finally {
      await context.close();
    }
  });

  it('an embed asks its provider for nothing until the reader clicks, then plays in the privacy-friendly player', async () => {
    const context = await newContext(browser, server);
    try {
      const page = await context.newPage();
      const violations: string[] = [];
      await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
      await page.addInitScript(() =>
        document.addEventListener('securitypolicyviolation', (event) =>
          (window as unknown as { reportViolation: (text: string) => void }).reportViolation(
            `${event.effectiveDirective} ${event.blockedURI}`,
          ),
        ),
      );
      const foreign: string[] = [];
      page.on('request', (request) => {
        if (!request.url().startsWith(`${server.url}/`)) foreign.push(request.url());
      });
      // The player is stood in for: the test talks to nobody outside.
      await page.route('https://www.youtube-nocookie.com/**', (route) =>
        route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>player</title>' }),
      );
      await page.goto(postPath, { waitUntil: 'load' });
      expect(await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content')).toBe(
        "frame-src 'self' https://www.youtube-nocookie.com",
      );
      const facade = page.getByRole('link', { name: new RegExp(EMBED_TITLE) });
      await facade.scrollIntoViewIfNeeded();
      // On a phone the facade, shown alone rather than in a note's card, spans the text column: the
      // same gutter on both sides.
      await page.setViewportSize({ width: 390, height: 844 });
      const box = await page.locator('figure.embed').boundingBox();
      const [left, right] = box ? [Math.round(box.x), Math.round(390 - box.x - box.width)] : [];
      expect(left).toBeGreaterThan(0);
      expect(right).toBe(left);
      await expect.poll(() => page.locator('.gallery img').count()).toBe(2);
      await page.waitForLoadState('networkidle');
      expect(foreign).toEqual([]);
      await facade.click();
      const frame = page.locator(`iframe[title="${EMBED_TITLE}"]`);
      await shown(frame);
      expect(await frame.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1');
      await expect.poll(() => foreign).toEqual(['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1']);
      expect(page.url()).toBe(new URL(postPath, server.url).href);
      expect(violations).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('the signed-in admin, whose page also loads the editing controls, is just as safe', async () => {
    const context = await adminContext(browser, server);
    try {
      for (const path of [guidePath, postPath]) {
        const seen = await observe(context, server.url, path);
        expectClean(seen, server.url, `${path} (admin)`);
      }
    } finally {
      await context.close();
    }
  });

  it('a contact message full of markup is shown as text in the admin inbox', async () => {
    const sent = await fetch(`${server.url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: `<img src=x onerror=alert('xss:contact-name')>`,
        email: 'attacker@example.com',
        subject: `<script>alert('xss:contact-subject')</script>`,
        message: `<svg onload=alert('xss:contact-message')></svg> [link](javascript:alert(1))`,
      }),
    });
    expect(sent.status).toBeLessThan(300);
    const context = await adminContext(browser, server);
    try {
      const page: Page = await context.newPage();
      const dialogs: string[] = [];
      const errors: string[] = [];
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss().catch(() => undefined);
      });
      page.on('pageerror', (error) => errors.push(String(error)));
      await page.goto('/admin/inbox');
      await shown(page.getByRole('heading', { level: 1, name: 'Inbox' }));
      await shown(page.getByRole('heading', { name: `<script>alert('xss:contact-subject')</script>` }));
      await shown(page.getByText(`<svg onload=alert('xss:contact-message')></svg>`, { exact: false }));
      await page.waitForLoadState('networkidle');
      expect(await page.locator('main svg[onload], main img[onerror]').count()).toBe(0);
      expect(dialogs).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
