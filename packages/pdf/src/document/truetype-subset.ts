/**
 * Per-document TrueType subset: the used glyphs (plus composite components) are copied and renumbered
 * densely (0 = .notdef), so loca/hmtx stay tiny even for a 8,000-glyph Japanese font. Content streams
 * hold CIDs and the CIDToGIDMap maps them to the new ids, so nothing written earlier changes. Byte copies
 * only (component ids rewritten in place); every glyph is padded to 4 bytes (odd-length glyph data is
 * what broke @pdf-lib/fontkit's subsets). Hinting is left out (glyph instructions, cvt/fpgm/prep): the
 * Noto fonts are built without it, and the Liberation Sans shipped unmodified (decision Q9) would
 * otherwise triple the size of its subset.
 */
import type { SfntFont } from '../text/sfnt-reader.ts';

const COPY_TABLES = ['OS/2', 'name'];

function glyphRange(font: SfntFont, gid: number): [number, number] {
  const v = font.view;
  const loca = font.table('loca').offset;
  if (font.indexToLocFormat === 0) return [v.getUint16(loca + gid * 2) * 2, v.getUint16(loca + gid * 2 + 2) * 2];
  return [v.getUint32(loca + gid * 4), v.getUint32(loca + gid * 4 + 4)];
}

/** Adds the components of composite glyphs to `gids`. */
function closeComposites(font: SfntFont, gids: Set<number>) {
  const v = font.view;
  const glyf = font.table('glyf').offset;
  const queue = [...gids];
  while (queue.length) {
    const gid = queue.pop()!;
    const [start, end] = glyphRange(font, gid);
    if (end <= start || v.getInt16(glyf + start) >= 0) continue;
    let p = glyf + start + 10;
    for (;;) {
      const flags = v.getUint16(p);
      const comp = v.getUint16(p + 2);
      if (comp < font.numGlyphs && !gids.has(comp)) {
        gids.add(comp);
        queue.push(comp);
      }
      p += 4 + (flags & 0x0001 ? 4 : 2) + (flags & 0x0008 ? 2 : flags & 0x0040 ? 4 : flags & 0x0080 ? 8 : 0);
      if (!(flags & 0x0020)) break;
    }
  }
}

function checksum(data: Uint8Array): number {
  let sum = 0;
  const n = data.length & ~3;
  for (let i = 0; i < n; i += 4)
    sum = (sum + ((data[i] << 24) | (data[i + 1] << 16) | (data[i + 2] << 8) | data[i + 3])) >>> 0;
  if (n < data.length) {
    let last = 0;
    for (let i = n; i < data.length; i++) last |= data[i] << (24 - 8 * (i - n));
    sum = (sum + last) >>> 0;
  }
  return sum;
}

/** Composite component record length from its flags (args, then the optional scale). */
const componentLength = (flags: number) =>
  4 + (flags & 0x0001 ? 4 : 2) + (flags & 0x0008 ? 2 : flags & 0x0040 ? 4 : flags & 0x0080 ? 8 : 0);

/**
 * Copies glyph src[s..e] to dst[at..] without its instructions; returns the bytes written. A simple glyph
 * keeps its header, contour ends and outline with an instruction length of 0; a composite glyph ends after
 * its last component with WE_HAVE_INSTRUCTIONS cleared.
 */
function copyWithoutHinting(src: Uint8Array, v: DataView, s: number, e: number, dst: Uint8Array, at: number): number {
  const contours = v.getInt16(s);
  if (contours >= 0) {
    const lengthAt = s + 10 + contours * 2;
    const instructions = v.getUint16(lengthAt);
    dst.set(src.subarray(s, lengthAt), at);
    dst[at + lengthAt - s] = 0;
    dst[at + lengthAt - s + 1] = 0;
    dst.set(src.subarray(lengthAt + 2 + instructions, e), at + lengthAt - s + 2);
    return e - s - instructions;
  }
  let p = s + 10;
  let hinted = false;
  for (;;) {
    const flags = v.getUint16(p);
    hinted ||= (flags & 0x0100) !== 0;
    p += componentLength(flags);
    if (!(flags & 0x0020)) break;
  }
  if (!hinted) p = e; // unchanged, padding included
  dst.set(src.subarray(s, p), at);
  const out = new DataView(dst.buffer, dst.byteOffset);
  for (let q = at + 10; ; ) {
    const flags = out.getUint16(q);
    out.setUint16(q, flags & ~0x0100);
    q += componentLength(flags);
    if (!(flags & 0x0020)) break;
  }
  return p - s;
}

