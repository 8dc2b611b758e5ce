import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { formatPublishFailure, PUBLISH_HEADER } from '@forkcast/shared/contracts';
import { mockLocationAssign } from '../Dashboard.test-utils';
import { currentToast, imageFile, json, noContent, PUBLISHED, stubApi, writes, type ApiCall } from '../test-api';
import { mediaItem, mediaPage } from '../media/media.test-utils';
import CityEditor from './CityEditor';

function city(overrides: Record<string, unknown> = {}) {
  return {
    id: 7,
    slug: 'porto',
    name: 'Porto',
    country: 'Portugal',
    description: 'Francesinhas and port lodges.',
    heroImage: '/images/cities/porto.jpg',
    heroAlt: 'The Dom Luís bridge at dusk',
    mapEmbedUrl: 'https://www.openstreetmap.org/export/embed.html?bbox=1',
    itineraryUrl: null,
    spreadsheetUrl: null,
    displayOrder: 3,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    url: '/porto/guide',
    postCount: 0,
    restaurantCount: 0,
    guide: null,
    version: 12,
    ...overrides,
  };
}

const LIVE = { postCount: 3, restaurantCount: 12, guide: { id: 40, title: 'Porto, slowly', status: 'published', publishAt: null } };
const OTHERS = [city({ id: 1, slug: 'lisbon', name: 'Lisbon' }), city({ id: 2, slug: 'braga', name: 'Braga' })];
/** What PATCH /api/cities/7 answers: the city with the change applied. */
const patched =
  (base: Record<string, unknown>) =>
  ({ body }: ApiCall) =>
    json(200, city({ ...base, ...(body as object) }), PUBLISHED);

function open(search: string) {
  window.history.replaceState(null, '', `/admin/city${search}`);
  render(<CityEditor />);
}

const field = (name: string | RegExp) => screen.getByRole('textbox', { name });
const isInvalid = (element: HTMLElement) => element.getAttribute('aria-invalid') === 'true';
/** The text an input's aria-describedby points at. */
const description = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');

beforeEach(() => {
  window.history.replaceState(null, '', '/admin/city');
});

