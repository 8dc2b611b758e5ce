import TurndownService from 'turndown';

// One converter for every piece of HTML a Ghost export holds (an html body, an HTML card, a caption):
// headings and code as Markdown writes them, emphasis with underscores and strong with asterisks,
// as the site's own Markdown editor does.
const turndown = new TurndownService({
  headingStyle: 'atx',
  codeBlockStyle: 'fenced',
  emDelimiter: '_',
  strongDelimiter: '**',
  bulletListMarker: '-',
  hr: '---',
});
// Ghost's own wrappers carry nothing a reader needs: their contents stay.
turndown.remove(['script', 'style', 'noscript', 'iframe', 'form', 'input', 'button']);

/** HTML as Markdown. */
export function htmlToMarkdown(html: string): string {
  return turndown.turndown(html).trim();
}

/** Text escaped so Markdown reads it as written. */
export function escapeMarkdown(text: string): string {
  return turndown.escape(text);
}

/** Where a card's output goes, and what the import could not carry. */
export interface BodyResult {
  markdown: string;
  /** Names of cards and nodes the import does not know, once each. */
  unknown: string[];
}

/** Markdown blocks joined as paragraphs. */
export function joinBlocks(blocks: readonly string[]): string {
  return blocks
    .map((block) => block.trim())
    .filter((block) => block !== '')
    .join('\n\n');
}

/** An image line, with its caption below it in italics. */
export function imageBlock(src: string, alt: string, caption?: string): string {
  const image = `![${escapeMarkdown(alt)}](${src.replaceAll(' ', '%20').replaceAll(')', '%29')})`;
  const text = caption ? htmlToMarkdown(caption) : '';
  return text ? `${image}\n\n_${text}_` : image;
}

/** A link line, as an embed or bookmark becomes (a URL alone on its line becomes an embed where the site knows the provider). */
export function linkBlock(url: string, title?: string): string {
  return title ? `[${escapeMarkdown(title)}](${url})` : url;
}

/** A fenced code block long enough to hold any backticks in the code. */
export function codeBlock(code: string, language = ''): string {
  const longest = Math.max(2, ...[...code.matchAll(/`+/g)].map((run) => run[0].length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}${language.replace(/[^\w+#.-]/g, '')}\n${code.replace(/\n$/, '')}\n${fence}`;
}
