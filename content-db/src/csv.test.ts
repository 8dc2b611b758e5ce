import { describe, expect, it } from 'vitest';
import { toCsv, unguardCsvCell } from './csv.ts';

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

  it.each([
    ['=HYPERLINK("http://evil")', `"'=HYPERLINK(""http://evil"")"`],
    ['+1', `'+1`],
    ['-2', `'-2`],
    ['@SUM(A1)', `'@SUM(A1)`],
    ['\tx', `'\tx`],
    ['\rx', `"'\rx"`],
  ])('neutralises the formula cell %j', (value, expected) => {
    expect(toCsv(['x'], [[value]])).toBe(`\uFEFFx\r\n${expected}\r\n`);
  });
});

describe('unguardCsvCell', () => {
  // The one cell of a one-column CSV that needs no quoting, as a reader sees it.
  const written = (value: string) => toCsv(['x'], [[value]]).slice('\uFEFFx\r\n'.length, -2);

  it.each(['=SUM(A1)', '+1', '-122.4194', '@home', '\tx', "'=already guarded", "''+2", "it's", "'quoted'", 'plain', ''])(
    'gives back %j exactly as it was before toCsv guarded it',
    (value) => {
      expect(unguardCsvCell(written(value))).toBe(value);
    },
  );

  it('removes only the apostrophe before a formula start', () => {
    expect(unguardCsvCell("'=1")).toBe('=1');
    expect(unguardCsvCell("'hello")).toBe("'hello");
    expect(unguardCsvCell("''=1")).toBe("'=1");
  });
});
