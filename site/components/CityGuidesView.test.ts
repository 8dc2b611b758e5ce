import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { JSDOM } from 'jsdom';
import { beforeAll, describe, expect, it } from 'vitest';
import type { City } from '@forkcast/content-db';
import CityGuidesView from './CityGuidesView.astro';

const city = (id: number, slug: string, name: string): City => ({
  id,
  slug,
  name,
  country: 'Testland',
  description: `Where to eat in ${name}.`,
  heroImage: null,
  heroAlt: '',
  mapEmbedUrl: null,
  itineraryUrl: null,
  spreadsheetUrl: null,
  displayOrder: id,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

describe('the /city-guides view', () => {
  let container: AstroContainer;
  beforeAll(async () => {
    container = await AstroContainer.create();
  });
  type Props = { status: 'ready'; cities: City[] } | { status: 'loading' } | { status: 'error' };
  const render = async (props: Props) => new JSDOM(await container.renderToString(CityGuidesView, { props })).window.document;

  it('lists the cities with the count, the 4-7 days and curated labels, each linking to its guide', async () => {
    const d = await render({ status: 'ready', cities: [city(1, 'porto', 'Porto'), city(2, 'oaxaca', 'Oaxaca')] });
    expect([...d.querySelectorAll('.city-card h2 a')].map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Porto', '/porto/guide'],
      ['Oaxaca', '/oaxaca/guide'],
    ]);
    expect(d.querySelector('.stats dt')?.textContent).toBe('Cities Covered');
    expect(d.querySelector('.stats dd')?.textContent).toBe('2');
    for (const card of d.querySelectorAll('.city-card')) {
      expect([...card.querySelectorAll('.badge')].map((b) => b.textContent)).toEqual(['4-7 days', 'Curated']);
    }
    expect(d.body.textContent).not.toMatch(/No City Guides Yet|Unable to Load City Guides/);
  });

  it("says 'No City Guides Yet' when there is none", async () => {
    const d = await render({ status: 'ready', cities: [] });
    expect(d.querySelector('.empty-state h2')?.textContent).toBe('No City Guides Yet');
    expect(d.querySelector('.stats dd')?.textContent).toBe('0');
    expect(d.querySelectorAll('.city-card').length).toBe(0);
  });

  it('shows 6 placeholder city cards, hidden from assistive technology, and announces the loading', async () => {
    const d = await render({ status: 'loading' });
    const placeholders = d.querySelectorAll('.city-card--placeholder');
    expect(placeholders.length).toBe(6);
    expect(placeholders[0]!.closest('[aria-hidden=true]')).not.toBeNull();
    expect(d.querySelector('section')?.getAttribute('aria-busy')).toBe('true');
    expect(d.querySelector('[role=status]')?.textContent).toMatch(/Loading city guides/);
    expect(d.querySelectorAll('.city-card a, .stats').length).toBe(0);
  });

  it("says 'Unable to Load City Guides' when the read failed", async () => {
    const d = await render({ status: 'error' });
    const alert = d.querySelector('[role=alert]');
    expect(alert?.querySelector('h2')?.textContent).toBe('Unable to Load City Guides');
    expect(alert?.querySelector('a')?.getAttribute('href')).toBe('/city-guides');
    expect(d.querySelectorAll('.city-card, .stats').length).toBe(0);
  });
});
