import type { CsvProblem } from '@forkcast/shared/contracts';
import { redirectSourcePath, redirectTarget, type RedirectStatus } from '@forkcast/shared/urls';
import { CsvUnreadableError, readCsvRecords, type CsvRecord } from '../csv/read-records.ts';
import { FROM_RULE, STATUS_RULE, TO_RULE, type RedirectRequest } from './rules.ts';

/** The largest list of redirects taken at once. */
export const CSV_BYTES = 512 * 1024;
const CSV_LINES = 5_000;

/** A list that cannot be read, or whose lines do not hold up: nothing of it is imported. */
export class RedirectCsvError extends Error {
  readonly problems: CsvProblem[];
  constructor(message: string, problems: CsvProblem[]) {
    super(message);
    this.problems = problems;
  }
}

/** A redirect read from the list, with the line a spreadsheet shows it on. */
export interface RedirectLine extends RedirectRequest {
  row: number;
}

const COLUMNS = ['from', 'to', 'status'] as const;

/** What a list with problems on `count` lines is refused with. */
export function nothingImported(count: number): string {
  return `Nothing was imported: ${count} ${count === 1 ? 'line has a problem' : 'lines have problems'}.`;
}

/** The file's non-blank records; a file that cannot be read imports nothing, and says why. */
function records(bytes: Uint8Array): CsvRecord[] {
  try {
    return readCsvRecords(bytes);
  } catch (error) {
    if (error instanceof CsvUnreadableError) throw new RedirectCsvError(error.message, []);
    throw error;
  }
}

function status(cell: string | undefined): RedirectStatus | undefined {
  if (cell === undefined || cell === '') return 301;
  return cell === '301' ? 301 : cell === '302' ? 302 : undefined;
}

/**
 * The redirects a CSV lists, one `from,to,status` a line (status 301 when empty), after an optional
 * header line; blank lines are skipped. Throws with a problem per bad line, so the editor can mend
 * them all at once; the rules between redirects (loops, chains, live pages) are checked after.
 */
export function readRedirectCsv(bytes: Uint8Array): RedirectLine[] {
  const filled = records(bytes);
  const header = filled[0]?.cells[0]?.toLowerCase() === 'from' ? filled[0] : undefined;
  const body = filled.filter((record) => record !== header);
  if (body.length === 0) throw new RedirectCsvError('The file lists no redirects: put one from,to,status on each line.', []);
  if (body.length > CSV_LINES)
    throw new RedirectCsvError(`The file lists ${body.length} redirects; import at most ${CSV_LINES} at a time.`, []);
  const problems: CsvProblem[] = [];
  const lines: RedirectLine[] = [];
  for (const { row, cells } of body) {
    const problem = (column: (typeof COLUMNS)[number] | undefined, message: string) =>
      problems.push({ row, ...(column ? { column } : {}), message });
    const [fromCell = '', toCell = '', statusCell] = cells;
    const from = redirectSourcePath(fromCell);
    const to = redirectTarget(toCell);
    const answer = status(statusCell);
    if (cells.length > COLUMNS.length) problem(undefined, 'A line holds from, to and status only.');
    else if (from === undefined) problem('from', FROM_RULE);
    else if (to === undefined) problem('to', TO_RULE);
    else if (answer === undefined) problem('status', STATUS_RULE);
    else lines.push({ row, from, to, status: answer });
  }
  if (problems.length > 0) throw new RedirectCsvError(nothingImported(problems.length), problems);
  return lines;
}
