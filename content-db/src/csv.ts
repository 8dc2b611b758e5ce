export type CsvCell = string | number | null | undefined;

// How a cell a spreadsheet would run as a formula begins: OWASP's = + - @ tab CR (and LF), or their
// full-width forms, which some spreadsheets fold to ASCII, after any blanks, semicolons or invisible
// format characters (a reader may trim the first, split on the second, drop the third); and any
// cell that starts with a format character (zero-width space, BOM, bidi mark) at all. A cell that already starts with apostrophes
// before one is guarded too, so unguarding can never take one of its own apostrophes.
const FORMULA_START = /^'*(?:\p{Cf}|[\s;\p{Cf}]*[=+\-@＝＋－＠\t\r\n])/u;

// A plain decimal number, sign and exponent allowed. Even run as a formula it is only that number,
// with no reference or function in it, and an apostrophe would turn it into text.
const PLAIN_NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i;

// RFC 4180 quoting, plus a leading apostrophe for formula cells: spreadsheets read it as 'text'.
function cell(value: CsvCell): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows to CSV text: UTF-8 with a BOM (so spreadsheet apps read accents), CRLF line ends. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return `\uFEFF${[header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}

/**
 * A cell as it was before `toCsv` guarded it: the one apostrophe written before a formula start
 * goes, so a CSV downloaded from the site uploads again unchanged. Spreadsheets hide that
 * apostrophe too, so a cell typed that way in one means the same thing. A number guarded by an
 * earlier release (`'-122.4`) reads as the number.
 */
export function unguardCsvCell(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
}
