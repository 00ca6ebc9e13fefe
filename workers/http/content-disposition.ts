// `attachment` or `inline` with the invoice number as file name (RFC 6266): an ASCII fallback for old
// clients and the exact name as an RFC 8187 ext-value. Numbers may hold any character a client sent,
// lone surrogates and controls included, so both forms are built from a well-formed copy and never throw.

/** Lone surrogates become U+FFFD, as a UTF-8 encoder would write them. */
export function wellFormed(text: string): string {
  return text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

/** RFC 8187 attr-char is ALPHA / DIGIT / "!#$&+-.^_`|~"; every other UTF-8 byte is percent-encoded. */
function extValue(text: string): string {
  let out = '';
  for (const byte of new TextEncoder().encode(text)) {
    const ch = String.fromCharCode(byte);
    out +=
      /[A-Za-z0-9!#$&+\-.^_`|~]/.test(ch) && byte < 0x80 ? ch : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

export function contentDisposition(kind: 'attachment' | 'inline', number: string, extension: 'pdf' | 'xml'): string {
  const name = `${wellFormed(number)}.${extension}`;
  // The quoted fallback: printable ASCII without quote, backslash or path separators.
  const ascii = name.replace(/[^\x20-\x7e]|["\\/]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${extValue(name)}`;
}
