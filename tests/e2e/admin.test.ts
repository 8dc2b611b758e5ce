import { writeFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parsePublishReport, PUBLISH_HEADER } from '@forkcast/shared/contracts';
import {
  ADMIN,
  adminCookie,
  cityPost,
  exposedRoles,
  getJson,
  gone,
  join,
  launchBrowser,
  mkdtempSync,
  newContext,
  notifications,
  REPO,
  rmSync,
  shown,
  startServer,
  tmpdir,
  type RunningServer,
  type SeedPost,
} from './support.ts';

const SAMPLE_CSV = join(REPO, 'public', 'samples', 'itinerary-sample.csv');
const INCORRECT = 'The email or password is incorrect.';
const REFUSED_ORIGINAL = 'Cannot delete original content sections. Please use the + buttons to add content that can be edited and deleted.';
const TOO_MANY = /^Too many sign-in attempts\. Please wait (\d+) seconds? and try again\.$/;

const isWrite = (method: string, path: RegExp) => (response: Response) =>
  response.request().method() === method && path.test(new URL(response.url()).pathname);

/**
 * Does `action` (which makes a write the page answers by reloading itself to show the republished
 * static page) and waits for the write's response and that reload.
 */
async function writeAndReload(page: Page, match: (response: Response) => boolean, action: () => Promise<unknown>): Promise<Response> {
  const reloaded = page.waitForEvent('load');
  reloaded.catch(() => undefined); // awaited below; only a failed write leaves it pending
  const [response] = await Promise.all([page.waitForResponse(match), action()]);
  if (response.status() >= 300)
    throw new Error(`${response.request().method()} ${response.url()}: ${response.status()} ${await response.text()}`);
  expect(parsePublishReport(await response.headerValue(PUBLISH_HEADER))).toBeDefined();
  await reloaded;
  return response;
}

/** What the sign-in page says after a submit of `email` / `password` (the form posts and the page reloads). */
async function submitSignIn(page: Page, email: string, password: string): Promise<string> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Sign in' }).click()]);
  const message = page.locator('[data-login-message]');
  return (await message.isVisible()) ? (await message.innerText()).trim() : '';
}

