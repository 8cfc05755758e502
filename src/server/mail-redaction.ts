import { escapeHtml } from './html';
import type { StoredMail } from './store/outbox';

/** What stands in a delivered mail's stored copy where a secret (the confirmation key) was. */
export const REDACTED = 'REDACTED';

function without(text: string, secrets: readonly string[]): string {
  return secrets.reduce((out, secret) => (secret === '' ? out : out.split(secret).join(REDACTED)), text);
}

/**
 * The stored copy of a mail without its secrets: in the text, in the HTML (also HTML-escaped, as
 * the body writes them) and in the extracted links. Once the mail has left through SMTP, the
 * database need not hold what grants access: a leaked file then confirms nothing.
 */
export function redactedContent(mail: Pick<StoredMail, 'text' | 'html' | 'links' | 'secrets'>): Pick<StoredMail, 'text' | 'html' | 'links'> {
  const inHtml = [...new Set(mail.secrets.flatMap((secret) => [secret, escapeHtml(secret)]))];
  return {
    text: without(mail.text, mail.secrets),
    html: without(mail.html, inHtml),
    links: mail.links.map((link) => without(link, mail.secrets)),
  };
}
