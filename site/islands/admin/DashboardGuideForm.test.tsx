import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { queryClient } from '../shared/query-client';
import { DashboardGuideForm } from './DashboardGuideForm';
import type { GuidePreview } from '@forkcast/shared/contracts';
import { callsTo, currentToast, deferred, json, mockFetch, renderInRoot, type FetchCall } from './Dashboard.test-utils';

const GENERATE = 'POST /api/admin/generate-guide';
const UPLOAD = 'POST /api/upload/hero-image';
const csv = (name = 'lisbon.csv') => new File(['Restaurant\nTasca do Chico\n'], name, { type: 'text/csv' });
const photo = () => new File([new Uint8Array([0xff, 0xd8, 0xff])], 'hero.jpg', { type: 'image/jpeg' });

function setup() {
  // The CSV input's accept attribute is advice to the browser; the form checks the name itself.
  const user = userEvent.setup({ applyAccept: false });
  renderInRoot(<DashboardGuideForm />);
  const field = {
    csv: screen.getByLabelText<HTMLInputElement>('Itinerary CSV file'),
    city: screen.getByLabelText<HTMLInputElement>('City name'),
    description: screen.getByLabelText<HTMLTextAreaElement>(/^Description/),
    heroFile: screen.getByLabelText<HTMLInputElement>('Upload an image'),
    heroUrl: screen.getByLabelText<HTMLInputElement>('Or paste an image URL'),
  };
  const submit = () => user.click(screen.getByRole('button', { name: /Generate Guide/ }));
  return { user, field, submit };
}

const altField = () => screen.getByRole('textbox', { name: 'Alt text' });

const isDryRun = (call: FetchCall) => call.body instanceof FormData && call.body.get('dryRun') === 'true';
/** The forms the generator sent for real (the dry run that asks what would change is left out). */
const sent = (fetchMock: ReturnType<typeof mockFetch>, key = GENERATE) =>
  callsTo(fetchMock, key)
    .filter((call) => !isDryRun(call))
    .map((call) => call.body as FormData);

const NEW_CITY: GuidePreview = {
  cityName: 'Lisbon',
  citySlug: 'lisbon',
  exists: false,
  guideRegenerated: false,
  restaurants: { added: ['Tasca do Chico'], removed: [], changed: [], unchanged: 0 },
};
/** The generator's route: the dry run answers `preview`, the upload itself `answer`. */
const generating =
  (answer: Response | Promise<Response> | ((call: FetchCall) => Response | Promise<Response>), preview: GuidePreview = NEW_CITY) =>
  async (call: FetchCall) => {
    if (isDryRun(call)) return json(200, preview);
    return typeof answer === 'function' ? answer(call) : (await answer).clone();
  };

