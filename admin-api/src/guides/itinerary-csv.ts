import { unguardCsvCell, type RestaurantInput } from '@forkcast/content-db';
import { LIMITS, type CsvProblem } from '@forkcast/shared/contracts';
import { CsvUnreadableError, readCsvRecords, type CsvRecord } from '../csv/read-records.ts';
import { textProblem } from '../schemas.ts';

export class ItineraryError extends Error {
  override name = 'ItineraryError';
  readonly problems: CsvProblem[];
  constructor(problems: CsvProblem[]) {
    super(problems.map(describe).join(' '));
    this.problems = problems;
  }
}

/** An itinerary refused because a cell holds a character no text field may hold. */
export class CsvTextError extends ItineraryError {
  override name = 'CsvTextError';
}

export const MAX_ROWS = LIMITS.guide.csvRows;
const MAX_PROBLEMS = 20;

type Field = keyof RestaurantInput;

/** Header names each field answers to, compared ignoring case, spaces, '_' and '-'. */
export const COLUMN_NAMES: Record<Field, string[]> = {
  day: ['day', 'daynumber', 'day#'],
  name: ['restaurant', 'name', 'restaurantname', 'place'],
  neighborhood: ['neighborhood', 'neighbourhood', 'area', 'district'],
  cuisine: ['cuisine', 'foodtype'],
  meal: ['meal', 'mealtime'],
  notes: ['notes', 'note', 'description', 'whattoorder'],
  address: ['address', 'location'],
  url: ['url', 'website', 'link', 'web'],
  lat: ['lat', 'latitude'],
  lng: ['lng', 'lon', 'long', 'longitude'],
};

const MAX_LENGTH: Record<Field, number> = {
  day: 10,
  name: 200,
  neighborhood: 200,
  cuisine: 100,
  meal: 50,
  notes: 1000,
  address: 300,
  url: 2048,
  lat: 30,
  lng: 30,
};

// A plain decimal number: no thousands separators, no exponent, a point (not a comma) for decimals.
const DECIMAL = /^[+-]?\d{1,3}(?:\.\d+)?$/;
const COORDINATE_RANGE = { lat: 90, lng: 180 } as const;

const normalise = (header: string) => header.toLowerCase().replace(/[\s_-]+/g, '');

function describe(problem: CsvProblem): string {
  const where = [problem.row !== undefined && `Row ${problem.row}`, problem.column && `column '${problem.column}'`]
    .filter(Boolean)
    .join(', ');
  return where ? `${where}: ${problem.message}` : problem.message;
}

/** The file's non-blank records; a file that cannot be read is one problem, at its row when known. */
function readRecords(bytes: Uint8Array): CsvRecord[] {
  try {
    return readCsvRecords(bytes);
  } catch (error) {
    if (!(error instanceof CsvUnreadableError)) throw error;
    throw new ItineraryError([{ ...(error.row === undefined ? {} : { row: error.row }), message: error.message }]);
  }
}

function mapHeader(header: string[], row: number): Map<Field, number> {
  const columns = new Map<Field, number>();
  const problems: CsvProblem[] = [];
  header.forEach((title, index) => {
    const key = normalise(title);
    const field = (Object.keys(COLUMN_NAMES) as Field[]).find((f) => COLUMN_NAMES[f].includes(key));
    if (!field) return;
    if (columns.has(field)) {
      problems.push({ row, column: title, message: `this column repeats '${header[columns.get(field)!]}'.` });
    } else {
      columns.set(field, index);
    }
  });
  if (!columns.has('name')) problems.push({ row, message: "The header needs a 'restaurant' (or 'name') column." });
  // Coordinates come in pairs; one column alone would fail every row, so say it once here.
  if (columns.has('lat') !== columns.has('lng')) {
    const [has, lacks] = columns.has('lat') ? (['lat', 'lng'] as const) : (['lng', 'lat'] as const);
    problems.push({
      row,
      column: header[columns.get(has)!],
      message: `a '${has}' column needs a '${lacks}' column too: give both or neither.`,
    });
  }
  if (problems.length > 0) throw new ItineraryError(problems);
  return columns;
}

/**
 * Every cell, the header included, under the rule every text field follows. Notes, addresses
 * (written over several lines on an envelope) and columns this reader does not use may hold tabs
 * and line breaks; every other cell is a single line.
 */
