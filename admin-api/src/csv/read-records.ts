import { CsvError, parse } from 'csv-parse/sync';

/** A file that cannot be read as CSV at all: not UTF-8, or not well-formed (at `row`, when known). */
export class CsvUnreadableError extends Error {
  override name = 'CsvUnreadableError';
  readonly row: number | undefined;
  constructor(message: string, row?: number) {
    super(message);
    this.row = row;
  }
}

export interface CsvRecord {
  /** The spreadsheet row: records counted from 1, blank ones included. */
  row: number;
  cells: string[];
}

/**
 * The non-blank records of an uploaded CSV, each with the row number a spreadsheet app would show
 * for it: UTF-8 with or without BOM, CRLF or LF, quoted commas and newlines, cells trimmed. What
 * every upload of a list (an itinerary, redirects) reads first; each says in its own words what its
 * rows must hold.
 */
export function readCsvRecords(bytes: Uint8Array): CsvRecord[] {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new CsvUnreadableError('The file is not UTF-8 text. Save it as "CSV UTF-8" and upload it again.');
  }
  let records: string[][];
  try {
    records = parse(text, { bom: true, relax_column_count: true, trim: true }) as string[][];
  } catch (error) {
    // csv-parse counts the records it completed; the broken one is the next.
    const completed = error instanceof CsvError ? (error as CsvError & { records?: number }).records : undefined;
    const reason =
      error instanceof CsvError && error.code === 'CSV_QUOTE_NOT_CLOSED' ? 'a quoted cell is never closed' : 'it is not well-formed CSV';
    throw new CsvUnreadableError(`The CSV could not be read: ${reason}.`, completed === undefined ? undefined : completed + 1);
  }
  return records.map((cells, index) => ({ row: index + 1, cells })).filter((record) => record.cells.some((cell) => cell !== ''));
}