describe('the guide generator', () => {
  it('links the sample CSV', () => {
    setup();
    expect(screen.getByRole('link', { name: 'Download the sample CSV' }).getAttribute('href')).toBe('/samples/itinerary-sample.csv');
  });

  it('refuses a file whose name does not end in .csv as soon as it is chosen', async () => {
    const { user, field } = setup();
    await user.upload(field.csv, new File(['x'], 'itinerary.xlsx'));
    expect(currentToast()).toMatchObject({ title: 'Invalid File', description: 'Please upload a CSV file' });
    expect(field.csv.files).toHaveLength(0);
    await user.upload(field.csv, csv('LISBON.CSV'));
    expect(field.csv.files?.[0]?.name).toBe('LISBON.CSV');
  });

  it('asks for both a CSV file and a city name before sending anything', async () => {
    const fetchMock = mockFetch({});
    const { user, field, submit } = setup();
    await user.type(field.city, 'Lisbon');
    await submit();
    expect(currentToast()).toMatchObject({ title: 'Missing Information', description: 'Please provide both a CSV file and city name' });

    await user.clear(field.city);
    await user.type(field.city, '   ');
    await user.upload(field.csv, csv());
    await submit();
    expect(currentToast()?.title).toBe('Missing Information');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the pending state, then announces the guide, clears the form and refreshes cities and posts', async () => {
    queryClient.setQueryData(['/api/cities'], []);
    queryClient.setQueryData(['/api/admin/cities'], []);
    queryClient.setQueryData(['/api/posts', { published: true, limit: 6 }], []);
    const answer = deferred<Response>();
    const fetchMock = mockFetch({ [GENERATE]: generating(answer.promise) });
    const { user, field, submit } = setup();
    await user.upload(field.csv, csv());
    await user.type(field.city, '  Lisbon ');
    await user.type(field.description, ' Custard tarts and grilled fish. ');
    await user.click(screen.getByRole('radio', { name: 'London Street' }));
    await submit();

    const button = screen.getByRole('button', { name: 'Generating Guide...' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    const [form] = sent(fetchMock);
    expect((form!.get('csvFile') as File).name).toBe('lisbon.csv');
    expect(form?.get('cityName')).toBe('Lisbon');
    expect(form?.get('cityDescription')).toBe('Custard tarts and grilled fish.');
    expect(form?.get('heroImageUrl')).toBe('/images/presets/london-street.jpg');
    expect(form?.get('heroImageAlt')).toBe('London Street');

    answer.resolve(json(201, { cityName: 'Lisbon', citySlug: 'lisbon' }));
    await waitFor(() => expect(currentToast()?.title).toBe('Guide Generated!'));
    expect(currentToast()?.description).toBe('The Lisbon city guide was created and is viewable at /lisbon/guide.');
    expect(currentToast()?.link).toEqual({ href: '/lisbon/guide', label: 'View the Lisbon guide' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Generate Guide' })).toBeTruthy());
    expect(screen.getByLabelText<HTMLInputElement>('City name').value).toBe('');
    expect(screen.getByLabelText<HTMLTextAreaElement>(/^Description/).value).toBe('');
    expect(screen.getByLabelText<HTMLInputElement>('Itinerary CSV file').files).toHaveLength(0);
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'London Street' }).checked).toBe(false);
    expect(queryClient.getQueryState(['/api/cities'])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['/api/admin/cities'])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['/api/posts', { published: true, limit: 6 }])?.isInvalidated).toBe(true);
  });

  it('uploads a chosen hero image first and generates the guide with its path', async () => {
    const fetchMock = mockFetch({
      [UPLOAD]: json(201, { filePath: '/uploads/abc123.jpg' }),
      [GENERATE]: generating(json(201, { cityName: 'Lisbon', citySlug: 'lisbon' })),
    });
    const { user, field, submit } = setup();
    await user.upload(field.csv, csv());
    await user.type(field.city, 'Lisbon');
    await user.upload(field.heroFile, photo());
    await user.type(altField(), ' Tiled façades above a tram stop ');
    await submit();
    await waitFor(() => expect(currentToast()?.title).toBe('Guide Generated!'));
    expect((sent(fetchMock, UPLOAD)[0]!.get('image') as File).name).toBe('hero.jpg');
    expect(sent(fetchMock)[0]?.get('heroImageUrl')).toBe('/uploads/abc123.jpg');
    expect(sent(fetchMock)[0]?.get('heroImageAlt')).toBe('Tiled façades above a tram stop');
  });

  it("labels the hero's alt text field, explains it and fills it with a preset's own label", async () => {
    const { user } = setup();
    expect(screen.queryByRole('textbox', { name: 'Alt text' })).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'Asian Cuisine' }));
    expect(altField().getAttribute('aria-describedby')).toMatch(/-alt-hint$/);
    expect(document.getElementById(altField().getAttribute('aria-describedby') ?? '')?.textContent).toMatch(/what the picture shows/);
    expect((altField() as HTMLInputElement).value).toBe('Asian Cuisine');
  });

  it.each([
    [
      'a URL',
      async (user: ReturnType<typeof userEvent.setup>, field: ReturnType<typeof setup>['field']) =>
        user.type(field.heroUrl, 'https://example.com/a.jpg'),
    ],
    [
      'an upload',
      async (user: ReturnType<typeof userEvent.setup>, field: ReturnType<typeof setup>['field']) => user.upload(field.heroFile, photo()),
    ],
  ])('requires alt text for a hero from %s: says so at the field, focuses it and sends nothing', async (_label, chooseHero) => {
    const fetchMock = mockFetch({});
    const { user, field, submit } = setup();
    await user.upload(field.csv, csv());
    await user.type(field.city, 'Lisbon');
    await chooseHero(user, field);
    await submit();
    expect(screen.getByText('Describe the image for readers who cannot see it.').getAttribute('role')).toBe('alert');
    expect(document.activeElement).toBe(altField());
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses a hero file that is not an image', async () => {
    const { user, field } = setup();
    await user.upload(field.heroFile, new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect(currentToast()).toMatchObject({ title: 'Invalid File', description: 'Please select a valid image file.' });
    expect(field.heroFile.files).toHaveLength(0);
  });

  it('says so when the hero upload fails, and still generates the guide with the typed URL', async () => {
    const answer = deferred<Response>();
    const fetchMock = mockFetch({
      [UPLOAD]: json(500, { message: 'Disk full', code: 'internal' }),
      [GENERATE]: generating(answer.promise),
    });
    const { user, field, submit } = setup();
    await user.upload(field.csv, csv());
    await user.type(field.city, 'Lisbon');
    await user.type(field.heroUrl, 'https://example.com/lisbon.jpg');
    await user.upload(field.heroFile, photo());
    await user.type(altField(), 'A photo that never arrived');
    await submit();

    await waitFor(() => expect(sent(fetchMock)).toHaveLength(1));
    expect(currentToast()).toMatchObject({
      title: 'Image Upload Failed',
      description: 'Failed to upload the hero image. Using default image instead.',
    });
    expect(sent(fetchMock)[0]?.get('heroImageUrl')).toBe('https://example.com/lisbon.jpg');
    // The words described the failed upload, not the link used instead, so the server's default applies.
    expect(sent(fetchMock)[0]?.get('heroImageAlt')).toBe('');

    answer.resolve(json(201, { cityName: 'Lisbon', citySlug: 'lisbon' }));
    await waitFor(() => expect(currentToast()?.title).toBe('Guide Generated!'));
    expect(
      screen
        .getByText('The hero image upload failed, so the Lisbon guide uses https://example.com/lisbon.jpg instead.')
        .getAttribute('role'),
    ).toBe('status');
  });

  it("shows the server's message when generation fails, or a fallback", async () => {
    mockFetch({ [GENERATE]: generating(json(400, { message: 'The city name can be at most 80 characters.', code: 'validation' })) });
    const { user, field, submit } = setup();
    await user.upload(field.csv, csv());
    await user.type(field.city, 'Lisbon');
    await submit();
    await waitFor(() => expect(currentToast()?.title).toBe('Generation Failed'));
    expect(currentToast()?.description).toBe('The city name can be at most 80 characters.');
    expect(field.city.value).toBe('Lisbon');

    mockFetch({ [GENERATE]: generating(() => Promise.reject(new TypeError('Failed to fetch'))) });
    await submit();
    await waitFor(() => expect(currentToast()?.description).toBe('Failed to generate guide'));
    expect(currentToast()?.title).toBe('Generation Failed');
  });

  it('shows what a re-upload for an existing city would change and waits for a confirm', async () => {
    const existing: GuidePreview = {
      cityName: 'Lisbon',
      citySlug: 'lisbon',
      exists: true,
      guideRegenerated: true,
      restaurants: { added: ['Tasca do Chico'], removed: ['Cervejaria Ramiro'], changed: ['Manteigaria'], unchanged: 2 },
    };
    const fetchMock = mockFetch({ [GENERATE]: generating(json(200, { cityName: 'Lisbon', citySlug: 'lisbon' }), existing) });
    const { user, field, submit } = setup();
    await user.upload(field.csv, csv());
    await user.type(field.city, 'lisbon');
    await submit();
    const question = await screen.findByRole('alertdialog', { name: 'Replace the itinerary of Lisbon and regenerate its guide?' });
    expect(
      within(question)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Restaurants added (1): Tasca do Chico',
      'Restaurants removed (1): Cervejaria Ramiro',
      'Restaurants changed (1): Manteigaria',
      'Unchanged: 2',
    ]);
    expect(question.textContent).toContain('The guide text at /lisbon/guide will be regenerated');
    expect(question.textContent).toContain('The previous guide and itinerary stay in their history');
    expect(sent(fetchMock)).toHaveLength(0);

    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(sent(fetchMock)).toHaveLength(0);

    await submit();
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Replace and regenerate' }));
    await waitFor(() => expect(currentToast()?.title).toBe('Guide Generated!'));
    expect(sent(fetchMock)).toHaveLength(1);
  });

  it('lists every problem the server found in the CSV', async () => {
    mockFetch({
      // The dry run already reads the CSV, so it is the call that is refused.
      [GENERATE]: json(422, {
        message: 'Row 3, url: must start with http:// or https://. Row 4: it has 9 cells but the header has 8.',
        code: 'invalid_csv',
        problems: [
          { row: 3, column: 'Website', message: 'must start with http:// or https://.' },
          { row: 4, message: 'it has 9 cells but the header has 8.' },
        ],
      }),
    });
    const { user, field, submit } = setup();
    await user.upload(field.csv, csv());
    await user.type(field.city, 'Lisbon');
    await submit();
    const list = await screen.findByRole('list', { name: 'Fix these problems in the CSV and upload it again' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Row 3, column “Website”: must start with http:// or https://.', 'Row 4: it has 9 cells but the header has 8.']);
    expect(currentToast()?.title).toBe('Generation Failed');

    mockFetch({ [GENERATE]: generating(json(201, { cityName: 'Lisbon', citySlug: 'lisbon' })) });
    await user.upload(screen.getByLabelText('Itinerary CSV file'), csv());
    await submit();
    await waitFor(() => expect(screen.queryByRole('list', { name: /Fix these problems/ })).toBeNull());
  });
});