describe('the admin edits in place', () => {
  let server: RunningServer;
  let browser: Browser;
  let admin: BrowserContext;
  let page: Page;
  let workDir: string;
  let pngPath: string;

  /** Loads `path` in a fresh signed-out context, runs `check` on it, closes the context. */
  async function asVisitor<T>(path: string, check: (visitor: Page) => Promise<T>): Promise<T> {
    const context = await newContext(browser, server);
    try {
      const visitor = await context.newPage();
      const response = await visitor.goto(path);
      expect(response?.status()).toBe(200);
      return await check(visitor);
    } finally {
      await context.close();
    }
  }

  /** The home hero as a visitor sees it: its src attribute, once the image has loaded. */
  const visitorHomeHero = () =>
    asVisitor('/', async (visitor) => {
      expect(await visitor.getByRole('button', { name: 'Edit Image' }).count()).toBe(0);
      const img = visitor.locator('section.home-hero img');
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
      return {
        src: await img.getAttribute('src'),
        alt: await img.getAttribute('alt'),
        currentSrc: await img.evaluate((el: HTMLImageElement) => el.currentSrc),
      };
    });

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    workDir = mkdtempSync(join(tmpdir(), 'forkcast-e2e-files-'));
    pngPath = join(workDir, 'new-hero.png');
    // A real photo-sized PNG: a diagonal gradient with a disc, so the re-encoder has something to do.
    const width = 1280;
    const height = 720;
    const pixels = Buffer.alloc(width * height * 3);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const i = (y * width + x) * 3;
        const inDisc = (x - 640) ** 2 + (y - 360) ** 2 < 200 ** 2;
        pixels[i] = inDisc ? 240 : Math.round((x / width) * 200);
        pixels[i + 1] = inDisc ? 180 : Math.round((y / height) * 160);
        pixels[i + 2] = inDisc ? 60 : 120;
      }
    }
    writeFileSync(
      pngPath,
      await sharp(pixels, { raw: { width, height, channels: 3 } })
        .png()
        .toBuffer(),
    );
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (workDir) rmSync(workDir, { recursive: true, force: true });
  });

  it('signs in through /api/login, after a wrong password shows the message', async () => {
    admin = await newContext(browser, server);
    page = await admin.newPage();
    await page.goto('/api/login?next=/admin');
    await shown(page.getByRole('heading', { level: 1, name: 'Sign in' }));
    expect(await page.locator('[data-login-message]').isVisible()).toBe(false);
    expect(await submitSignIn(page, ADMIN.email, 'not the password at all')).toBe(INCORRECT);
    expect(await page.getByRole('alert').innerText()).toBe(INCORRECT);

    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill(ADMIN.password);
    await Promise.all([page.waitForURL((url) => url.pathname === '/admin'), page.getByRole('button', { name: 'Sign in' }).click()]);
    await shown(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }));
    await shown(page.getByText(`Signed in as Editor (${ADMIN.email}), owner`));
    // Signed in, the footer offers Logout instead of Admin.
    await shown(page.getByRole('contentinfo').getByRole('link', { name: 'Logout' }));
    expect(await page.getByRole('contentinfo').getByRole('link', { name: 'Admin' }).isVisible()).toBe(false);
  });

  it('changes the home hero by URL, by upload and by preset, and visitors see each new image', async () => {
    await page.goto('/');
    const editImage = page.getByRole('button', { name: 'Edit Image' });
    const dialog = page.getByRole('dialog', { name: 'Edit Hero Image' });
    const heroWrite = isWrite('POST', /^\/api\/hero\/update-image$/);
    const before = await visitorHomeHero();

    // 1. By URL (an absolute http URL of an image this server has).
    const byUrl = `${server.url}/images/cities/kyoto.jpg`;
    expect(before.src).not.toBe(byUrl);
    await editImage.click();
    await shown(dialog);
    expect(await dialog.getByRole('button', { name: 'Update Image' }).isDisabled()).toBe(true);
    await dialog.getByRole('textbox', { name: 'Image URL' }).fill(byUrl);
    await shown(dialog.getByRole('img', { name: 'Preview of the new hero image' }));
    await dialog.getByRole('textbox', { name: 'Alt text' }).fill('Lanterns along a Kyoto lane at dusk');
    await writeAndReload(page, heroWrite, () => dialog.getByRole('button', { name: 'Update Image' }).click());
    await shown(notifications(page).getByText('Hero Image Updated'));
    expect(await visitorHomeHero()).toMatchObject({ src: byUrl, alt: 'Lanterns along a Kyoto lane at dusk' });

    // 2. By uploading a PNG: the server re-encodes it to /uploads/<hash>.jpg plus WebP widths.
    await editImage.click();
    await shown(dialog);
    await dialog.getByRole('tab', { name: 'Upload File' }).click();
    await dialog.locator('input[type="file"]').setInputFiles(pngPath);
    await shown(dialog.getByText('Selected: new-hero.png'));
    await shown(dialog.getByRole('img', { name: 'Preview of the new hero image' }));
    await dialog.getByRole('textbox', { name: 'Alt text' }).fill('A freshly uploaded banner');
    // The update names the path the upload answered; read from the request, which the reload cannot take away.
    const updated = await writeAndReload(page, heroWrite, () => dialog.getByRole('button', { name: 'Update Image' }).click());
    const filePath = (updated.request().postDataJSON() as { imageUrl: string }).imageUrl;
    expect(filePath).toMatch(/^\/uploads\/[\w-]+\.jpg$/);
    const afterUpload = await visitorHomeHero();
    expect(afterUpload).toMatchObject({ src: filePath, alt: 'A freshly uploaded banner' });
    // The browser picked one of the WebP renditions written beside the JPEG.
    expect(new URL(afterUpload.currentSrc).pathname).toMatch(new RegExp(`^${filePath.replace(/\.jpg$/, '')}-\\d+\\.webp$`));

    // 3. By preset.
    await editImage.click();
    await shown(dialog);
    await dialog.getByRole('tab', { name: 'Preset Images' }).click();
    await dialog.getByRole('radio', { name: 'Food Plating' }).check();
    await writeAndReload(page, heroWrite, () => dialog.getByRole('button', { name: 'Update Image' }).click());
    expect(await visitorHomeHero()).toMatchObject({ src: '/images/presets/food-plating.jpg', alt: 'Food Plating' });
  });

  it('adds a text block and an image between paragraphs of a post, edits and deletes a block and the addition', async () => {
    const { post, path } = await cityPost(server, 4);
    const paragraphs = post.content.split(/\n\s*\n/).filter((p) => p.trim() !== '');
    const note = `Editor's note ${Date.now()}: the **second** stall on the left has the better custard.`;
    const noteText = note.replace(/\*\*/g, '');
    await page.goto(path);
    await shown(page.getByRole('group', { name: 'Page editing' }));
    const addDialog = page.getByRole('dialog', { name: 'Add Content' });
    const contentWrite = isWrite('POST', new RegExp(`^/api/posts/${post.id}/content$`));

    // Text after section 1.
    await page.getByRole('button', { name: 'Add content after section 1' }).click();
    await shown(addDialog);
    await addDialog.getByRole('textbox', { name: 'Text' }).fill(note);
    await writeAndReload(page, contentWrite, () => addDialog.getByRole('button', { name: 'Add Content', exact: true }).click());
    await shown(notifications(page).getByText('Content added'));

    // An uploaded image after section 2.
    await page.getByRole('button', { name: 'Add content after section 2' }).click();
    await shown(addDialog);
    await addDialog.getByRole('radio', { name: 'Image' }).check();
    await addDialog.locator('input[type="file"]').setInputFiles(pngPath);
    await shown(addDialog.getByText('Selected: new-hero.png'));
    expect(await addDialog.getByRole('textbox', { name: 'Image URL' }).isDisabled()).toBe(true);
    await addDialog.getByRole('textbox', { name: 'Alt text' }).fill('Custard tarts cooling on a wire rack');
    // The image's address is read from the content write that names it, not from the upload's
    // answer: the page reloads after that write, and a browser keeps no body of a response from
    // before a reload to ask for.
    const added = await writeAndReload(page, contentWrite, () =>
      addDialog.getByRole('button', { name: 'Add Content', exact: true }).click(),
    );
    const imageUrl = (added.request().postDataJSON() as { type: string; content: string }).content;
    expect(imageUrl).toMatch(/^\/uploads\/[\w-]+\.jpg$/);

    /** The body's children in order, as a visitor's static page has them. */
    const visitorBody = (visitor: Page) =>
      visitor.locator('[data-post-body]').evaluate((body) =>
        [...body.children].map((el) => ({
          kind: el.matches('.post-body__section') ? 'section' : el.matches('figure') ? 'image' : 'note',
          position: (el as HTMLElement).dataset.position,
          text: (el.textContent ?? '').replace(/\s+/g, ' ').trim(),
          src: el.querySelector('img')?.getAttribute('src') ?? null,
        })),
      );

    await asVisitor(path, async (visitor) => {
      expect(await visitor.getByRole('button', { name: /Add content|Edit section/ }).count()).toBe(0);
      const body = await visitorBody(visitor);
      expect(body.map((el) => `${el.kind}:${el.position}`).slice(0, 5)).toEqual([
        'section:0',
        'note:1',
        'section:1',
        'image:2',
        'section:2',
      ]);
      expect(body[1]!.text).toBe(noteText);
      expect(body[3]!.src).toBe(imageUrl);
      const strong = visitor.locator('.post-body__note strong');
      expect(await strong.innerText()).toBe('second');
      const img = visitor.locator('.post-body__figure img');
      expect(await img.getAttribute('alt')).toBe('Custard tarts cooling on a wire rack');
      await img.scrollIntoViewIfNeeded();
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    });

    // Edit section 3 (an original paragraph): the editor starts from its Markdown; saving stores a block.
    const edited = `Rewritten third section ${Date.now()}, now with a [map link](https://www.openstreetmap.org/).`;
    const editButton = page.getByRole('button', { name: 'Edit section 3' });
    const editDialog = page.getByRole('dialog', { name: 'Edit section 3' });
    const markdown = editDialog.getByRole('textbox', { name: 'Markdown' });
    await editButton.click();
    await shown(editDialog);
    await expect.poll(() => markdown.inputValue()).toBe(paragraphs[2]!.trim());
    await markdown.fill(edited);
    await writeAndReload(page, isWrite('POST', new RegExp(`^/api/posts/${post.id}/blocks$`)), () =>
      editDialog.getByRole('button', { name: 'Save' }).click(),
    );
    await shown(notifications(page).getByText('Content section saved successfully'));
    const section3 = (visitor: Page) => visitor.locator('.post-body__section[data-position="2"]');
    await asVisitor(path, async (visitor) => {
      expect((await section3(visitor).innerText()).trim()).toBe(edited.replace('[map link](https://www.openstreetmap.org/)', 'map link'));
      expect(await section3(visitor).getByRole('link', { name: 'map link' }).getAttribute('href')).toBe('https://www.openstreetmap.org/');
    });

    // Edit the stored block again (PUT).
    const again = `Edited twice ${Date.now()}.`;
    await editButton.click();
    await shown(editDialog);
    await expect.poll(() => markdown.inputValue()).toBe(edited);
    await markdown.fill(again);
    await writeAndReload(page, isWrite('PUT', new RegExp(`^/api/posts/${post.id}/blocks/\\d+$`)), () =>
      editDialog.getByRole('button', { name: 'Save' }).click(),
    );
    await shown(notifications(page).getByText('Content block updated successfully'));
    await asVisitor(path, async (visitor) => expect((await section3(visitor).innerText()).trim()).toBe(again));

    // Delete the stored block (after the confirmation, which names the edit that goes): the original paragraph is back.
    await editButton.click();
    await shown(editDialog);
    await editDialog.getByRole('button', { name: 'Delete' }).click();
    const question = await shown(editDialog.getByRole('group', { name: 'Are you sure you want to delete this content block?' }));
    expect(await question.innerText()).toContain(`Your edited version of section 3 ('${again}') leaves the page`);
    await writeAndReload(page, isWrite('DELETE', new RegExp(`^/api/posts/${post.id}/blocks/\\d+$`)), () =>
      question.getByRole('button', { name: 'Delete block' }).click(),
    );
    await shown(notifications(page).getByText('Content block deleted successfully'));
    await asVisitor(path, async (visitor) => {
      const text = (await section3(visitor).innerText()).replace(/\s+/g, ' ').trim();
      expect(text).not.toContain('Edited twice');
      expect(text.length).toBeGreaterThan(20);
    });

    // Delete the added text (the image stays).
    await page.getByRole('button', { name: 'Delete added text after section 1' }).click();
    const deleteItem = await shown(page.getByRole('dialog', { name: 'Delete this added text?' }));
    await writeAndReload(page, isWrite('DELETE', new RegExp(`^/api/posts/${post.id}/content/\\d+$`)), () =>
      deleteItem.getByRole('button', { name: 'Delete text' }).click(),
    );
    await asVisitor(path, async (visitor) => {
      const body = await visitorBody(visitor);
      expect(body.some((el) => el.kind === 'note')).toBe(false);
      expect(body.filter((el) => el.kind === 'image').map((el) => el.src)).toEqual([imageUrl]);
    });
  });

  it('refuses to delete an original (unedited) section', async () => {
    const { path } = await cityPost(server, 3);
    await page.goto(path);
    await page.getByRole('button', { name: 'Edit section 1' }).click();
    const editDialog = page.getByRole('dialog', { name: 'Edit section 1' });
    await shown(editDialog);
    let asked = false;
    const onDialog = () => (asked = true);
    page.on('dialog', onDialog);
    try {
      await editDialog.getByRole('button', { name: 'Delete' }).click();
      await shown(notifications(page).getByText(REFUSED_ORIGINAL));
    } finally {
      page.off('dialog', onDialog);
    }
    expect(asked, 'no confirmation is asked for an original section').toBe(false);
    expect(await editDialog.isVisible()).toBe(true);
    // The page behind the modal is out of reach until it closes; then focus is back on the control.
    expect(await exposedRoles(page)).not.toContain('main');
    await editDialog.getByRole('button', { name: 'Cancel' }).click();
    await gone(editDialog);
    expect(await exposedRoles(page)).toContain('main');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent))
      .toBe('Edit section 1');
  });

  it('generates a guide from the sample CSV in /admin/cities', async () => {
    const cityName = 'Meridian Bay';
    await page.goto('/admin/cities');
    await shown(page.getByRole('heading', { level: 1, name: 'Cities' }));
    const generator = page.getByRole('region', { name: 'Generate a city guide' });
    await generator.getByLabel('Itinerary CSV file').setInputFiles(SAMPLE_CSV);
    await generator.getByLabel('City name').fill(cityName);
    await generator.getByLabel(/^Description/).fill('A harbour town of bakeries and grilled sardines.');
    const [response] = await Promise.all([
      page.waitForResponse(isWrite('POST', /^\/api\/admin\/generate-guide$/)),
      generator.getByRole('button', { name: 'Generate Guide' }).click(),
    ]);
    expect(response.status()).toBeLessThan(300);
    const { citySlug, cityName: name } = (await response.json()) as { citySlug: string; cityName: string };
    expect(name).toBe(cityName);
    expect(citySlug).toBe('meridian-bay');
    const toasts = notifications(page);
    await shown(toasts.getByText('Guide Generated!'));
    await shown(toasts.getByText(`/${citySlug}/guide`));
    await expect.poll(() => generator.getByLabel('City name').inputValue()).toBe('');

    await Promise.all([page.waitForURL(`**/${citySlug}/guide`), toasts.getByRole('link', { name: `View the ${cityName} guide` }).click()]);
    await asVisitor(`/${citySlug}/guide`, async (visitor) => {
      await shown(visitor.getByRole('heading', { level: 1 }));
      const itinerary = visitor.getByRole('complementary', { name: `Where to eat in ${cityName}` });
      expect(await itinerary.getByRole('listitem').allInnerTexts()).toEqual([
        expect.stringContaining('Bakehouse Meridian'),
        expect.stringContaining('The Net Loft'),
        expect.stringContaining('Casa Ferrera'),
      ]);
      await shown(itinerary.getByText('+6 more'));
    });
    await asVisitor('/city-guides', async (visitor) => {
      await shown(visitor.getByRole('link', { name: cityName }));
      expect(await visitor.getByRole('link', { name: cityName }).getAttribute('href')).toBe(`/${citySlug}/guide`);
    });
  });

  it('writes a page in /admin/pages, publishes it to the footer, and a reader opens it', async () => {
    await page.goto('/admin/pages');
    await shown(page.getByRole('heading', { level: 1, name: 'Pages' }));
    await page.getByRole('button', { name: 'New page' }).click();
    const editor = page.getByRole('region', { name: 'New page' });
    await editor.getByLabel('Title', { exact: true }).fill('Visiting the Test Kitchen');
    // The address follows the title until it is typed.
    await expect.poll(() => editor.getByLabel('Address').inputValue()).toBe('visiting-the-test-kitchen');
    await editor.getByLabel('Content').fill('## Hours\n\nReaders are welcome on the **first Friday** of the month.');
    await editor.getByLabel('Status').selectOption('published');
    await editor.getByLabel('Show in the footer').check();
    // The search result preview starts from the page's own title and first paragraph, and follows what is typed.
    await editor.getByText('SEO & social').click();
    const serp = editor.getByTestId('serp-preview');
    await expect.poll(() => serp.innerText()).toContain('Readers are welcome on the first Friday of the month.');
    await editor.getByRole('textbox', { name: 'Meta title' }).fill('Cook with us on the first Friday');
    await expect.poll(() => serp.innerText()).toContain('Cook with us on the first Friday');
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `/tmp/forkcast-admin-page-editor-${width}.png`, fullPage: true });
    }
    const [response] = await Promise.all([
      page.waitForResponse(isWrite('POST', /^\/api\/pages$/)),
      editor.getByRole('button', { name: 'Save page' }).click(),
    ]);
    expect(response.status()).toBe(201);
    await shown(notifications(page).getByText('Live at /visiting-the-test-kitchen.'));
    const list = page.getByRole('region', { name: 'Pages' });
    await shown(list.getByRole('link', { name: 'Visiting the Test Kitchen' }));

    await asVisitor('/visiting-the-test-kitchen', async (visitor) => {
      await shown(visitor.getByRole('heading', { level: 1, name: 'Visiting the Test Kitchen' }));
      await shown(visitor.getByRole('heading', { level: 2, name: 'Hours' }));
      expect(await visitor.title()).toBe('Cook with us on the first Friday');
      const footer = visitor.locator('footer.site-footer');
      expect(await footer.getByRole('link', { name: 'Visiting the Test Kitchen' }).getAttribute('href')).toBe('/visiting-the-test-kitchen');
      for (const width of [390, 1280]) {
        await visitor.setViewportSize({ width, height: 900 });
        await visitor.screenshot({ path: `/tmp/forkcast-page-${width}.png`, fullPage: true });
      }
    });
    await page.setViewportSize({ width: 390, height: 900 });
    await page.screenshot({ path: '/tmp/forkcast-admin-pages-390.png', fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: '/tmp/forkcast-admin-pages-1280.png', fullPage: true });

    // Deleting moves it to the trash: readers get the not-found page, and the history section lists it.
    page.once('dialog', (dialog) => void dialog.accept());
    await Promise.all([
      page.waitForResponse(isWrite('DELETE', /^\/api\/pages\/\d+$/)),
      list.getByRole('button', { name: 'Delete Visiting the Test Kitchen' }).click(),
    ]);
    await shown(notifications(page).getByText('Page moved to the trash'));
    expect((await fetch(`${server.url}/visiting-the-test-kitchen`)).status).toBe(404);
    await page.goto('/admin/history');
    await shown(page.getByRole('region', { name: 'Trash' }).getByText('Visiting the Test Kitchen'));
    await page.screenshot({ path: '/tmp/forkcast-admin-trash-page-1280.png', fullPage: true });
  });

  it('edits About in place: its title and text, saved with its version, and the reloaded page shows them', async () => {
    await page.goto('/about');
    const toolbar = page.getByRole('group', { name: 'Page editing' });
    // The toolbar sits clear of the intro's rule and inside the page's margins, at either width.
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      const intro = (await page.locator('main > :first-child').boundingBox())!;
      const bar = (await toolbar.boundingBox())!;
      expect(bar.y, `at ${width} px`).toBeGreaterThan(intro.y + intro.height);
      expect(bar.x, `at ${width} px`).toBeGreaterThanOrEqual(16);
      expect(bar.x + bar.width, `at ${width} px`).toBeLessThanOrEqual(width - 16);
    }
    await toolbar.getByRole('button', { name: 'Edit this page' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit this page' });
    const text = dialog.getByLabel('Markdown');
    await expect.poll(() => text.inputValue()).toContain('# We plan our trips around lunch');
    await dialog.getByLabel('Title').fill('About Us');
    await text.fill((await text.inputValue()).replace('We plan our trips around lunch', 'We still plan our trips around lunch'));
    const saved = await writeAndReload(page, isWrite('PATCH', /^\/api\/pages\/\d+$/), () =>
      dialog.getByRole('button', { name: 'Save' }).click(),
    );
    expect(saved.request().headers()['if-match']).toBe('"1"');
    await shown(page.getByRole('heading', { level: 1, name: 'We still plan our trips around lunch' }));
    expect(await page.title()).toBe('About Us | Forkcast');
    await asVisitor('/about', async (visitor) => {
      await shown(visitor.getByRole('heading', { level: 1, name: 'We still plan our trips around lunch' }));
      expect(await visitor.getByRole('group', { name: 'Page editing' }).count()).toBe(0);
    });
  });

  it('deletes a newsletter subscriber in /admin', async () => {
    const email = `leaving-${Date.now()}@example.com`;
    const subscribe = await fetch(`${server.url}/api/newsletter/subscribe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    });
    expect(subscribe.ok).toBe(true);
    await page.goto('/admin/newsletter');
    const table = page.getByRole('region', { name: 'Subscribers table' });
    const row = table.getByRole('row').filter({ hasText: email });
    await shown(row);
    await Promise.all([
      page.waitForResponse(isWrite('DELETE', /^\/api\/newsletter\/subscribers\/\d+$/)),
      row.getByRole('button', { name: `Delete ${email}` }).click(),
    ]);
    await shown(notifications(page).getByText('Subscriber deleted'));
    await gone(row);
    const cookie = await adminCookie(server);
    const list = (await (await fetch(`${server.url}/api/newsletter/subscribers`, { headers: { cookie } })).json()) as { email: string }[];
    expect(list.map((s) => s.email)).not.toContain(email);
  });

  it('signs out: the editing controls are gone and /admin sends to the sign-in page', async () => {
    const { path } = await cityPost(server, 3);
    await page.goto(path);
    await shown(page.getByRole('button', { name: 'Edit section 1' }));
    const session = (await admin.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    await Promise.all([
      page.waitForURL((url) => url.pathname === '/'),
      page.getByRole('contentinfo').getByRole('link', { name: 'Logout' }).click(),
    ]);
    await shown(page.getByRole('contentinfo').getByRole('link', { name: 'Admin' }));
    expect(await page.getByRole('contentinfo').getByRole('link', { name: 'Logout' }).isVisible()).toBe(false);
    expect(await page.evaluate(() => 'admin' in document.documentElement.dataset)).toBe(false);
    expect(await page.getByRole('button', { name: 'Edit Image' }).count()).toBe(0);

    await page.goto(path, { waitUntil: 'load' });
    await shown(page.getByRole('heading', { level: 1 }));
    // The head script that boots the editor (only for a signed-in hint cookie) has run and stood down.
    expect(await page.evaluate(() => 'admin' in document.documentElement.dataset)).toBe(false);
    expect(await page.getByRole('button', { name: /Edit section|Add content|Edit Image/ }).count()).toBe(0);
    // The old session cookie is worthless now.
    const post = await getJson<SeedPost>(server, `/api/posts/${path.split('/').pop()}`);
    const write = await fetch(`${server.url}/api/posts/${post.id}/content`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: session },
      body: JSON.stringify({ type: 'text', content: 'after logout', position: 1 }),
    });
    expect(write.status).toBe(401);

    await page.goto('/admin');
    await shown(notifications(page).getByText('Unauthorized'));
    await page.waitForURL((url) => url.pathname === '/api/login' && url.searchParams.get('next') === '/admin');
    await shown(page.getByRole('heading', { level: 1, name: 'Sign in' }));
  });

  // Last: it leaves this address throttled.
  it('throttles repeated wrong passwords with a doubling wait', async () => {
    const context = await newContext(browser, server);
    try {
      const login = await context.newPage();
      await login.goto('/api/login');
      const started = Date.now();
      for (let attempt = 1; attempt <= 5; attempt++)
        expect(await submitSignIn(login, ADMIN.email, `wrong guess ${attempt}`), `attempt ${attempt}`).toBe(INCORRECT);
      // The 5 free failures are spent: further attempts wait 2 s (if the machine was slow enough
      // for that to pass, one more failure is counted and the wait is 4 s, and so on).
      let failures = 5;
      let message = await submitSignIn(login, ADMIN.email, 'wrong guess 6');
      while (message === INCORRECT && failures < 8) {
        failures++;
        message = await submitSignIn(login, ADMIN.email, `wrong guess ${failures + 1}`);
      }
      const first = TOO_MANY.exec(message);
      expect(first, message).not.toBeNull();
      const base = 2 * 2 ** (failures - 5);
      expect(Number(first![1])).toBeGreaterThanOrEqual(1);
      expect(Number(first![1])).toBeLessThanOrEqual(base);
      // While throttled, even the right password is refused.
      expect(await submitSignIn(login, ADMIN.email, ADMIN.password)).toMatch(TOO_MANY);
      expect(login.url()).toContain('/api/login');

      // Once the wait has passed an attempt is checked again; failing it doubles the wait.
      await expect
        .poll(() => submitSignIn(login, ADMIN.email, 'one more wrong guess'), { timeout: (base + 20) * 1000, interval: 250 })
        .toBe(INCORRECT);
      expect(Date.now() - started).toBeGreaterThanOrEqual(base * 1000);
      const second = TOO_MANY.exec(await submitSignIn(login, ADMIN.email, 'and another'));
      expect(second).not.toBeNull();
      expect(Number(second![1])).toBeLessThanOrEqual(2 * base);
      expect(Number(second![1])).toBeGreaterThanOrEqual(1);
    } finally {
      await context.close();
    }
  });
});
