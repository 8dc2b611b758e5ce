import type { RestaurantInput } from '@forkcast/content-db';
import { describe, expect, it } from 'vitest';
import type { CsvProblem } from '@forkcast/shared/contracts';
import { COLUMN_NAMES, ItineraryError, MAX_ROWS, parseItinerary } from './itinerary-csv.ts';
import { itineraryCsv } from '../../../site/lib/itinerary-csv.ts';
import { loadSeedContent } from '@forkcast/content-db/seed';

const utf8 = (text: string) => new TextEncoder().encode(text);
const parse = (text: string) => parseItinerary(utf8(text));

/** A restaurant as parseItinerary returns it: every field present, null when empty. */
const stop = (fields: Partial<RestaurantInput> & { name: string }): Required<RestaurantInput> => ({
  name: fields.name,
  day: fields.day ?? null,
  neighborhood: fields.neighborhood ?? null,
  cuisine: fields.cuisine ?? null,
  meal: fields.meal ?? null,
  notes: fields.notes ?? null,
  address: fields.address ?? null,
  url: fields.url ?? null,
  lat: fields.lat ?? null,
  lng: fields.lng ?? null,
});

/** The ItineraryError parseItinerary throws for these bytes (the test fails if it does not throw one). */
function failure(input: string | Uint8Array): ItineraryError {
  try {
    parseItinerary(typeof input === 'string' ? utf8(input) : input);
  } catch (error) {
    if (error instanceof ItineraryError) return error;
    throw error;
  }
  throw new Error('parseItinerary accepted a CSV it should refuse');
}

const problems = (input: string | Uint8Array): CsvProblem[] => failure(input).problems;

