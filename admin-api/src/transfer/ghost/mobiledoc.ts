import { callout } from './lexical.ts';
import { codeBlock, escapeMarkdown, htmlToMarkdown, imageBlock, joinBlocks, linkBlock, type BodyResult } from './markdown.ts';

/** Mobiledoc 0.3, as Ghost's editor wrote it before Lexical (Ghost 1 to 5). */
interface Mobiledoc {
  atoms?: [string, string, Record<string, unknown>][];
  cards?: [string, Record<string, unknown>][];
  markups?: [string, string[]?][];
  sections?: unknown[][];
}

type Marker = [number, number[], number, string | number];

const str = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The Markdown that opens and closes a markup (`b`, `em`, `a` with its href, ...). */
function markupTokens(markup: [string, string[]?] | undefined): [string, string] {
  const [tag = '', attributes = []] = markup ?? [];
  switch (tag.toLowerCase()) {
    case 'b':
    case 'strong':
      return ['**', '**'];
    case 'i':
    case 'em':
      return ['_', '_'];
    case 's':
    case 'del':
      return ['~~', '~~'];
    case 'code':
      return ['`', '`'];
    case 'a': {
      const href = attributes[attributes.indexOf('href') + 1] ?? '';
      return ['[', `](${attributes.includes('href') ? href : ''})`];
    }
    default:
      return ['', ''];
  }
}

/** A section's markers as Markdown: markups open and close around the text as the markers say. */
function markers(doc: Mobiledoc, list: Marker[]): string {
  let out = '';
  const open: [string, string][] = [];
  for (const [type, opens, closes, value] of list) {
    for (const index of opens) {
      const tokens = markupTokens(doc.markups?.[index]);
      open.push(tokens);
      out += tokens[0];
    }
    if (type === 0) out += escapeMarkdown(String(value));
    else {
      const atom = doc.atoms?.[Number(value)];
      out += atom?.[0] === 'soft-return' ? '  \n' : escapeMarkdown(str(atom?.[1]));
    }
    for (let closed = 0; closed < closes; closed++) out += open.pop()?.[1] ?? '';
  }
  while (open.length > 0) out += open.pop()![1];
  return out;
}

/** A card as a Markdown block. */
function card(name: string, payload: Record<string, unknown>, unknown: Set<string>): string {
  switch (name) {
    case 'markdown':
    case 'card-markdown':
      return str(payload.markdown);
    case 'html':
      return htmlToMarkdown(str(payload.html));
    case 'image':
      return imageBlock(str(payload.src), str(payload.alt), str(payload.caption));
    case 'gallery':
      return joinBlocks(
        (Array.isArray(payload.images) ? (payload.images as Record<string, unknown>[]) : []).map((image) =>
          imageBlock(str(image.src), str(image.alt), str(image.caption)),
        ),
      );
    case 'code':
      return codeBlock(str(payload.code), str(payload.language));
    case 'hr':
      return '---';
    case 'embed':
      return linkBlock(str(payload.url));
    case 'bookmark': {
      const metadata = (payload.metadata ?? {}) as Record<string, unknown>;
      return linkBlock(str(payload.url), str(metadata.title) || undefined);
    }
    case 'callout':
      return callout(str(payload.calloutEmoji), str(payload.calloutText));
    case 'toggle':
      return joinBlocks([`**${htmlToMarkdown(str(payload.heading))}**`, htmlToMarkdown(str(payload.content))]);
    case 'button':
      return linkBlock(str(payload.buttonUrl), str(payload.buttonText) || undefined);
    default:
      unknown.add(name);
      return '';
  }
}

/** A Ghost post's `mobiledoc` as Markdown. */
export function mobiledocToMarkdown(serialized: string): BodyResult {
  const doc = JSON.parse(serialized) as Mobiledoc;
  const unknown = new Set<string>();
  const blocks = (doc.sections ?? []).map((section) => {
    const [kind] = section;
    if (kind === 1) {
      const [, tag, list] = section as [number, string, Marker[]];
      const text = markers(doc, list);
      const heading = /^h([1-6])$/i.exec(tag);
      if (heading) return `${'#'.repeat(Number(heading[1]))} ${text}`;
      if (tag === 'blockquote' || tag === 'aside')
        return text
          .split('\n')
          .map((line) => `> ${line}`)
          .join('\n');
      return text;
    }
    if (kind === 2) return imageBlock(str(section[1]), '');
    if (kind === 3) {
      const [, tag, items] = section as [number, string, Marker[][]];
      return items.map((item, index) => `${tag === 'ol' ? `${index + 1}.` : '-'} ${markers(doc, item)}`).join('\n');
    }
    if (kind === 10) {
      const [name = '', payload = {}] = doc.cards?.[Number(section[1])] ?? [];
      return card(name, payload, unknown);
    }
    return '';
  });
  return { markdown: joinBlocks(blocks), unknown: [...unknown] };
}
