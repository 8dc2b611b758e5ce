import { type SeoFields, withSiteName } from '@forkcast/shared/contracts';
import { lexer } from 'marked';

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

/** One `##` section of a laid-out page: its heading (Markdown), its anchor if it names one, and its text. */
interface PageSection {
  heading: string;
  anchor?: string;
  body: string;
}

/** A page's Markdown as the About and legal layouts set it: heading, introduction, sections. */
export interface PageParts {
  /** A first `# line`: the heading shown in place of the title. */
  headline?: string;
  /** What comes before the first `##`. */
  intro: string;
  sections: PageSection[];
}

// A section heading may end in `{#anchor}`, the id its section takes (About's `{#contact}`).
const ANCHOR = /\s*\{#([a-z0-9]+(?:-[a-z0-9]+)*)\}\s*$/;

/**
 * Splits a page's Markdown at its `##` headings (as Markdown reads them, so not inside a code
 * block), keeping each part's source as written.
 */
export function pageParts(markdown: string): PageParts {
  const parts: PageParts = { intro: '', sections: [] };
  let current: { body: string } = { body: '' };
  let started = false;
  for (const token of lexer(markdown)) {
    if (token.type === 'heading' && token.depth === 1 && !started && current.body.trim() === '' && parts.headline === undefined) {
      parts.headline = token.text;
      continue;
    }
    if (token.type === 'heading' && token.depth === 2) {
      if (!started) parts.intro = current.body.trim();
      started = true;
      const anchor = ANCHOR.exec(token.text)?.[1];
      const section: PageSection = { heading: token.text.replace(ANCHOR, ''), ...(anchor && { anchor }), body: '' };
      parts.sections.push(section);
      current = section;
      continue;
    }
    current.body += token.raw;
  }
  if (!started) parts.intro = current.body.trim();
  for (const section of parts.sections) section.body = section.body.trim();
  return parts;
}

/** What a page shows of its fields, the site's name in place of its token: the kicker falls back when empty. */
export interface ShownPage {
  title: string;
  kicker: string;
  /** The head's default summary, the first paragraph: its meta description (in `seo`) replaces it. */
  description: string;
  content: string;
  /** The page's search and social fields for the head, its meta title and description with the name in place. */
  seo: SeoFields;
}

export function shownPage(page: SeoFields & { title: string; kicker: string; content: string }, siteName: string): ShownPage {
  const content = withSiteName(page.content, siteName);
  const named = (value: string | null) => (value === null ? null : withSiteName(value, siteName));
  return {
    title: withSiteName(page.title, siteName),
    kicker: withSiteName(page.kicker, siteName) || siteName,
    description: pageDescription(content, siteName),
    content,
    seo: {
      metaTitle: named(page.metaTitle),
      metaDescription: named(page.metaDescription),
      ogImage: page.ogImage,
      canonicalUrl: page.canonicalUrl,
      noindex: page.noindex,
    },
  };
}
