import { applyPatch, createPatch, diffWords } from 'diff';
import type { DiffPart, FieldDiff } from '@forkcast/shared/contracts';

/** A form's fields as readable text, each under the label the history uses for it. */
export type Fields = readonly (readonly [label: string, text: string])[];

/**
 * What changed between two states of a form, field by field, as the word diff the history shows
 * (jsdiff, as the server's own diff): only the fields whose text differs.
 */
export function fieldDiffs(before: Fields, after: Fields): FieldDiff[] {
  const old = new Map(before);
  const diffs: FieldDiff[] = [];
  for (const [label, text] of after) {
    const was = old.get(label) ?? '';
    if (was === text) continue;
    const parts: DiffPart[] = diffWords(was, text).map((part) => ({
      value: part.value,
      ...(part.added ? { added: true } : {}),
      ...(part.removed ? { removed: true } : {}),
    }));
    diffs.push({ label, parts });
  }
  return diffs;
}

/** Characters of unchanged text kept on each side of a change when a diff is shown condensed. */
const CONTEXT = 80;

const wholeWords = (text: string, partial: RegExp) => text.replace(partial, '') || text;

/**
 * A field's diff with the long runs of unchanged text between its changes cut down to their ends
 * (`…` marks the cut), so the changes of a long post fit on screen side by side.
 */
export function condensed(parts: readonly DiffPart[]): DiffPart[] {
  return parts.map((part, index) => {
    if (part.added || part.removed) return part;
    const before = index > 0;
    const after = index < parts.length - 1;
    const { value } = part;
    if (value.length <= CONTEXT * (before && after ? 2 : 1) + 1) return part;
    // Cut at a space, so no word is shown in part.
    const head = before ? wholeWords(value.slice(0, CONTEXT), /\S*$/) : '';
    const tail = after ? wholeWords(value.slice(-CONTEXT), /^\S*/) : '';
    return { value: `${head}…${tail}` };
  });
}

const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

/**
 * The editor's own edit laid over someone else's: every field the editor changed since `base` (the
 * version they started from) takes their value, every other field keeps `theirs`. Text both of
 * them changed is merged line by line where the changes do not touch (a paragraph each); where they
 * do, the editor's own text wins, as they asked to apply theirs on top.
 */
export function reapplyOnTop<Draft extends object>(base: Draft, mine: Draft, theirs: Draft): Draft {
  const result = { ...theirs };
  for (const key of Object.keys(mine) as (keyof Draft)[]) {
    const own = mine[key];
    if (same(own, base[key])) continue;
    const other = theirs[key];
    const was = base[key];
    if (typeof own === 'string' && typeof other === 'string' && typeof was === 'string' && other !== was) {
      // One line of context: paragraphs are separated by blank lines, so an edit of the next
      // paragraph still leaves the editor's hunk a place to go.
      const merged = applyPatch(other, createPatch('field', was, own, '', '', { context: 1 }));
      result[key] = (merged === false ? own : merged) as Draft[keyof Draft];
    } else {
      result[key] = own;
    }
  }
  return result;
}
