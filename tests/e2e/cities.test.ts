import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminContext, gone, launchBrowser, shown, startServer, type RunningServer } from './support.ts';

/** What a fresh visitor gets for a path: status and, for a redirect, where it points. */
async function visit(server: RunningServer, path: string): Promise<{ status: number; location: string | null; body: string }> {
  const response = await fetch(`${server.url}${path}`, { redirect: 'manual' });
  return { status: response.status, location: response.headers.get('location'), body: await response.text() };
}

// A city's whole life in the admin, checked from a fresh visitor's side at every step.
describe('creating, re-slugging and deleting a city in the city editor', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let cityEditor: string;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    context = await adminContext(browser, server);
    page = await context.newPage();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const citiesList = () => page.getByRole('region', { name: 'Cities', exact: true });

  it('creates a city from the cities list, its slug derived from its name', async () => {
    await page.goto('/admin/cities');
    await citiesList().getByRole('link', { name: 'New city' }).click();
    await page.waitForURL('**/admin/city');
    await page.getByRole('textbox', { name: 'Name' }).fill('Oporto');
    const slug = page.getByRole('textbox', { name: 'Slug' });
    expect(await slug.getAttribute('placeholder')).toBe('oporto');
    await shown(page.getByText(`${new URL(server.url).host}/oporto/guide`));
    await page.getByRole('textbox', { name: /^Country/ }).fill('Portugal');
    await page.getByRole('textbox', { name: 'Description' }).fill('Francesinhas, tripas and the port lodges across the river.');
    await page.getByRole('radio', { name: 'European City' }).check();
    await page.getByRole('button', { name: 'Create city' }).click();
    await page.waitForURL(/\/admin\/city\?id=\d+$/);
    cityEditor = new URL(page.url()).pathname + new URL(page.url()).search;
    await shown(page.getByText('All changes saved'));
    // No guide yet, so no page of it anywhere.
    expect((await visit(server, '/oporto/guide')).status).toBe(404);
    expect((await visit(server, '/city-guides')).body).not.toContain('/oporto/guide');
  });

  it('gives it a guide from the city editor, and the guide goes live', async () => {
    await page.getByRole('link', { name: 'Write its guide' }).click();
    await page.waitForURL('**/admin/editor?type=guide&cityId=*');
    expect(await page.getByRole('combobox', { name: 'Type' }).inputValue()).toBe('guide');
    await shown(page.getByRole('link', { name: 'Edit Oporto’s city settings' }));
    await page.getByRole('textbox', { name: 'Title' }).fill('Oporto, slowly');
    await page.getByRole('textbox', { name: 'Body (Markdown)' }).click();
    await page.keyboard.type('Start at the Bolhão market, end at a tasca by the river.');
    await page.waitForURL(/\/admin\/editor\?id=\d+$/);
    await shown(page.getByText('All changes saved'));
    await page.getByRole('button', { name: 'Publish now' }).click();
    await shown(page.getByText('This post is live: Update publishes your changes to readers at once.'));
    expect((await visit(server, '/oporto/guide')).status).toBe(200);
    expect((await visit(server, '/city-guides')).body).toContain('/oporto/guide');
  });

  it("renames and re-slugs it from the guide's city link, and the old address answers 301", async () => {
    await page.getByRole('link', { name: 'Edit Oporto’s city settings' }).click();
    await page.waitForURL(`**${cityEditor}`);
    const guide = page.getByRole('region', { name: 'Guide and posts' });
    await shown(guide.getByText('Published'));
    await page.getByRole('textbox', { name: 'Name' }).fill('Porto');
    await page.getByRole('button', { name: 'Use “porto” from the name' }).click();
    await shown(page.getByText('The old address, /oporto/guide, will redirect here.'));
    await page.getByRole('button', { name: 'Save' }).click();
    await shown(page.getByText('All changes saved'));
    const old = await visit(server, '/oporto/guide');
    expect([old.status, old.location]).toEqual([301, '/porto/guide']);
    expect((await visit(server, '/porto/guide')).status).toBe(200);
    expect((await visit(server, '/city-guides')).body).toContain('/porto/guide');
  });

  it("refuses to delete it while a post belongs to it, with the API's message", async () => {
    await page.getByRole('button', { name: 'Delete city' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Porto?' });
    expect(await dialog.innerText()).toContain("'Porto' is deleted, with");
    await dialog.getByRole('button', { name: 'Delete' }).click();
    expect(await (await shown(dialog.getByRole('alert'))).innerText()).toBe(
      'Porto cannot be deleted: 1 post belongs to it. Move them to another city or delete them first.',
    );
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await gone(dialog);
    expect((await visit(server, '/porto/guide')).status).toBe(200);
  });

  it('deletes it once empty, from the cities list, and its pages go', async () => {
    // Empty it: delete its guide in the post editor.
    await page.getByRole('link', { name: 'Edit the guide' }).click();
    await page.waitForURL(/\/admin\/editor\?id=\d+$/);
    await page.getByRole('button', { name: 'Delete post' }).click();
    const confirmPost = page.getByRole('dialog', { name: 'Delete this post?' });
    await Promise.all([page.waitForURL('**/admin'), confirmPost.getByRole('button', { name: 'Delete' }).click()]);

    await page.goto('/admin/cities');
    const row = citiesList().getByRole('row').filter({ hasText: 'Porto' });
    await shown(row.getByText('No guide'));
    await row.getByRole('link', { name: 'Porto' }).click();
    await page.waitForURL(`**${cityEditor}`);
    await page.getByRole('button', { name: 'Delete city' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Porto?' });
    await Promise.all([page.waitForURL('**/admin/cities'), dialog.getByRole('button', { name: 'Delete' }).click()]);
    await shown(citiesList().getByRole('link', { name: 'Kyoto' }));
    expect(await citiesList().getByRole('link', { name: 'Porto' }).count()).toBe(0);
    expect((await visit(server, '/api/cities/porto')).status).toBe(404);
    expect((await visit(server, '/porto/guide')).status).toBe(404);
    expect((await visit(server, '/city-guides')).body).not.toContain('/porto/guide');
  });
});
