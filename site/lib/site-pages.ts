/** The longest description a page's head carries; search engines show about this much. */
const MAX_DESCRIPTION = 160;

/**
 * What an editor's page says of itself in its head: its first paragraph as plain text (Markdown
 * marks dropped), cut at a word near 160 characters; the site's name when the page has no text.
 */
export function pageDescription(markdown: string, siteName: string): string {
  const paragraph =
    markdown
      .split(/\n\s*\n/)
      .map((block) => block.trim())
      .find((block) => block !== '' && !block.startsWith('#')) ?? '';
  const plain = paragraph
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_`>#]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (plain === '') return siteName;
  if (plain.length <= MAX_DESCRIPTION) return plain;
  const cut = plain.slice(0, MAX_DESCRIPTION - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 80 ? cut.lastIndexOf(' ') : cut.length)}…`;
}
