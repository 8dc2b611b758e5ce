import type { OutgoingMail } from '../mail/mailer.ts';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

interface ReviewMailOptions {
  siteName: string;
  publicHost: string;
  to: string[];
  post: { id: number; title: string };
  /** Who did it: the writer who submitted, the editor who sent it back. */
  by: string;
  note?: string | undefined;
}

/** The same few lines as plain text and as HTML: a sentence, the note quoted, links to act on. */
function compose(options: ReviewMailOptions, subject: string, lead: string, links: [string, string][]): OutgoingMail {
  const { note } = options;
  const text = [lead, ...(note ? [note] : []), ...links.map(([label, url]) => `${label}: ${url}`)].join('\n\n');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1c2427;line-height:1.5">
<p>${escapeHtml(lead)}</p>
${note ? `<blockquote style="margin:0;padding:8px 16px;border-left:4px solid #a63d1c;white-space:pre-wrap">${escapeHtml(note)}</blockquote>\n` : ''}<p>${links.map(([label, url]) => `<a href="${escapeHtml(url)}">${escapeHtml(label)}</a>`).join(' · ')}</p>
</body></html>
`;
  return { to: options.to.join(', '), subject: `[${options.siteName} review] ${subject}`, text, html };
}

const editorUrl = (options: ReviewMailOptions) => `${options.publicHost}/admin/editor?id=${options.post.id}`;
const previewUrl = (options: ReviewMailOptions) => `${options.publicHost}/api/posts/${options.post.id}/preview`;

/** Tells the editors a post waits for their review. */
export function submittedNotice(options: ReviewMailOptions): OutgoingMail {
  return compose(options, `“${options.post.title}” is waiting for review`, `${options.by} submitted “${options.post.title}” for review.`, [
    ['Review it', editorUrl(options)],
    ['Preview', previewUrl(options)],
  ]);
}

/** Tells a post's writers an editor sent it back, with the editor's note. */
export function changesRequestedNotice(options: ReviewMailOptions): OutgoingMail {
  return compose(
    options,
    `Changes requested on “${options.post.title}”`,
    `${options.by} sent “${options.post.title}” back to you with a note:`,
    [['Open the post', editorUrl(options)]],
  );
}
