import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getCityBySlug, getGuideForCity, listRestaurants, updateCity } from '@forkcast/content-db';
import { parsePublishReport, PUBLISH_HEADER } from '@forkcast/shared/contracts';
import { seed } from '@forkcast/content-db/seed';
import { fullBuildOf, readTree, treeDifferences } from './compare.ts';
import { publishingSite, renderFixtureSite, type PublishingSite, type RenderedSite } from './support.ts';

const doc = (html: string) => new JSDOM(html).window.document;
const json = (method: string, body: unknown) => ({ method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/**
 * Every script file a page loads before anyone touches it: its module scripts and, through their
 * static imports, everything those pull in. Dynamic import() calls are left out on purpose.
 */
function scriptsLoadedOnOpen(siteDir: string, html: string): string[] {
  const d = doc(html);
  const seen = new Set<string>();
  const staticImports = (source: string) =>
    [...source.matchAll(/(?:^|[;\s}])import\s*(?:[\w*{}\s,$]+from\s*)?["']([^"']+)["']/g)].map((match) => match[1]!);
  const visit = (path: string) => {
    if (seen.has(path)) return;
    seen.add(path);
    for (const next of staticImports(readFileSync(join(siteDir, path), 'utf8'))) visit(new URL(next, `http://x${path}`).pathname);
  };
  for (const script of d.querySelectorAll('script')) {
    const src = script.getAttribute('src');
    if (src) visit(new URL(src, 'http://x/').pathname);
    else if (script.getAttribute('type') === 'module')
      for (const next of staticImports(script.textContent ?? '')) visit(new URL(next, 'http://x/').pathname);
  }
  for (const link of d.querySelectorAll('link[rel=modulepreload]')) visit(new URL(link.getAttribute('href')!, 'http://x/').pathname);
  return [...seen];
}

describe('guide pages of the seeded site', () => {
  let site: RenderedSite;
  beforeAll(async () => {
    site = await renderFixtureSite(async ({ db }) => {
      await seed(db);
      // Athens keeps only its area map: no place has coordinates.
      const athens = (await getCityBySlug(db, 'athens'))!;
      await db.updateTable('restaurants').set({ lat: null, lng: null }).where('cityId', '=', athens.id).execute();
      const london = (await getCityBySlug(db, 'london'))!;
      await updateCity(db, london.id, { spreadsheetUrl: 'https://sheets.example/london?tab=1', updatedAt: london.updatedAt });
    });
  });
  afterAll(() => site?.cleanup());

  const page = (route: string) => doc(site.page(route));

  it("labels each itinerary card with its own number of days, not a fixed '4-7 day'", async () => {
    for (const slug of ['san-francisco', 'kyoto', 'naples']) {
      const city = (await getCityBySlug(site.handle.db, slug))!;
      const days = new Set((await listRestaurants(site.handle.db, city.id)).map((r) => r.day)).size;
      expect(page(`/${slug}/guide`).querySelector('.itinerary .kicker')?.textContent, slug).toBe(`${days}-day itinerary`);
    }
  });

  it('pins every place on the map preview, numbered like the itinerary card, with no map code on load', () => {
    const html = site.page('/san-francisco/guide');
    const d = doc(html);
    expect(d.querySelector('iframe')).toBeNull();
    const frame = d.querySelector('figure.map-frame[data-map]')!;
    const pins = [...frame.querySelectorAll('[data-pin]')];
    expect(pins.map((pin) => pin.getAttribute('data-pin'))).toEqual(Array.from({ length: 14 }, (_, i) => String(i + 1)));
    expect(pins[0]!.getAttribute('data-name')).toBe('Tidewater Bakehouse');
    expect([pins[0]!.getAttribute('title'), pins[0]!.textContent]).toEqual(['1. Tidewater Bakehouse', '1']);
    // Placed on the 4:3 stage in percent: west of the Ferry Building (6), south of North Beach (7).
    const at = (pin: Element) =>
      (pin.getAttribute('style') ?? '')
        .match(/^left: ([\d.]+)%; top: ([\d.]+)%; z-index: \d+$/)!
        .slice(1)
        .map(Number);
    expect(at(pins[0]!)[0]).toBeLessThan(at(pins[5]!)[0]!);
    expect(at(pins[0]!)[1]).toBeGreaterThan(at(pins[6]!)[1]!);
    expect(pins.map((pin) => Number(/z-index: (\d+)/.exec(pin.getAttribute('style')!)![1]))).toEqual(
      Array.from({ length: 14 }, (_, i) => 14 - i),
    );
    expect(Number(pins[0]!.getAttribute('data-lat'))).toBeCloseTo(37.75, 1);
    expect(frame.querySelector('[role=img]')?.getAttribute('aria-label')).toMatch(/^Map of San Francisco's food neighborhoods: 14 places/);
    expect(frame.querySelector<HTMLElement>('[data-map-canvas]')!.getAttribute('style')).toContain('min-height: 400px');
    // The button waits for JavaScript; without it the area link remains.
    const open = frame.querySelector('button[data-map-open]')!;
    expect([open.textContent, open.hasAttribute('hidden')]).toEqual(['Open the interactive map', true]);
    expect(frame.querySelector('figcaption a')?.getAttribute('href')).toMatch(
      /^https:\/\/www\.openstreetmap\.org\/#map=\d+\/37\.\d{4}\/-122\.\d{4}$/,
    );
    // Leaflet is a chunk of its own that nothing on the page loads until the button asks for it.
    const loaded = scriptsLoadedOnOpen(site.dist.siteDir, html);
    expect(
      loaded.filter((file) => readFileSync(join(site.dist.siteDir, file), 'utf8').includes('data-map-open')).length,
      'the map button script',
    ).toBe(1);
    for (const file of loaded)
      expect(readFileSync(join(site.dist.siteDir, file), 'utf8'), file).not.toMatch(/leaflet|tile\.openstreetmap\.org/i);
    expect(html).not.toMatch(/leaflet/i);
  });

  it('keeps the area map where no place has coordinates, and shows no map without either', () => {
    const athens = page('/athens/guide');
    const map = athens.querySelector('iframe')!;
    expect([map.getAttribute('width'), map.getAttribute('height'), map.getAttribute('style')]).toEqual(['640', '480', 'min-height: 400px']);
    expect(map.getAttribute('title')).toBe("Map of Athens's food neighborhoods");
    expect(athens.querySelector('figure.map-frame figcaption')?.textContent).not.toMatch(/pin/i);
    expect(athens.querySelector('[data-pin]')).toBeNull();
    const kyoto = page('/kyoto/guide');
    expect(kyoto.querySelector('figure.map-frame')).toBeNull();
  });

  it('promises pins on the About page only where places are mapped', () => {
    const about = page('/about').querySelector('main')!.textContent!;
    expect(about).not.toMatch(/map pins every place/i);
    expect(about).toMatch(/Where we have mapped the places, each one is a numbered pin/);
  });

  it("opens the city's external spreadsheet in a new tab", () => {
    const button = page('/london/guide').querySelector('a.itinerary__button')!;
    expect([button.getAttribute('href'), button.getAttribute('target'), button.getAttribute('rel')]).toEqual([
      'https://sheets.example/london?tab=1',
      '_blank',
      'noopener noreferrer',
    ]);
    expect(button.textContent).toMatch(/opens in a new tab/);
  });

  it("opens the itinerary's own page without an external spreadsheet, and is disabled with neither", () => {
    const button = page('/san-francisco/guide').querySelector('a.itinerary__button')!;
    expect([button.getAttribute('href'), button.getAttribute('target')]).toEqual(['/san-francisco/itinerary', null]);
    const naples = page('/naples/guide');
    expect(naples.querySelector('button.itinerary__button')?.hasAttribute('disabled')).toBe(true);
    expect(naples.querySelector('a.itinerary__button')).toBeNull();
  });

  it('renders the itinerary as a table page: title, canonical, breadcrumb, caption, scoped headers, links and the CSV', async () => {
    const d = page('/san-francisco/itinerary');
    expect(d.title).toBe('San Francisco Food Itinerary | Forkcast');
    expect(d.querySelector('link[rel=canonical]')?.getAttribute('href')).toBe('https://forkcast.test/san-francisco/itinerary');
    expect([...d.querySelectorAll('nav[aria-label=Breadcrumb] li')].map((li) => li.textContent)).toEqual([
      'Home',
      'City Guides',
      'San Francisco',
      'Itinerary',
    ]);
    expect(d.querySelector('nav[aria-label=Breadcrumb] a[href="/san-francisco/guide"]')).not.toBeNull();
    expect(d.querySelector('h1')?.textContent).toBe('Where to eat in San Francisco');
    const table = d.querySelector('table')!;
    expect(table.querySelector('caption')?.textContent).toBe('14 stops in San Francisco');
    expect([...table.querySelectorAll('thead th')].map((th) => [th.textContent, th.getAttribute('scope')])).toEqual(
      ['Day', 'Meal', 'Restaurant', 'Neighborhood', 'Cuisine', 'Notes', 'Address'].map((name) => [name, 'col']),
    );
    const rows = [...table.querySelectorAll('tbody tr')];
    const city = (await getCityBySlug(site.handle.db, 'san-francisco'))!;
    const restaurants = await listRestaurants(site.handle.db, city.id);
    expect(rows.length).toBe(restaurants.length);
    rows.forEach((row, index) => {
      const stop = restaurants[index]!;
      const name = row.querySelector('th[scope=row]')!;
      expect(name.textContent?.trim()).toBe(stop.name);
      expect(name.querySelector('a')?.getAttribute('href') ?? null).toBe(stop.url);
      expect([...row.querySelectorAll('td')].map((td) => td.textContent)).toEqual([
        String(stop.day),
        stop.meal,
        stop.neighborhood,
        stop.cuisine,
        stop.notes,
        stop.address,
      ]);
    });
    expect(d.querySelector('a[href="/itineraries/san-francisco.csv"]')?.textContent).toBe('Download the CSV');
    expect(page('/naples/itinerary').querySelector('table')).not.toBeNull();
  });
});

describe('generated guides and the spreadsheet setting, published through the API', () => {
  let site: PublishingSite;
  beforeAll(async () => {
    site = await publishingSite(({ db }) => seed(db).then(() => undefined));
  });
  afterAll(() => site?.cleanup());

  const generate = async (cityName: string, csv: string) => {
    const form = new FormData();
    form.append('csvFile', new File([csv], 'guide.csv', { type: 'text/csv' }));
    form.append('cityName', cityName);
    return site.request('/api/admin/generate-guide', { method: 'POST', body: form });
  };
  const page = (route: string) => doc(site.page(route));

  it("labels a generated 2-day guide '2-day itinerary', in step with its title, and pins its places", async () => {
    const csv = [
      'day,restaurant,neighborhood,lat,lng',
      '1,Bakehouse Meridian,Ribeira,41.1409,-8.6131',
      '1,The Net Loft,Ribeira,41.1403,-8.6115',
      '2,Casa Ferrera,Sé,,',
    ].join('\n');
    expect((await generate('Porto', csv)).status).toBe(201);
    const d = page('/porto/guide');
    expect(d.querySelector('h1')?.textContent).toBe('Where to Eat in Porto: A 2-Day Itinerary');
    expect(d.querySelector('.itinerary .kicker')?.textContent).toBe('2-day itinerary');
    // No area map for a generated city: the map is there because its places have coordinates.
    expect([...d.querySelectorAll('[data-pin]')].map((pin) => `${pin.getAttribute('data-pin')} ${pin.getAttribute('data-name')}`)).toEqual([
      '1 Bakehouse Meridian',
      '2 The Net Loft',
    ]);
    expect(d.querySelector('a.itinerary__button')?.getAttribute('href')).toBe('/porto/itinerary');
    expect(page('/porto/itinerary').querySelector('caption')?.textContent).toBe('3 stops in Porto');
  });

  it("says only 'Itinerary' when no row has a day, and shows no map without coordinates", async () => {
    expect((await generate('Bologna', 'restaurant,neighborhood\nTrattoria Sette,Centro\nBar Nove,Bolognina\n')).status).toBe(201);
    const d = page('/bologna/guide');
    expect(d.querySelector('.itinerary .kicker')?.textContent).toBe('Itinerary');
    expect(d.querySelector('figure.map-frame')).toBeNull();
  });

  it('republishes the guide with the spreadsheet before PATCH /api/cities/:id answers, and back without it', async () => {
    const porto = (await getCityBySlug(site.handle.db, 'porto'))!;
    const anonymous = await site.request(`/api/cities/${porto.id}`, {
      ...json('PATCH', { spreadsheetUrl: 'https://sheets.example/porto' }),
      admin: false,
    });
    expect(anonymous.status).toBe(401);
    const bad = await site.request(`/api/cities/${porto.id}`, json('PATCH', { spreadsheetUrl: 'javascript:alert(1)' }));
    expect(bad.status).toBe(400);
    expect(page('/porto/guide').querySelector('a.itinerary__button')?.getAttribute('href')).toBe('/porto/itinerary');

    const set = await site.request(`/api/cities/${porto.id}`, json('PATCH', { spreadsheetUrl: 'https://sheets.example/porto' }));
    expect(set.status).toBe(200);
    expect(parsePublishReport(set.headers.get(PUBLISH_HEADER))).toBeDefined();
    const link = page('/porto/guide').querySelector('a.itinerary__button')!;
    expect([link.getAttribute('href'), link.getAttribute('target')]).toEqual(['https://sheets.example/porto', '_blank']);

    expect((await site.request(`/api/cities/${porto.id}`, json('PATCH', { spreadsheetUrl: null }))).status).toBe(200);
    expect(page('/porto/guide').querySelector('a.itinerary__button')?.getAttribute('href')).toBe('/porto/itinerary');
    expect(treeDifferences(readTree(site.dist.siteDir), await fullBuildOf(site.handle.db))).toEqual([]);
  });

  it("takes a guide's page, itinerary page and spreadsheet down with the guide, as a full build does", async () => {
    const porto = (await getCityBySlug(site.handle.db, 'porto'))!;
    const guide = (await getGuideForCity(site.handle.db, porto.id))!;
    const files = ['porto/guide/index.html', 'porto/itinerary/index.html', 'itineraries/porto.csv'];
    for (const file of files) expect(readTree(site.dist.siteDir).has(file), file).toBe(true);
    expect((await site.request(`/api/posts/${guide.id}`, json('PATCH', { status: 'draft' }))).status).toBe(200);
    const after = readTree(site.dist.siteDir);
    for (const file of files) expect(after.has(file), file).toBe(false);
    expect(treeDifferences(after, await fullBuildOf(site.handle.db))).toEqual([]);
  });
});
