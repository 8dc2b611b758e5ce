import type { TextRun } from '@forkcast/shared/contracts';

/**
 * What FTS5's snippet() and highlight() put around each matched word: two private-use characters,
 * which the indexed text never holds (tidyText removes them), so a marked passage splits into runs
 * without any HTML passing through.
 */
export const HIGHLIGHT = { start: '\uE000', end: '\uE001' } as const;

/** A marked passage as runs of plain and matched text, adjacent runs of one kind joined. */
export function toRuns(marked: string): TextRun[] {
  const runs: TextRun[] = [];
  let match = false;
  for (const part of marked.split(/([\uE000\uE001])/)) {
    if (part === HIGHLIGHT.start) match = true;
    else if (part === HIGHLIGHT.end) match = false;
    else if (part !== '') {
      const last = runs.at(-1);
      if (last && last.match === match) last.text += part;
      else runs.push({ text: part, match });
    }
  }
  return runs;
}
