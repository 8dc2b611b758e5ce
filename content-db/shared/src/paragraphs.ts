import { ORIGINAL_BLOCK_ID } from './contracts/api-types.ts';

/**
 * A post's content split into paragraphs at blank lines. Block and inline-item positions
 * count these paragraphs, so the API and the pages must split the same way: both use this.
 */
export function splitParagraphs(content: string): string[] {
  return content
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '');
}

export interface StoredBlock {
  id: number;
  position: number;
  content: string;
}

export interface InlineItem {
  id: number;
  type: 'text' | 'image';
  content: string;
  position: number;
}

/** One section of a rendered body: a paragraph (original or its stored replacement) or an inline addition. */
export type BodySection = { kind: 'paragraph'; position: number; markdown: string; blockId: number } | { kind: 'item'; item: InlineItem };

/**
 * Body rendering: paragraph i shows the stored block at position i if there is one,
 * otherwise the raw paragraph; an inline item at position p appears after paragraph p - 1 (so
 * position 0 comes before the first paragraph). Blocks and items beyond the last paragraph are
 * kept, at the end, rather than silently dropped.
 */
export function mergeBody(content: string, blocks: readonly StoredBlock[], items: readonly InlineItem[]): BodySection[] {
  const paragraphs = splitParagraphs(content);
  const blockAt = new Map(blocks.map((block) => [block.position, block]));
  const last = Math.max(paragraphs.length, ...blocks.map((b) => b.position + 1), ...items.map((i) => i.position));
  const itemsAfter = new Map<number, InlineItem[]>();
  for (const item of [...items].sort((a, b) => a.position - b.position || a.id - b.id)) {
    const after = Math.min(Math.max(item.position, 0), last) - 1;
    itemsAfter.set(after, [...(itemsAfter.get(after) ?? []), item]);
  }
  const sections: BodySection[] = (itemsAfter.get(-1) ?? []).map((item) => ({ kind: 'item', item }));
  for (let position = 0; position < last; position++) {
    const block = blockAt.get(position);
    const markdown = block?.content ?? paragraphs[position];
    if (markdown !== undefined) {
      sections.push({ kind: 'paragraph', position, markdown, blockId: block?.id ?? ORIGINAL_BLOCK_ID });
    }
    for (const item of itemsAfter.get(position) ?? []) sections.push({ kind: 'item', item });
  }
  return sections;
}
