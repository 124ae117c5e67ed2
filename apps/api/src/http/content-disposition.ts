/** Characters RFC 5987's attr-char leaves as they are; everything else in `filename*` is percent-encoded. */
const ATTR_CHAR = /^[A-Za-z0-9!#$&+\-.^_`|~]$/;

/**
 * A value percent-encoded as RFC 5987 (section 3.2.1) asks: UTF-8 bytes, every one outside attr-char as
 * %XX. `encodeURIComponent` leaves `'()*` alone, which attr-char does not allow (a `'` ends the charset part).
 */
export function rfc5987(value: string): string {
  return [...value]
    .map((char) =>
      ATTR_CHAR.test(char)
        ? char
        : [...Buffer.from(char, 'utf8')]
            .map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`)
            .join(''),
    )
    .join('');
}

/** Anything a quoted `filename` cannot carry as it is: beyond printable ASCII, quotes, backslashes, `%`. */
const NOT_PLAIN = /[^\x20-\x7e]|["\\%]/g;

/**
 * The Content-Disposition of every download (RFC 6266): `attachment; filename="…"` with the name itself when it
 * is plain printable ASCII; otherwise that parameter carries it with `_` in place of the rest, for old clients,
 * and `filename*` the whole name in UTF-8, percent-encoded per RFC 5987.
 */
export function attachmentDisposition(filename: string): string {
  const fallback = filename.replace(NOT_PLAIN, '_');
  if (fallback === filename) return `attachment; filename="${filename}"`;
  return `attachment; filename="${fallback}"; filename*=UTF-8''${rfc5987(filename)}`;
}
