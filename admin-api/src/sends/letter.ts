import { LETTER_UNSUBSCRIBE_SLOT } from '@forkcast/shared/contracts';
import { letterRoute } from '@forkcast/shared/urls';
import type { Renderer } from '../publisher/renderer.ts';

/** A post as an email, before it is addressed: the unsubscribe link is still a placeholder. */
export interface Letter {
  subject: string;
  html: string;
  text: string;
}

/**
 * Renders a published post as its newsletter email: the site's letter page (the site's type and
 * colours, absolute links and images), with its style sheet inlined into every element by juice
 * (many mail programs drop <style>; the small-screen rules stay in one, for those that read it),
 * and a plain-text part made from the same HTML by html-to-text. Undefined when the post is not
 * published (or does not exist), unless `unpublished` allows it (a test send before it goes live).
 */
export async function renderLetter(
  pages: Pick<Renderer, 'render'>,
  post: { id: number; title: string },
  options: { unpublished?: boolean } = {},
): Promise<Letter | undefined> {
  const page = await pages.render(letterRoute(post.id), options.unpublished ? { preview: { postId: post.id } } : undefined);
  if (page.status !== 200) return undefined;
  // Loaded on the first letter, as nodemailer is on the first message and sharp on the first
  // image: a server that sends no mail and gets no upload starts sooner and holds less memory
  // without the three.
  const [{ default: juice }, { convert }] = await Promise.all([import('juice'), import('html-to-text')]);
  // The page sets the width attributes mail programs need itself; juice would turn CSS widths
  // into attributes such as width="100%" and height="auto", which HTML does not allow.
  const html = juice(new TextDecoder().decode(page.body), {
    preserveMediaQueries: true,
    applyWidthAttributes: false,
    applyHeightAttributes: false,
  });
  const text = convert(html, {
    wordwrap: 78,
    selectors: [
      { selector: '.preheader', format: 'skip' },
      { selector: 'img', format: 'skip' },
      { selector: 'h1', options: { uppercase: false } },
      { selector: 'h2', options: { uppercase: false } },
      { selector: 'h3', options: { uppercase: false } },
      { selector: 'table', format: 'block' },
      { selector: 'tr', format: 'block' },
      { selector: 'td', format: 'block' },
      // A link whose text is its own address is written once.
      { selector: 'a', options: { hideLinkHrefIfSameAsText: true } },
      // The masthead's and hero's links only repeat the post's address, which the text gives in full.
      { selector: 'a.wordmark', format: 'inline' },
      { selector: 'a.hero-link', format: 'skip' },
    ],
  });
  return { subject: post.title, html, text };
}

/** One reader's copy of a letter: their own unsubscribe link in both parts. */
export function addressLetter(letter: Letter, unsubscribeUrl: string): Letter {
  return {
    subject: letter.subject,
    html: letter.html.replaceAll(LETTER_UNSUBSCRIBE_SLOT, unsubscribeUrl),
    text: letter.text.replaceAll(LETTER_UNSUBSCRIBE_SLOT, unsubscribeUrl),
  };
}