describe('the city editor', () => {
  describe('a new city', () => {
    it('derives the slug from the name as it is typed and shows the address it gives', async () => {
      stubApi({ 'GET /api/admin/cities': () => json(200, [...OTHERS, city()]) });
      open('');
      const user = userEvent.setup();
      const slug = await screen.findByRole('textbox', { name: 'Slug' });
      await user.type(field('Name'), 'São Paulo');
      expect(slug.getAttribute('placeholder')).toBe('sao-paulo');
      expect(screen.getByText('Unsaved changes')).toBeTruthy();
      expect(description(slug)).toContain(`${window.location.host}/sao-paulo/guide`);
      expect(description(slug)).toContain('once its guide is published');
      // Another city's slug and a page of the site are never offered.
      await user.clear(field('Name'));
      await user.type(field('Name'), 'Porto');
      await waitFor(() => expect(slug.getAttribute('placeholder')).toBe('porto-2'));
      await user.clear(field('Name'));
      await user.type(field('Name'), 'Posts');
      expect(slug.getAttribute('placeholder')).toBe('posts-2');
      // A slug typed by hand is the one shown and sent.
      await user.type(slug, 'oporto');
      expect(description(slug)).toContain('/oporto/guide');
    });

    it('creates the city with what was filled in, then edits it by id and offers to write its guide', async () => {
      const calls = stubApi({
        'GET /api/admin/cities': () => json(200, OTHERS),
        'POST /api/cities': ({ body }) =>
          json(201, city({ ...(body as object), slug: 'porto', heroImage: null, heroAlt: 'Porto' }), PUBLISHED),
        'GET /api/admin/cities/7': () => json(200, city({ heroImage: null, heroAlt: 'Porto', mapEmbedUrl: null })),
      });
      open('');
      const user = userEvent.setup();
      await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Porto');
      await user.type(field(/^Country/), 'Portugal');
      await user.click(screen.getByRole('button', { name: 'Create city' }));
      await waitFor(() => expect(writes(calls)).toHaveLength(1));
      expect(writes(calls)[0]).toEqual({ method: 'POST', url: '/api/cities', body: { name: 'Porto', country: 'Portugal' } });
      await waitFor(() => expect(window.location.search).toBe('?id=7'));
      expect(currentToast()).toEqual({ title: 'City created', description: 'Published in 42 ms' });
      expect(await screen.findByText('All changes saved')).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);
      const guide = await screen.findByRole('region', { name: 'Guide and posts' });
      expect(within(guide).getByText('No guide')).toBeTruthy();
      expect(within(guide).getByRole('link', { name: 'Write its guide' }).getAttribute('href')).toBe('/admin/editor?type=guide&cityId=7');
    });

    it('asks for a name before sending anything, beside the name', async () => {
      const calls = stubApi({ 'GET /api/admin/cities': () => json(200, OTHERS) });
      open('');
      const user = userEvent.setup();
      await user.type(await screen.findByRole('textbox', { name: /^Country/ }), 'Portugal');
      await user.keyboard('{Control>}s{/Control}');
      const name = field('Name');
      expect(isInvalid(name)).toBe(true);
      expect(description(name)).toBe('Name is required.');
      expect(document.activeElement).toBe(name);
      expect(writes(calls)).toEqual([]);
    });
  });

  describe('an existing city someone else changed meanwhile', () => {
    const THEIRS_AT = '2026-02-01T08:00:00.000Z';
    function api() {
      let current = city({ description: 'Francesinhas, port lodges and tiles.', version: 15 });
      let stale = true;
      return stubApi({
        'GET /api/admin/cities': () => json(200, OTHERS),
        'GET /api/admin/cities/7': () => json(200, stale ? city() : current),
        'PATCH /api/cities/7': ({ body, ifMatch }) => {
          if (ifMatch !== '"15"') {
            stale = false;
            return json(412, {
              message: 'ben@forkcast.test changed this city.',
              code: 'stale_version',
              currentVersion: 15,
              changedBy: 'ben@forkcast.test',
              changedAt: THEIRS_AT,
              changes: [
                { label: 'Description', parts: [{ value: 'Francesinhas' }, { value: ' and', removed: true }, { value: ',', added: true }] },
              ],
            });
          }
          current = city({ ...current, ...(body as object), version: 16 });
          return json(200, current, PUBLISHED);
        },
      });
    }

    it('shows theirs beside mine, and applies mine on top made to their version', async () => {
      const calls = api();
      open('?id=7');
      const user = userEvent.setup();
      await screen.findByRole('heading', { level: 1, name: 'Edit Porto' });
      await user.clear(field(/^Country/));
      await user.type(field(/^Country/), 'Portugal (north)');
      await user.click(screen.getByRole('button', { name: 'Save' }));
      const conflict = await screen.findByRole('alert', { name: /^ben@forkcast\.test changed this city at / });
      expect(within(conflict).getByRole('region', { name: 'Their change (ben@forkcast.test)' }).textContent).toContain('Description');
      expect(within(conflict).getByRole('region', { name: 'Your change' }).textContent).toContain('added: (north)');
      await user.click(within(conflict).getByRole('button', { name: 'Apply my edit on top' }));
      await waitFor(() => expect(writes(calls)).toHaveLength(2));
      expect(writes(calls)[1]).toMatchObject({ body: { country: 'Portugal (north)' }, ifMatch: '"15"' });
      expect(await screen.findByText('All changes saved')).toBeTruthy();
      expect(field('Description')).toHaveProperty('value', 'Francesinhas, port lodges and tiles.');
    });
  });

  describe('an existing city', () => {
    it('loads every field, and saves only what changed', async () => {
      const calls = stubApi({
        'GET /api/admin/cities': () => json(200, OTHERS),
        'GET /api/admin/cities/7': () => json(200, city()),
        'PATCH /api/cities/7': patched({}),
      });
      open('?id=7');
      expect(screen.getByRole('status').textContent).toBe('Loading the city…');
      const user = userEvent.setup();
      expect(await screen.findByRole('heading', { level: 1, name: 'Edit Porto' })).toBeTruthy();
      expect(field('Name')).toHaveProperty('value', 'Porto');
      expect(field('Slug')).toHaveProperty('value', 'porto');
      expect(field(/^Country/)).toHaveProperty('value', 'Portugal');
      expect(field('Description')).toHaveProperty('value', 'Francesinhas and port lodges.');
      expect(field('Or paste an image URL')).toHaveProperty('value', '/images/cities/porto.jpg');
      expect(field('Alt text')).toHaveProperty('value', 'The Dom Luís bridge at dusk');
      expect(field(/^Map embed address/)).toHaveProperty('value', 'https://www.openstreetmap.org/export/embed.html?bbox=1');
      expect(field(/^Itinerary spreadsheet/)).toHaveProperty('value', '');
      expect(screen.getByRole('spinbutton', { name: 'Display order' })).toHaveProperty('value', '3');
      const save = screen.getByRole('button', { name: 'Save' });
      expect(save).toHaveProperty('disabled', true);

      await user.clear(field(/^Map embed address/));
      await user.type(field(/^Itinerary spreadsheet/), 'https://sheets.example/porto');
      const order = screen.getByRole('spinbutton', { name: 'Display order' });
      await user.clear(order);
      await user.type(order, '1');
      await user.click(save);
      await waitFor(() => expect(writes(calls)).toHaveLength(1));
      expect(writes(calls)[0]!.body).toEqual({ mapEmbedUrl: null, spreadsheetUrl: 'https://sheets.example/porto', displayOrder: 1 });
      expect(writes(calls)[0]!.ifMatch).toBe('"12"');
      expect(await screen.findByText('All changes saved')).toBeTruthy();
      expect(currentToast()).toEqual({ title: 'City saved', description: 'Published in 42 ms' });
    });

    it('renames and re-slugs a live city, saying the old address will redirect', async () => {
      const calls = stubApi({
        'GET /api/admin/cities': () => json(200, OTHERS),
        'GET /api/admin/cities/7': () => json(200, city({ ...LIVE, slug: 'oporto', name: 'Oporto', url: '/oporto/guide' })),
        'PATCH /api/cities/7': patched(LIVE),
      });
      open('?id=7');
      const user = userEvent.setup();
      const name = await screen.findByRole('textbox', { name: 'Name' });
      expect(screen.getByRole('link', { name: 'View guide' }).getAttribute('href')).toBe('/oporto/guide');
      await user.clear(name);
      await user.type(name, 'Porto');
      const slug = field('Slug');
      expect(slug).toHaveProperty('value', 'oporto');
      await user.click(screen.getByRole('button', { name: 'Use “porto” from the name' }));
      expect(slug).toHaveProperty('value', 'porto');
      expect(description(slug)).toContain(`${window.location.host}/porto/guide`);
      expect(description(slug)).toContain('The old address, /oporto/guide, will redirect here.');
      await user.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() =>
        expect(writes(calls)).toEqual([{ method: 'PATCH', url: '/api/cities/7', body: { name: 'Porto', slug: 'porto' }, ifMatch: '"12"' }]),
      );
      await waitFor(() => expect(screen.queryByRole('button', { name: /from the name/ })).toBeNull());
    });

    it('shows a refusal beside the field the API names, and one it does not place above the form', async () => {
      let answer = json(409, { message: 'Another city (Lisbon) already uses that slug.', code: 'conflict', field: 'slug' });
      stubApi({
        'GET /api/admin/cities': () => json(200, OTHERS),
        'GET /api/admin/cities/7': () => json(200, city()),
        'PATCH /api/cities/7': () => answer,
      });
      open('?id=7');
      const user = userEvent.setup();
      const slug = await screen.findByRole('textbox', { name: 'Slug' });
      await user.clear(slug);
      await user.type(slug, 'lisbon');
      await user.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(isInvalid(slug)).toBe(true));
      expect(description(slug)).toContain('Another city (Lisbon) already uses that slug.');
      expect(document.activeElement).toBe(slug);
      expect(currentToast()).toEqual({ title: 'Not saved', description: 'Another city (Lisbon) already uses that slug.' });
      // Typing there again clears its message.
      await user.type(slug, '-2');
      expect(isInvalid(slug)).toBe(false);

      answer = json(500, { message: 'Something went wrong on our side. Please try again.', code: 'internal_error' });
      await user.click(screen.getByRole('button', { name: 'Save' }));
      expect((await screen.findByRole('alert')).textContent).toBe('Something went wrong on our side. Please try again.');
    });

    it("says 'Saved, but not live yet' when the city's pages could not be published", async () => {
      stubApi({
        'GET /api/admin/cities': () => json(200, OTHERS),
        'GET /api/admin/cities/7': () => json(200, city()),
        'PATCH /api/cities/7': () => json(200, city({ description: 'New.' }), { [PUBLISH_HEADER]: formatPublishFailure('disk full') }),
      });
      open('?id=7');
      const user = userEvent.setup();
      await user.clear(await screen.findByRole('textbox', { name: 'Description' }));
      await user.type(field('Description'), 'New.');
      await user.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(currentToast()?.title).toBe('Saved, but not live yet'));
    });

    it('asks before leaving with unsaved changes, and not otherwise', async () => {
      stubApi({ 'GET /api/admin/cities': () => json(200, OTHERS), 'GET /api/admin/cities/7': () => json(200, city()) });
      open('?id=7');
      const user = userEvent.setup();
      const name = await screen.findByRole('textbox', { name: 'Name' });
      const leave = () => {
        const event = new Event('beforeunload', { cancelable: true });
        window.dispatchEvent(event);
        return event.defaultPrevented;
      };
      expect(leave()).toBe(false);
      await user.type(name, '!');
      expect(leave()).toBe(true);
    });

    it('says so when the city does not exist', async () => {
      stubApi({
        'GET /api/admin/cities': () => json(200, OTHERS),
        'GET /api/admin/cities/99': () => json(404, { message: 'City not found.', code: 'not_found' }),
      });
      open('?id=99');
      // Queries ask twice before giving up (the shared rule), a second apart.
      expect((await screen.findByRole('alert', {}, { timeout: 3000 })).textContent).toContain('City not found.');
      expect(screen.getByRole('link', { name: 'Back to the dashboard' }).getAttribute('href')).toBe('/admin');
    });
  });

  describe('the hero image', () => {
    it('sends a preset with its own name as the alt text', async () => {
      const calls = stubApi({
        'GET /api/admin/cities': () => json(200, OTHERS),
        'GET /api/admin/cities/7': () => json(200, city()),
        'PATCH /api/cities/7': patched({}),
      });
      open('?id=7');
      const user = userEvent.setup();
      await user.click(await screen.findByRole('radio', { name: 'European City' }));
      await user.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() =>
        expect(writes(calls)[0]?.body).toEqual({ heroImage: '/images/presets/european-city.jpg', heroAlt: 'European City' }),
      );
    });

    it('takes an image from the media library with its alt text', async () => {
      const calls = stubApi({
        'GET /api/admin/cities': () => json(200, OTHERS),
        'GET /api/admin/cities/7': () => json(200, city()),
        'GET /api/media?page=1': () =>
          json(200, mediaPage([mediaItem({ id: 3, originalName: 'ribeira.jpg', alt: 'Boats moored along the Ribeira' })])),
        'PATCH /api/cities/7': patched({}),
      });
      open('?id=7');
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Choose from the media library' }));
      const dialog = await screen.findByRole('dialog', { name: 'Choose an image' });
      await user.click(await within(dialog).findByRole('button', { name: /ribeira\.jpg/ }));
      await user.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() =>
        expect(writes(calls)[0]?.body).toEqual({
          heroImage: '/uploads/0123456789abcdef01234567.jpg',
          heroAlt: 'Boats moored along the Ribeira',
        }),
      );
    });

    it('uploads a chosen photo first, through the image pipeline, and saves its address with the alt text typed', async () => {
      const calls = stubApi({
        'GET /api/admin/cities': () => json(200, OTHERS),
        'GET /api/admin/cities/7': () => json(200, city()),
        'POST /api/upload/hero-image': () => json(201, { filePath: '/uploads/abc.jpg' }),
        'PATCH /api/cities/7': patched({}),
      });
      open('?id=7');
      const user = userEvent.setup();
      await user.upload(await screen.findByLabelText('Upload an image'), imageFile('ribeira.png'));
      await user.click(screen.getByRole('button', { name: 'Save' }));
      // An upload has no description until the editor writes one.
      const alt = field('Alt text');
      expect(isInvalid(alt)).toBe(true);
      expect(description(alt)).toContain('Describe the image for readers who cannot see it.');
      expect(writes(calls)).toEqual([]);
      await user.type(alt, 'Boats moored along the Ribeira');
      await user.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(writes(calls)).toHaveLength(2));
      expect(writes(calls)[0]).toMatchObject({ method: 'POST', url: '/api/upload/hero-image' });
      expect(writes(calls)[1]!.body).toEqual({ heroImage: '/uploads/abc.jpg', heroAlt: 'Boats moored along the Ribeira' });
    });

    it('saves nothing when the upload fails, and says why at the image', async () => {
      const calls = stubApi({
        'GET /api/admin/cities': () => json(200, OTHERS),
        'GET /api/admin/cities/7': () => json(200, city()),
        'POST /api/upload/hero-image': () => json(413, { message: 'That file is larger than 10 MB.', code: 'file_too_large' }),
      });
      open('?id=7');
      const user = userEvent.setup();
      await user.upload(await screen.findByLabelText('Upload an image'), imageFile('huge.png'));
      await user.type(field('Alt text'), 'A view');
      await user.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() =>
        expect(document.querySelector('[id$="-hero-error"][role=alert]')?.textContent).toBe('That file is larger than 10 MB.'),
      );
      expect(currentToast()).toEqual({ title: 'Upload Failed', description: 'That file is larger than 10 MB.' });
      expect(writes(calls).map((call) => call.url)).toEqual(['/api/upload/hero-image']);
    });

    it('removes the hero when it is cleared', async () => {
      const calls = stubApi({
        'GET /api/admin/cities': () => json(200, OTHERS),
        'GET /api/admin/cities/7': () => json(200, city()),
        'PATCH /api/cities/7': patched({}),
      });
      open('?id=7');
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Clear hero image' }));
      await user.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(writes(calls)[0]?.body).toEqual({ heroImage: null }));
    });
  });

  describe('the guide and deleting', () => {
    it("links to the city's guide in the post editor and on the site", async () => {
      stubApi({ 'GET /api/admin/cities': () => json(200, OTHERS), 'GET /api/admin/cities/7': () => json(200, city(LIVE)) });
      open('?id=7');
      const guide = await screen.findByRole('region', { name: 'Guide and posts' });
      expect(within(guide).getByText('Published')).toBeTruthy();
      expect(within(guide).getByRole('link', { name: 'Edit the guide' }).getAttribute('href')).toBe('/admin/editor?id=40');
      expect(within(guide).getByRole('link', { name: 'View it on the site' }).getAttribute('href')).toBe('/porto/guide');
      expect(guide.textContent).toContain('3 posts belong to it, its guide included; its itinerary has 12 places.');
    });

    it("confirms naming what is lost, and shows the API's refusal while posts belong to the city", async () => {
      stubApi({
        'GET /api/admin/cities': () => json(200, OTHERS),
        'GET /api/admin/cities/7': () => json(200, city(LIVE)),
        'DELETE /api/cities/7': () =>
          json(409, {
            message: 'Porto cannot be deleted: 3 posts belong to it. Move them to another city or delete them first.',
            code: 'conflict',
          }),
      });
      open('?id=7');
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Delete city' }));
      const dialog = await screen.findByRole('dialog', { name: 'Delete Porto?' });
      expect(dialog.textContent).toContain(
        "'Porto' is deleted, with its itinerary of 12 places, its description, hero image, map and spreadsheet settings. It waits in the trash on /admin/history for 30 days, where Restore brings it all back.",
      );
      await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
      expect((await within(dialog).findByRole('alert')).textContent).toBe(
        'Porto cannot be deleted: 3 posts belong to it. Move them to another city or delete them first.',
      );
    });

    it('deletes an empty city and goes back to the cities', async () => {
      const calls = stubApi({
        'GET /api/admin/cities': () => json(200, OTHERS),
        'GET /api/admin/cities/7': () => json(200, city()),
        'DELETE /api/cities/7': () => noContent(PUBLISHED),
      });
      open('?id=7');
      const assign = mockLocationAssign();
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Delete city' }));
      const dialog = await screen.findByRole('dialog', { name: 'Delete Porto?' });
      await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
      await waitFor(() => expect(assign).toHaveBeenCalledWith('/admin/cities'));
      expect(writes(calls)).toEqual([{ method: 'DELETE', url: '/api/cities/7', body: undefined, ifMatch: '"12"' }]);
      expect(currentToast()).toEqual({ title: 'City deleted', description: 'Published in 42 ms' });
    });
  });
});
