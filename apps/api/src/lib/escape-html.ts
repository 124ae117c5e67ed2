/**
 * Text made safe to put in an HTML body: `& < > " '` as numeric character references. The one escaper of the
 * e-mails' HTML, so that erasure finds a name in a body as the body holds it (mail/queries.ts redactOutbox).
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
