import { codeBlock, escapeMarkdown, htmlToMarkdown, imageBlock, joinBlocks, linkBlock, type BodyResult } from './markdown.ts';

/** A node of Lexical's serialized state, as Ghost's editor (Koenig) writes it. */
interface LexicalNode {
  type: string;
  children?: LexicalNode[];
  [field: string]: unknown;
}

// Lexical's text format bits.
const BOLD = 1;
const ITALIC = 2;
const STRIKETHROUGH = 4;
const CODE = 16;

const str = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Inline children (text, links, line breaks) as Markdown. */
function inline(nodes: readonly LexicalNode[] = []): string {
  return nodes
    .map((node) => {
      if (node.type === 'text' || node.type === 'extended-text') {
        const text = str(node.text);
        const format = typeof node.format === 'number' ? node.format : 0;
        if (format & CODE) return `\`${text.replaceAll('`', '')}\``;
        let out = escapeMarkdown(text);
        if (out.trim() === '') return out;
        if (format & STRIKETHROUGH) out = `~~${out}~~`;
        if (format & ITALIC) out = `_${out}_`;
        if (format & BOLD) out = `**${out}**`;
        return out;
      }
      if (node.type === 'linebreak') return '  \n';
      if (node.type === 'tab') return ' ';
      if (node.type === 'link' || node.type === 'autolink' || node.type === 'at-link')
        return `[${inline(node.children)}](${str(node.url)})`;
      return inline(node.children);
    })
    .join('');
}

function list(node: LexicalNode, depth: number): string {
  const ordered = node.listType === 'number';
  const start = typeof node.start === 'number' ? node.start : 1;
  const indent = '   '.repeat(depth);
  return (node.children ?? [])
    .map((item, index) => {
      const nested = (item.children ?? []).filter((child) => child.type === 'list');
      const text = inline((item.children ?? []).filter((child) => child.type !== 'list'));
      const marker = ordered ? `${start + index}.` : '-';
      const own = text.trim() === '' && nested.length > 0 ? '' : `${indent}${marker} ${text}`;
      return [own, ...nested.map((child) => list(child, depth + 1))].filter((line) => line !== '').join('\n');
    })
    .join('\n');
}

/** A callout as a quote, its emoji leading its first line. */
export function callout(emoji: string, html: string): string {
  return `${emoji ? `${emoji} ` : ''}${htmlToMarkdown(html)}`
    .split('\n')
    .map((line) => (line ? `> ${line}` : '>'))
    .join('\n');
}

/** One top-level node as a Markdown block; `unknown` collects what is not carried. */
function block(node: LexicalNode, unknown: Set<string>): string {
  switch (node.type) {
    case 'paragraph':
      return inline(node.children);
    case 'heading':
    case 'extended-heading': {
      const level = Number(str(node.tag).slice(1)) || 2;
      return `${'#'.repeat(Math.min(6, Math.max(1, level)))} ${inline(node.children)}`;
    }
    case 'quote':
    case 'extended-quote':
    case 'aside':
      return inline(node.children)
        .split('\n')
        .map((line) => `> ${line}`)
        .join('\n');
    case 'list':
      return list(node, 0);
    case 'horizontalrule':
      return '---';
    case 'image':
      return imageBlock(str(node.src), str(node.altText), str(node.caption));
    case 'gallery':
      return joinBlocks(
        (Array.isArray(node.images) ? (node.images as Record<string, unknown>[]) : []).map((image) =>
          imageBlock(str(image.src), str(image.alt), str(image.caption)),
        ),
      );
    case 'markdown':
      return str(node.markdown);
    case 'html':
      return htmlToMarkdown(str(node.html));
    case 'codeblock':
      return codeBlock(str(node.code), str(node.language));
    case 'embed':
      return linkBlock(str(node.url));
    case 'bookmark': {
      const metadata = (node.metadata ?? {}) as Record<string, unknown>;
      return linkBlock(str(node.url), str(metadata.title) || undefined);
    }
    case 'callout':
      return callout(str(node.calloutEmoji), str(node.calloutText));
    case 'toggle':
      return joinBlocks([`**${htmlToMarkdown(str(node.heading))}**`, htmlToMarkdown(str(node.content))]);
    case 'button':
      return linkBlock(str(node.buttonUrl), str(node.buttonText) || undefined);
    default:
      unknown.add(node.type);
      return '';
  }
}

/** A Ghost post's `lexical` (serialized Lexical state) as Markdown. */
export function lexicalToMarkdown(serialized: string): BodyResult {
  const state = JSON.parse(serialized) as { root?: LexicalNode };
  const unknown = new Set<string>();
  const markdown = joinBlocks((state.root?.children ?? []).map((node) => block(node, unknown)));
  return { markdown, unknown: [...unknown] };
}
