export type CsvCell = string | number | null | undefined;

// RFC 4180 quoting, plus a leading apostrophe for cells a spreadsheet would run as a formula
// (OWASP CSV injection: = + - @ tab and carriage return).
function cell(value: CsvCell): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows to CSV text: UTF-8 with a BOM (so spreadsheet apps read accents), CRLF line ends. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return `\uFEFF${[header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}
