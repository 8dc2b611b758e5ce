import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toCsv, unguardCsvCell } from './csv.ts';

/** The one cell of a one-column CSV, as a CSV reader gives it back (RFC 4180 quotes removed). */
function readBack(value: string | number): string {
  const written = toCsv(['x'], [[value]]).slice('\uFEFFx\r\n'.length, -2);
  return written.startsWith('"') ? written.slice(1, -1).replace(/""/g, '"') : written;
}

describe('toCsv', () => {
  it('writes a BOM, the header and the rows with CRLF; null and undefined are empty cells', () => {
    expect(
      toCsv(
        ['Day', 'Name', 'Notes'],
        [
          [1, 'Noodle Bar', null],
          [2, 'Café', undefined],
        ],
      ),
    ).toBe('\uFEFFDay,Name,Notes\r\n1,Noodle Bar,\r\n2,Café,\r\n');
  });

  it('quotes commas, quotes and newlines', () => {
    expect(toCsv(['a', 'b'], [['Order the "special", then\nleave room', '1 Main St, Kyoto']])).toBe(
      '\uFEFFa,b\r\n"Order the ""special"", then\nleave room","1 Main St, Kyoto"\r\n',
    );
  });

  // OWASP's list (= + - @ tab CR), and what slips past a check of the first character alone.
  it.each([
    ['=HYPERLINK("http://evil")', `"'=HYPERLINK(""http://evil"")"`],
    ['+1+1', `'+1+1`],
    ["-2+3+cmd|' /C calc'!A0", `'-2+3+cmd|' /C calc'!A0`],
    ['@SUM(A1)', `'@SUM(A1)`],
    ['\tx', `'\tx`],
    ['\rx', `"'\rx"`],
    ['\n=1+1', `"'\n=1+1"`],
    ['\u200B=1+1', `'\u200B=1+1`],
    ['\u200Dhello', `'\u200Dhello`],
    ['\uFEFF=1+1', `'\uFEFF=1+1`],
    ['\u202E=1+1', `'\u202E=1+1`],
    ['＝1+1', `'＝1+1`],
    ['＋1+1', `'＋1+1`],
    ['－1+1', `'－1+1`],
    ['＠SUM(A1)', `'＠SUM(A1)`],
    [';=1+1', `';=1+1`],
    [';;@SUM(A1)', `';;@SUM(A1)`],
    ['  =1+1', `'  =1+1`],
    ['\u00A0=1+1', `'\u00A0=1+1`],
    ['\u3000＝1+1', `'\u3000＝1+1`],
  ])('neutralises the formula cell %j', (value, expected) => {
    expect(toCsv(['x'], [[value]])).toBe(`\uFEFFx\r\n${expected}\r\n`);
  });

  // A spreadsheet reads each of these as the number it is: even run as a formula it holds no
  // reference and no function, so there is nothing to neutralise and an apostrophe would only
  // turn a number into text.
  it.each([
    [-122.4208, '-122.4208'],
    ['-122.4208', '-122.4208'],
    ['+44', '+44'],
    ['1e5', '1e5'],
    ['-1e5', '-1e5'],
    ['+1.5E-3', '+1.5E-3'],
    ['-.5', '-.5'],
    ['-3.', '-3.'],
    [-0, '0'],
    [-1e21, '-1e+21'],
    [-5e-7, '-5e-7'],
  ])('leaves the number %j alone', (value, expected) => {
    expect(toCsv(['x'], [[value]])).toBe(`\uFEFFx\r\n${expected}\r\n`);
  });

  // Not plain numbers: a spreadsheet would evaluate them (or try to), so they are guarded.
  it.each(['-1+1', '+44 20 7946 0958', '-Infinity', '-NaN', '-0x1F', '- 5', '-5%', '-1,5', '--5', '-1e', '+', '-', '-1.2.3'])(
    'guards %j, which only looks like a number',
    (value) => {
      expect(readBack(value)).toBe(`'${value}`);
    },
  );

  it('writes every negative coordinate as a number a reader takes as one', () => {
    const csv = toCsv(
      ['lat', 'lng'],
      [
        [37.7793, -122.4208],
        [-33.8688, 151.2093],
        [51.5079, -0.0877],
      ],
    );
    const rows = csv.split('\r\n').slice(1, -1);
    expect(rows.map((row) => row.split(',').map(Number))).toEqual([
      [37.7793, -122.4208],
      [-33.8688, 151.2093],
      [51.5079, -0.0877],
    ]);
  });
});

describe('toCsv, for any cell', () => {
  /** What a spreadsheet passes over before it looks for a formula: blanks, invisible format characters, semicolons. */
  const ignorable = fc.constantFrom(' ', '\u00A0', '\u3000', '\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF', '\u202E', ';');
  const formulaStart = fc.constantFrom('=', '+', '-', '@', '\t', '\r', '\n', '＝', '＋', '－', '＠');
  const PLAIN_NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i;

  it('guards every cell a spreadsheet would run as a formula, unless it is a plain number', () => {
    fc.assert(
      fc.property(fc.array(ignorable, { maxLength: 3 }), formulaStart, fc.string(), (before, start, rest) => {
        const value = `${before.join('')}${start}${rest}`;
        expect(readBack(value)).toBe(PLAIN_NUMBER.test(value) ? value : `'${value}`);
      }),
      { numRuns: 2000 },
    );
  });

  it('leaves every number alone, as JavaScript writes it or with a sign and an exponent', () => {
    const written = fc.tuple(
      fc.constantFrom('', '+', '-'),
      fc.stringMatching(/^(?:\d{1,12}(?:\.\d{0,8})?|\.\d{1,8})$/),
      fc.constantFrom('', 'e5', 'E-3', 'e+12'),
    );
    fc.assert(
      fc.property(
        fc.oneof(
          fc.double({ noNaN: true, noDefaultInfinity: true }).map(String),
          written.map((parts) => parts.join('')),
        ),
        (value) => {
          expect(readBack(value)).toBe(value);
          expect(Number.isNaN(Number(value))).toBe(false);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('is undone exactly by unguardCsvCell', () => {
    const cell = fc.oneof(
      fc.string({ unit: 'grapheme' }),
      fc
        .tuple(fc.stringMatching(/^'{0,3}$/), fc.array(ignorable, { maxLength: 2 }), formulaStart, fc.string())
        .map(([quotes, before, start, rest]) => `${quotes}${before.join('')}${start}${rest}`),
    );
    fc.assert(
      fc.property(cell, (value) => {
        expect(unguardCsvCell(readBack(value))).toBe(value);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('unguardCsvCell', () => {
  // The one cell of a one-column CSV that needs no quoting, as a reader sees it.
  const written = (value: string) => toCsv(['x'], [[value]]).slice('\uFEFFx\r\n'.length, -2);

  it.each([
    '=SUM(A1)',
    '+1',
    '-122.4194',
    '@home',
    '\tx',
    "'=already guarded",
    "''+2",
    "it's",
    "'quoted'",
    'plain',
    '',
    '\u200B=1',
    ';=1',
    "'-5",
  ])('gives back %j exactly as it was before toCsv guarded it', (value) => {
    expect(unguardCsvCell(written(value))).toBe(value);
  });

  it('removes only the apostrophe before a formula start', () => {
    expect(unguardCsvCell("'=1")).toBe('=1');
    expect(unguardCsvCell("'hello")).toBe("'hello");
    expect(unguardCsvCell("''=1")).toBe("'=1");
  });

  it('still reads a number that an earlier release guarded, as the number', () => {
    expect(unguardCsvCell("'-122.4208")).toBe('-122.4208');
  });
});