describe('parseItinerary: valid files', () => {
  it('reads a plain header and rows into restaurants in file order', () => {
    const csv = [
      'day,restaurant,neighborhood,cuisine,meal,notes,address,url',
      '1,Tartine,Mission,Bakery,Breakfast,Get the morning bun,600 Guerrero St,https://tartinebakery.com',
      '1,Swan Oyster Depot,Nob Hill,Seafood,lunch,Cash only,1517 Polk St,http://swanoysterdepot.us',
      '2,Zuni Café,Hayes Valley,Californian,dinner,Roast chicken for two,1658 Market St,https://zunicafe.com/menu?x=1',
      '',
    ].join('\n');
    expect(parse(csv)).toEqual([
      stop({
        day: 1,
        name: 'Tartine',
        neighborhood: 'Mission',
        cuisine: 'Bakery',
        meal: 'breakfast',
        notes: 'Get the morning bun',
        address: '600 Guerrero St',
        url: 'https://tartinebakery.com',
      }),
      stop({
        day: 1,
        name: 'Swan Oyster Depot',
        neighborhood: 'Nob Hill',
        cuisine: 'Seafood',
        meal: 'lunch',
        notes: 'Cash only',
        address: '1517 Polk St',
        url: 'http://swanoysterdepot.us',
      }),
      stop({
        day: 2,
        name: 'Zuni Café',
        neighborhood: 'Hayes Valley',
        cuisine: 'Californian',
        meal: 'dinner',
        notes: 'Roast chicken for two',
        address: '1658 Market St',
        url: 'https://zunicafe.com/menu?x=1',
      }),
    ]);
  });

  it('needs only a name column; every other field is null', () => {
    expect(parse('restaurant\nA\nB')).toEqual([stop({ name: 'A' }), stop({ name: 'B' })]);
  });

  it('matches header names ignoring case, spaces, "_" and "-", with synonyms', () => {
    const csv =
      'Day #,Restaurant Name,Neighbourhood,FOOD_TYPE,Meal-Time,Description,Location,Website\n3,Nopa,Western Addition,Californian,Dinner,Late-night burger,560 Divisadero St,https://nopasf.com\n';
    expect(parse(csv)).toEqual([
      stop({
        day: 3,
        name: 'Nopa',
        neighborhood: 'Western Addition',
        cuisine: 'Californian',
        meal: 'dinner',
        notes: 'Late-night burger',
        address: '560 Divisadero St',
        url: 'https://nopasf.com',
      }),
    ]);
  });

  it.each([
    ['NAME', 'AREA', 'Link', 'Note', 'day number'],
    ['Place', 'District', 'Web', 'What to order', 'DAY'],
    ['restaurant_name', 'neighborhood', 'URL', 'notes', 'Day_Number'],
  ])('accepts the header %s / %s / %s / %s / %s', (name, area, url, notes, day) => {
    expect(parse(`${name},${area},${url},${notes},${day}\nA,B,https://c.example,D,4\n`)).toEqual([
      stop({ name: 'A', neighborhood: 'B', url: 'https://c.example', notes: 'D', day: 4 }),
    ]);
  });

  it('knows every synonym it documents', () => {
    // Coordinates come in pairs, so a coordinate synonym is tried beside the other coordinate.
    const partner: Record<string, string> = { lat: 'lng,10', lng: 'lat,10' };
    for (const [field, names] of Object.entries(COLUMN_NAMES)) {
      for (const name of names) {
        const header = field === 'name' ? name : `restaurant,${name}`;
        const value = field === 'day' ? '5' : field === 'url' ? 'https://x.example' : field in partner ? '12.5' : 'v';
        const row = field === 'name' ? value : `R,${value}`;
        const [extraHeader, extraValue] = (partner[field] ?? ',').split(',');
        const [parsed] = parse(field in partner ? `${header},${extraHeader}\n${row},${extraValue}\n` : `${header}\n${row}\n`);
        expect([name, parsed![field as keyof RestaurantInput]]).toEqual([name, field === 'day' ? 5 : field in partner ? 12.5 : value]);
      }
    }
  });

  it('reads optional coordinates as numbers, with their synonyms, and leaves a row without them null', () => {
    const csv = 'restaurant,Latitude,Longitude\nTartine,37.7614,-122.4241\nSwan,+37.79,122\nNo pin,,\nEdge,-90,180\n';
    expect(parse(csv)).toEqual([
      stop({ name: 'Tartine', lat: 37.7614, lng: -122.4241 }),
      stop({ name: 'Swan', lat: 37.79, lng: 122 }),
      stop({ name: 'No pin' }),
      stop({ name: 'Edge', lat: -90, lng: 180 }),
    ]);
  });

  it('ignores a UTF-8 byte order mark, even before a quoted header', () => {
    expect(parse('\uFEFFrestaurant,day\nA,1\n')).toEqual([stop({ name: 'A', day: 1 })]);
    expect(parse('\uFEFF"Restaurant","Day"\r\n"A","2"\r\n')).toEqual([stop({ name: 'A', day: 2 })]);
  });

  it('reads CRLF and CR-only line endings like LF', () => {
    const expected = [stop({ name: 'A', day: 1 }), stop({ name: 'B', day: 2 })];
    expect(parse('restaurant,day\r\nA,1\r\nB,2\r\n')).toEqual(expected);
    expect(parse('restaurant,day\rA,1\rB,2\r')).toEqual(expected);
    expect(parse('restaurant,day\nA,1\nB,2')).toEqual(expected);
  });

  it('keeps commas, escaped quotes and newlines inside quoted cells', () => {
    const csv = 'restaurant,notes,address\n"Bar Tartine, the original","Ask for the ""secret"" menu","561 Valencia St\nSan Francisco"\n';
    expect(parse(csv)).toEqual([
      stop({ name: 'Bar Tartine, the original', notes: 'Ask for the "secret" menu', address: '561 Valencia St\nSan Francisco' }),
    ]);
  });

  it('skips blank lines and rows whose cells are all empty or blank', () => {
    const csv = 'restaurant,day,notes\n\nA,1,x\n,,\n  ,  ,  \n\r\n"","",""\nB,2,y\n\n\n';
    expect(parse(csv)).toEqual([stop({ name: 'A', day: 1, notes: 'x' }), stop({ name: 'B', day: 2, notes: 'y' })]);
  });

  it('allows rows with fewer cells than the header (missing trailing cells are empty)', () => {
    expect(parse('restaurant,day,cuisine,notes\nA,1\nB\nC,,Thai\n')).toEqual([
      stop({ name: 'A', day: 1 }),
      stop({ name: 'B' }),
      stop({ name: 'C', cuisine: 'Thai' }),
    ]);
  });

  it('trims every value, inside and outside quotes, and turns blank cells into null', () => {
    expect(parse('restaurant , day ,  cuisine\n   Nopa  ,  2 ,"   "\n"  Zuni  "," 3 ", Italian \n')).toEqual([
      stop({ name: 'Nopa', day: 2 }),
      stop({ name: 'Zuni', day: 3, cuisine: 'Italian' }),
    ]);
  });

  it('lower-cases the meal and nothing else', () => {
    expect(parse('restaurant,meal,cuisine\nMIXT,LUNCH,Salad BAR\nB,Dinner,Thai\nC,,x\n')).toEqual([
      stop({ name: 'MIXT', meal: 'lunch', cuisine: 'Salad BAR' }),
      stop({ name: 'B', meal: 'dinner', cuisine: 'Thai' }),
      stop({ name: 'C', cuisine: 'x' }),
    ]);
  });

  it('ignores unknown columns and columns with an empty header', () => {
    expect(parse('rating,restaurant,,price,day\n5 stars,A,whatever,$$$,7\n')).toEqual([stop({ name: 'A', day: 7 })]);
  });

  it('accepts day numbers 1 to 30, including a leading zero and surrounding spaces', () => {
    const rows = ['1', '01', '9', '30', ' 12 '];
    expect(parse(`restaurant,day\n${rows.map((d, i) => `R${i},${d}`).join('\n')}\n`).map((r) => r.day)).toEqual([1, 1, 9, 30, 12]);
  });

  it('accepts http and https addresses in any case', () => {
    const urls = ['http://a.example', 'https://b.example/path?q=1#top', 'HTTPS://C.EXAMPLE', 'https://xn--caf-dma.example'];
    expect(parse(`restaurant,url\n${urls.map((u, i) => `R${i},${u}`).join('\n')}\n`).map((r) => r.url)).toEqual(urls);
  });

  it(`accepts exactly ${MAX_ROWS} rows`, () => {
    const csv = `restaurant,day\n${Array.from({ length: MAX_ROWS }, (_, i) => `Place ${i + 1},${(i % 30) + 1}`).join('\n')}\n`;
    const restaurants = parse(csv);
    expect(restaurants).toHaveLength(MAX_ROWS);
    expect(restaurants[MAX_ROWS - 1]).toEqual(stop({ name: `Place ${MAX_ROWS}`, day: 30 }));
  });

  it('keeps non-Latin text and emoji intact', () => {
    expect(parse('restaurant,neighborhood,notes\nすきやばし次郎,銀座,"Omakase 🍣, book months ahead"\n')).toEqual([
      stop({ name: 'すきやばし次郎', neighborhood: '銀座', notes: 'Omakase 🍣, book months ahead' }),
    ]);
  });
});

