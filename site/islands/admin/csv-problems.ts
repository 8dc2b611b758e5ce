import type { ApiErrorBody, CsvProblem } from '@forkcast/shared/contracts';
import { RequestError } from '../shared/api';

/** The problems list of a 422 answer, or none. */
export function problemsOf(error: unknown): CsvProblem[] {
  if (!(error instanceof RequestError) || error.status !== 422) return [];
  try {
    const { problems } = JSON.parse(error.body) as Partial<ApiErrorBody>;
    return Array.isArray(problems) ? (problems as CsvProblem[]).filter((p) => typeof p?.message === 'string') : [];
  } catch {
    return [];
  }
}

/** A problem as the editor reads it: where in the file, then what. */
export function describeProblem({ row, column, message }: CsvProblem): string {
  const where = [row === undefined ? '' : `Row ${row}`, column ? `column “${column}”` : ''].filter(Boolean).join(', ');
  return where ? `${where}: ${message}` : message;
}
