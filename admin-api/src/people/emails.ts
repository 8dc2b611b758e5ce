import type { Role } from '@forkcast/shared/contracts';
import type { OutgoingMail } from '../mail/mailer.ts';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

const ARTICLE: Record<Role, string> = { owner: 'the', administrator: 'an', editor: 'an', author: 'an', contributor: 'a' };

/** One link, a sentence before it and one after, as text and as a plain HTML page. */
function linkMail(to: string, subject: string, lead: string, action: string, url: string, after: string): OutgoingMail {
  const text = [lead, `${action}: ${url}`, after].join('\n\n');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1c2427;line-height:1.5">
<p>${escapeHtml(lead)}</p>
<p><a href="${escapeHtml(url)}" style="display:inline-block;padding:10px 18px;background:#a63d1c;color:#fff;border-radius:6px;text-decoration:none;font-weight:bold">${escapeHtml(action)}</a></p>
<p style="color:#3b4548;font-size:14px">${escapeHtml(after)}</p>
<p style="color:#3b4548;font-size:12px">${escapeHtml(url)}</p>
</body></html>
`;
  return { to, subject, text, html };
}

const day = (iso: string) => new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The invitation: who invites, as what, and the link that works once until it expires. */
export function invitationEmail(options: {
  siteName: string;
  to: string;
  inviter: string;
  role: Role;
  url: string;
  expiresAt: string;
}): OutgoingMail {
  const { siteName, role } = options;
  return linkMail(
    options.to,
    `${options.inviter} invited you to ${siteName}`,
    `${options.inviter} invited you to join ${siteName} as ${ARTICLE[role]} ${role}. Choose your name and a password to start.`,
    'Accept the invitation',
    options.url,
    `The link works once, until ${day(options.expiresAt)}. If you did not expect this email, you can ignore it.`,
  );
}

/** The password reset link, valid for an hour. */
export function passwordResetEmail(options: { siteName: string; to: string; url: string }): OutgoingMail {
  return linkMail(
    options.to,
    `Set a new password for ${options.siteName}`,
    `Someone asked to set a new password for your ${options.siteName} account.`,
    'Set a new password',
    options.url,
    'The link works once, for one hour. If you did not ask for it, ignore this email: your password stays as it is.',
  );
}