function characterProblems([header, ...rows]: CsvRecord[]): CsvProblem[] {
  const titles = header?.cells ?? [];
  const singleLine = new Set(
    Object.entries(COLUMN_NAMES)
      .filter(([field]) => field !== 'notes' && field !== 'address')
      .flatMap(([, names]) => names),
  );
  const multiline = (at: number) => !singleLine.has(normalise(titles[at] ?? ''));
  // A header cell that is itself refused cannot name its column: its number does.
  const column = (at: number) => (titles[at] && textProblem(titles[at], '') === undefined ? titles[at] : `${at + 1}`);
  const check = (record: CsvRecord, isHeader: boolean) =>
    record.cells.flatMap((cell, at) => {
      const message = textProblem(cell, 'This cell', !isHeader && multiline(at));
      return message ? [{ row: record.row, column: column(at), message }] : [];
    });
  return [...(header ? check(header, true) : []), ...rows.flatMap((record) => check(record, false))];
}

/**
 * Reads an itinerary CSV (format: README "Itinerary CSV format", sample in
 * public/samples/itinerary-sample.csv): a header row whose columns are matched by name, ignoring
 * case, with common synonyms; UTF-8 with or without BOM, CRLF or LF, quoted commas and newlines,
 * blank lines skipped. Every problem is reported with its row and column; nothing is returned
 * unless the whole file is valid.
 */
export function parseItinerary(bytes: Uint8Array): RestaurantInput[] {
  const records = readRecords(bytes);
  const unreadable = characterProblems(records);
  if (unreadable.length > 0) throw new CsvTextError(unreadable.slice(0, MAX_PROBLEMS));
  const [headerRecord, ...rows] = records;
  if (!headerRecord) throw new ItineraryError([{ message: 'The CSV is empty.' }]);
  const header = headerRecord.cells;
  if (header.length === 1 && header[0]!.includes(';')) {
    throw new ItineraryError([
      { row: headerRecord.row, message: 'The columns are separated by semicolons; save the file as comma-separated CSV (UTF-8).' },
    ]);
  }
  const columns = mapHeader(header, headerRecord.row);
  if (rows.length === 0) throw new ItineraryError([{ message: 'The CSV has a header but no restaurant rows.' }]);
  if (rows.length > MAX_ROWS) throw new ItineraryError([{ message: `The CSV has ${rows.length} rows; the limit is ${MAX_ROWS}.` }]);

  const problems: CsvProblem[] = [];
  const restaurants = rows.map(({ row, cells }) => {
    if (cells.length > header.length) {
      problems.push({ row, message: `it has ${cells.length} cells but the header has ${header.length}.` });
    }
    const value = (field: Field) => {
      const at = columns.get(field);
      const text = at === undefined ? '' : unguardCsvCell(cells[at] ?? '').trim();
      if (text.length > MAX_LENGTH[field]) problems.push({ row, column: header[at!], message: `at most ${MAX_LENGTH[field]} characters.` });
      return text === '' ? null : text;
    };
    const name = value('name');
    if (name === null) problems.push({ row, column: header[columns.get('name')!], message: 'a restaurant name is required.' });
    const dayText = value('day');
    const day =
      dayText === null ? null : /^\d{1,2}$/.test(dayText) && Number(dayText) >= 1 && Number(dayText) <= 30 ? Number(dayText) : undefined;
    if (day === undefined)
      problems.push({ row, column: header[columns.get('day')!], message: `expected a day number from 1 to 30, found '${dayText}'.` });
    const url = value('url');
    if (url !== null && !(/^https?:\/\//i.test(url) && URL.canParse(url))) {
      problems.push({
        row,
        column: header[columns.get('url')!],
        message: `expected a web address starting with http:// or https://, found '${url}'.`,
      });
    }
    const meal = value('meal');
    const coordinate = (field: 'lat' | 'lng') => {
      const text = value(field);
      if (text === null) return null;
      const limit = COORDINATE_RANGE[field];
      if (DECIMAL.test(text) && Math.abs(Number(text)) <= limit) return Number(text);
      problems.push({
        row,
        column: header[columns.get(field)!],
        message: `expected a ${field === 'lat' ? 'latitude' : 'longitude'} from -${limit} to ${limit} in decimal degrees (like ${field === 'lat' ? '37.7749' : '-122.4194'}), found '${text}'.`,
      });
      return undefined;
    };
    const lat = coordinate('lat');
    const lng = coordinate('lng');
    if ((lat === null) !== (lng === null)) {
      const missing = lat === null ? 'lat' : 'lng';
      problems.push({
        row,
        column: header[columns.get(missing)!],
        message: `a place with a ${missing === 'lat' ? 'longitude' : 'latitude'} needs a ${missing === 'lat' ? 'latitude' : 'longitude'} too: give both or neither.`,
      });
    }
    return {
      name: name ?? '',
      day: day ?? null,
      neighborhood: value('neighborhood'),
      cuisine: value('cuisine'),
      meal: meal && meal.toLowerCase(),
      notes: value('notes'),
      address: value('address'),
      url,
      lat: lat ?? null,
      lng: lng ?? null,
    };
  });
  if (problems.length > 0) throw new ItineraryError(problems.slice(0, MAX_PROBLEMS));
  return restaurants;
}
