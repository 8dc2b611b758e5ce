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