describe('parseItinerary: problems with rows', () => {
  it('refuses a row with more cells than the header', () => {
    const error = failure('restaurant,day\nA,1\nB,2,extra,more\n');
    expect(error.problems).toEqual([{ row: 3, message: 'it has 4 cells but the header has 2.' }]);
    expect(error.message).toBe('Row 3: it has 4 cells but the header has 2.');
  });

  it('requires a restaurant name, naming the column as the header spells it', () => {
    expect(failure('restaurant,day\n,1\n').message).toBe("Row 2, column 'restaurant': a restaurant name is required.");
    expect(problems('Day,Restaurant Name\n1,A\n2,"   "\n')).toEqual([
      { row: 3, column: 'Restaurant Name', message: 'a restaurant name is required.' },
    ]);
  });

  it.each(['two', '0', '31', '1.5', '-1', '1st', '100'])('refuses the day %j and names the column', (day) => {
    expect(problems(`restaurant,Day #\nA,${day}\n`)).toEqual([
      { row: 2, column: 'Day #', message: `expected a day number from 1 to 30, found '${day}'.` },
    ]);
  });

  it.each(['ftp://x', 'www.example.com', 'example.com', 'javascript:alert(1)', 'https://', 'mailto:a@b.example', '//cdn.example/x'])(
    'refuses the url %j',
    (url) => {
      const error = failure(`restaurant,Website\nA,${url}\n`);
      expect(error.problems).toEqual([
        { row: 2, column: 'Website', message: `expected a web address starting with http:// or https://, found '${url}'.` },
      ]);
      expect(error.message).toBe(`Row 2, column 'Website': expected a web address starting with http:// or https://, found '${url}'.`);
    },
  );

  it.each([
    ['lat', '90.5', 'latitude from -90 to 90'],
    ['lat', '-91', 'latitude from -90 to 90'],
    ['lng', '180.01', 'longitude from -180 to 180'],
    ['lng', '37,77', 'longitude from -180 to 180'],
    ['lat', 'north', 'latitude from -90 to 90'],
    ['lat', '1e1', 'latitude from -90 to 90'],
    ['lng', 'Infinity', 'longitude from -180 to 180'],
  ])('refuses the %s %j and names the column', (field, value, range) => {
    const cell = `"${value}"`;
    const row = field === 'lat' ? `${cell},10` : `10,${cell}`;
    const example = field === 'lat' ? '37.7749' : '-122.4194';
    expect(problems(`restaurant,Lat,Long\nA,${row}\n`)).toEqual([
      {
        row: 2,
        column: field === 'lat' ? 'Lat' : 'Long',
        message: `expected a ${range} in decimal degrees (like ${example}), found '${value}'.`,
      },
    ]);
  });

  it('needs both coordinates of a place or neither', () => {
    expect(problems('restaurant,lat,lng\nA,37.7,\nB,,-122.4\nC,37.7,-122.4\n')).toEqual([
      { row: 2, column: 'lng', message: 'a place with a latitude needs a longitude too: give both or neither.' },
      { row: 3, column: 'lat', message: 'a place with a longitude needs a latitude too: give both or neither.' },
    ]);
  });

  it('refuses a value longer than its limit', () => {
    expect(problems(`restaurant,cuisine\n${'x'.repeat(200)},ok\n${'y'.repeat(201)},${'c'.repeat(101)}\n`)).toEqual([
      { row: 3, column: 'restaurant', message: 'at most 200 characters.' },
      { row: 3, column: 'cuisine', message: 'at most 100 characters.' },
    ]);
  });

  it('counts records, not lines: a quoted newline does not shift the row number (header is row 1)', () => {
    const csv = 'restaurant,notes,day\nA,"line one\nline two\nline three",1\nB,"x\r\ny",2\nC,,two\n';
    expect(problems(csv)).toEqual([{ row: 4, column: 'day', message: "expected a day number from 1 to 30, found 'two'." }]);
  });

  it('reports every problem of every row, in order, with spreadsheet rows and columns', () => {
    const csv = ['restaurant,day,url', ',0,ftp://x', 'Fine,1,https://ok.example', 'B,1.5,', ',,', 'C,2,www.example.com,extra'].join('\n');
    const error = failure(csv);
    expect(error.problems).toEqual([
      { row: 2, column: 'restaurant', message: 'a restaurant name is required.' },
      { row: 2, column: 'day', message: "expected a day number from 1 to 30, found '0'." },
      { row: 2, column: 'url', message: "expected a web address starting with http:// or https://, found 'ftp://x'." },
      { row: 4, column: 'day', message: "expected a day number from 1 to 30, found '1.5'." },
      { row: 6, message: 'it has 4 cells but the header has 3.' },
      { row: 6, column: 'url', message: "expected a web address starting with http:// or https://, found 'www.example.com'." },
    ]);
    expect(error.message).toBe(
      "Row 2, column 'restaurant': a restaurant name is required. Row 2, column 'day': expected a day number from 1 to 30, found '0'. " +
        "Row 2, column 'url': expected a web address starting with http:// or https://, found 'ftp://x'. " +
        "Row 4, column 'day': expected a day number from 1 to 30, found '1.5'. Row 6: it has 4 cells but the header has 3. " +
        "Row 6, column 'url': expected a web address starting with http:// or https://, found 'www.example.com'.",
    );
  });

  it('reports at most 20 problems, the first ones', () => {
    const csv = `restaurant,day\n${Array.from({ length: 30 }, (_, i) => `R${i},day${i}`).join('\n')}\n`;
    const found = problems(csv);
    expect(found).toHaveLength(20);
    expect(found.map((p) => p.row)).toEqual(Array.from({ length: 20 }, (_, i) => i + 2));
    expect(found[19]).toEqual({ row: 21, column: 'day', message: "expected a day number from 1 to 30, found 'day19'." });
  });

  it('numbers rows as the spreadsheet does, counting skipped blank rows', () => {
    expect(problems('restaurant,day\nA,1\n\nB,x\n')).toEqual([
      { row: 4, column: 'day', message: "expected a day number from 1 to 30, found 'x'." },
    ]);
    expect(problems('restaurant,day\nA,1\n,\nB,x\n')).toEqual([
      { row: 4, column: 'day', message: "expected a day number from 1 to 30, found 'x'." },
    ]);
  });
});

