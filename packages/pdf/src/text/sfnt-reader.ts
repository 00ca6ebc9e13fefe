/**
 * Minimal TrueType reader: only what layout and embedding need (metrics, cmap lookup, advances, raw tables).
 * Reads straight from the font bytes on demand, so "parsing" a font costs a table-directory walk
 * instead of the ~30 ms a full OpenType decode takes.
 */
export interface SfntTable {
  offset: number;
  length: number;
}

export class SfntFont {
  readonly bytes: Uint8Array;
  readonly view: DataView;
  readonly tables = new Map<string, SfntTable>();
  readonly unitsPerEm: number;
  readonly numGlyphs: number;
  readonly numberOfHMetrics: number;
  readonly ascender: number;
  readonly descender: number;
  readonly lineGap: number;
  readonly capHeight: number;
  readonly bbox: [number, number, number, number];
  readonly italicAngle: number;
  readonly indexToLocFormat: number;
  readonly postScriptName: string;
  private readonly hmtx: number;
  private cmap4 = -1;
  private cmap12 = -1;
  private readonly glyphCache = new Map<number, number>();

  constructor(bytes: Uint8Array) {
    this.bytes = bytes;
    const v = (this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    const n = v.getUint16(4);
    for (let i = 0; i < n; i++) {
      const p = 12 + i * 16;
      const tag = String.fromCharCode(bytes[p], bytes[p + 1], bytes[p + 2], bytes[p + 3]);
      this.tables.set(tag, { offset: v.getUint32(p + 8), length: v.getUint32(p + 12) });
    }
    const head = this.table('head').offset;
    this.unitsPerEm = v.getUint16(head + 18);
    this.bbox = [v.getInt16(head + 36), v.getInt16(head + 38), v.getInt16(head + 40), v.getInt16(head + 42)];
    this.indexToLocFormat = v.getInt16(head + 50);
    this.numGlyphs = v.getUint16(this.table('maxp').offset + 4);
    const hhea = this.table('hhea').offset;
    this.ascender = v.getInt16(hhea + 4);
    this.descender = v.getInt16(hhea + 6);
    this.lineGap = v.getInt16(hhea + 8);
    this.numberOfHMetrics = v.getUint16(hhea + 34);
    this.hmtx = this.table('hmtx').offset;
    const os2 = this.tables.get('OS/2');
    this.capHeight = os2 && v.getUint16(os2.offset) >= 2 ? v.getInt16(os2.offset + 88) : this.ascender;
    const post = this.tables.get('post');
    this.italicAngle = post ? v.getInt32(post.offset + 4) / 65536 : 0;
    this.postScriptName = this.readPostScriptName() ?? 'Font';
    this.findCmaps();
  }

  table(tag: string): SfntTable {
    const t = this.tables.get(tag);
    if (!t) throw new Error(`font has no ${tag} table`);
    return t;
  }

  tableBytes(tag: string): Uint8Array | undefined {
    const t = this.tables.get(tag);
    return t && this.bytes.subarray(t.offset, t.offset + t.length);
  }

  /** Advance width of a glyph in font units. */
  advance(gid: number): number {
    const i = gid < this.numberOfHMetrics ? gid : this.numberOfHMetrics - 1;
    return this.view.getUint16(this.hmtx + i * 4);
  }

  /** Glyph id for a code point, 0 when the font lacks it. */
  glyphFor(cp: number): number {
    let g = this.glyphCache.get(cp);
    if (g === undefined) {
      g = this.cmap12 >= 0 ? this.lookup12(cp) : this.cmap4 >= 0 && cp <= 0xffff ? this.lookup4(cp) : 0;
      this.glyphCache.set(cp, g);
    }
    return g;
  }

  private findCmaps() {
    const v = this.view;
    const cmap = this.table('cmap').offset;
    const n = v.getUint16(cmap + 2);
    for (let i = 0; i < n; i++) {
      const platform = v.getUint16(cmap + 4 + i * 8);
      const encoding = v.getUint16(cmap + 6 + i * 8);
      const sub = cmap + v.getUint32(cmap + 8 + i * 8);
      const format = v.getUint16(sub);
      const unicode = platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10));
      if (!unicode) continue;
      if (format === 12) this.cmap12 = sub;
      else if (format === 4) this.cmap4 = sub;
    }
  }

  private lookup4(cp: number): number {
    const v = this.view;
    const t = this.cmap4;
    const segX2 = v.getUint16(t + 6);
    const ends = t + 14;
    const starts = ends + segX2 + 2;
    const deltas = starts + segX2;
    const ranges = deltas + segX2;
    let lo = 0;
    let hi = segX2 / 2 - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const end = v.getUint16(ends + mid * 2);
      if (end < cp) {
        lo = mid + 1;
        continue;
      }
      const start = v.getUint16(starts + mid * 2);
      if (start > cp) {
        hi = mid - 1;
        continue;
      }
      const delta = v.getUint16(deltas + mid * 2);
      const rangeOffset = v.getUint16(ranges + mid * 2);
      if (rangeOffset === 0) return (cp + delta) & 0xffff;
      const g = v.getUint16(ranges + mid * 2 + rangeOffset + (cp - start) * 2);
      return g === 0 ? 0 : (g + delta) & 0xffff;
    }
    return 0;
  }

  private lookup12(cp: number): number {
    const v = this.view;
    const t = this.cmap12;
    let lo = 0;
    let hi = v.getUint32(t + 12) - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const p = t + 16 + mid * 12;
      if (v.getUint32(p + 4) < cp) lo = mid + 1;
      else if (v.getUint32(p) > cp) hi = mid - 1;
      else return v.getUint32(p + 8) + (cp - v.getUint32(p));
    }
    return 0;
  }

  private readPostScriptName(): string | undefined {
    const t = this.tables.get('name');
    if (!t) return undefined;
    const v = this.view;
    const count = v.getUint16(t.offset + 2);
    const strings = t.offset + v.getUint16(t.offset + 4);
    for (let i = 0; i < count; i++) {
      const r = t.offset + 6 + i * 12;
      if (v.getUint16(r + 6) !== 6) continue;
      const platform = v.getUint16(r);
      const len = v.getUint16(r + 8);
      const off = strings + v.getUint16(r + 10);
      let s = '';
      if (platform === 3 || platform === 0)
        for (let k = 0; k < len; k += 2) s += String.fromCharCode(v.getUint16(off + k));
      else for (let k = 0; k < len; k++) s += String.fromCharCode(this.bytes[off + k]);
      return s.replace(/[^A-Za-z0-9-]/g, '');
    }
    return undefined;
  }
}
