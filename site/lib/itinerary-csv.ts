import { toCsv } from '@forkcast/content-db';

export interface ItineraryRow {
  day: number | null;
  meal: string | null;
  name: string;
  neighborhood: string | null;
  cuisine: string | null;
  notes: string | null;
  address: string | null;
  url: string | null;
  lat: number | null;
  lng: number | null;
}

const COLUMNS: [string, keyof ItineraryRow][] = [
  ['Day', 'day'],
  ['Meal', 'meal'],
  ['Restaurant', 'name'],
  ['Neighborhood', 'neighborhood'],
  ['Cuisine', 'cuisine'],
  ['Notes', 'notes'],
  ['Address', 'address'],
  ['Website', 'url'],
  ['Latitude', 'lat'],
  ['Longitude', 'lng'],
];

/** A city's itinerary as CSV, in the same columns the guide generator reads. */
export function itineraryCsv(rows: readonly ItineraryRow[]): string {
  return toCsv(
    COLUMNS.map(([header]) => header),
    rows.map((row) => COLUMNS.map(([, key]) => row[key])),
  );
}
