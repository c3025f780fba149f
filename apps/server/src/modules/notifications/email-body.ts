/** An email's content before it is written as text and HTML. */
export interface EmailContent {
  subject: string;
  /** The first line, in bold in HTML. */
  heading: string;
  paragraphs: readonly string[];
  /** A full address to open (the certificate, the portal, the invitation), shown as a button and as text. */
  link?: { url: string; label: string } | undefined;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

const FOOTER = 'Este correo lo envía Rondín automáticamente; no hace falta responderlo.';

/** Plain text: what a mail client without HTML shows, and what the spam filters compare the HTML with. */
export function emailText(content: EmailContent): string {
  const lines = [content.heading, '', ...content.paragraphs.flatMap((paragraph) => [paragraph, ''])];
  if (content.link) lines.push(`${content.link.label}: ${content.link.url}`, '');
  lines.push('—', FOOTER);
  return lines.join('\n');
}

/**
 * HTML with inline styles only and no image at all (no remote image a client would block or that would tell
 * the sender the email was opened): what it shows is the text's.
 */
export function emailHtml(content: EmailContent): string {
  const paragraphs = content.paragraphs
    .map((paragraph) => `<p style="margin:0 0 12px">${escapeHtml(paragraph)}</p>`)
    .join('');
  const link = content.link
    ? `<p style="margin:20px 0"><a href="${escapeHtml(content.link.url)}" style="background:#1d4ed8;color:#ffffff;` +
      `padding:10px 16px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(content.link.label)}</a></p>` +
      `<p style="margin:0 0 12px;font-size:13px;color:#4b5563">${escapeHtml(content.link.url)}</p>`
    : '';
  return (
    `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>${escapeHtml(content.subject)}</title></head>` +
    `<body style="margin:0;padding:24px;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif;color:#111827">` +
    `<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">` +
    `<p style="margin:0 0 16px;font-size:18px;font-weight:bold">${escapeHtml(content.heading)}</p>` +
    `${paragraphs}${link}` +
    `<p style="margin:24px 0 0;font-size:12px;color:#6b7280">${escapeHtml(FOOTER)}</p></div></body></html>`
  );
}
