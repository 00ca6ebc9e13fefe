/**
 * Per-document font usage. Text drawing asks for a CID per (glyph, text it stands for); finishDocument
 * writes one Type0/CIDFontType2 font per face with a subset font program, widths and a ToUnicode map.
 * CIDs are allocated per document (not CID = glyph id) so that one glyph drawn for different text
 * (a Devanagari conjunct, an Arabic ligature) still extracts as the right characters.
 */
import {
  PDFArray,
  type PDFDict,
  type PDFDocument,
  PDFHexString,
  PDFName,
  PDFNumber,
  type PDFPage,
  type PDFRef,
} from '@cantoo/pdf-lib';
import type { FontFace } from '../text/font-set.ts';
import { zlibDeflate } from './deflate.ts';
import { toUnicodeCMap } from './to-unicode-cmap.ts';
import { subsetTrueType } from './truetype-subset.ts';

export class EmbeddedFont {
  readonly ref: PDFRef;
  readonly name: PDFName;
  /** The resource name as written in content streams ("/NF1"). */
  readonly resource: string;
  readonly face: FontFace;
  /** cid - 1 → glyph id / text / advance (font units) */
  readonly gids: number[] = [];
  readonly texts: string[] = [];
  /** (glyph, single code point) → cid, the common case, with a number key; other texts by string. */
  private readonly simple = new Map<number, number>();
  private readonly cids = new Map<string, number>();
  private readonly pages = new WeakSet<object>();

  constructor(face: FontFace, ref: PDFRef, name: PDFName) {
    this.face = face;
    this.ref = ref;
    this.name = name;
    this.resource = name.asString();
  }

  cid(gid: number, text: string): number {
    // the text as one code point; 0x1fffff (beyond Unicode) for "", -1 for longer texts
    let cp = -1;
    if (text.length === 0) cp = 0x1fffff;
    else if (text.length === 1) cp = text.charCodeAt(0);
    else if (text.length === 2 && text.codePointAt(0)! > 0xffff) cp = text.codePointAt(0)!;
    if (cp >= 0) {
      const key = gid * 0x200000 + cp;
      let cid = this.simple.get(key);
      if (cid === undefined) {
        cid = this.add(gid, text);
        this.simple.set(key, cid);
      }
      return cid;
    }
    const key = text + '\u0000' + gid;
    let cid = this.cids.get(key);
    if (cid === undefined) {
      cid = this.add(gid, text);
      this.cids.set(key, cid);
    }
    return cid;
  }

  private add(gid: number, text: string): number {
    this.gids.push(gid);
    this.texts.push(text);
    return this.gids.length;
  }

  useOn(page: PDFPage) {
    if (this.pages.has(page)) return;
    this.pages.add(page);
    page.node.setFontDictionary(this.name, this.ref);
  }
}

export class DocumentFonts {
  private readonly fonts = new Map<string, EmbeddedFont>();
  constructor(private readonly doc: PDFDocument) {}

  font(face: FontFace): EmbeddedFont {
    let f = this.fonts.get(face.id);
    if (!f) {
      f = new EmbeddedFont(face, this.doc.context.nextRef(), PDFName.of(`NF${this.fonts.size + 1}`));
      this.fonts.set(face.id, f);
    }
    return f;
  }

  /** Writes every used font into the document (called once, by finishDocument). */
  embed() {
    for (const f of this.fonts.values()) if (f.gids.length) writeFont(this.doc, f);
  }
}

const registries = new WeakMap<PDFDocument, DocumentFonts>();
export function documentFonts(doc: PDFDocument): DocumentFonts {
  let r = registries.get(doc);
  if (!r) {
    r = new DocumentFonts(doc);
    registries.set(doc, r);
  }
  return r;
}
export function peekDocumentFonts(doc: PDFDocument): DocumentFonts | undefined {
  return registries.get(doc);
}

/** Six capital letters from a hash of the used glyphs: a subset tag that is stable for the same content. */
function subsetTag(f: EmbeddedFont): string {
  let h = 0x811c9dc5;
  const mix = (n: number) => {
    h = Math.imul(h ^ n, 0x01000193) >>> 0;
  };
  for (const c of f.face.id) mix(c.charCodeAt(0));
  for (const g of f.gids) mix(g);
  let tag = '';
  for (let i = 0; i < 6; i++) {
    tag += String.fromCharCode(65 + (h % 26));
    h = (Math.floor(h / 26) ^ Math.imul(h, 31)) >>> 0;
  }
  return tag;
}

const ascii = new TextEncoder();

function writeFont(doc: PDFDocument, f: EmbeddedFont) {
  const ctx = doc.context;
  const sfnt = f.face.sfnt;
  const scale = 1000 / sfnt.unitsPerEm;
  const s = (v: number) => Math.round(v * scale);
  const baseName = `${subsetTag(f)}+${sfnt.postScriptName}`;

  const { bytes: program, newGid } = subsetTrueType(sfnt, f.gids);
  const fontFile = ctx.register(ctx.stream(zlibDeflate(program), { Length1: program.length, Filter: 'FlateDecode' }));

  const cidToGid = new Uint8Array((f.gids.length + 1) * 2);
  f.gids.forEach((old, i) => {
    const g = newGid.get(old)!;
    cidToGid[(i + 1) * 2] = g >> 8;
    cidToGid[(i + 1) * 2 + 1] = g & 0xff;
  });
  const cidToGidRef = ctx.register(ctx.stream(zlibDeflate(cidToGid), { Filter: 'FlateDecode' }));
  const toUnicode = ctx.register(
    ctx.stream(zlibDeflate(ascii.encode(toUnicodeCMap(f.texts))), { Filter: 'FlateDecode' }),
  );

  const widths = PDFArray.withContext(ctx);
  for (const g of f.gids) widths.push(PDFNumber.of(s(sfnt.advance(g))));
  const w = PDFArray.withContext(ctx);
  w.push(PDFNumber.of(1));
  w.push(widths);

  const descriptor = ctx.register(
    ctx.obj({
      Type: 'FontDescriptor',
      FontName: baseName,
      Flags: 4,
      FontBBox: sfnt.bbox.map(s),
      ItalicAngle: sfnt.italicAngle,
      Ascent: s(sfnt.ascender),
      Descent: s(sfnt.descender),
      CapHeight: s(sfnt.capHeight),
      StemV: f.face.weight === 'bold' ? 120 : 80,
      FontFile2: fontFile,
    }),
  );
  const cidFont = ctx.register(
    ctx.obj({
      Type: 'Font',
      Subtype: 'CIDFontType2',
      BaseFont: baseName,
      CIDSystemInfo: {
        Registry: PDFHexString.fromText('Adobe'),
        Ordering: PDFHexString.fromText('Identity'),
        Supplement: 0,
      },
      FontDescriptor: descriptor,
      W: w,
      CIDToGIDMap: cidToGidRef,
    }),
  );
  const type0 = ctx.obj({
    Type: 'Font',
    Subtype: 'Type0',
    BaseFont: baseName,
    Encoding: 'Identity-H',
    DescendantFonts: [cidFont],
    ToUnicode: toUnicode,
  }) as PDFDict;
  ctx.assign(f.ref, type0);
}
