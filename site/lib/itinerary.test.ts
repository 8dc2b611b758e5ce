import { describe, expect, it } from 'vitest';
import { itineraryLabel, itineraryLink, mapPins, mapPreview } from './itinerary';

const stop = (name: string, day: number | null, lat: number | null = null, lng: number | null = null) => ({ name, day, lat, lng });

describe('itineraryLabel', () => {
  it('counts the days the itinerary covers', () => {
    expect(itineraryLabel([stop('a', 1), stop('b', 1), stop('c', 2)])).toBe('2-day itinerary');
    expect(itineraryLabel([stop('a', 3), stop('b', 1), stop('c', null)])).toBe('2-day itinerary');
  });

  it('says only Itinerary when no stop has a day', () => {
    expect(itineraryLabel([stop('a', null)])).toBe('Itinerary');
    expect(itineraryLabel([])).toBe('Itinerary');
  });
});

describe('mapPins', () => {
  it('keeps each stop its number in the whole itinerary and skips stops without coordinates', () => {
    expect(mapPins([stop('a', 1, 10, 20), stop('b', 1), stop('c', 2, -5, 7)])).toEqual([
      { number: 1, name: 'a', lat: 10, lng: 20 },
      { number: 3, name: 'c', lat: -5, lng: 7 },
    ]);
  });
});

describe('mapPreview', () => {
  const pins = mapPins([stop('west', 1, 51.5, -0.2), stop('east', 1, 51.5, 0), stop('north', 2, 51.6, -0.1)]);

  it('keeps the compass: west left of east, north above south, all inside the box', () => {
    const { pins: placed } = mapPreview(pins, 640, 480);
    const [west, east, north] = placed;
    expect(west!.x).toBeLessThan(east!.x);
    expect(north!.y).toBeLessThan(west!.y);
    expect(west!.y).toBe(east!.y);
    for (const pin of placed) {
      expect(pin.x).toBeGreaterThan(0);
      expect(pin.x).toBeLessThan(640);
      expect(pin.y).toBeGreaterThan(0);
      expect(pin.y).toBeLessThan(480);
    }
  });

  it('links to the same area on openstreetmap.org', () => {
    expect(mapPreview(pins, 640, 480).areaUrl).toMatch(/^https:\/\/www\.openstreetmap\.org\/#map=1[0-3]\/51\.5\d{3}\/-0\.1000$/);
  });

  it('centres a single pin', () => {
    const { pins: placed, areaUrl } = mapPreview(mapPins([stop('only', 1, 48.85, 2.35)]), 640, 480);
    expect([placed[0]!.x, placed[0]!.y]).toEqual([320, 240]);
    expect(areaUrl).toBe('https://www.openstreetmap.org/#map=16/48.8500/2.3500');
  });
});

describe('itineraryLink', () => {
  const city = (spreadsheetUrl: string | null, itineraryUrl: string | null) => ({ slug: 'lisbon', spreadsheetUrl, itineraryUrl });

  it('opens the external spreadsheet first', () => {
    expect(itineraryLink(city('https://sheets.example/lisbon', '/itineraries/lisbon.csv'))).toEqual({
      href: 'https://sheets.example/lisbon',
      external: true,
    });
  });

  it("opens the itinerary's own page when there is no spreadsheet", () => {
    expect(itineraryLink(city(null, '/itineraries/lisbon.csv'))).toEqual({ href: '/lisbon/itinerary', external: false });
  });

  it('has nothing to open without a spreadsheet or a published itinerary', () => {
    expect(itineraryLink(city(null, null))).toBeNull();
  });
});
