/**
 * `attachment` or `inline` with the invoice number as file name: an ASCII fallback for old clients and
 * the exact name in RFC 5987 form (RFC 6266), since numbers may hold any character.
 */
export function contentDisposition(kind: 'attachment' | 'inline', number: string, extension: 'pdf' | 'xml'): string {
  const ascii = number.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}.${extension}"; filename*=UTF-8''${encodeURIComponent(number)}.${extension}`;
}
