import * as fontkit from 'fontkit';
import { describe, expect, it } from 'vitest';
import { toUnicodeCMap } from '../../src/document/to-unicode-cmap.ts';
import { subsetTrueType } from '../../src/document/truetype-subset.ts';
import { fontSet } from './render-helpers.ts';

const fonts = fontSet();

describe('per-document TrueType subset', () => {
  it('renumbers used glyphs densely, keeps advances and outlines, and composite components resolve', () => {
    const face = fonts.face('NotoSans', 'regular')!;
    const chars = ['A', 'é', 'Ü', 'ñ', '€', 'Ж'];
    const gids = chars.map((c) => face.sfnt.glyphFor(c.codePointAt(0)!));
    const { bytes, newGid } = subsetTrueType(face.sfnt, gids);
    const parsed = fontkit.create(Buffer.from(bytes)) as fontkit.Font;
    expect(parsed.numGlyphs).toBeGreaterThanOrEqual(chars.length + 1);
    expect(parsed.numGlyphs).toBeLessThan(20);
    for (const g of gids) {
      const sub = parsed.getGlyph(newGid.get(g)!);
      expect(sub.advanceWidth).toBe(face.sfnt.advance(g));
      // outlines survive: a composite (é = e + acute) draws both parts, so its bbox is non-empty
      expect(sub.path.commands.length).toBeGreaterThan(0);
    }
    // é is a composite (e + acute): with its components renumbered it draws both, ≥ 3 contours
    const eAcute = parsed.getGlyph(newGid.get(gids[1])!);
    expect(eAcute.path.commands.filter((c) => c.command === 'moveTo').length).toBeGreaterThanOrEqual(3);
  });

  it('decision Q9: hinting is left out (Liberation Sans ships hinted), outlines and advances stay', () => {
    const face = fonts.face('LiberationSans', 'bold')!;
    const chars = [...'Zahlteil Währung Ș'];
    const gids = chars.map((c) => face.sfnt.glyphFor(c.codePointAt(0)!));
    expect(face.sfnt.tableBytes('fpgm')?.length).toBeGreaterThan(0);
    const { bytes, newGid } = subsetTrueType(face.sfnt, gids);
    const parsed = fontkit.create(Buffer.from(bytes)) as fontkit.Font;
    // the subset's table directory (the subset has no cmap, so SfntFont does not read it)
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const tables = new Map<string, number>();
    for (let i = 0; i < view.getUint16(4); i++)
      tables.set(String.fromCharCode(...bytes.subarray(12 + i * 16, 16 + i * 16)), view.getUint32(20 + i * 16));
    for (const tag of ['fpgm', 'prep', 'cvt ']) expect(tables.has(tag), tag).toBe(false);
    // the subset's loca is long (offsets as uint32)
    const glyphAt = (gid: number) => tables.get('glyf')! + view.getUint32(tables.get('loca')! + gid * 4);
    let composites = 0;
    for (const [i, g] of gids.entries()) {
      const sub = parsed.getGlyph(newGid.get(g)!);
      expect(sub.advanceWidth, chars[i]).toBe(face.sfnt.advance(g));
      if (chars[i] === ' ') continue;
      expect(sub.path.commands.length, chars[i]).toBeGreaterThan(0);
      // a simple glyph's instruction length (after its contour ends) is 0; composites are checked below
      const at = glyphAt(newGid.get(g)!);
      const contours = view.getInt16(at);
      if (contours >= 0) expect(view.getUint16(at + 10 + contours * 2), chars[i]).toBe(0);
      else composites++;
    }
    expect(composites).toBeGreaterThan(0);
    // composites (ä, Ș) draw their parts, and none carries instructions (WE_HAVE_INSTRUCTIONS)
    for (const c of ['ä', 'Ș']) {
      const at = glyphAt(newGid.get(gids[chars.indexOf(c)])!);
      expect(view.getInt16(at), c).toBeLessThan(0);
      expect(parsed.getGlyph(newGid.get(gids[chars.indexOf(c)])!).path.commands.length, c).toBeGreaterThan(4);
      for (let p = at + 10, flags = 0x0020; flags & 0x0020; ) {
        flags = view.getUint16(p);
        expect(flags & 0x0100, c).toBe(0);
        p += 4 + (flags & 0x0001 ? 4 : 2) + (flags & 0x0008 ? 2 : flags & 0x0040 ? 4 : flags & 0x0080 ? 8 : 0);
      }
    }
    expect(bytes.length).toBeLessThan(9_000);
  });

  it('a Japanese subset stays small', () => {
    const face = fonts.face('NotoSansJP', 'regular')!;
    const gids = [...'請求書合計金額'].map((c) => face.sfnt.glyphFor(c.codePointAt(0)!));
    expect(gids.every((g) => g > 0)).toBe(true);
    expect(subsetTrueType(face.sfnt, gids).bytes.length).toBeLessThan(12_000);
  });

  it('ToUnicode maps CIDs to UTF-16, clusters to several characters, and skips empty entries', () => {
    const cmap = toUnicodeCMap(['A', 'क्ष', '', '\u{1F600}']);
    expect(cmap).toContain('<0001> <0041>');
    expect(cmap).toContain('<0002> <0915094d0937>');
    expect(cmap).not.toContain('<0003>');
    expect(cmap).toContain('<0004> <d83dde00>');
  });
});