/** Rewrites the component glyph ids of a composite glyph copied to glyf[at..]. */
function renumberComponents(glyf: Uint8Array, at: number, newGid: Map<number, number>) {
  const v = new DataView(glyf.buffer, glyf.byteOffset);
  let p = at + 10;
  for (;;) {
    const flags = v.getUint16(p);
    v.setUint16(p + 2, newGid.get(v.getUint16(p + 2)) ?? 0);
    p += componentLength(flags);
    if (!(flags & 0x0020)) break;
  }
}

export interface TrueTypeSubset {
  bytes: Uint8Array;
  newGid: Map<number, number>;
}

export function subsetTrueType(font: SfntFont, used: Iterable<number>): TrueTypeSubset {
  const gids = new Set<number>([0, ...used]);
  closeComposites(font, gids);
  const sorted = [...gids].sort((a, b) => a - b);
  const newGid = new Map<number, number>();
  sorted.forEach((g, i) => newGid.set(g, i));
  const count = sorted.length;
  const src = font.bytes;
  const glyfOff = font.table('glyf').offset;

  // glyf + long loca + full hmtx, in new glyph order
  let glyfLen = 0;
  for (const g of sorted) {
    const [s, e] = glyphRange(font, g);
    glyfLen += (e - s + 3) & ~3;
  }
  const glyf = new Uint8Array(glyfLen);
  const loca = new Uint8Array(count * 4 + 4);
  const locaView = new DataView(loca.buffer);
  const hmtx = new Uint8Array(count * 4);
  const hmtxView = new DataView(hmtx.buffer);
  const hmtxOff = font.table('hmtx').offset;
  let pos = 0;
  sorted.forEach((g, i) => {
    locaView.setUint32(i * 4, pos);
    const [s, e] = glyphRange(font, g);
    let length = 0;
    if (e > s) {
      length = copyWithoutHinting(src, font.view, glyfOff + s, glyfOff + e, glyf, pos);
      if (font.view.getInt16(glyfOff + s) < 0) renumberComponents(glyf, pos, newGid);
    }
    pos += (length + 3) & ~3;
    hmtxView.setUint16(i * 4, font.advance(g));
    const lsbAt =
      g < font.numberOfHMetrics
        ? hmtxOff + g * 4 + 2
        : hmtxOff + font.numberOfHMetrics * 4 + (g - font.numberOfHMetrics) * 2;
    hmtxView.setInt16(i * 4 + 2, font.view.getInt16(lsbAt));
  });
  locaView.setUint32(count * 4, pos);

  const head = font.tableBytes('head')!.slice();
  const headView = new DataView(head.buffer);
  headView.setUint32(8, 0); // checksumAdjustment: set below
  headView.setInt16(50, 1);
  const hhea = font.tableBytes('hhea')!.slice();
  new DataView(hhea.buffer).setUint16(34, count);
  const maxp = font.tableBytes('maxp')!.slice();
  new DataView(maxp.buffer).setUint16(4, count);
  const post = new Uint8Array(32);
  const postView = new DataView(post.buffer);
  postView.setUint32(0, 0x00030000);
  postView.setInt32(4, Math.round(font.italicAngle * 65536));

  const tables: [string, Uint8Array][] = [
    ['glyf', glyf.subarray(0, pos)],
    ['head', head],
    ['hhea', hhea],
    ['hmtx', hmtx],
    ['loca', loca],
    ['maxp', maxp],
    ['post', post],
  ];
  for (const tag of COPY_TABLES) {
    const t = font.tableBytes(tag);
    if (t) tables.push([tag, t]);
  }
  tables.sort((a, b) => (a[0] < b[0] ? -1 : 1));

  const dirLen = 12 + tables.length * 16;
  let total = dirLen;
  for (const [, d] of tables) total += (d.length + 3) & ~3;
  const out = new Uint8Array(total);
  const ov = new DataView(out.buffer);
  let sel = 0;
  while (1 << (sel + 1) <= tables.length) sel++;
  ov.setUint32(0, 0x00010000);
  ov.setUint16(4, tables.length);
  ov.setUint16(6, 16 << sel);
  ov.setUint16(8, sel);
  ov.setUint16(10, tables.length * 16 - (16 << sel));
  let off = dirLen;
  let headAt = 0;
  tables.forEach(([tag, data], i) => {
    const p = 12 + i * 16;
    for (let k = 0; k < 4; k++) out[p + k] = tag.charCodeAt(k);
    ov.setUint32(p + 4, checksum(data));
    ov.setUint32(p + 8, off);
    ov.setUint32(p + 12, data.length);
    out.set(data, off);
    if (tag === 'head') headAt = off;
    off += (data.length + 3) & ~3;
  });
  ov.setUint32(headAt + 8, (0xb1b0afba - checksum(out)) >>> 0);
  return { bytes: out, newGid };
}