describe('parseItinerary: problems with the header', () => {
  it('needs a longitude column beside a latitude column, and the reverse', () => {
    expect(problems('restaurant,Latitude\nA,37.7\n')).toEqual([
      { row: 1, column: 'Latitude', message: "a 'lat' column needs a 'lng' column too: give both or neither." },
    ]);
    expect(problems('restaurant,lon\nA,-122.4\n')).toEqual([
      { row: 1, column: 'lon', message: "a 'lng' column needs a 'lat' column too: give both or neither." },
    ]);
  });

  it('refuses two columns that mean the same field', () => {
    const error = failure('name,restaurant,day\nA,B,1\n');
    expect(error.problems).toEqual([{ row: 1, column: 'restaurant', message: "this column repeats 'name'." }]);
    expect(error.message).toBe("Row 1, column 'restaurant': this column repeats 'name'.");
    expect(problems('restaurant,Website,URL\nA,https://a.example,https://b.example\n')).toEqual([
      { row: 1, column: 'URL', message: "this column repeats 'Website'." },
    ]);
  });

  it('needs a name column', () => {
    const error = failure('cuisine,day\nThai,1\n');
    expect(error.problems).toEqual([{ row: 1, message: "The header needs a 'restaurant' (or 'name') column." }]);
    expect(error.message).toBe("Row 1: The header needs a 'restaurant' (or 'name') column.");
  });

  it('reports a repeated column and a missing name column together', () => {
    expect(problems('day,Day #,cuisine\n1,1,Thai\n')).toEqual([
      { row: 1, column: 'Day #', message: "this column repeats 'day'." },
      { row: 1, message: "The header needs a 'restaurant' (or 'name') column." },
    ]);
  });
});

