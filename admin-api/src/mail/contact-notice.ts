import type { OutgoingMail } from './mailer.ts';

interface ContactMessage {
  name: string;
  email: string;
  subject: string;
  message: string;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

/**
 * Tells the admins a contact message arrived: the message itself, with Reply-To set to its sender
 * so answering it is one click. Not a newsletter email, so it carries no unsubscribe headers.
 */
export function contactNotice(options: { siteName: string; publicHost: string; to: string[]; message: ContactMessage }): OutgoingMail {
  const { message } = options;
  const inbox = `${options.publicHost}/admin`;
  const text = [
    `${message.name} <${message.email}> wrote through the ${options.siteName} contact form:`,
    `Subject: ${message.subject}`,
    message.message,
    `Reply to this email to answer them. Every message is also in the inbox at ${inbox}.`,
  ].join('\n\n');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(message.subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1c2427;line-height:1.5">
<p><strong>${escapeHtml(message.name)}</strong> &lt;${escapeHtml(message.email)}&gt; wrote through the ${escapeHtml(options.siteName)} contact form:</p>
<p><strong>Subject:</strong> ${escapeHtml(message.subject)}</p>
<blockquote style="margin:0;padding:8px 16px;border-left:4px solid #a63d1c;white-space:pre-wrap">${escapeHtml(message.message)}</blockquote>
<p style="color:#3b4548;font-size:14px">Reply to this email to answer them. Every message is also in the <a href="${escapeHtml(inbox)}">inbox</a>.</p>
</body></html>
`;
  return { to: options.to.join(', '), subject: `[${options.siteName} contact] ${message.subject}`, text, html, replyTo: message.email };
}
