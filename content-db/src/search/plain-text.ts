import { Lexer, type Token } from 'marked';
import { mergeBody, type InlineItem, type StoredBlock } from '@forkcast/shared/paragraphs';
import { HIGHLIGHT } from './highlight.ts';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

function decodeEntities(text: string): string {
  return text.replace(/&(#\d+|#x[\da-f]+|[a-z]+\d*);/gi, (whole, name: string) => {
    if (ENTITIES[name.toLowerCase()] !== undefined) return ENTITIES[name.toLowerCase()]!;
    const code =
      name.startsWith('#x') || name.startsWith('#X')
        ? Number.parseInt(name.slice(2), 16)
        : name.startsWith('#')
          ? Number(name.slice(1))
          : NaN;
    return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

type Cell = { tokens: Token[] };

// What a reader sees of each token: link text rather than its address, an image's alt text, code as
// written, and no Markdown or HTML syntax.
function tokenText(token: Token): string {
  const node = token as Token & { tokens?: Token[]; items?: Cell[]; header?: Cell[]; rows?: Cell[][]; text?: string };
  switch (token.type) {
    case 'space':
    case 'hr':
    case 'def':
    case 'checkbox':
    case 'br':
      return ' ';
    case 'html':
      return ` ${decodeEntities((node.text ?? '').replace(/<[^>]*>/g, ' '))} `;
    case 'table':
      return [...(node.header ?? []), ...(node.rows ?? []).flat()].map((cell) => tokensText(cell.tokens)).join(' ');
    case 'list':
      return (node.items ?? []).map((item) => tokensText(item.tokens)).join(' ');
    case 'code':
    case 'codespan':
      return ` ${node.text ?? ''} `;
    default:
      if (node.tokens && node.tokens.length > 0)
        return tokensText(node.tokens) + (token.type === 'paragraph' || token.type === 'heading' ? ' ' : '');
      return decodeEntities(node.text ?? '');
  }
}

function tokensText(tokens: readonly Token[]): string {
  return tokens.map(tokenText).join('');
}

/** One line of plain text: whitespace runs become one space, and the highlight markers can never come from content. */
export function tidyText(text: string): string {
  return text.replaceAll(HIGHLIGHT.start, '').replaceAll(HIGHLIGHT.end, '').replace(/\s+/g, ' ').trim();
}

/** The words a reader sees when `markdown` is rendered, as plain text. */
function markdownText(markdown: string): string {
  return tidyText(tokensText(new Lexer({ gfm: true }).lex(markdown)));
}

/**
 * A post's body as its page shows it, as plain text: each paragraph or the stored block that replaces
 * it, and the text added between paragraphs (an image counts by its alt text), in page order.
 */
export function readerBodyText(content: string, blocks: readonly StoredBlock[], items: readonly (InlineItem & { alt?: string })[]): string {
  const sections = mergeBody(content, blocks, items).map((section) => {
    if (section.kind === 'paragraph') return markdownText(section.markdown);
    const item = section.item as InlineItem & { alt?: string };
    return item.type === 'image' ? tidyText(item.alt ?? '') : markdownText(item.content);
  });
  return sections.filter((text) => text !== '').join(' ');
}
