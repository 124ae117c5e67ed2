/** A piece of personal data and what stands in its place once it is erased. */
export interface Redaction {
  text: string;
  replacement: string;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Shorter than this, a name could be part of ordinary words ("Al"): it is left alone. */
const SHORTEST = 3;

/**
 * `value` with every whole occurrence of each redaction's text, in any case, replaced: "whole" meaning not
 * inside a longer word or address (`ann@x.com` is not found in `joann@x.com`, "Ann" not in "Annual").
 */
export function redact(value: string, redactions: readonly Redaction[]): string {
  let out = value;
  for (const { text, replacement } of redactions) {
    const needle = text.trim();
    if (needle.length < SHORTEST) continue;
    const pattern = new RegExp(`(?<![\\p{L}\\p{N}._%+-])${escapeRegExp(needle)}(?![\\p{L}\\p{N}_-])`, 'giu');
    out = out.replace(pattern, () => replacement);
  }
  return out;
}

/** Whether `value` holds any redaction's text, as `redact` finds it. */
export function mentions(value: string | null, redactions: readonly Redaction[]): boolean {
  return value !== null && redact(value, redactions) !== value;
}
