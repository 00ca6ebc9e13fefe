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
