import type { OutgoingMail } from '../mail/mailer.ts';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

interface Letter {
  siteName: string;
  to: string;
  unsubscribeUrl: string;
  /** The mailbox a reader may write to instead of opening the unsubscribe link. */
  unsubscribeMailbox: string;
}

/**
 * A newsletter email in the site's colours (inline styles: mail programs drop style sheets), with
 * the same words as plain text, and the list headers that let a mail program offer 'Unsubscribe'.
 */
function letter(base: Letter, subject: string, paragraphs: string[], action: { label: string; url: string }): OutgoingMail {
  const footer = `You get this email because this address was signed up for the ${base.siteName} letter. Unsubscribe: ${base.unsubscribeUrl}`;
  const text = [...paragraphs, `${action.label}: ${action.url}`, '', '--', footer].join('\n\n');
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px 12px;background:#f7f3ec;color:#1c2427;font-family:Georgia,'Times New Roman',serif;font-size:17px;line-height:1.6">
<div style="max-width:560px;margin:0 auto;padding:32px;background:#fffdf9;border-top:4px solid #a63d1c;border-radius:8px">
<p style="margin:0 0 16px;font-family:Arial,Helvetica,sans-serif;font-size:13px;letter-spacing:.08em;text-transform:uppercase;color:#a63d1c">${escapeHtml(base.siteName)}</p>
${paragraphs.map((paragraph) => `<p style="margin:0 0 16px">${escapeHtml(paragraph)}</p>`).join('\n')}
<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="display:inline-block;padding:12px 20px;background:#a63d1c;color:#ffffff;border-radius:6px;font-family:Arial,Helvetica,sans-serif;font-weight:bold;text-decoration:none">${escapeHtml(action.label)}</a></p>
<p style="margin:0;font-size:14px;color:#3b4548">Or paste this address into your browser: <a href="${escapeHtml(action.url)}" style="color:#a63d1c;word-break:break-all">${escapeHtml(action.url)}</a></p>
</div>
<p style="max-width:560px;margin:16px auto 0;font-family:Arial,Helvetica,sans-serif;font-size:12px;color:#3b4548">You get this email because this address was signed up for the ${escapeHtml(base.siteName)} letter. <a href="${escapeHtml(base.unsubscribeUrl)}" style="color:#3b4548">Unsubscribe</a></p>
</body>
</html>
`;
  return {
    to: base.to,
    subject,
    text,
    html,
    unsubscribe: { url: base.unsubscribeUrl, mailto: `mailto:${base.unsubscribeMailbox}?subject=unsubscribe` },
  };
}

/** The email that asks a new sign-up to confirm its address. */
export function confirmationEmail(base: Letter & { confirmUrl: string }): OutgoingMail {
  return letter(
    base,
    `Confirm your subscription to ${base.siteName}`,
    [
      `Please confirm that you want the ${base.siteName} letter: new city guides and the dishes worth a detour, nothing else.`,
      'The link works for 7 days. If you did not sign up, ignore this email: without a confirmation you will not hear from us again.',
    ],
    { label: 'Confirm my subscription', url: base.confirmUrl },
  );
}