describe('parseItinerary: problems with the whole file', () => {
  it.each([
    ['an empty file', ''],
    ['a byte order mark alone', '\uFEFF'],
    ['blank lines only', '\n\r\n\n'],
  ])('refuses %s as empty', (_label, csv) => {
    expect(problems(csv)).toEqual([{ message: 'The CSV is empty.' }]);
  });

  it('refuses a header with no rows, even with blank rows under it', () => {
    expect(problems('restaurant,day\n')).toEqual([{ message: 'The CSV has a header but no restaurant rows.' }]);
    expect(problems('restaurant,day\n,\n\n')).toEqual([{ message: 'The CSV has a header but no restaurant rows.' }]);
  });

  it(`refuses more than ${MAX_ROWS} rows`, () => {
    const csv = `restaurant\n${Array.from({ length: MAX_ROWS + 1 }, (_, i) => `Place ${i}`).join('\n')}\n`;
    const error = failure(csv);
    expect(error.problems).toEqual([{ message: `The CSV has ${MAX_ROWS + 1} rows; the limit is ${MAX_ROWS}.` }]);
    expect(error.message).toBe('The CSV has 301 rows; the limit is 300.');
  });

  it('refuses bytes that are not UTF-8 (a Latin-1 "Café")', () => {
    const latin1 = new Uint8Array([...utf8('restaurant\nCaf'), 0xe9, 0x0a]);
    expect(problems(latin1)).toEqual([{ message: 'The file is not UTF-8 text. Save it as "CSV UTF-8" and upload it again.' }]);
  });

  it('refuses a UTF-16 file as not UTF-8', () => {
    const utf16 = new Uint8Array([0xff, 0xfe, ...[...'restaurant\nA\n'].flatMap((ch) => [ch.charCodeAt(0), 0])]);
    expect(failure(utf16).problems[0]!.message).toBe('The file is not UTF-8 text. Save it as "CSV UTF-8" and upload it again.');
  });

  it('refuses a quoted cell that is never closed', () => {
    const [problem, ...rest] = problems('restaurant,notes\nA,"never closed\nB,fine\n');
    expect(rest).toEqual([]);
    expect(problem!.message).toBe('The CSV could not be read: a quoted cell is never closed.');
  });

  it('reports the row where the unclosed quote starts', () => {
    expect(problems('restaurant,day\nA,1\n"B,2\nC,3\nD,4\nE,5\n')).toEqual([
      { row: 3, message: 'The CSV could not be read: a quoted cell is never closed.' },
    ]);
  });

  it('refuses a stray quote inside an unquoted cell as malformed, with its row', () => {
    expect(problems('restaurant,day\nA,1\nJoe "x" y,2\n')).toEqual([
      { row: 3, message: 'The CSV could not be read: it is not well-formed CSV.' },
    ]);
  });

  it('throws an ItineraryError whose problems are plain data', () => {
    const error = failure('');
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('ItineraryError');
    expect(JSON.parse(JSON.stringify(error.problems))).toEqual(error.problems);
  });
});

