/**
 * Turns a font run into glyphs: the direct path (cmap lookup + advance widths) for scripts that need no
 * shaping, HarfBuzz for complex scripts. Advances and offsets are in 1/1000 em, glyphs in visual order.
 */

import { type FontRun, isIgnorable, scriptTag } from './font-runs.ts';
import type { FontFace, FontSet } from './font-set.ts';

export interface GlyphRun {
  face: FontFace;
  gids: number[];
  /** Text each glyph stands for (for ToUnicode); "" for the 2nd+ glyph of a cluster. */
  texts: string[];
  /** Advance actually used, 1/1000 em. */
  advances: number[];
  /** Mark offsets, 1/1000 em; only set by the shaper and only when some glyph has one. */
  dx?: number[];
  dy?: number[];
  width: number;
  /** Logical text of a left-to-right shaped run, written as /ActualText so extraction gets reordered clusters (Devanagari
   *  i-matra) in logical order; RTL runs rely on ToUnicode, which poppler already reorders. */
  actualText?: string;
}

/** Brackets swap in right-to-left runs (Unicode Bidi_Mirrored for the common pairs). */
const MIRROR: Record<string, string> = {
  '(': ')',
  ')': '(',
  '[': ']',
  ']': '[',
  '{': '}',
  '}': '{',
  '<': '>',
  '>': '<',
  '«': '»',
  '»': '«',
  '‹': '›',
  '›': '‹',
};

function replacementGlyph(face: FontFace): [number, string] {
  const g = face.sfnt.glyphFor(0xfffd);
  return g ? [g, '\ufffd'] : [face.sfnt.glyphFor(0x3f), '?'];
}

function directRun(face: FontFace, text: string, rtl: boolean): GlyphRun {
  const sfnt = face.sfnt;
  const k = 1000 / sfnt.unitsPerEm;
  const gids: number[] = [];
  const texts: string[] = [];
  const advances: number[] = [];
  let width = 0;
  for (const raw of text) {
    // the glyph is mirrored, the text stays logical (extraction reads it back in logical order)
    let ch = raw === '\t' ? ' ' : raw;
    let g = sfnt.glyphFor((rtl ? (MIRROR[ch] ?? ch) : ch).codePointAt(0)!);
    if (!g) {
      if (isIgnorable(ch) || ch === '\r' || ch === '\n') continue;
      [g, ch] = replacementGlyph(face);
    }
    const a = sfnt.advance(g) * k;
    gids.push(g);
    texts.push(ch);
    advances.push(a);
    width += a;
  }
  if (rtl) {
    gids.reverse();
    texts.reverse();
    advances.reverse();
  }
  return { face, gids, texts, advances, width };
}

const hbFonts = new WeakMap<object, number>();
const shapeCache = new Map<string, GlyphRun>();

function shapedRun(fonts: FontSet, face: FontFace, text: string, rtl: boolean): GlyphRun {
  const hb = fonts.harfbuzz!;
  const key = `${face.id}|${rtl ? 1 : 0}|${text}`;
  const hit = shapeCache.get(key);
  if (hit && hit.face === face) return hit;
  let font = hbFonts.get(face.sfnt);
  if (font === undefined) {
    font = hb.createFont(face.sfnt.bytes);
    hbFonts.set(face.sfnt, font);
  }
  const shaped = hb.shape(font, text, rtl, scriptTag(text));
  const k = 1000 / face.sfnt.unitsPerEm;
  // cluster → its text: cluster values are UTF-16 offsets; a cluster runs to the next larger cluster value.
  const starts = [...new Set(shaped.map((g) => g.cluster))].sort((a, b) => a - b);
  const clusterEnd = new Map<number, number>();
  starts.forEach((s, i) => clusterEnd.set(s, starts[i + 1] ?? text.length));
  const seen = new Set<number>();
  const run: GlyphRun = { face, gids: [], texts: [], advances: [], width: 0, actualText: rtl ? undefined : text };
  let offsets = false;
  const dx: number[] = [];
  const dy: number[] = [];
  // The first glyph of a cluster in logical order carries the cluster's text, so extraction reads logically.
  const order = rtl ? [...shaped.keys()].reverse() : [...shaped.keys()];
  const texts: string[] = new Array(shaped.length);
  for (const i of order) {
    const c = shaped[i].cluster;
    texts[i] = seen.has(c) ? '' : text.slice(c, clusterEnd.get(c));
    seen.add(c);
  }
  shaped.forEach((g, i) => {
    let gid = g.gid;
    let t = texts[i];
    if (gid === 0) [gid, t] = t && isIgnorable(t) ? [0, ''] : replacementGlyph(face);
    if (gid === 0) return; // an ignorable the font has no glyph for
    const a = g.xAdvance * k;
    run.gids.push(gid);
    run.texts.push(t);
    run.advances.push(a);
    dx.push(g.xOffset * k);
    dy.push(g.yOffset * k);
    if (g.xOffset || g.yOffset) offsets = true;
    run.width += a;
  });
  if (offsets) {
    run.dx = dx;
    run.dy = dy;
  }
  if (shapeCache.size > 4000) shapeCache.clear();
  shapeCache.set(key, run);
  return run;
}

export function glyphRun(fonts: FontSet, text: string, run: FontRun, rtl: boolean): GlyphRun {
  const s = text.slice(run.start, run.end);
  return run.complex && fonts.harfbuzz ? shapedRun(fonts, run.face, s, rtl) : directRun(run.face, s, rtl);
}
