import { describe, expect, it } from 'vitest';
import { mergeBody, splitParagraphs, type InlineItem } from './paragraphs.ts';

describe('splitParagraphs', () => {
  it('splits at blank lines, including CRLF and whitespace-only lines, and drops empty ones', () => {
    expect(splitParagraphs('a\r\n\r\nb\n  \nc\n\n\n\n  d  \n')).toEqual(['a', 'b', 'c', 'd']);
    expect(splitParagraphs('one\nline\nbreaks')).toEqual(['one\nline\nbreaks']);
    expect(splitParagraphs('   ')).toEqual([]);
  });
});

const content = 'First paragraph.\n\nSecond paragraph.\n\nThird paragraph.';
const item = (id: number, position: number, type: InlineItem['type'] = 'text'): InlineItem => ({
  id,
  type,
  content: `item ${id}`,
  position,
});

function outline(sections: ReturnType<typeof mergeBody>): string[] {
  return sections.map((s) => (s.kind === 'paragraph' ? `p${s.position}:${s.markdown}:${s.blockId}` : `item ${s.item.id}`));
}

describe('mergeBody', () => {
  it('shows the raw paragraphs as original sections (id -1) when nothing is stored', () => {
    expect(outline(mergeBody(content, [], []))).toEqual(['p0:First paragraph.:-1', 'p1:Second paragraph.:-1', 'p2:Third paragraph.:-1']);
  });

  it('replaces the paragraph at a stored block position', () => {
    expect(outline(mergeBody(content, [{ id: 7, position: 1, content: 'Edited **second**.' }], []))).toEqual([
      'p0:First paragraph.:-1',
      'p1:Edited **second**.:7',
      'p2:Third paragraph.:-1',
    ]);
  });

  it('places an inline item after paragraph position - 1', () => {
    expect(outline(mergeBody(content, [], [item(1, 1), item(2, 0), item(3, 3)]))).toEqual([
      'item 2',
      'p0:First paragraph.:-1',
      'item 1',
      'p1:Second paragraph.:-1',
      'p2:Third paragraph.:-1',
      'item 3',
    ]);
  });

  it('keeps several items at one position in id order', () => {
    expect(outline(mergeBody(content, [], [item(5, 2), item(4, 2, 'image')]))).toEqual([
      'p0:First paragraph.:-1',
      'p1:Second paragraph.:-1',
      'item 4',
      'item 5',
      'p2:Third paragraph.:-1',
    ]);
  });

  it('keeps blocks and items beyond the last paragraph at the end', () => {
    expect(outline(mergeBody('Only.', [{ id: 9, position: 2, content: 'Late block' }], [item(1, 7)]))).toEqual([
      'p0:Only.:-1',
      'p2:Late block:9',
      'item 1',
    ]);
  });

  it('renders an empty post as nothing', () => {
    expect(mergeBody('', [], [])).toEqual([]);
  });
});
