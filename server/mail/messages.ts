// What Reelforge writes to members: each message in plain text and in simple HTML, in the product's
// voice, with its one link spelled out in both (some mail apps show only the text).
import type { MailMessage } from './mailer';

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/gu,
    (character) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character] ??
      character,
  );
}

/** A message with a greeting, a few paragraphs, an optional button and a sign-off. */
function compose(options: {
  to: string;
  subject: string;
  name: string | null;
  paragraphs: string[];
  action?: { label: string; url: string };
  after?: string[];
}): MailMessage {
  const greeting = options.name ? `Hi ${options.name},` : 'Hi,';
  const after = options.after ?? [];
  const text = [
    greeting,
    ...options.paragraphs,
    ...(options.action ? [`${options.action.label}: ${options.action.url}`] : []),
    ...after,
    '— The Reelforge team',
  ].join('\n\n');
  const paragraph = (line: string) =>
    `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(line)}</p>`;
  const button = options.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(options.action.url)}" style="background:#f97316;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600;display:inline-block">${escapeHtml(options.action.label)}</a></p>
<p style="margin:0 0 16px;line-height:1.5;color:#555;font-size:13px">Or copy this link into your browser: <br><a href="${escapeHtml(options.action.url)}" style="color:#c2410c;word-break:break-all">${escapeHtml(options.action.url)}</a></p>`
    : '';
  const html = `<!doctype html>
<html lang="en"><body style="margin:0;padding:24px;background:#f6f6f7;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#18181b">
<div style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
<p style="margin:0 0 24px;font-weight:700;font-size:18px;color:#f97316">Reelforge</p>
${paragraph(greeting)}
${options.paragraphs.map(paragraph).join('\n')}
${button}
${after.map(paragraph).join('\n')}
${paragraph('— The Reelforge team')}
</div></body></html>`;
  return { to: options.to, subject: options.subject, text, html };
}

export function passwordResetMessage(to: string, name: string | null, url: string): MailMessage {
  return compose({
    to,
    name,
    subject: 'Choose a new Reelforge password',
    paragraphs: [
      'Someone (we hope you) asked to reset the password of your Reelforge account.',
      'The link below lets you choose a new one. It works once, for the next hour.',
    ],
    action: { label: 'Choose a new password', url },
    after: [
      "If you didn't ask, ignore this email: your password stays as it is, and nobody can use this link without your inbox.",
    ],
  });
}

export function verifyEmailMessage(to: string, name: string | null, url: string): MailMessage {
  return compose({
    to,
    name,
    subject: 'Verify your email for Reelforge',
    paragraphs: [
      'Welcome to Reelforge! One click confirms this address is yours.',
      'Once it is verified you can earn free credits and publish your videos to YouTube, TikTok and Instagram.',
    ],
    action: { label: 'Verify my email', url },
    after: ["If you didn't create a Reelforge account, ignore this email."],
  });
}

export function confirmNewEmailMessage(to: string, name: string | null, url: string): MailMessage {
  return compose({
    to,
    name,
    subject: 'Confirm your new email for Reelforge',
    paragraphs: [
      'You asked to use this address for your Reelforge account.',
      'Your account keeps its old address until you click the link below, within a day.',
    ],
    action: { label: 'Use this email', url },
    after: ["If you didn't ask for this, ignore this email: nothing changes."],
  });
}

/**
 * To the current address when a change of email is asked for. `newEmail` is what the member typed:
 * null when this address is not verified, so an inbox that may be anyone's is shown none of it.
 */
export function emailChangeNoticeMessage(
  to: string,
  name: string | null,
  newEmail: string | null,
): MailMessage {
  const target = newEmail ? `to ${newEmail}` : 'to another address';
  return compose({
    to,
    name,
    subject: 'Your Reelforge email is about to change',
    paragraphs: [
      `Someone signed in to your Reelforge account asked to change its email address ${target}. It changes once that address confirms it.`,
      "If that was you, there is nothing else to do. If it wasn't, sign in and change your password now: that ends every other session and calls off the change.",
    ],
  });
}

/** To the owner of an address another account asked to move onto: nothing changes for them. */
export function emailMoveRefusedMessage(to: string, name: string | null): MailMessage {
  return compose({
    to,
    name,
    subject: 'Someone tried to use your email on Reelforge',
    paragraphs: [
      'Someone asked to move another Reelforge account onto this email address. This address already belongs to your account, so nothing was changed and nothing was sent to them.',
      'There is nothing you need to do.',
    ],
  });
}

/** To the current address when the member calls off a pending change of email. */
export function emailChangeCancelledMessage(to: string, name: string | null): MailMessage {
  return compose({
    to,
    name,
    subject: 'Your Reelforge email change was cancelled',
    paragraphs: [
      'The change of email address on your Reelforge account was cancelled. Your account keeps this address, and the confirmation link we sent no longer works.',
      "If you didn't cancel it, sign in and change your password now: that ends every other session.",
    ],
  });
}