describe('parseItinerary: a downloaded itinerary uploads again unchanged', () => {
  it('reads the CSV the site serves at /itineraries/{city}.csv back into the same stops', () => {
    const stops = [
      stop({
        name: '=Equals Bar',
        day: 1,
        meal: 'lunch',
        neighborhood: '+Plus Quarter',
        cuisine: '@home cooking',
        notes: '-10% before noon, "cash" only',
        address: '1 Rua Nova, Lisboa',
        lat: 38.7223,
        lng: -9.1393,
      }),
      stop({
        name: "'=Already Quoted",
        day: 2,
        notes: "it's '+ worth it'",
        url: 'https://example.com/menu?a=1',
        lat: -33.8688,
        lng: 151.2093,
      }),
      stop({ name: 'Plain Noodles', day: null, notes: 'First line\nsecond line' }),
    ];
    expect(parseItinerary(utf8(itineraryCsv(stops)))).toEqual(stops);
  });
});

describe('itineraryCsv', () => {
  it('writes every seeded coordinate as the plain number it is, so a spreadsheet reads a number', () => {
    const cities = loadSeedContent().cities;
    const negative = cities.filter((city) => city.restaurants.some((r) => r.lng !== null && r.lng < 0));
    expect(negative.length).toBeGreaterThan(0);
    for (const city of cities) {
      const rows = city.restaurants.map((r) => ({ ...r, lat: r.lat ?? null, lng: r.lng ?? null }));
      const lines = itineraryCsv(rows).split('\r\n');
      rows.forEach((row, i) => {
        if (row.lat !== null) expect(lines[i + 1], city.slug).toMatch(new RegExp(`,${row.lat},${row.lng}$`.replace(/\./g, '\\.')));
      });
    }
  });
});
