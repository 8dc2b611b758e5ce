export interface ItineraryRow {
  day: number | null;
  meal: string | null;
  name: string;
  neighborhood: string | null;
  cuisine: string | null;
  notes: string | null;
  address: string | null;
  url: string | null;
}

const COLUMNS: [string, keyof ItineraryRow][] = [
  ['Day', 'day'], ['Meal', 'meal'], ['Restaurant', 'name'], ['Neighborhood', 'neighborhood'],
  ['Cuisine', 'cuisine'], ['Notes', 'notes'], ['Address', 'address'], ['Website', 'url'],
];

// RFC 4180 quoting, plus a leading apostrophe for cells a spreadsheet would run as a formula.
function cell(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A city's itinerary as CSV (UTF-8 with BOM so spreadsheet apps read accents correctly). */
export function itineraryCsv(rows: readonly ItineraryRow[]): string {
  const lines = [COLUMNS.map(([header]) => header).join(','), ...rows.map((row) => COLUMNS.map(([, key]) => cell(row[key])).join(','))];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
