/**
 * The trailer /ID PDF/A requires (ISO 19005-3 6.1.3), derived from the content so the output stays
 * byte-deterministic (D14): the document is saved with a placeholder of the final length, the bytes
 * are hashed (SHA-256, first 16 bytes) and the placeholder is overwritten in place. Offsets do not move,
 * so the cross-reference data stays valid; any change to the content changes the /ID.
 */
import { type PDFDocument, PDFHexString } from '@cantoo/pdf-lib';
import { sha256 } from './sha-256.ts';

const PLACEHOLDER = '0'.repeat(32);

/** Call before saving. */
export function reserveFileIdentifier(doc: PDFDocument): void {
  const ctx = doc.context;
  ctx.trailerInfo.ID = ctx.obj([PDFHexString.of(PLACEHOLDER), PDFHexString.of(PLACEHOLDER)]);
}

/** The last start of needle in haystack at or before `before`, or -1. */
function lastIndexOf(haystack: Uint8Array, needle: Uint8Array, before: number): number {
  outer: for (let i = Math.min(before, haystack.length - needle.length); i >= 0; i--) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

/** Call on the saved bytes: writes the content hash over both placeholder halves of /ID. */
export function stampFileIdentifier(bytes: Uint8Array): Uint8Array {
  const needle = new TextEncoder().encode(`<${PLACEHOLDER}>`);
  // The trailer (the cross-reference stream's dictionary) is the last object: search backwards.
  const second = lastIndexOf(bytes, needle, bytes.length);
  const first = second < 0 ? -1 : lastIndexOf(bytes, needle, second - 1);
  if (first < 0 || second < 0) throw new Error('the trailer /ID placeholder was not found');
  const digest = sha256(bytes);
  const hex = Array.from(digest.subarray(0, 16), (b) => b.toString(16).padStart(2, '0')).join('');
  const id = new TextEncoder().encode(hex);
  bytes.set(id, first + 1);
  bytes.set(id, second + 1);
  return bytes;
}
